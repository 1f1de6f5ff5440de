/**
 * Passkeys at the API with a software authenticator: an account adds one (named after the device,
 * mailed to the holder), renames, lists and removes it, and signs in with it alone; a password
 * reset leaves it. Each refusal leaves nothing changed and says why: another origin, a replayed or
 * expired challenge, no user verification, a removed passkey, another account's credential or
 * user handle, a counter gone backwards, more than ten, a stale session without the password.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  type TestUser,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';
import { SoftAuthenticator } from '#test-support/soft-authenticator';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  // A passkey's relying party is a host name, never an address: the site is http://localhost.
  server = await startTestServer({
    publicHost: 'localhost',
    env: { SMTP_URL: sink.url, TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Options {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  authenticatorSelection: { userVerification: string; residentKey: string };
  excludeCredentials: { id: string }[];
}

function device(synced = false) {
  return new SoftAuthenticator(server.config.publicUrl, synced);
}

async function account(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(server);
  return { user, cookie: await loginAs(server, user) };
}

async function creationOptions(cookie: string, body: unknown = {}): Promise<Options> {
  const res = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { options: Options }).options;
}

async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name?: string) {
  const response = authenticator.register(await creationOptions(cookie));
  return call(server, 'POST', '/api/me/passkeys', {
    cookie,
    body: name === undefined ? { response } : { response, name },
    headers: { 'user-agent': CHROME_UA },
  });
}

async function signInOptions(): Promise<{ challenge: string; rpId: string }> {
  const res = await call(server, 'POST', '/api/auth/passkey/options', {
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(200);
  return (res.json as { options: { challenge: string; rpId: string } }).options;
}

function signIn(response: unknown) {
  return call(server, 'POST', '/api/auth/passkey', {
    body: { response },
    headers: fromAddress(nextAddress()),
  });
}

async function passkeysOf(userId: string) {
  return server.app.db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

function refusal(message: string) {
  return { error: expect.objectContaining({ message }) };
}

test('an account adds a passkey named after its device, hears of it by mail, and signs in with it alone', async () => {
  const { user, cookie } = await account();
  const options = await creationOptions(cookie);
  expect(options.rp.id).toBe('localhost');
  expect(options.authenticatorSelection).toMatchObject({
    userVerification: 'required',
    residentKey: 'required',
  });
  // The handle is the account's id, never its email.
  expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.id);
  // The challenge is kept only as its hash.
  const stored = await server.app.db.selectFrom('passkey_challenges').selectAll().execute();
  expect(stored.map((row) => row.challenge_hash)).not.toContain(options.challenge);

  const authenticator = device();
  const added = await call(server, 'POST', '/api/me/passkeys', {
    cookie,
    body: { response: authenticator.register(options) },
    headers: { 'user-agent': CHROME_UA },
  });
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  expect(added.json).toMatchObject({
    passkey: { name: 'Chrome on Linux', lastUsedAt: null, synced: false, desk: false },
  });
  const mail = await sink.waitFor(
    (m) => m.to === user.email && m.subject.startsWith('A passkey was added'),
  );
  expect(mail.text).toContain('“Chrome on Linux”');
  expect(mail.text).toContain('a password reset alone does not remove passkeys');

  const list = await call(server, 'GET', '/api/me/passkeys', { cookie });
  expect(list.json).toMatchObject({
    passkeys: [{ name: 'Chrome on Linux' }],
    passwordNeeded: false,
  });

  const signedIn = await signIn(authenticator.assert(await signInOptions()));
  expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  expect(signedIn.json).toMatchObject({ user: { uid: user.id, email: user.email } });
  expect(signedIn.sessionCookie).toBeTruthy();
  const me = await call(server, 'GET', '/api/me', {
    cookie: `session=${signedIn.sessionCookie}`,
  });
  expect(me.json).toMatchObject({ user: { uid: user.id } });
  const [row] = await passkeysOf(user.id);
  expect(row?.last_used_at).not.toBeNull();
  expect(Number(row?.counter)).toBe(1);
});

test('a passkey is renamed and removed; another account cannot touch it', async () => {
  const { user, cookie } = await account();
  const added = await addPasskey(cookie, device(), 'Work laptop');
  const { id } = (added.json as { passkey: { id: string } }).passkey;

  const renamed = await call(server, 'PATCH', `/api/me/passkeys/${id}`, {
    cookie,
    body: { name: '  Phone  ' },
  });
  expect(renamed.json).toMatchObject({ passkey: { id, name: 'Phone' } });
  for (const name of ['', 'x'.repeat(61), 'a\u200Bb', 'line\nbreak']) {
    const bad = await call(server, 'PATCH', `/api/me/passkeys/${id}`, { cookie, body: { name } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(refusal(PASSKEY_MESSAGES.nameFormat));
  }

  const other = await account();
  const foreign = await call(server, 'DELETE', `/api/me/passkeys/${id}`, { cookie: other.cookie });
  expect(foreign.status).toBe(404);
  expect(foreign.json).toEqual(refusal(PASSKEY_MESSAGES.gone));
  expect(await passkeysOf(user.id)).toHaveLength(1);

  expect((await call(server, 'DELETE', `/api/me/passkeys/${id}`, { cookie })).status).toBe(204);
  expect(await passkeysOf(user.id)).toEqual([]);
  const again = await call(server, 'DELETE', `/api/me/passkeys/${id}`, { cookie });
  expect(again.status).toBe(404);
});

test('signed out, every account route answers 401 and nothing is kept', async () => {
  for (const [method, path] of [
    ['GET', '/api/me/passkeys'],
    ['POST', '/api/me/passkeys/options'],
    ['POST', '/api/me/passkeys'],
    ['PATCH', '/api/me/passkeys/x'],
    ['DELETE', '/api/me/passkeys/x'],
  ] as const) {
    const res = await call(server, method, path, { body: method === 'GET' ? undefined : {} });
    expect(res.status, `${method} ${path}`).toBe(401);
  }
});

test('a session older than 15 minutes adds a passkey only with the right password', async () => {
  const { user, cookie } = await account();
  await server.app.db
    .updateTable('sessions')
    .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
  expect((await call(server, 'GET', '/api/me/passkeys', { cookie })).json).toMatchObject({
    passwordNeeded: true,
  });
  const without = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
  expect(without.status).toBe(400);
  expect(without.json).toEqual({
    error: expect.objectContaining({ message: PASSKEY_MESSAGES.passwordNeeded, field: 'password' }),
  });
  const wrong = await call(server, 'POST', '/api/me/passkeys/options', {
    cookie,
    body: { password: 'not-the-password' },
  });
  expect(wrong.json).toEqual({
    error: expect.objectContaining({ message: MESSAGES.currentPasswordWrong, field: 'password' }),
  });
  const options = await creationOptions(cookie, { password: user.password });
  const added = await call(server, 'POST', '/api/me/passkeys', {
    cookie,
    body: { response: device().register(options) },
  });
  expect(added.status).toBe(201);
});

test('registration refusals change nothing: another origin, no user verification, an expired or replayed challenge', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  const post = (response: unknown) =>
    call(server, 'POST', '/api/me/passkeys', { cookie, body: { response } });

  const elsewhere = await post(
    authenticator.register(await creationOptions(cookie), {
      origin: 'http://localhost.evil.example',
    }),
  );
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.json).toEqual(refusal(PASSKEY_MESSAGES.wrongOrigin));

  const unverified = await post(
    authenticator.register(await creationOptions(cookie), { uv: false }),
  );
  expect(unverified.json).toEqual(refusal(PASSKEY_MESSAGES.userNotVerified));

  const late = await creationOptions(cookie);
  await server.app.db
    .updateTable('passkey_challenges')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  const expired = await post(authenticator.register(late));
  expect(expired.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));

  // A challenge made up by the browser, or one handed to a sign-in, is no registration's.
  const made = await post(
    authenticator.register(await creationOptions(cookie), { challenge: 'bm90LWEtY2hhbGxlbmdl' }),
  );
  expect(made.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));
  const signInChallenge = await signInOptions();
  const borrowed = await post(
    authenticator.register(await creationOptions(cookie), {
      challenge: signInChallenge.challenge,
    }),
  );
  expect(borrowed.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));
  expect(await passkeysOf(user.id)).toEqual([]);

  const good = authenticator.register(await creationOptions(cookie));
  expect((await post(good)).status).toBe(201);
  const replayed = await post(good);
  expect(replayed.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));
  expect(await passkeysOf(user.id)).toHaveLength(1);
});

test('a credential already registered is refused, to this account and to another', async () => {
  const ann = await account();
  const bob = await account();
  const authenticator = device();
  expect((await addPasskey(ann.cookie, authenticator)).status).toBe(201);
  const credential = authenticator.credentials[0]!;

  const annOptions = await creationOptions(ann.cookie);
  // The browser is told which passkeys the account has, so it offers to make a new one.
  expect(annOptions.excludeCredentials.map((c) => c.id)).toEqual([
    credential.id.toString('base64url'),
  ]);
  const twice = await call(server, 'POST', '/api/me/passkeys', {
    cookie: ann.cookie,
    body: { response: authenticator.attest(credential, annOptions) },
  });
  expect(twice.status).toBe(409);
  expect(twice.json).toEqual(refusal(PASSKEY_MESSAGES.alreadyAdded));

  const stolen = await call(server, 'POST', '/api/me/passkeys', {
    cookie: bob.cookie,
    body: { response: authenticator.attest(credential, await creationOptions(bob.cookie)) },
  });
  expect(stolen.status).toBe(409);
  expect(stolen.json).toEqual(refusal(PASSKEY_MESSAGES.otherAccount));
  expect(await passkeysOf(bob.user.id)).toEqual([]);
});

test('an account keeps at most ten passkeys', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  for (let i = 0; i < 10; i++) expect((await addPasskey(cookie, authenticator)).status).toBe(201);
  const eleventh = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
  expect(eleventh.status).toBe(409);
  expect(eleventh.json).toEqual(refusal(PASSKEY_MESSAGES.tooMany));
  expect(await passkeysOf(user.id)).toHaveLength(10);
});

test('sign-in refusals: another origin, a replayed assertion, no user verification, an expired challenge', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  await addPasskey(cookie, authenticator);
  const before = await passkeysOf(user.id);

  const elsewhere = await signIn(
    authenticator.assert(await signInOptions(), { origin: 'https://phish.example' }),
  );
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.json).toEqual(refusal(PASSKEY_MESSAGES.wrongOrigin));
  expect(elsewhere.sessionCookie).toBeUndefined();

  const unverified = await signIn(authenticator.assert(await signInOptions(), { uv: false }));
  expect(unverified.json).toEqual(refusal(PASSKEY_MESSAGES.userNotVerified));

  const late = await signInOptions();
  await server.app.db
    .updateTable('passkey_challenges')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  const expired = await signIn(authenticator.assert(late));
  expect(expired.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));
  expect(await passkeysOf(user.id)).toEqual(before);

  const good = authenticator.assert(await signInOptions());
  expect((await signIn(good)).status).toBe(200);
  const replayed = await signIn(good);
  expect(replayed.status).toBe(400);
  expect(replayed.json).toEqual(refusal(PASSKEY_MESSAGES.challengeExpired));
  expect(replayed.sessionCookie).toBeUndefined();
});

test('a removed passkey no longer signs in; another account’s user handle is refused', async () => {
  const ann = await account();
  const bob = await account();
  const authenticator = device();
  const added = await addPasskey(ann.cookie, authenticator);
  const { id } = (added.json as { passkey: { id: string } }).passkey;

  const impostor = await signIn(
    authenticator.assert(await signInOptions(), {
      userHandle: Buffer.from(bob.user.id).toString('base64url'),
    }),
  );
  expect(impostor.status).toBe(400);
  expect(impostor.json).toEqual(refusal(PASSKEY_MESSAGES.otherAccount));

  await call(server, 'DELETE', `/api/me/passkeys/${id}`, { cookie: ann.cookie });
  const removed = await signIn(authenticator.assert(await signInOptions()));
  expect(removed.status).toBe(401);
  expect(removed.json).toEqual(refusal(PASSKEY_MESSAGES.unknownPasskey));
  expect(removed.sessionCookie).toBeUndefined();
});

test('the counter: a synced passkey stays at 0 and signs in each time; one that goes backwards is refused', async () => {
  const synced = await account();
  const cloud = device(true);
  const added = await addPasskey(synced.cookie, cloud);
  expect(added.json).toMatchObject({ passkey: { synced: true } });
  for (let i = 0; i < 2; i++)
    expect((await signIn(cloud.assert(await signInOptions()))).status).toBe(200);
  const [row] = await passkeysOf(synced.user.id);
  expect(Number(row?.counter)).toBe(0);
  expect(row?.backup_eligible).toBe(1);

  const { user, cookie } = await account();
  const key = device();
  await addPasskey(cookie, key);
  expect((await signIn(key.assert(await signInOptions(), { counter: 5 }))).status).toBe(200);
  const copied = await signIn(key.assert(await signInOptions(), { counter: 5 }));
  expect(copied.json).toEqual(refusal(PASSKEY_MESSAGES.counterBackwards));
  const backwards = await signIn(key.assert(await signInOptions(), { counter: 2 }));
  expect(backwards.json).toEqual(refusal(PASSKEY_MESSAGES.counterBackwards));
  expect(Number((await passkeysOf(user.id))[0]?.counter)).toBe(5);
});

test('a disabled account is not signed in by its passkey', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  await addPasskey(cookie, authenticator);
  await server.app.db
    .updateTable('users')
    .set({ disabled_at: new Date().toISOString(), disabled_reason: 'test' })
    .where('id', '=', user.id)
    .execute();
  const res = await signIn(authenticator.assert(await signInOptions()));
  expect(res.status).toBe(403);
  expect(res.json).toEqual(refusal(MESSAGES.accountDisabled));
  expect(res.sessionCookie).toBeUndefined();
});

test('a password reset leaves the passkeys, which still sign in', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  await addPasskey(cookie, authenticator);
  const reset = await call(server, 'POST', '/api/auth/password-reset', {
    body: { email: user.email },
    headers: fromAddress(nextAddress()),
  });
  expect(reset.status).toBe(202);
  const mail = await sink.waitFor((m) => m.to === user.email && m.subject.startsWith('Reset'));
  const token = /token=([\w-]+)/.exec(mail.text)?.[1];
  const confirmed = await call(server, 'POST', '/api/auth/password-reset/confirm', {
    body: { token, password: 'quartz-meadow-kettle-88' },
  });
  expect(confirmed.status).toBe(204);
  expect(await passkeysOf(user.id)).toHaveLength(1);
  expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200);
});

test('malformed answers are refused by their shape before anything is looked up', async () => {
  const { cookie } = await account();
  for (const response of [
    null,
    {},
    { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} },
    {
      id: 'not base64url!',
      rawId: 'x',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    },
  ]) {
    const res = await call(server, 'POST', '/api/me/passkeys', { cookie, body: { response } });
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toBe(
      PASSKEY_MESSAGES.answerInvalid,
    );
  }
  const notJson = await call(server, 'POST', '/api/me/passkeys', {
    cookie,
    body: {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'oA' },
      },
    },
  });
  expect(notJson.json).toEqual(refusal(PASSKEY_MESSAGES.answerInvalid));
});

test('the data export lists the passkeys by name without their keys; deleting the account takes them', async () => {
  const { user, cookie } = await account();
  const authenticator = device();
  await addPasskey(cookie, authenticator, 'Phone');
  const exported = await call(server, 'GET', '/api/me/export', { cookie });
  expect((exported.json as { passkeys: unknown }).passkeys).toEqual([
    { name: 'Phone', createdAt: expect.any(String), lastUsedAt: null, synced: false },
  ]);
  const [row] = await passkeysOf(user.id);
  const text = JSON.stringify(exported.json);
  expect(text).not.toContain(row!.credential_id);
  expect(text).not.toContain(row!.public_key);

  await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
  const deleted = await call(server, 'DELETE', '/api/me', {
    cookie,
    body: { password: user.password },
  });
  expect(deleted.status).toBe(204);
  expect(await passkeysOf(user.id)).toEqual([]);
  const challenges = await server.app.db
    .selectFrom('passkey_challenges')
    .select('user_id')
    .where('user_id', '=', user.id)
    .execute();
  expect(challenges).toEqual([]);
});
