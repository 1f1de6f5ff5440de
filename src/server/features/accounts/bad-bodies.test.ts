import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser, loginAs, signUpPayload, type TestUser } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
let user: TestUser;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server, { avatar: 2, bio: 'Original bio' });
  cookie = await loginAs(server, user);
});
afterAll(async () => {
  await server?.close();
});

/** Everything the account tables hold, to prove a refused request changed nothing. */
async function snapshot() {
  const db = server.app.db;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await db
      .selectFrom('sessions')
      .select(['token_hash', 'user_id'])
      .orderBy('token_hash')
      .execute(),
    resets: await db.selectFrom('password_resets').selectAll().orderBy('token_hash').execute(),
    mail: await db.selectFrom('mail_outbox').select('id').orderBy('id').execute(),
  };
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);

const badRegisterBodies: [string, unknown][] = [
  ['email as a number', signUpPayload({ email: 123 })],
  ['email as an array', signUpPayload({ email: ['a@example.com'] })],
  ['username as an array', signUpPayload({ username: ['name'] })],
  ['username as an object', signUpPayload({ username: { toString: 'x' } })],
  ['password as a boolean', signUpPayload({ password: true })],
  ['avatar as a string', signUpPayload({ avatar: '1' })],
  ['avatar as a fraction', signUpPayload({ avatar: 1.5 })],
  ['newsletter as a string', signUpPayload({ subscribedToNewsletter: 'yes' })],
  ['currentUTCTime missing', { ...signUpPayload(), currentUTCTime: undefined }],
  ['no fields at all', {}],
  ['null', null],
  ['an array', [signUpPayload()]],
  ['a string', 'email=a@example.com'],
  ['a 1 MB username', signUpPayload({ username: MEGABYTE_STRING })],
  ['a 1 MB password', signUpPayload({ password: MEGABYTE_STRING })],
];

test.each(badRegisterBodies)(
  'sign-up with %s: 400 invalid-argument, nothing stored',
  async (_name, body) => {
    const before = await snapshot();
    const res = await call(server, 'POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect((res.json as { error: { status: string } }).error.status).toBe('invalid-argument');
    expect(res.setCookies).toEqual([]);
    expect(await snapshot()).toEqual(before);
  },
);

test.each([
  ['malformed JSON', '{"email": "a@example.com",'],
  ['a prototype-polluting body', '{"__proto__": {"adminRank": 10}, "avatar": 1}'],
  ['a constructor-polluting body', '{"constructor": {"prototype": {"adminRank": 10}}}'],
])('PATCH /api/me with %s: 400, nothing changed', async (_name, rawBody) => {
  const before = await snapshot();
  const res = await call(server, 'PATCH', '/api/me', { cookie, rawBody });
  expect(res.status).toBe(400);
  expect((res.json as { error: { status: string } }).error.status).toBe('invalid-argument');
  expect(await snapshot()).toEqual(before);
  expect(({} as Record<string, unknown>).adminRank).toBeUndefined();
});

test.each([
  ['/api/auth/login', { email: MEGABYTE_STRING, password: 'x' }],
  ['/api/auth/password-reset', { email: ['a@example.com'] }],
  ['/api/auth/password-reset/confirm', { token: 42, password: 'long-enough-1' }],
  ['/api/auth/password-reset/confirm', { token: 'A'.repeat(43) }],
  ['/api/auth/verify-email', { token: { $ne: null } }],
  ['/api/me/password', { currentPassword: 'x', newPassword: ['long-enough-1'] }],
])('POST %s with %j: 400, nothing changed', async (path, body) => {
  const before = await snapshot();
  const res = await call(server, 'POST', path, { body, cookie });
  expect(res.status).toBe(400);
  expect(await snapshot()).toEqual(before);
});

test('a body over the size limit is refused as invalid-argument, not a 413 or 5xx', async () => {
  const res = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'a@example.com', password: MEGABYTE_STRING },
  });
  expect(res.status).toBe(400);
  expect(res.json).toEqual({
    error: { status: 'invalid-argument', message: 'The request body is too large.' },
  });
});

test('the user row still has its original profile after every refusal above', async () => {
  const row = await server.app.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ avatar: 2, bio: 'Original bio', admin_rank: 0, early_user: 0 });
});

/** Field values that are wrong in every way a client can be wrong, now and then right. */
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 10 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const FIELDS = [
  'email',
  'username',
  'password',
  'avatar',
  'subscribedToNewsletter',
  'currentUTCTime',
  'token',
  'bio',
  'currentPassword',
  'newPassword',
  'adminRank',
  'userPrivileges',
  '__proto__',
  'constructor',
];

const anyBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 7 })
      .map((body) => ({ kind: 'json' as const, body })),
  },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => ({ kind: 'json' as const, body })),
  },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ kind: 'raw' as const, raw })),
  },
);

const ACCOUNT_ROUTES: [method: string, path: string][] = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/password-reset'],
  ['POST', '/api/auth/password-reset/confirm'],
  ['POST', '/api/auth/verify-email'],
  ['PATCH', '/api/me'],
  ['DELETE', '/api/me'],
  ['POST', '/api/me/password'],
  ['POST', '/api/me/sessions/revoke-others'],
  ['POST', '/api/me/email-verification'],
];

test.each(ACCOUNT_ROUTES)(
  '%s %s never answers 5xx to generated bodies, signed in or not',
  async (method, path) => {
    // A user of its own per route, so a successful PATCH or revoke does not disturb the others.
    const owner = await createUser(server);
    const ownCookie = await loginAs(server, owner);
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (input, signedIn) => {
        const options = {
          cookie: signedIn ? ownCookie : undefined,
          ...(input.kind === 'raw' ? { rawBody: input.raw } : { body: input.body }),
        };
        const res = await call(server, method, path, options);
        if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(input)}`);
        expect(res.json === null || typeof res.json === 'object').toBe(true);
      }),
      { numRuns: 30 },
    );
  },
  120_000,
);
