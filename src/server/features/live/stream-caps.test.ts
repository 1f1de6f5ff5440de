/**
 * Every open stream holds a file descriptor, so no client can take them all: a cap per process
 * below the open-files limit (503 with Retry-After past it), per client address (an IPv6 /64 is
 * one address) and per signed-in account (429 past them).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUser, loginAs } from '#test-support/accounts';
import { HttpStatusError, openSse, type SseConnection } from '#test-support/live-sse-client';
import { makeTempDir, startTestServer, type TestServer } from '#test-support/server';
import {
  defaultMaxStreams,
  MAX_STREAMS_PER_ACCOUNT,
  MAX_STREAMS_PER_ADDRESS,
  openFilesLimit,
} from './live.plugin';

const PROCESS_CAP = 4;

let server: TestServer;
let capped: TestServer;
beforeAll(async () => {
  [server, capped] = await Promise.all([
    startTestServer({ env: { TRUST_PROXY: 'true' } }),
    startTestServer({ env: { TRUST_PROXY: 'true' }, live: { maxStreams: PROCESS_CAP } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), capped?.close()]);
});

const open = (on: TestServer, address: string, cookie?: string) =>
  openSse(`${on.url}/api/live`, {
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });

async function refusal(on: TestServer, address: string, cookie?: string) {
  const refused = await open(on, address, cookie).then(
    (stream) => {
      stream.close();
      throw new Error('the stream opened');
    },
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(HttpStatusError);
  const { status, body, headers } = refused as HttpStatusError;
  return { status, json: JSON.parse(body) as unknown, retryAfter: Number(headers['retry-after']) };
}

test('past the per-process cap a new stream, from any address, is a 503 with Retry-After until one closes', async () => {
  const streams: SseConnection[] = [];
  try {
    for (let i = 1; i <= PROCESS_CAP; i++) streams.push(await open(capped, `203.0.113.${i}`));
    const full = await refusal(capped, '198.51.100.1');
    expect(full.status).toBe(503);
    expect(full.json).toEqual({
      error: {
        status: 'unavailable',
        message: 'The server has too many live connections. It tries again soon.',
      },
    });
    expect(full.retryAfter).toBeGreaterThan(0);
    streams.pop()?.close();
    await expect
      .poll(async () => {
        try {
          streams.push(await open(capped, '198.51.100.1'));
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  } finally {
    for (const stream of streams) stream.close();
  }
});

test('an IPv6 client changing its address within its /64 is still one address', async () => {
  const streams: SseConnection[] = [];
  try {
    for (let i = 1; i <= MAX_STREAMS_PER_ADDRESS; i++)
      streams.push(await open(server, `2001:db8:7:7::${i.toString(16)}`));
    const refused = await refusal(server, '2001:db8:7:7:abcd:ef01:2345:6789');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      error: { message: 'Too many live connections from this address.' },
    });
    expect(refused.retryAfter).toBeGreaterThan(0);
    // Another /64 is another client.
    streams.push(await open(server, '2001:db8:7:8::1'));
  } finally {
    for (const stream of streams) stream.close();
  }
});

test(`one signed-in account may hold ${MAX_STREAMS_PER_ACCOUNT} streams, from any addresses; one more is a 429`, async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const streams: SseConnection[] = [];
  try {
    for (let i = 1; i <= MAX_STREAMS_PER_ACCOUNT; i++)
      streams.push(await open(server, `192.0.2.${i}`, cookie));
    const refused = await refusal(server, '192.0.2.200', cookie);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      error: { message: 'Too many live connections for this account.' },
    });
    // A visitor from that address is not held back by the account.
    streams.push(await open(server, '192.0.2.200'));
  } finally {
    for (const stream of streams) stream.close();
  }
});

test('the process cap sits below the open-files limit, with room for everything else', () => {
  const dir = makeTempDir();
  const limits = join(dir, 'limits');
  const file = (soft: string) =>
    writeFileSync(
      limits,
      `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            ${soft}                1048576              files     \n`,
    );
  file('20000');
  expect(openFilesLimit(limits)).toBe(20000);
  file('unlimited');
  expect(openFilesLimit(limits)).toBe(Number.MAX_SAFE_INTEGER);
  expect(openFilesLimit(join(dir, 'missing'))).toBe(1024);
  expect(defaultMaxStreams(1024)).toBe(768);
  expect(defaultMaxStreams(20000)).toBe(18000);
  // The bench's 10,000 streams fit under the limit it runs with.
  expect(defaultMaxStreams(20000)).toBeGreaterThan(10_000);
  expect(defaultMaxStreams(openFilesLimit())).toBeLessThan(openFilesLimit());
});
