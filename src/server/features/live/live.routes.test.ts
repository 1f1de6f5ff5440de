import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAX_STREAMS_PER_ADDRESS } from './live.plugin';
import { startTestServer, type TestServer } from '#test-support/server';
import { HttpStatusError, openSse, type SseConnection } from '#test-support/live-sse-client';

const HEARTBEAT_MS = 100;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ live: { heartbeatMs: HEARTBEAT_MS } });
});
afterAll(async () => {
  await server?.close();
});

async function connectionCount(): Promise<number> {
  return new Promise((resolve, reject) =>
    server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Polls until `check` passes (the server notices a client leaving a moment after it left). */
async function eventually(check: () => Promise<void> | void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

test('GET /api/live is an event stream: headers, retry first, then the user state with an id', async () => {
  const stream = await openSse(`${server.url}/api/live?page=home`);
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    // The app's security headers are on the stream too, though the reply was hijacked.
    expect(stream.headers['x-content-type-options']).toBe('nosniff');

    const user = await stream.waitFor((block) => block.event === 'user');
    expect(stream.text().startsWith('retry: 3000\n\n')).toBe(true);
    expect(user.id).toMatch(/^\d+$/);
    expect(JSON.parse(user.data ?? '')).toEqual({ user: null });
    expect(stream.text()).toContain(`id: ${user.id}\nevent: user\ndata: {"user":null}\n\n`);
  } finally {
    stream.close();
  }
});

test('an idle stream gets a heartbeat comment every heartbeat interval', async () => {
  const stream = await openSse(`${server.url}/api/live`);
  try {
    const started = Date.now();
    await stream.waitFor((block) => block.comments.includes('heartbeat'));
    await stream.waitFor((block) => block.comments.includes('heartbeat'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS);
  } finally {
    stream.close();
  }
});

test('event ids rise across streams, so a reconnect never sees an id again', async () => {
  const first = await openSse(`${server.url}/api/live`);
  const a = await first.waitFor((block) => block.event === 'user');
  first.close();
  const second = await openSse(`${server.url}/api/live`);
  const b = await second.waitFor((block) => block.event === 'user');
  second.close();
  expect(Number(b.id)).toBeGreaterThan(Number(a.id));
});

test('a reconnect with Last-Event-ID gets the current state in full again', async () => {
  const stream = await openSse(`${server.url}/api/live?page=about`, {
    headers: { 'last-event-id': '12345' },
  });
  try {
    expect(await stream.nextEvent('user')).toEqual({ user: null });
  } finally {
    stream.close();
  }
});

test('an unknown page key is a 400 naming the page field', async () => {
  const error = await openSse(`${server.url}/api/live?page=nowhere`).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  const { status, body } = error as HttpStatusError;
  expect(status).toBe(400);
  expect(JSON.parse(body)).toEqual({
    error: { status: 'invalid-argument', message: 'Unknown page.', field: 'page' },
  });
});

test('a notice about another user sends nothing to a signed-out stream', async () => {
  const stream = await openSse(`${server.url}/api/live?page=home`);
  try {
    await stream.nextEvent('user');
    const seen = stream.blocks.length;
    await server.app.live.publish({ kind: 'user', userId: 'someone-else' });
    await stream.waitFor((block) => block.comments.includes('heartbeat'), { from: seen });
    expect(stream.blocks.slice(seen).some((block) => block.event)).toBe(false);
  } finally {
    stream.close();
  }
});

test(`one address may hold ${MAX_STREAMS_PER_ADDRESS} streams; one more is a 429 until one closes`, async () => {
  const streams: SseConnection[] = [];
  try {
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) {
      streams.push(await openSse(`${server.url}/api/live`));
    }
    const refused = await openSse(`${server.url}/api/live`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpStatusError);
    expect((refused as HttpStatusError).status).toBe(429);
    expect(JSON.parse((refused as HttpStatusError).body)).toEqual({
      error: {
        status: 'resource-exhausted',
        message: 'Too many live connections from this address.',
      },
    });

    streams.pop()?.close();
    await eventually(async () => {
      const again = await openSse(`${server.url}/api/live`);
      streams.push(again);
    });
  } finally {
    for (const stream of streams) stream.close();
  }
});

test('1,000 connects and disconnects leave no listener and no open socket behind', async () => {
  await eventually(async () => expect(await connectionCount()).toBe(0));
  const listenersBefore = server.app.live.listenerCount();
  const counts = server.app.liveStreamCounts;
  const [openBefore, followersBefore] = [counts.open(), counts.assistantFollowers()];
  // The counts are real: an open stream shows in both.
  const probe = await openSse(`${server.url}/api/live?page=art`);
  await probe.nextEvent('assistant');
  expect([counts.open(), counts.assistantFollowers()]).toEqual([
    openBefore + 1,
    followersBefore + 1,
  ]);
  probe.close();
  await probe.ended;
  const BATCH = 10;
  for (let done = 0; done < 1000; done += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: BATCH }, () => openSse(`${server.url}/api/live?page=art`)),
    );
    // Half leave at once, half after their first event.
    await Promise.all(
      batch.map(async (stream, i) => {
        if (i % 2 === 1) await stream.nextEvent('user');
        stream.close();
        await stream.ended;
      }),
    );
  }
  await eventually(async () => {
    expect(server.app.live.listenerCount()).toBe(listenersBefore);
    expect(counts.open()).toBe(openBefore);
    expect(counts.assistantFollowers()).toBe(followersBefore);
    expect(await connectionCount()).toBe(0);
  });
}, 60_000);

test('app.close() ends open streams at once instead of waiting for the visitors to leave', async () => {
  const other = await startTestServer();
  const streams = await Promise.all(
    Array.from({ length: 5 }, () => openSse(`${other.url}/api/live?page=home`)),
  );
  await Promise.all(streams.map((stream) => stream.nextEvent('user')));
  // One bus listener for all the streams, one for the assistant feed and one for the site's words,
  // however many are open.
  expect(other.app.live.listenerCount()).toBe(1 + 1 + 1);
  expect(other.app.liveStreamCounts.open()).toBe(5);

  const started = performance.now();
  await other.close();
  const took = performance.now() - started;

  await Promise.all(streams.map((stream) => stream.ended));
  expect(took).toBeLessThan(500);
});
