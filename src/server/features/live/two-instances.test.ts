/**
 * The assistant and visit counting across two app instances on one PostgreSQL database: a message
 * posted or cleared through one instance reaches the streams of the other, visits counted on both
 * add up exactly, and a message posted while PostgreSQL has dropped the LISTEN connections (a
 * restart, a failover) still reaches every stream once the bus listens again, and any client that
 * reconnects.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { AssistantEvent } from '#shared/live-events';
import type { TrafficResponse } from '#shared/visit-schemas';
import type { LiveNotice } from './live-bus';
import { utcDay } from '#server/features/visits/visits.repository';
import { LISTENER_APPLICATION_NAME, PUBLISHER_APPLICATION_NAME } from './postgres-bus';
import { BROWSER } from '#test-support/visits';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { probePostgres, TEST_DATABASE_URL, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { openSse, type SseConnection } from '#test-support/live-sse-client';

const PATH = '/api/admin/assistant-messages';

const probe = await probePostgres();

/** Collects what an instance's bus delivers, to wait on it and to look back at it. */
function recordNotices(server: TestServer) {
  const notices: LiveNotice[] = [];
  const unsubscribe = server.app.live.subscribe((notice) => notices.push(notice));
  const waitFor = async (match: (notice: LiveNotice) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = notices.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No such notice; got ${JSON.stringify(notices)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { notices, unsubscribe, waitFor };
}

/** Runs `task` on a connection to the test server's own database, not the throwaway one. */
async function onTestServer<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!probe.available)(probe.title('assistant and visits on two instances'), () => {
  let database: ThrowawayDatabase;
  let databaseName: string;
  let a: TestServer;
  let b: TestServer;
  let admin: string;
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase();
    databaseName = decodeURIComponent(new URL(database.url).pathname.slice(1));
    // TRUST_PROXY: every request says its client address, so the per-address limits never interfere.
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true' };
    a = await startTestServer({ env });
    b = await startTestServer({ env });
    // One session in the shared database serves both instances.
    admin = await loginAs(a, await createUser(a, { adminRank: 10 }));
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await call(a, 'DELETE', `${PATH}/current`, {
      cookie: admin,
      headers: fromAddress(nextAddress()),
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /**
   * Opens a stream for `page` and waits for its first assistant event. Streams are opened one after
   * another this way: a stream opened while its instance is still reading the state gets that state
   * once more from the next read, and a test would take the copy for news.
   */
  async function streamOn(server: TestServer, page: string): Promise<SseConnection> {
    const stream = await openSse(`${server.url}/api/live?page=${page}`, {
      headers: fromAddress(nextAddress()),
    });
    streams.push(stream);
    await stream.nextEvent('assistant');
    return stream;
  }

  function post(server: TestServer, body: { text: string; pages: string[] }) {
    return call(server, 'POST', PATH, {
      cookie: admin,
      body,
      headers: fromAddress(nextAddress()),
    });
  }

  function assistantEvents(stream: SseConnection): AssistantEvent[] {
    return stream.blocks
      .filter((block) => block.event === 'assistant')
      .map((block) => JSON.parse(block.data ?? 'null') as AssistantEvent);
  }

  test('a message posted through A reaches its page on B, other pages on B hear null, and a clear on B reaches A', async () => {
    const musicOnB = await streamOn(b, 'music');
    const artOnB = await streamOn(b, 'art');
    const musicOnA = await streamOn(a, 'music');
    for (const stream of [musicOnB, artOnB, musicOnA]) {
      expect(assistantEvents(stream)).toEqual([{ message: null }]);
    }

    const posted = await post(a, { text: 'New track out today', pages: ['music', 'home'] });
    expect(posted.status).toBe(201);
    const { message } = posted.json as AssistantEvent;
    expect(message).toMatchObject({ text: 'New track out today', pages: ['music', 'home'] });

    expect(await musicOnB.nextEvent<AssistantEvent>('assistant')).toEqual({ message });
    expect(await artOnB.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
    expect(await musicOnA.nextEvent<AssistantEvent>('assistant')).toEqual({ message });
    // Both instances read the same current message.
    for (const server of [a, b]) {
      expect((await call(server, 'GET', PATH, { cookie: admin })).json).toEqual({ message });
    }

    const cleared = await call(b, 'DELETE', `${PATH}/current`, {
      cookie: admin,
      headers: fromAddress(nextAddress()),
    });
    expect(cleared.status).toBe(204);
    expect(await musicOnA.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
    expect(await musicOnB.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
    expect(assistantEvents(artOnB).every((event) => event.message === null)).toBe(true);
  });

  test('visits counted concurrently on both instances add up exactly, read from either one', async () => {
    const dayBefore = utcDay(new Date());
    // 200 on each instance: 120 on a page of its own and 80 on a page both count; each from an
    // address of its own (an address counts once per page and day).
    const plan = [
      ...Array.from({ length: 120 }, () => ({ server: a, page: 'music' })),
      ...Array.from({ length: 80 }, () => ({ server: a, page: 'home' })),
      ...Array.from({ length: 120 }, () => ({ server: b, page: 'art' })),
      ...Array.from({ length: 80 }, () => ({ server: b, page: 'home' })),
    ];
    const results = await Promise.all(
      plan.map(({ server, page }, i) =>
        call(server, 'POST', '/api/visits', {
          body: { page },
          headers: { ...fromAddress(`198.18.${i >> 8}.${i & 255}`), ...BROWSER },
        }),
      ),
    );
    expect(results.map((res) => res.status).filter((status) => status !== 204)).toEqual([]);
    const dayAfter = utcDay(new Date());

    const totals = { art: 120, home: 160, music: 120 };
    for (const server of [a, b]) {
      const res = await call(server, 'GET', `/api/admin/traffic?from=${dayBefore}&to=${dayAfter}`, {
        cookie: admin,
      });
      expect(res.status).toBe(200);
      const traffic = res.json as TrafficResponse;
      expect(traffic.sessions).toEqual({
        art: { count: totals.art },
        home: { count: totals.home },
        music: { count: totals.music },
      });
      // Whether or not the run crossed midnight UTC, the range holds both days.
      expect(traffic.pages).toEqual([
        { page: 'home', visits: totals.home, previous: 0 },
        { page: 'art', visits: totals.art, previous: 0 },
        { page: 'music', visits: totals.music, previous: 0 },
      ]);
    }
  });

  test('a message posted while PostgreSQL has dropped the LISTEN connections reaches every stream once the bus listens again, and a reconnecting client', async () => {
    const musicOnB = await streamOn(b, 'music');
    const artOnB = await streamOn(b, 'art');
    const reconnectingOnB = await streamOn(b, 'music');
    const musicOnA = await streamOn(a, 'music');
    for (const stream of [musicOnB, artOnB, reconnectingOnB, musicOnA]) {
      expect(assistantEvents(stream)).toEqual([{ message: null }]);
    }
    const onA = recordNotices(a);
    const onB = recordNotices(b);
    // A keeps its pooled connections through the outage, so it can still post: open a few now.
    await Promise.all(Array.from({ length: 4 }, () => call(a, 'GET', PATH, { cookie: admin })));

    let accepting = true;
    const setAccepting = async (value: boolean) => {
      await onTestServer((client) =>
        client.query(`alter database "${databaseName}" allow_connections ${value}`),
      );
      accepting = value;
    };
    try {
      // The outage: the LISTEN sessions end, as in a restart, and no new session can start, so
      // neither bus can listen again until it is over. (The pooled sessions stay: this is about
      // the bus, and A needs them to post meanwhile.)
      await setAccepting(false);
      const terminated = await onTestServer(async (client) => {
        const { rows } = await client.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and application_name = $2`,
          [databaseName, LISTENER_APPLICATION_NAME],
        );
        for (const { pid } of rows) await client.query('select pg_terminate_backend($1)', [pid]);
        return rows.length;
      });
      expect(terminated).toBe(2);

      const posted = await post(a, { text: 'Posted during the outage', pages: ['music'] });
      expect(posted.status).toBe(201);
      const { message } = posted.json as AssistantEvent;
      expect(message).not.toBeNull();

      // A client reconnects while the bus is still down. B cannot know of the post yet, so it may
      // answer with the state it read before the outage; the resync below brings the message.
      reconnectingOnB.close();
      const reconnectedDuringOutage = await streamOn(b, 'music');

      // Nobody listened when the notice went out: B did not hear it. (A may have, from its own
      // fallback, when its publish connection was gone too.)
      const heardThePost = (notice: LiveNotice) =>
        notice.kind === 'assistant' && notice.messageId === message?.id;
      expect(onB.notices.filter(heardThePost)).toEqual([]);
      expect(assistantEvents(musicOnB)).toEqual([{ message: null }]);

      await setAccepting(true);
      await onB.waitFor((notice) => notice.kind === 'resync');
      await onA.waitFor((notice) => notice.kind === 'resync');

      // The resync re-read the current message and sent it to the open streams of both instances.
      const waitOptions = { timeoutMs: 15_000 };
      expect(await musicOnB.nextEvent<AssistantEvent>('assistant', waitOptions)).toEqual({
        message,
      });
      expect(await musicOnA.nextEvent<AssistantEvent>('assistant', waitOptions)).toEqual({
        message,
      });
      await reconnectedDuringOutage.waitFor(
        (block) =>
          block.event === 'assistant' &&
          (JSON.parse(block.data ?? 'null') as AssistantEvent).message?.id === message?.id,
        waitOptions,
      );
      // It came through the resync, not a late notice.
      expect(onB.notices.filter(heardThePost)).toEqual([]);

      // A client that reconnects after the outage gets the message on connect.
      const reconnectedAfter = await streamOn(b, 'music');
      expect(assistantEvents(reconnectedAfter)).toEqual([{ message }]);

      // The bus carries later changes again: a clear on A reaches B.
      const cleared = await call(a, 'DELETE', `${PATH}/current`, {
        cookie: admin,
        headers: fromAddress(nextAddress()),
      });
      expect(cleared.status).toBe(204);
      expect(await musicOnB.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
      expect(await reconnectedAfter.nextEvent<AssistantEvent>('assistant')).toEqual({
        message: null,
      });
      expect(assistantEvents(artOnB).every((event) => event.message === null)).toBe(true);
    } finally {
      onA.unsubscribe();
      onB.unsubscribe();
      if (!accepting) await setAccepting(true);
    }
  });

  test('a notice that cannot be sent reaches its own instance at once and the others when a retry gets through', async () => {
    const musicOnA = await streamOn(a, 'music');
    const musicOnB = await streamOn(b, 'music');
    let accepting = true;
    const setAccepting = async (value: boolean) => {
      await onTestServer((client) =>
        client.query(`alter database "${databaseName}" allow_connections ${value}`),
      );
      accepting = value;
    };
    // A's main pool keeps a few sessions through the outage, so it can still store the message.
    await Promise.all(Array.from({ length: 4 }, () => call(a, 'GET', PATH, { cookie: admin })));
    try {
      await setAccepting(false);
      // Only the publishing sessions go: the listeners stay, so no resync will come to the rescue.
      await onTestServer((client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and application_name = $2`,
          [databaseName, PUBLISHER_APPLICATION_NAME],
        ),
      );
      const posted = await post(a, { text: 'Sent while notices cannot go out', pages: ['music'] });
      expect(posted.status).toBe(201);
      const { message } = posted.json as AssistantEvent;
      expect(await musicOnA.nextEvent<AssistantEvent>('assistant')).toEqual({ message });
      expect(assistantEvents(musicOnB)).toEqual([{ message: null }]);

      await setAccepting(true);
      expect(await musicOnB.nextEvent<AssistantEvent>('assistant', { timeoutMs: 20_000 })).toEqual({
        message,
      });
    } finally {
      if (!accepting) await setAccepting(true);
    }
  }, 40_000);

  test('PostgreSQL ending every session (a restart) leaves both instances running and answering', async () => {
    await Promise.all([a, b].map((server) => call(server, 'GET', PATH, { cookie: admin })));
    const heard = [a, b].map(recordNotices);
    const ended = await onTestServer(async (client) => {
      const { rows } = await client.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1`,
        [databaseName],
      );
      return rows.length;
    });
    // At least each instance's listening session; pooled ones may already have closed when idle.
    expect(ended).toBeGreaterThanOrEqual(2);
    // Each instance gets fresh sessions by itself; the dropped idle ones were only logged.
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await call(server, 'GET', PATH, { cookie: admin })).status, {
          timeout: 10_000,
        })
        .toBe(200);
    }
    // Each listens again and resyncs its streams; a stream opened before B's resync would get the
    // state once more, and the message after that copy.
    await Promise.all(heard.map(({ waitFor }) => waitFor((notice) => notice.kind === 'resync')));
    for (const { unsubscribe } of heard) unsubscribe();
    const stream = await streamOn(b, 'home');
    const posted = await post(a, { text: 'After the restart', pages: ['home'] });
    expect(await stream.nextEvent<AssistantEvent>('assistant', { timeoutMs: 15_000 })).toEqual({
      message: (posted.json as AssistantEvent).message,
    });
  }, 40_000);
});
