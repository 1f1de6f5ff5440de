/**
 * /api/health/live and /api/health/ready through their states (docs/product/api.md#public-routes): ready
 * fails while the app is built but not yet listening, answers once it listens, fails when storage
 * does not answer; live answers throughout, since it touches nothing. Once shutting down the port
 * takes no new connection (a proxy's next check fails) while a request in flight still finishes.
 */
import { rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { freePort, makeTempDir } from '#test-support/server';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A server's settings on a free port, without the client or log lines. */
async function quietConfig() {
  const port = await freePort();
  const config = parseConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: 'false',
  });
  return { port, config };
}

test('ready is 503 while starting, 200 once listening, 503 when storage is gone; live stays 200', async () => {
  const { port, config } = await quietConfig();
  const migrating = connectDatabase(config);
  await migrateToLatest(migrating);
  await migrating.destroy();
  const app = await buildApp(config);
  try {
    const starting = await app.inject('/api/health/ready');
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ error: { status: 'unavailable', message: 'Starting.' } });
    expect((await app.inject('/api/health/live')).statusCode).toBe(200);

    await app.listen({ port, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });

    await app.db.destroy();
    const noStorage = await fetch(`${url}/api/health/ready`);
    expect(noStorage.status).toBe(503);
    expect(await noStorage.json()).toEqual({
      error: { status: 'unavailable', message: 'Storage is unavailable.' },
    });
    const live = await fetch(`${url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  } finally {
    await app.close();
  }
});

test('once shutting down no ready answer comes, while a request still in flight finishes', async () => {
  const { port, config } = await quietConfig();
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  const app = await buildApp(config, {
    registerExtraRoutes: (extra) => {
      extra.get('/slow-for-test', async () => {
        entered();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { done: true };
      });
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  expect((await app.inject('/api/health/ready')).statusCode).toBe(200);

  const slow = fetch(`http://127.0.0.1:${port}/slow-for-test`);
  await inFlight;
  const closing = app.close();
  await new Promise((resolve) => setImmediate(resolve)); // close() runs its preClose hooks
  // A load balancer's next check finds no ready server: the port takes no new connection.
  const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
    (res) => res.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code,
  );
  expect(ready).toBe('ECONNREFUSED');
  const answer = await slow;
  expect(answer.status).toBe(200);
  expect(answer.headers.get('connection')).toBe('close');
  expect(await answer.json()).toEqual({ done: true });
  await closing;
});

test('an answer whose headers left before the close ends its connection once sent: the close waits for it, not for the idle timeout', async () => {
  const { port, config } = await quietConfig();
  const body = new PassThrough();
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  const app = await buildApp(config, {
    registerExtraRoutes: (extra) => {
      extra.get('/download-for-test', (_request, reply) => {
        entered();
        body.write('first part ');
        return reply.type('text/plain').send(body);
      });
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const download = await fetch(`http://127.0.0.1:${port}/download-for-test`);
  await inFlight;
  expect(download.headers.get('connection')).not.toBe('close');
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false); // still sending
  body.end('last part');
  expect(await download.text()).toBe('first part last part');
  const sent = Date.now();
  await closing;
  expect(Date.now() - sent).toBeLessThan(2_000);
});
