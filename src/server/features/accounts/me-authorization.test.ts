/**
 * A user aiming at another user's data through the /api/me routes, or at their own rank: every
 * /api/me route acts on the caller only. Who may call which route is the matrix of
 * plugins/authorization-matrix.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser, loginAs, type TestUser } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

type Role = 'anonymous' | 'user' | 'rank 3' | 'rank 10';

const RANKS: Record<Exclude<Role, 'anonymous'>, number> = { user: 0, 'rank 3': 3, 'rank 10': 10 };

interface Caller {
  /** The role's own account (anonymous callers get one too, used only in bodies). */
  user: TestUser;
  cookie: string | undefined;
}

async function callerFor(role: Role): Promise<Caller> {
  const user = await createUser(server, { adminRank: role === 'anonymous' ? 0 : RANKS[role] });
  return { user, cookie: role === 'anonymous' ? undefined : await loginAs(server, user) };
}

test('a signed-out GET /api/me is {user: null}; signed in it is the caller’s own info', async () => {
  expect((await call(server, 'GET', '/api/me')).json).toEqual({ user: null });
  for (const role of ['user', 'rank 3', 'rank 10'] as const) {
    const caller = await callerFor(role);
    const res = await call(server, 'GET', '/api/me', { cookie: caller.cookie });
    expect(res.json).toMatchObject({ user: { uid: caller.user.id, adminRank: RANKS[role] } });
  }
});

test('another user’s data: every /api/me route acts on the caller only', async () => {
  const alice = await createUser(server, { avatar: 0, bio: 'Alice bio' });
  const bob = await createUser(server, { avatar: 3, bio: 'Bob bio' });
  const aliceCookie = await loginAs(server, alice);
  const bobCookies = [await loginAs(server, bob), await loginAs(server, bob)];
  await server.app.db
    .insertInto('submissions')
    .values({
      id: randomUUID(),
      type: 'contact',
      user_id: bob.id,
      payload: '{"inputs":[{"name":"secret","value":"bob only"}]}',
      created_at: new Date().toISOString(),
    })
    .execute();
  const bobRow = () =>
    server.app.db.selectFrom('users').selectAll().where('id', '=', bob.id).executeTakeFirst();
  const bobBefore = await bobRow();

  // Naming Bob in the body changes nothing: the body has no user field to aim with.
  for (const body of [{ uid: bob.id, avatar: 1 }, { id: bob.id }, { email: bob.email }]) {
    const res = await call(server, 'PATCH', '/api/me', { cookie: aliceCookie, body });
    expect(res.status).toBe(400);
  }
  expect(
    (await call(server, 'PATCH', '/api/me', { cookie: aliceCookie, body: { bio: 'new' } })).json,
  ).toMatchObject({
    user: { uid: alice.id, bio: 'new' },
  });

  const exported = await call(server, 'GET', '/api/me/export', { cookie: aliceCookie });
  expect(JSON.stringify(exported.json)).not.toContain('bob only');
  expect(JSON.stringify(exported.json)).not.toContain(bob.id);

  const revoked = await call(server, 'POST', '/api/me/sessions/revoke-others', {
    cookie: aliceCookie,
  });
  expect(revoked.json).toEqual({ revoked: 0 });
  await call(server, 'POST', '/api/auth/logout', { cookie: aliceCookie });
  for (const cookie of bobCookies) {
    expect((await call(server, 'GET', '/api/me', { cookie })).json).toMatchObject({
      user: { uid: bob.id },
    });
  }

  // Bob's password does not delete Alice's account for Bob, nor Bob's for Alice.
  const aliceAgain = await loginAs(server, alice);
  const wrongPassword = await call(server, 'DELETE', '/api/me', {
    cookie: aliceAgain,
    body: { password: 'bobs-password-guess-1' },
  });
  expect(wrongPassword.status).toBe(400);
  expect(await bobRow()).toEqual(bobBefore);
});

test('no route lets a user raise their own rank or privileges', async () => {
  const caller = await callerFor('user');
  for (const body of [
    { adminRank: 10 },
    { admin_rank: 10 },
    { userPrivileges: { earlyUser: true } },
    { early_user: 1 },
  ]) {
    expect((await call(server, 'PATCH', '/api/me', { cookie: caller.cookie, body })).status).toBe(
      400,
    );
  }
  const row = await server.app.db
    .selectFrom('users')
    .select(['admin_rank', 'early_user'])
    .where('id', '=', caller.user.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ admin_rank: 0, early_user: 0 });
});
