/**
 * The `user` event: a signed-in stream gets the visitor's own info on connect and again after every
 * change, wherever the change was made (another tab, another device); a log-out turns it into
 * `{user: null}` without closing the stream.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { openSse } from '#test-support/live-sse-client';

interface UserEventBody {
  user: null | { uid: string; username: string; avatar: number; email: string };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ live: { heartbeatMs: 100 } });
});
afterAll(async () => {
  await server?.close();
});

async function patchMe(cookie: string, changes: Record<string, unknown>): Promise<void> {
  const result = await call(server, 'PATCH', '/api/me', { cookie, body: changes });
  expect(result.status).toBe(200);
}

test('a signed-in stream gets the user on connect and again after PATCH /api/me from another session', async () => {
  const ada = await createUser(server, { username: 'ada', avatar: 1 });
  const tabCookie = await loginAs(server, ada);
  const stream = await openSse(`${server.url}/api/live?page=account`, {
    headers: { cookie: tabCookie },
  });
  try {
    const first = await stream.nextEvent<UserEventBody>('user');
    expect(first.user).toMatchObject({ uid: ada.id, username: 'ada', avatar: 1, email: ada.email });
    // No secrets in the event: only the UserInfo fields.
    expect(JSON.stringify(first)).not.toMatch(/password|hash|token/i);

    const otherDevice = await loginAs(server, ada);
    await patchMe(otherDevice, { username: 'ada lovelace', avatar: 3 });
    const changed = await stream.nextEvent<UserEventBody>('user');
    expect(changed.user).toMatchObject({ username: 'ada lovelace', avatar: 3 });
  } finally {
    stream.close();
  }
});

test("another user's change is not sent to this stream", async () => {
  const mine = await loginAs(server, await createUser(server));
  const theirs = await loginAs(server, await createUser(server));
  const stream = await openSse(`${server.url}/api/live`, { headers: { cookie: mine } });
  try {
    await stream.nextEvent('user');
    const seen = stream.blocks.length;
    await patchMe(theirs, { avatar: 0 });
    await stream.waitFor((block) => block.comments.includes('heartbeat'), { from: seen });
    await stream.waitFor((block) => block.comments.includes('heartbeat'), { from: seen + 1 });
    expect(stream.blocks.slice(seen).filter((block) => block.event)).toEqual([]);
  } finally {
    stream.close();
  }
});

test('after log-out the next user notice sends {user: null} and the stream stays open', async () => {
  const grace = await createUser(server, { username: 'grace' });
  const tabCookie = await loginAs(server, grace);
  const otherDevice = await loginAs(server, grace);
  const stream = await openSse(`${server.url}/api/live`, { headers: { cookie: tabCookie } });
  try {
    expect((await stream.nextEvent<UserEventBody>('user')).user).toMatchObject({
      username: 'grace',
    });
    const loggedOut = await call(server, 'POST', '/api/auth/logout', { cookie: tabCookie });
    expect(loggedOut.status).toBe(204);

    await patchMe(otherDevice, { avatar: 2 });
    expect(await stream.nextEvent<UserEventBody>('user')).toEqual({ user: null });

    // Still open (heartbeats go on), and further changes of that user are no longer this stream's.
    const seen = stream.blocks.length;
    await patchMe(otherDevice, { avatar: 3 });
    await stream.waitFor((block) => block.comments.includes('heartbeat'), { from: seen });
    await stream.waitFor((block) => block.comments.includes('heartbeat'), { from: seen + 1 });
    expect(stream.blocks.slice(seen).filter((block) => block.event)).toEqual([]);
  } finally {
    stream.close();
  }
});

test('a reconnect with the same session gets the current user again, changes included', async () => {
  const cookie = await loginAs(server, await createUser(server, { username: 'lovelace' }));
  const first = await openSse(`${server.url}/api/live`, { headers: { cookie } });
  const before = await first.waitFor((block) => block.event === 'user');
  first.close();
  await patchMe(cookie, { avatar: 0 });
  const second = await openSse(`${server.url}/api/live`, {
    headers: { cookie, 'last-event-id': before.id ?? '' },
  });
  try {
    expect((await second.nextEvent<UserEventBody>('user')).user).toMatchObject({
      username: 'lovelace',
      avatar: 0,
    });
  } finally {
    second.close();
  }
});

test('log-out in one tab signs out the other tabs of that session at once', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const otherTab = await openSse(`${server.url}/api/live?page=home`, { headers: { cookie } });
  try {
    expect((await otherTab.nextEvent<UserEventBody>('user')).user).toMatchObject({ uid: user.id });
    const loggedOut = await call(server, 'POST', '/api/auth/logout', { cookie });
    expect(loggedOut.status).toBe(204);
    expect(await otherTab.nextEvent<UserEventBody>('user')).toEqual({ user: null });
  } finally {
    otherTab.close();
  }
});

test('streams of signed-in and signed-out visitors leave nothing filed once they close', async () => {
  const counts = server.app.liveStreamCounts;
  const before = counts.filedByOwner();
  const hopper = await createUser(server, { username: 'hopper' });
  const cookie = await loginAs(server, hopper);
  const streams = await Promise.all([
    ...Array.from({ length: 5 }, () => openSse(`${server.url}/api/live`, { headers: { cookie } })),
    ...Array.from({ length: 5 }, () => openSse(`${server.url}/api/live`)),
  ]);
  await Promise.all(streams.map((stream) => stream.nextEvent('user')));
  // The signed-in ones are filed under their user; the signed-out ones under no one.
  expect(counts.filedByOwner()).toBe(before + 5);
  for (const stream of streams) stream.close();
  await Promise.all(streams.map((stream) => stream.ended));
  await expect.poll(() => counts.filedByOwner()).toBe(before);
});
