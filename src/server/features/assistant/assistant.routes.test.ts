/**
 * The assistant's live message through the API: the owner posts, reads and clears it; each open
 * stream hears it when it targets the stream's page and hears null otherwise; bad input changes
 * nothing; text is stored and sent exactly as typed (markup included), as JSON, never as HTML.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { ASSISTANT_MESSAGES, ASSISTANT_TEXT_MAX } from '#shared/assistant-schemas';
import type { AssistantEvent } from '#shared/live-events';
import { insertMessage, readCurrentMessage } from './assistant.repository';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { openSse, type SseConnection } from '#test-support/live-sse-client';

const PATH = '/api/admin/assistant-messages';

let server: TestServer;
let admin: string;
const streams: SseConnection[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  admin = await loginAs(server, await createUser(server, { adminRank: 10 }));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.close();
});
beforeEach(async () => {
  await call(server, 'DELETE', `${PATH}/current`, { cookie: admin });
});

async function streamFor(page: string): Promise<SseConnection> {
  // Each stream from its own address, so the per-address stream limit never interferes.
  const stream = await openSse(`${server.url}/api/live?page=${page}`, {
    headers: fromAddress(nextAddress()),
  });
  streams.push(stream);
  return stream;
}

function post(body: unknown) {
  return call(server, 'POST', PATH, { cookie: admin, body });
}

test('a posted message becomes the current one, with its id, time and pages', async () => {
  const before = Date.now();
  const res = await post({ text: '  New track out today!  ', pages: ['music', 'home', 'music'] });
  expect(res.status).toBe(201);
  const { message } = res.json as AssistantEvent;
  expect(message).toMatchObject({ text: 'New track out today!', pages: ['music', 'home'] });
  expect(Date.parse(message!.createdAtUTC)).toBeGreaterThanOrEqual(before - 1000);
  expect((await call(server, 'GET', PATH, { cookie: admin })).json).toEqual({ message });
});

test('a message written by an instance whose clock runs behind still comes after the latest one', async () => {
  const first = await post({ text: 'From the instance with the right time', pages: ['home'] });
  const { message: latest } = first.json as AssistantEvent;
  const owner = await createUser(server, { adminRank: 10 });
  const skewed = await insertMessage(
    server.app.db,
    { text: 'From the instance ten minutes behind', pages: ['home'], createdBy: owner.id },
    new Date(Date.parse(latest!.createdAtUTC) - 10 * 60_000),
  );
  expect(Date.parse(skewed.createdAtUTC)).toBeGreaterThan(Date.parse(latest!.createdAtUTC));
  const { startsAt: _start, endsAt: _end, ...shown } = skewed;
  expect(await readCurrentMessage(server.app.db)).toEqual(shown);
});

test('open streams get the message on their targeted page and null elsewhere, at once', async () => {
  const music = await streamFor('music');
  const art = await streamFor('art');
  expect(await music.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
  expect(await art.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });

  const { message } = (await post({ text: 'Listen to the new track', pages: ['music'] }))
    .json as AssistantEvent;
  expect(await music.nextEvent<AssistantEvent>('assistant')).toEqual({ message });
  expect(await art.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });

  // A stream opened later gets the current state on connect.
  const lateMusic = await streamFor('music');
  expect(await lateMusic.nextEvent<AssistantEvent>('assistant')).toEqual({ message });

  // Each stream's event ids rise and never repeat, across broadcasts and the state sent on connect.
  for (const stream of [music, art, lateMusic]) {
    const ids = stream.blocks.filter((block) => block.id !== undefined).map((b) => Number(b.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  }
});

test("a stream opened for all pages (shared by a browser's tabs) gets every message with its pages", async () => {
  const all = await streamFor('all');
  expect(await all.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
  const { message } = (await post({ text: 'Only on the art page', pages: ['art'] }))
    .json as AssistantEvent;
  expect(await all.nextEvent<AssistantEvent>('assistant')).toEqual({ message });
  await call(server, 'DELETE', `${PATH}/current`, { cookie: admin });
  expect(await all.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
});

test('clearing sends null to the targeted streams and GET answers null', async () => {
  await post({ text: 'Temporary note', pages: ['about'] });
  const about = await streamFor('about');
  expect((await about.nextEvent<AssistantEvent>('assistant')).message?.text).toBe('Temporary note');

  const cleared = await call(server, 'DELETE', `${PATH}/current`, { cookie: admin });
  expect(cleared.status).toBe(204);
  expect(await about.nextEvent<AssistantEvent>('assistant')).toEqual({ message: null });
  expect((await call(server, 'GET', PATH, { cookie: admin })).json).toEqual({ message: null });
  // Clearing twice is fine and changes nothing.
  expect((await call(server, 'DELETE', `${PATH}/current`, { cookie: admin })).status).toBe(204);
});

test('a stream opened without a page gets no assistant events', async () => {
  const stream = await openSse(`${server.url}/api/live`);
  streams.push(stream);
  await stream.nextEvent('user');
  await post({ text: 'For home', pages: ['home'] });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(stream.blocks.some((block) => block.event === 'assistant')).toBe(false);
});

test.each([
  [{ pages: ['home'] }, ASSISTANT_MESSAGES.textMissing, 'text'],
  [{ text: '   ', pages: ['home'] }, ASSISTANT_MESSAGES.textMissing, 'text'],
  [
    { text: 'x'.repeat(ASSISTANT_TEXT_MAX + 1), pages: ['home'] },
    ASSISTANT_MESSAGES.textTooLong,
    'text',
  ],
  [{ text: 'Hello' }, ASSISTANT_MESSAGES.pagesMissing, 'pages'],
  [{ text: 'Hello', pages: [] }, ASSISTANT_MESSAGES.pagesMissing, 'pages'],
  [{ text: 'Hello', pages: ['home', 'nowhere'] }, ASSISTANT_MESSAGES.unknownPage, 'pages.1'],
  [{ text: 'Hello', pages: ['home'], extra: 1 }, undefined, undefined],
])('%j is refused with 400 and stores nothing', async (body, message, field) => {
  await post({ text: 'Current', pages: ['home'] });
  const res = await post(body);
  expect(res.status).toBe(400);
  const error = (res.json as { error: { status: string; message: string; field?: string } }).error;
  expect(error.status).toBe('invalid-argument');
  if (message) expect(error.message).toBe(message);
  if (field) expect(error.field).toBe(field);
  const current = (await call(server, 'GET', PATH, { cookie: admin })).json as AssistantEvent;
  expect(current.message?.text).toBe('Current');
});

test('the largest allowed text is accepted', async () => {
  const text = 'y'.repeat(ASSISTANT_TEXT_MAX);
  expect((await post({ text, pages: ['home'] })).status).toBe(201);
});

test('markup and script are stored and streamed as the exact text typed', async () => {
  const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
  await post({ text, pages: ['contact'] });
  const stream = await streamFor('contact');
  expect((await stream.nextEvent<AssistantEvent>('assistant')).message?.text).toBe(text);
  expect(stream.text()).toContain(JSON.stringify(text));
});

test('many streams on one page cost one storage read per change (and one for the next scheduled change)', async () => {
  const pageStreams = await Promise.all(Array.from({ length: 50 }, () => streamFor('purchase')));
  await Promise.all(pageStreams.map((stream) => stream.nextEvent('assistant')));
  const db = server.app.db;
  let reads = 0;
  const originalSelectFrom = db.selectFrom.bind(db);
  db.selectFrom = ((table: never) => {
    if (String(table) === 'assistant_messages') reads += 1;
    return originalSelectFrom(table);
  }) as typeof db.selectFrom;
  try {
    await post({ text: 'Plans updated', pages: ['purchase'] });
    await Promise.all(pageStreams.map((stream) => stream.nextEvent('assistant')));
  } finally {
    db.selectFrom = originalSelectFrom;
  }
  // One read of the message for all 50 streams, and the instance's look-up of the next start or end.
  expect(reads).toBe(2);
  for (const stream of pageStreams) stream.close();
});
