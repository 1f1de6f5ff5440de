import { afterAll, beforeAll, expect, test } from 'vitest';
import { currentHashParams } from './passwords';
import { MESSAGES, userInfoSchema } from '#shared/account-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  signUpPayload,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { linkIn, startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  // TRUST_PROXY lets each test be its own client address, so the sign-up limit (5 per hour per
  // address) only meets the tests that are about it.
  server = await startTestServer({ env: { SMTP_URL: sink.url, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

function register(body: unknown, address = nextAddress()) {
  return call(server, 'POST', '/api/auth/register', { body, headers: fromAddress(address) });
}

async function userCount(): Promise<number> {
  const { n } = await server.app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

test('sign-up creates the account, logs in and answers 201 {user} with the product defaults', async () => {
  const payload = signUpPayload({
    email: '  Ada.Lovelace@Example.COM ',
    username: 'Ada L',
    avatar: 3,
    subscribedToNewsletter: true,
  });
  const res = await register(payload);
  expect(res.status).toBe(201);
  const { user } = res.json as { user: unknown };
  expect(userInfoSchema.strict().parse(user)).toMatchObject({
    email: 'ada.lovelace@example.com',
    emailVerified: false,
    username: 'Ada L',
    displayName: 'Ada L',
    avatar: 3,
    bio: '',
    adminRank: 0,
    userPrivileges: { earlyUser: false },
    subscribedToNewsletter: true,
    subscribedProducts: [],
  });
  expect(res.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const me = await call(server, 'GET', '/api/me', { cookie: `session=${res.sessionCookie}` });
  expect(me.status).toBe(200);
  expect((me.json as { user: { username: string } }).user.username).toBe('Ada L');
});

test('the password is stored as an scrypt hash, never as given', async () => {
  const payload = signUpPayload();
  expect((await register(payload)).status).toBe(201);
  const row = await server.app.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', String(payload.email))
    .executeTakeFirstOrThrow();
  const { N, r, p } = currentHashParams();
  expect(row.password_hash).toMatch(
    new RegExp(String.raw`^scrypt\$${N}\$${r}\$${p}\$[\w-]{22}\$[\w-]{43}$`),
  );
  expect(row.password_hash).not.toContain(String(payload.password));
});

test('a username in a mail greets without a live link: whoever signs up with an address chooses it', async () => {
  const payload = signUpPayload({ username: 'paypal.example' });
  expect((await register(payload)).status).toBe(201);
  const mail = await sink.waitFor((m) => m.to === payload.email);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain('Hi paypal[.]example,');
    expect(part).not.toContain('paypal.example');
  }
});

test('sign-up sends the verification mail; its link from PUBLIC_URL verifies the address once', async () => {
  const payload = signUpPayload({ username: 'Grace H' });
  const res = await register(payload);
  expect(res.status).toBe(201);
  const cookie = `session=${res.sessionCookie}`;
  const mail = await sink.waitFor((m) => m.to === payload.email);
  expect(mail.subject).toBe("Confirm your email address for Alex Lindqvist's site");
  expect(mail.text).toContain('Hi Grace H,');
  expect(mail.html).toContain('Hi Grace H,');
  const link = linkIn(mail, `${server.url}/account?verify=`);
  const token = new URL(link).searchParams.get('verify');

  const verified = await call(server, 'POST', '/api/auth/verify-email', { body: { token } });
  expect(verified.status).toBe(200);
  expect(verified.json).toEqual({ status: 'verified' });
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect((me.json as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);

  const again = await call(server, 'POST', '/api/auth/verify-email', { body: { token } });
  expect(again.status).toBe(400);
  expect(again.json).toEqual({
    error: {
      status: 'invalid-argument',
      message: MESSAGES.verificationLinkInvalid,
      field: 'token',
    },
  });
});

test('a second account with the same email in any case is refused with 409 aborted', async () => {
  const existing = await createUser(server);
  const res = await register(signUpPayload({ email: existing.email.toUpperCase() }));
  expect(res.status).toBe(409);
  expect(res.json).toEqual({
    error: { status: 'aborted', message: MESSAGES.emailTaken, field: 'email' },
  });
});

test('a username taken in another case is refused with 409 aborted', async () => {
  const existing = await createUser(server, { username: 'Linus T' });
  expect(existing.username).toBe('Linus T');
  const before = await userCount();
  const res = await register(signUpPayload({ username: 'LINUS t' }));
  expect(res.status).toBe(409);
  expect(res.json).toEqual({
    error: { status: 'aborted', message: MESSAGES.usernameTaken, field: 'username' },
  });
  expect(await userCount()).toBe(before);
});

test('two sign-ups racing for one email: one account, the other 409 (the unique index decides)', async () => {
  const payload = signUpPayload();
  const results = await Promise.all([
    register({ ...payload, username: `a${String(payload.username)}`.slice(0, 20) }),
    register({ ...payload, username: `b${String(payload.username)}`.slice(0, 20) }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  const loser = results.find((r) => r.status === 409)!;
  expect(loser.json).toEqual({
    error: { status: 'aborted', message: MESSAGES.emailTaken, field: 'email' },
  });
  const rows = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', String(payload.email))
    .execute();
  expect(rows).toHaveLength(1);
});

test('a common breached password is refused in any case', async () => {
  const before = await userCount();
  for (const password of ['password1', 'IloveYou1', 'qwerty123']) {
    const res = await register(signUpPayload({ password }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { status: 'invalid-argument', message: MESSAGES.passwordTooCommon, field: 'password' },
    });
  }
  expect(await userCount()).toBe(before);
});

test('adminRank, earlyUser and other unknown fields in the sign-up body are ignored', async () => {
  const payload = signUpPayload({
    adminRank: 10,
    userPrivileges: { earlyUser: true },
    earlyUser: true,
    emailVerified: true,
    bio: 'set by me',
  });
  const res = await register(payload);
  expect(res.status).toBe(201);
  expect(res.json).toMatchObject({
    user: { adminRank: 0, userPrivileges: { earlyUser: false }, emailVerified: false, bio: '' },
  });
  const row = await server.app.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', String(payload.email))
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ admin_rank: 0, early_user: 0, email_verified: 0, bio: '' });
});

test.each([
  [{ email: '' }, MESSAGES.emailMissing, 'email'],
  [{ email: 'ada.example.com' }, MESSAGES.emailNoAt, 'email'],
  [{ password: '' }, MESSAGES.passwordMissing, 'password'],
  [{ password: 'abc12' }, MESSAGES.passwordTooShort, 'password'],
  [{ username: '' }, MESSAGES.usernameMissing, 'username'],
  [{ username: 'a' }, MESSAGES.usernameTooShort, 'username'],
  [{ username: 'a'.repeat(21) }, MESSAGES.usernameTooLong, 'username'],
  [{ avatar: 4 }, MESSAGES.avatarInvalid, 'avatar'],
  [{ avatar: -1 }, MESSAGES.avatarInvalid, 'avatar'],
])('sign-up with %j answers 400 with the product message', async (override, message, field) => {
  const before = await userCount();
  const res = await register(signUpPayload(override));
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ error: { status: 'invalid-argument', message, field } });
  expect(await userCount()).toBe(before);
});

test('a missing email field gets the product message too', async () => {
  const payload = signUpPayload();
  delete payload.email;
  const res = await register(payload);
  expect(res.status).toBe(400);
  expect(res.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.emailMissing, field: 'email' },
  });
});

test('a resend of the verification mail needs a session and an unverified address', async () => {
  const anonymous = await call(server, 'POST', '/api/me/email-verification');
  expect(anonymous.status).toBe(401);

  const user = await createUser(server);
  const forged = 'session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  expect(
    (await call(server, 'POST', '/api/me/email-verification', { cookie: forged })).status,
  ).toBe(401);

  const session = await loginAs(server, user);
  const res = await call(server, 'POST', '/api/me/email-verification', { cookie: session });
  expect(res.status).toBe(202);
  expect(res.json).toEqual({ status: 'sent' });
  const mail = await sink.waitFor((m) => m.to === user.email);
  expect(linkIn(mail, `${server.url}/account?verify=`)).toBeTruthy();

  const verified = await createUser(server, { emailVerified: true });
  const done = await call(server, 'POST', '/api/me/email-verification', {
    cookie: await loginAs(server, verified),
  });
  expect(done.status).toBe(409);
  expect(done.json).toEqual({
    error: { status: 'aborted', message: MESSAGES.emailAlreadyVerified },
  });
});
