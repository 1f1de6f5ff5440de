import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountExportSchema, MESSAGES } from '#shared/account-schemas';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function userRow(id: string) {
  return server.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

test('PATCH /api/me edits username, avatar, bio and newsletter and answers {user}', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const res = await call(server, 'PATCH', '/api/me', {
    cookie,
    body: { username: '  Katherine J ', avatar: 0, bio: 'Orbits.', subscribedToNewsletter: true },
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({
    user: {
      uid: user.id,
      username: 'Katherine J',
      displayName: 'Katherine J',
      avatar: 0,
      bio: 'Orbits.',
      subscribedToNewsletter: true,
    },
  });
  expect(await userRow(user.id)).toMatchObject({
    username: 'Katherine J',
    username_key: 'katherine j',
    avatar: 0,
    bio: 'Orbits.',
    subscribed_to_newsletter: 1,
  });
});

test('PATCH /api/me changes only the fields given', async () => {
  const user = await createUser(server, { bio: 'Keep me', avatar: 3 });
  const cookie = await loginAs(server, user);
  const res = await call(server, 'PATCH', '/api/me', { cookie, body: { avatar: 1 } });
  expect(res.status).toBe(200);
  expect(await userRow(user.id)).toMatchObject({
    avatar: 1,
    bio: 'Keep me',
    username: user.username,
  });
  expect((await call(server, 'PATCH', '/api/me', { cookie, body: {} })).status).toBe(200);
});

test('a user may keep their own username in another case; someone else’s is 409', async () => {
  const other = await createUser(server, { username: 'Taken Name' });
  const user = await createUser(server, { username: 'Mine Name' });
  const cookie = await loginAs(server, user);
  expect(
    (await call(server, 'PATCH', '/api/me', { cookie, body: { username: 'MINE name' } })).status,
  ).toBe(200);
  const res = await call(server, 'PATCH', '/api/me', { cookie, body: { username: 'taken NAME' } });
  expect(res.status).toBe(409);
  expect(res.json).toEqual({
    error: { status: 'aborted', message: MESSAGES.usernameTaken, field: 'username' },
  });
  expect((await userRow(user.id))?.username).toBe('MINE name');
  expect((await userRow(other.id))?.username).toBe('Taken Name');
});

test.each([
  [{ adminRank: 10 }],
  [{ userPrivileges: { earlyUser: true } }],
  [{ earlyUser: true }],
  [{ emailVerified: true }],
  [{ email: 'new@example.com' }],
  [{ avatar: 1, adminRank: 99 }],
])('PATCH /api/me refuses %j with 400 and changes nothing', async (body) => {
  const user = await createUser(server, { avatar: 2 });
  const cookie = await loginAs(server, user);
  const res = await call(server, 'PATCH', '/api/me', { cookie, body });
  expect(res.status).toBe(400);
  expect((res.json as { error: { status: string } }).error.status).toBe('invalid-argument');
  expect(await userRow(user.id)).toMatchObject({
    admin_rank: 0,
    early_user: 0,
    email_verified: 0,
    avatar: 2,
    email: user.email,
  });
});

test.each([
  [{ username: 'x' }, MESSAGES.usernameTooShort, 'username'],
  [{ username: 'y'.repeat(21) }, MESSAGES.usernameTooLong, 'username'],
  [{ username: '' }, MESSAGES.usernameMissing, 'username'],
  [{ avatar: 4 }, MESSAGES.avatarInvalid, 'avatar'],
  [{ avatar: 1.5 }, MESSAGES.avatarInvalid, 'avatar'],
  [{ bio: '' }, MESSAGES.bioMissing, 'bio'],
  [{ bio: 'b'.repeat(30001) }, 'Bio has to be less than 30001 characters.', 'bio'],
])('PATCH /api/me with %j answers the shared message', async (body, message, field) => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const res = await call(server, 'PATCH', '/api/me', { cookie, body });
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ error: { status: 'invalid-argument', message, field } });
});

test('GET /api/me/export downloads all own data as JSON, without secrets', async () => {
  const user = await createUser(server, { username: 'Export Me', bio: 'hello' });
  const cookie = await loginAs(server, user);
  await loginAs(server, user);
  const now = new Date().toISOString();
  const stranger = await createUser(server);
  await server.app.db
    .insertInto('submissions')
    .values([
      {
        id: randomUUID(),
        type: 'contact',
        user_id: user.id,
        payload: JSON.stringify({ inputs: [{ name: 'message', value: 'hi' }] }),
        created_at: now,
      },
      {
        id: randomUUID(),
        type: 'contact',
        user_id: stranger.id,
        payload: '{"inputs":[]}',
        created_at: now,
      },
    ])
    .execute();
  await server.app.db
    .insertInto('product_access')
    .values({
      id: randomUUID(),
      user_id: user.id,
      product: 'longAndShortPosition',
      kind: 'freeTrial',
      platform_username: 'tv_user',
      status: 'active',
      created_at: now,
    })
    .execute();
  await server.app.db
    .insertInto('error_reports')
    .values({
      id: randomUUID(),
      error: 'boom',
      error_name: 'handleAvatar',
      user_id: user.id,
      created_at: now,
    })
    .execute();

  const res = await call(server, 'GET', '/api/me/export', { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(res.headers.get('cache-control')).toBe('no-store');
  const data = accountExportSchema.strict().parse(res.json);
  expect(data.user).toMatchObject({
    uid: user.id,
    username: 'Export Me',
    bio: 'hello',
    subscribedProducts: ['longAndShortPosition'],
  });
  expect(data.sessions).toHaveLength(2);
  expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
  expect(data.submissions).toEqual([
    expect.objectContaining({
      type: 'contact',
      payload: { inputs: [{ name: 'message', value: 'hi' }] },
    }),
  ]);
  expect(data.productAccess).toEqual([
    expect.objectContaining({
      product: 'longAndShortPosition',
      kind: 'freeTrial',
      platformUsername: 'tv_user',
    }),
  ]);
  expect(data.errorReports).toEqual([
    expect.objectContaining({ error: 'boom', errorName: 'handleAvatar' }),
  ]);
  const text = JSON.stringify(res.json);
  expect(text).not.toMatch(/scrypt|token|hash|password/i);
  expect(text).not.toContain(cookie.split('=')[1]);
});

test('DELETE /api/me needs the password; then the account, its sessions and links are gone', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const otherDevice = await loginAs(server, user);

  const wrong = await call(server, 'DELETE', '/api/me', {
    cookie,
    body: { password: 'not-my-password' },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.passwordWrong, field: 'password' },
  });
  const missing = await call(server, 'DELETE', '/api/me', { cookie, body: {} });
  expect(missing.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.passwordMissing, field: 'password' },
  });
  expect(await userRow(user.id)).toBeDefined();

  const res = await call(server, 'DELETE', '/api/me', {
    cookie,
    body: { password: user.password },
  });
  expect(res.status).toBe(204);
  expect(res.sessionCookie).toBe('');
  expect(await userRow(user.id)).toBeUndefined();
  const sessions = await server.app.db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', user.id)
    .execute();
  expect(sessions).toEqual([]);
  expect((await call(server, 'GET', '/api/me', { cookie: otherDevice })).json).toEqual({
    user: null,
  });
});

test('the export shows mail-list rows made under the email alone only once that email is verified', async () => {
  const now = new Date().toISOString();
  const listRow = (email: string) => ({
    id: randomUUID(),
    list: 'newsletter',
    email,
    user_id: null,
    unsubscribe_token: randomUUID(),
    state: 'subscribed',
    created_at: now,
    updated_at: now,
  });
  const unverified = await createUser(server, { emailVerified: false });
  const verified = await createUser(server, { emailVerified: true });
  await server.app.db
    .insertInto('mail_list_members')
    .values([listRow(unverified.email), listRow(verified.email)])
    .execute();
  const exportOf = async (user: typeof unverified) =>
    (await call(server, 'GET', '/api/me/export', { cookie: await loginAs(server, user) })).json as {
      mailLists: unknown[];
    };
  expect((await exportOf(unverified)).mailLists).toEqual([]);
  expect((await exportOf(verified)).mailLists).toHaveLength(1);
});

test('GET /api/me answers a signed-out visitor with 200 {"user":null}, never cached', async () => {
  const response = await fetch(`${server.url}/api/me`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ user: null });
});
