/**
 * A passkey at the owner's desk: it counts as the second factor and as the step-up, it signs an
 * admin straight into an open desk, and "require a passkey" turns the authenticator app's codes
 * off (a recovery code still works only in a browser that opened the desk before). Passkeys added
 * without a fresh second factor (a visitor's, before promotion) never open the desk, nor does
 * another account's. Every passkey added, used and removed is in the audit log.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import { hashRecoveryCode } from './recovery-codes';
import { replaceRecoveryCodes } from './mfa.repository';
import { totpCode } from './totp';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  TEST_TOTP_SECRET,
  type TestUser,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { SoftAuthenticator } from '#test-support/soft-authenticator';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicHost: 'localhost', env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

const DESK = '/api/admin/traffic?from=2026-11-01&to=2026-11-30';

function device() {
  return new SoftAuthenticator(server.config.publicUrl);
}

/** The cookie header a browser would send after these answers (the session's and the device's). */
function withCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split('; ').map((pair) => pair.split('=') as [string, string]));
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (value) jar.set(name.trim(), value.trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Makes the session's last code 20 minutes old: the desk is open, sensitive actions ask again. */
async function staleStepUp(user: TestUser) {
  await server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
}

async function addPasskey(cookie: string, authenticator: SoftAuthenticator) {
  const options = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
  if (options.status !== 200) return options;
  return call(server, 'POST', '/api/me/passkeys', {
    cookie,
    body: {
      response: authenticator.register((options.json as { options: never }).options),
      name: 'Desk phone',
    },
  });
}

async function deskAssertion(cookie: string, authenticator: SoftAuthenticator, tweaks = {}) {
  const options = await call(server, 'POST', '/api/admin/mfa/passkey-options', { cookie });
  expect(options.status, JSON.stringify(options.json)).toBe(200);
  return authenticator.assert((options.json as { options: never }).options, tweaks);
}

/** An admin with the app set up and a desk passkey, and a fresh session of theirs. */
async function adminWithPasskey() {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  const authenticator = device();
  const added = await addPasskey(cookie, authenticator);
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  return { admin, cookie, authenticator };
}

async function auditActions(userId: string) {
  const rows = await server.app.db
    .selectFrom('audit_log')
    .select(['action', 'outcome', 'details'])
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as unknown }));
}

test('an admin adds a desk passkey only with a fresh second factor, and it is in the audit log', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  await staleStepUp(admin);
  const refused = await addPasskey(cookie, device());
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ error: { status: 'step-up-required' } });

  const fresh = await loginAs(server, admin);
  const added = await addPasskey(fresh, device());
  expect(added.json).toMatchObject({ passkey: { name: 'Desk phone', desk: true } });
  expect(await auditActions(admin.id)).toEqual([
    expect.objectContaining({ action: 'passkey.add', outcome: 'success' }),
  ]);
  expect((await call(server, 'GET', '/api/admin/mfa', { cookie: fresh })).json).toMatchObject({
    passkeys: 1,
    passkeyRequired: false,
  });
});

test('a passkey opens the desk in a session that logged in with the password', async () => {
  const { admin, authenticator } = await adminWithPasskey();
  const cookie = await loginAs(server, admin, { mfa: 'none' });
  expect((await call(server, 'GET', DESK, { cookie })).json).toMatchObject({
    error: { status: 'mfa-required' },
  });
  const verified = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie,
    body: { passkey: await deskAssertion(cookie, authenticator) },
  });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  expect(verified.json).toMatchObject({ verifiedAt: expect.any(String), passkeys: 1 });
  expect((await call(server, 'GET', DESK, { cookie })).status).toBe(200);
  expect(await auditActions(admin.id)).toContainEqual(
    expect.objectContaining({
      action: 'mfa.verify',
      outcome: 'success',
      details: { method: 'passkey', name: 'Desk phone' },
    }),
  );
});

test('signing in with a desk passkey opens the desk at once; a visitor’s passkey never does', async () => {
  const { admin, authenticator } = await adminWithPasskey();
  const options = await call(server, 'POST', '/api/auth/passkey/options', {
    headers: fromAddress(nextAddress()),
  });
  const signedIn = await call(server, 'POST', '/api/auth/passkey', {
    body: { response: authenticator.assert((options.json as { options: never }).options) },
    headers: fromAddress(nextAddress()),
  });
  expect(signedIn.status).toBe(200);
  const cookie = withCookies('', signedIn.setCookies);
  expect((await call(server, 'GET', DESK, { cookie })).status).toBe(200);
  expect(await auditActions(admin.id)).toContainEqual(
    expect.objectContaining({
      action: 'admin.login',
      outcome: 'success',
      details: { method: 'passkey', name: 'Desk phone' },
    }),
  );

  // Added as a visitor, with the password alone, then made an admin: it signs in, nothing more.
  const promoted = await createUser(server);
  const visitorKey = device();
  expect((await addPasskey(await loginAs(server, promoted), visitorKey)).status).toBe(201);
  await server.app.db
    .updateTable('users')
    .set({ admin_rank: 10 })
    .where('id', '=', promoted.id)
    .execute();
  const again = await call(server, 'POST', '/api/auth/passkey/options', {
    headers: fromAddress(nextAddress()),
  });
  const visitorSignIn = await call(server, 'POST', '/api/auth/passkey', {
    body: { response: visitorKey.assert((again.json as { options: never }).options) },
    headers: fromAddress(nextAddress()),
  });
  const visitorCookie = withCookies('', visitorSignIn.setCookies);
  expect((await call(server, 'GET', DESK, { cookie: visitorCookie })).json).toMatchObject({
    error: { status: 'mfa-required' },
  });
  const none = await call(server, 'POST', '/api/admin/mfa/passkey-options', {
    cookie: visitorCookie,
  });
  expect(none.status).toBe(409);
  expect(none.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.noDeskPasskey } });
});

test('the desk refuses another account’s passkey, another admin’s challenge and a replay', async () => {
  const ann = await adminWithPasskey();
  const bob = await adminWithPasskey();
  const cookie = await loginAs(server, ann.admin, { mfa: 'none' });
  const verify = (passkey: unknown) =>
    call(server, 'POST', '/api/admin/mfa/verify', { cookie, body: { passkey } });

  // Bob's passkey answering Ann's challenge.
  const annOptions = await call(server, 'POST', '/api/admin/mfa/passkey-options', { cookie });
  const foreign = await verify(
    bob.authenticator.assert((annOptions.json as { options: never }).options, {
      credential: bob.authenticator.credentials[0],
    }),
  );
  expect(foreign.status).toBe(400);
  expect(foreign.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.notForDesk } });

  // Ann's passkey answering a challenge handed to Bob's session.
  const bobCookie = await loginAs(server, bob.admin, { mfa: 'none' });
  const bobOptions = await call(server, 'POST', '/api/admin/mfa/passkey-options', {
    cookie: bobCookie,
  });
  const borrowed = await verify(
    ann.authenticator.assert((bobOptions.json as { options: never }).options, {
      credential: ann.authenticator.credentials[0],
    }),
  );
  expect(borrowed.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.challengeExpired } });

  const unverified = await verify(await deskAssertion(cookie, ann.authenticator, { uv: false }));
  expect(unverified.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.userNotVerified } });
  expect((await call(server, 'GET', DESK, { cookie })).status).toBe(403);

  const good = await deskAssertion(cookie, ann.authenticator);
  expect((await verify(good)).status).toBe(200);
  const replay = await verify(good);
  expect(replay.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.challengeExpired } });
});

test('a passkey is the step-up before a sensitive action', async () => {
  const { admin, authenticator } = await adminWithPasskey();
  const cookie = await loginAs(server, admin);
  await staleStepUp(admin);
  const asked = await call(server, 'POST', '/api/admin/mfa/recovery-codes', { cookie });
  expect(asked.json).toMatchObject({ error: { status: 'step-up-required' } });
  const stepUp = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie,
    body: { passkey: await deskAssertion(cookie, authenticator) },
  });
  expect(stepUp.status).toBe(200);
  const done = await call(server, 'POST', '/api/admin/mfa/recovery-codes', { cookie });
  expect(done.status).toBe(200);
});

test('"require a passkey" turns the app off: codes refused, other sessions asked again, recovery only in a known browser', async () => {
  const { admin, cookie: first, authenticator } = await adminWithPasskey();
  const codes = ['aaaa-bbbb-cccc-dddd-eeee-ffff', 'bbbb-cccc-dddd-eeee-ffff-gggg'];
  await replaceRecoveryCodes(server.app.db, admin.id, codes.map(hashRecoveryCode));
  const other = await loginAs(server, admin); // opened with the app's code, say

  // Turning it on needs a passkey answering now, not just any step-up.
  const without = await call(server, 'PUT', '/api/admin/mfa/passkey-required', {
    cookie: first,
    body: { required: true },
  });
  expect(without.status).toBe(400);
  const on = await call(server, 'PUT', '/api/admin/mfa/passkey-required', {
    cookie: first,
    body: { required: true, passkey: await deskAssertion(first, authenticator) },
  });
  expect(on.status, JSON.stringify(on.json)).toBe(200);
  expect(on.json).toMatchObject({ passkeyRequired: true, verifiedAt: expect.any(String) });
  const knownBrowser = withCookies(first, on.setCookies);
  expect((await call(server, 'GET', DESK, { cookie: knownBrowser })).status).toBe(200);
  expect((await call(server, 'GET', DESK, { cookie: other })).json).toMatchObject({
    error: { status: 'mfa-required' },
  });

  const code = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: other,
    body: { code: totpCode(TEST_TOTP_SECRET) },
  });
  expect(code.status).toBe(409);
  expect(code.json).toMatchObject({
    error: { message: PASSKEY_MESSAGES.passkeyOnly, field: 'code' },
  });
  const stranger = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: other,
    body: { recoveryCode: codes[0] },
  });
  expect(stranger.json).toMatchObject({
    error: { message: PASSKEY_MESSAGES.recoveryNeedsKnownBrowser, field: 'recoveryCode' },
  });
  expect((await call(server, 'GET', DESK, { cookie: other })).status).toBe(403);
  const appAgain = await call(server, 'POST', '/api/admin/mfa/enrolment', {
    cookie: knownBrowser,
    body: {},
  });
  expect(appAgain.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.appOff } });

  // The browser that opened the desk before: a recovery code works there (the phone is lost).
  const later = withCookies(await loginAs(server, admin, { mfa: 'none' }), on.setCookies);
  const recovered = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: later,
    body: { recoveryCode: codes[0] },
  });
  expect(recovered.status, JSON.stringify(recovered.json)).toBe(200);

  // The last desk passkey stays while the desk requires one.
  const [passkey] = (
    (await call(server, 'GET', '/api/me/passkeys', { cookie: later })).json as {
      passkeys: { id: string }[];
    }
  ).passkeys;
  const remove = await call(server, 'DELETE', `/api/me/passkeys/${passkey!.id}`, {
    cookie: later,
  });
  expect(remove.status).toBe(409);
  expect(remove.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.lastDeskPasskey } });

  const off = await call(server, 'PUT', '/api/admin/mfa/passkey-required', {
    cookie: later,
    body: { required: false },
  });
  expect(off.json).toMatchObject({ passkeyRequired: false });
  const codeAgain = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: other,
    body: { code: totpCode(TEST_TOTP_SECRET, Date.now() + 30_000) },
  });
  expect(codeAgain.status, JSON.stringify(codeAgain.json)).toBe(200);
  expect(
    (await call(server, 'DELETE', `/api/me/passkeys/${passkey!.id}`, { cookie: later })).status,
  ).toBe(204);
  const actions = (await auditActions(admin.id)).map((row) => `${row.action} ${row.outcome}`);
  expect(actions).toEqual(
    expect.arrayContaining([
      'passkey.add success',
      'mfa.passkey-required failure',
      'mfa.passkey-required success',
      'mfa.verify failure',
      'passkey.remove failure',
      'passkey.remove success',
    ]),
  );
});
