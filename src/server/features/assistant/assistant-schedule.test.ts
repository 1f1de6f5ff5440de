/**
 * Scheduled assistant messages (docs/product/assistant.md#live-message): a message given a start and an end
 * reaches the open streams within a second of its start and leaves them at its end, with nobody
 * posting, on SQLite and PostgreSQL, on a second instance of the same PostgreSQL database, and on a
 * server started after it was scheduled; the owner lists, changes and cancels waiting messages, and
 * bad times change nothing.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ASSISTANT_SCHEDULE_MESSAGES,
  type ScheduledAssistantMessages,
} from '#shared/assistant-schemas';
import type { AssistantEvent } from '#shared/live-events';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { openSse, type SseConnection } from '#test-support/live-sse-client';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { makeTempDir, startTestServer, type TestServer } from '#test-support/server';

const PATH = '/api/admin/assistant-messages';
/** How late after its time a start or an end may reach a stream. */
const ON_TIME_MS = 1_000;

const streams: SseConnection[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function adminOf(server: TestServer): Promise<string> {
  return loginAs(server, await createUser(server, { adminRank: 10 }));
}

async function streamOn(server: TestServer, page: string): Promise<SseConnection> {
  const stream = await openSse(`${server.url}/api/live?page=${page}`, {
    headers: fromAddress(nextAddress()),
  });
  streams.push(stream);
  // Opened before the start: nothing shows yet.
  expect(await stream.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
  return stream;
}

function schedule(server: TestServer, cookie: string, body: Record<string, unknown>) {
  return call(server, 'POST', PATH, { cookie, body, headers: fromAddress(nextAddress()) });
}

/** A start `inMs` from now and an end `forMs` after it. */
function window(inMs: number, forMs: number) {
  const start = Date.now() + inMs;
  return {
    start,
    end: start + forMs,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + forMs).toISOString(),
  };
}

/**
 * Waits for the stream's next assistant event with a message (shown) or without (gone), and says
 * when it came. A change anywhere (scheduling one) sends every stream its state again, unchanged;
 * those events are passed over.
 */
async function nextAt(
  stream: SseConnection,
  want: 'shown' | 'gone',
): Promise<{ event: AssistantEvent; at: number }> {
  for (;;) {
    const event = await stream.nextEvent<AssistantEvent>('assistant', { timeoutMs: 15_000 });
    if ((event.message !== null) === (want === 'shown')) return { event, at: Date.now() };
  }
}

await onBothServers(
  'scheduled assistant messages',
  (server) => {
    test('a scheduled message shows within a second of its start and leaves at its end', async () => {
      const cookie = await adminOf(server());
      const stream = await streamOn(server(), 'art');
      const times = window(1_500, 1_500);
      const res = await schedule(server(), cookie, {
        text: 'Gallery opening tonight',
        pages: ['art'],
        startsAt: times.startsAt,
        endsAt: times.endsAt,
      });
      expect(res.status).toBe(201);
      const shown = await nextAt(stream, 'shown');
      expect(shown.event.message?.text).toBe('Gallery opening tonight');
      // Visitors see its start as its time, so it is newer than whatever they saw before.
      expect(shown.event.message?.createdAtUTC).toBe(times.startsAt);
      expect(shown.at).toBeGreaterThanOrEqual(times.start - 50);
      expect(shown.at - times.start).toBeLessThan(ON_TIME_MS);
      const gone = await nextAt(stream, 'gone');
      expect(gone.event).toEqual({ message: null });
      expect(gone.at - times.end).toBeLessThan(ON_TIME_MS);
      expect((await call(server(), 'GET', PATH, { cookie })).json).toEqual({ message: null });
    });

    test('waiting messages are listed soonest first, changed and cancelled; a cancelled one never shows', async () => {
      const cookie = await adminOf(server());
      const later = window(60 * 60_000, 60_000);
      const sooner = window(30 * 60_000, 60_000);
      const a = await schedule(server(), cookie, {
        text: 'Later',
        pages: ['home'],
        startsAt: later.startsAt,
      });
      const b = await schedule(server(), cookie, {
        text: 'Sooner',
        pages: ['home'],
        startsAt: sooner.startsAt,
        endsAt: sooner.endsAt,
      });
      const idA = (a.json as { message: { id: string } }).message.id;
      const idB = (b.json as { message: { id: string } }).message.id;
      const list = async () =>
        (await call(server(), 'GET', `${PATH}/scheduled`, { cookie }))
          .json as ScheduledAssistantMessages;
      const mine = (await list()).scheduled.filter((m) => [idA, idB].includes(m.id));
      expect(mine.map((m) => [m.text, m.startsAt, m.endsAt])).toEqual([
        ['Sooner', sooner.startsAt, sooner.endsAt],
        ['Later', later.startsAt, null],
      ]);
      const moved = window(2 * 60 * 60_000, 0);
      const put = await call(server(), 'PUT', `${PATH}/${idB}`, {
        cookie,
        body: { text: 'Moved', pages: ['home', 'music'], startsAt: moved.startsAt },
      });
      expect(put.status).toBe(200);
      expect((put.json as { message: { pages: string[]; endsAt: null } }).message).toMatchObject({
        pages: ['home', 'music'],
        endsAt: null,
      });
      expect((await call(server(), 'DELETE', `${PATH}/${idA}`, { cookie })).status).toBe(204);
      const after = (await list()).scheduled.filter((m) => [idA, idB].includes(m.id));
      expect(after.map((m) => m.text)).toEqual(['Moved']);
      // Gone once cancelled: neither changed nor cancelled again.
      expect((await call(server(), 'DELETE', `${PATH}/${idA}`, { cookie })).status).toBe(404);
      await call(server(), 'DELETE', `${PATH}/${idB}`, { cookie });
    });

    test('a message that has started cannot be changed or cancelled as scheduled', async () => {
      const cookie = await adminOf(server());
      const posted = await schedule(server(), cookie, { text: 'Now', pages: ['home'] });
      const id = (posted.json as { message: { id: string } }).message.id;
      const soon = window(60_000, 0);
      const put = await call(server(), 'PUT', `${PATH}/${id}`, {
        cookie,
        body: { text: 'Changed', pages: ['home'], startsAt: soon.startsAt },
      });
      expect(put.status).toBe(409);
      expect(put.json).toMatchObject({ error: { message: ASSISTANT_SCHEDULE_MESSAGES.started } });
      expect((await call(server(), 'DELETE', `${PATH}/${id}`, { cookie })).status).toBe(409);
      expect(
        ((await call(server(), 'GET', PATH, { cookie })).json as AssistantEvent).message?.text,
      ).toBe('Now');
      await call(server(), 'DELETE', `${PATH}/current`, { cookie });
    });

    test.each([
      [
        { startsAt: new Date(Date.now() - 60_000).toISOString() },
        ASSISTANT_SCHEDULE_MESSAGES.startPassed,
        'startsAt',
      ],
      [
        { endsAt: new Date(Date.now() - 60_000).toISOString() },
        ASSISTANT_SCHEDULE_MESSAGES.endPassed,
        'endsAt',
      ],
      [
        {
          startsAt: new Date(Date.now() + 120_000).toISOString(),
          endsAt: new Date(Date.now() + 60_000).toISOString(),
        },
        ASSISTANT_SCHEDULE_MESSAGES.endBeforeStart,
        'endsAt',
      ],
      [
        { startsAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        ASSISTANT_SCHEDULE_MESSAGES.tooFar,
        'startsAt',
      ],
      [{ startsAt: 'tomorrow' }, ASSISTANT_SCHEDULE_MESSAGES.badTime, 'startsAt'],
    ])('%j is refused with its reason and stores nothing', async (times, message, field) => {
      const cookie = await adminOf(server());
      const before = await server().app.db.selectFrom('assistant_messages').select('id').execute();
      const res = await schedule(server(), cookie, {
        text: 'Bad times',
        pages: ['home'],
        ...times,
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { message, field } });
      const after = await server().app.db.selectFrom('assistant_messages').select('id').execute();
      expect(after.length).toBe(before.length);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);

test('a message scheduled before a restart shows and leaves on the server started after it (SQLite)', async () => {
  const dataDir = makeTempDir();
  const db = connectDatabase({ dataDir, databaseUrl: undefined });
  await migrateToLatest(db);
  await db.destroy();
  try {
    const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true' };
    const first = await startTestServer({ env });
    // Long enough ahead for a server to stop and start on a busy machine.
    const times = window(8_000, 1_500);
    const cookie = await adminOf(first);
    expect(
      (
        await schedule(first, cookie, {
          text: 'After the restart',
          pages: ['music'],
          startsAt: times.startsAt,
          endsAt: times.endsAt,
        })
      ).status,
    ).toBe(201);
    await first.close();
    const second = await startTestServer({ env });
    try {
      const stream = await streamOn(second, 'music');
      const shown = await nextAt(stream, 'shown');
      expect(shown.event.message?.text).toBe('After the restart');
      expect(shown.at - times.start).toBeLessThan(ON_TIME_MS);
      const gone = await nextAt(stream, 'gone');
      expect(gone.event).toEqual({ message: null });
      expect(gone.at - times.end).toBeLessThan(ON_TIME_MS);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('scheduled messages on two PostgreSQL instances'), () => {
  let database: ThrowawayDatabase;
  afterAll(async () => {
    await database?.drop();
  });

  test('scheduled on one instance, it shows and leaves on both, and on one started later', async () => {
    database = await createMigratedDatabase();
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true' };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env });
    let c: TestServer | undefined;
    try {
      const cookie = await adminOf(a);
      const onA = await streamOn(a, 'home');
      const onB = await streamOn(b, 'home');
      // Long enough ahead for a third instance to start on a busy machine.
      const times = window(6_000, 1_500);
      expect(
        (
          await schedule(a, cookie, {
            text: 'On every instance',
            pages: ['home'],
            startsAt: times.startsAt,
            endsAt: times.endsAt,
          })
        ).status,
      ).toBe(201);
      // An instance started after the message was scheduled arms its timer at start-up.
      c = await startTestServer({ env });
      const onC = await streamOn(c, 'home');
      for (const stream of [onA, onB, onC]) {
        const shown = await nextAt(stream, 'shown');
        expect(shown.event.message?.text).toBe('On every instance');
        expect(shown.at - times.start).toBeLessThan(ON_TIME_MS);
      }
      for (const stream of [onA, onB, onC]) {
        const gone = await nextAt(stream, 'gone');
        expect(gone.event).toEqual({ message: null });
        expect(gone.at - times.end).toBeLessThan(ON_TIME_MS);
      }
    } finally {
      await c?.close();
      await b.close();
      await a.close();
    }
  });
});
