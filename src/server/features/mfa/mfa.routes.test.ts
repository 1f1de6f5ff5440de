/**
 * An admin's authenticator at the API: enrolment with a code computed from the offered secret, a
 * code refused the second time, recovery codes that work once, lock-out after wrong codes, the
 * step-up window, the secret sealed at rest, and every attempt in the audit log.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadMfaKey, seal } from './mfa-key';
import { savePendingMfa } from './mfa.repository';
import { issueEnrolmentCode } from './mfa.service';
import { matchTotpStep, newTotpSecret, totpCode } from './totp';
import { mailListSecret } from '#server/features/mail-lists/list-tokens';
import { markPending, setMemberState } from '#server/features/mail-lists/members.repository';
import { call, createUser, loginAs, TEST_TOTP_SECRET, type TestUser } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const STEP_MS = 30_000;

async function newAdmin(): Promise<{ admin: TestUser; cookie: string }> {
  const admin = await createUser(server, { adminRank: 10 });
  return { admin, cookie: await loginAs(server, admin, { mfa: 'none' }) };
}

/** What `npm run admin -- set-rank` prints for an admin without an authenticator. */
async function enrolmentCodeFor(userId: string): Promise<string> {
  const code = await issueEnrolmentCode(server.app.db, userId);
  if (!code) throw new Error('no enrolment code: the admin has an authenticator');
  return code;
}

async function auditRows(userId: string) {
  return server.app.db
    .selectFrom('audit_log')
    .select(['action', 'outcome', 'details'])
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();
}

test('an admin enrols: the desk stays shut until a code from the offered secret confirms it', async () => {
  const { admin, cookie } = await newAdmin();
  const shut = await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
    cookie,
  });
  expect(shut.status).toBe(403);
  expect(shut.json).toEqual({
    error: {
      status: 'mfa-required',
      message: 'Enter a code from your authenticator app to open the desk.',
    },
  });
  expect((await call(server, 'GET', '/api/admin/mfa', { cookie })).json).toMatchObject({
    enrolled: false,
    verifiedAt: null,
  });

  const enrolmentCode = await enrolmentCodeFor(admin.id);
  const offered = await call(server, 'POST', '/api/admin/mfa/enrolment', {
    cookie,
    body: { enrolmentCode: enrolmentCode.toUpperCase() },
  });
  expect(offered.status).toBe(201);
  const { secret, uri } = offered.json as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  // Sealed at rest: the stored value is not the secret, nor does it contain it.
  const row = await server.app.db
    .selectFrom('admin_mfa')
    .selectAll()
    .where('user_id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(row.secret_sealed).not.toContain(secret);
  expect(row.confirmed_at).toBeNull();

  const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
  const refused = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: wrong },
  });
  expect(refused.status).toBe(400);
  expect(refused.json).toMatchObject({ error: { field: 'code' } });

  const confirmed = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: totpCode(secret) },
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  // Stored hashed: no code appears in storage as it was shown.
  const stored = await server.app.db
    .selectFrom('mfa_recovery_codes')
    .select('code_hash')
    .where('user_id', '=', admin.id)
    .execute();
  expect(stored).toHaveLength(10);
  for (const code of recoveryCodes)
    expect(stored.map((r) => r.code_hash)).not.toContain(code.replace(/-/g, ''));

  const open = await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
    cookie,
  });
  expect(open.status).toBe(200);
  expect(open.headers.get('cache-control')).toBe('no-store');
  expect(await auditRows(admin.id)).toEqual([
    expect.objectContaining({ action: 'mfa.enrolment-start', outcome: 'success' }),
    expect.objectContaining({ action: 'mfa.enrolment-confirm', outcome: 'failure' }),
    expect.objectContaining({ action: 'mfa.enrolment-confirm', outcome: 'success' }),
  ]);
  // The codes entered are never in the log.
  for (const entry of await auditRows(admin.id)) expect(entry.details).not.toMatch(/\d{6}/);
});

test('a code is accepted once: the same code again, or an older one, is refused', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin); // enrolled with TEST_TOTP_SECRET
  const otherTab = await loginAs(server, admin, { mfa: 'none' });
  const now = Date.now();
  const code = totpCode(TEST_TOTP_SECRET, now);
  expect(matchTotpStep(TEST_TOTP_SECRET, code, now)).not.toBeNull();
  const first = await call(server, 'POST', '/api/admin/mfa/verify', { cookie, body: { code } });
  expect(first.status).toBe(200);
  const replay = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: otherTab,
    body: { code },
  });
  expect(replay.status).toBe(400);
  const older = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: otherTab,
    body: { code: totpCode(TEST_TOTP_SECRET, now - STEP_MS) },
  });
  expect(older.status).toBe(400);
  expect(
    (
      await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
        cookie: otherTab,
      })
    ).status,
  ).toBe(403);
  const next = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: otherTab,
    body: { code: totpCode(TEST_TOTP_SECRET, now + STEP_MS) },
  });
  expect(next.status).toBe(200);
  expect(
    (
      await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
        cookie: otherTab,
      })
    ).status,
  ).toBe(200);
});

test('a recovery code opens the desk once, and only for its own admin', async () => {
  const { admin, cookie } = await newAdmin();
  const { secret } = (
    await call(server, 'POST', '/api/admin/mfa/enrolment', {
      cookie,
      body: { enrolmentCode: await enrolmentCodeFor(admin.id) },
    })
  ).json as { secret: string };
  const { recoveryCodes } = (
    await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
      cookie,
      body: { code: totpCode(secret) },
    })
  ).json as { recoveryCodes: string[] };
  const [code = ''] = recoveryCodes;
  const other = await createUser(server, { adminRank: 10 });
  const otherCookie = await loginAs(server, other);
  const stranger = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: await loginAs(server, other, { mfa: 'none' }),
    body: { recoveryCode: code },
  });
  expect(stranger.status).toBe(400);
  expect(otherCookie).toBeTruthy();

  const newTab = await loginAs(server, admin, { mfa: 'none' });
  const used = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: newTab,
    body: { recoveryCode: code.toUpperCase() },
  });
  expect(used.status).toBe(200);
  expect(used.json).toMatchObject({ recoveryCodesLeft: 9 });
  const again = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: await loginAs(server, admin, { mfa: 'none' }),
    body: { recoveryCode: code },
  });
  expect(again.status).toBe(400);
  expect(again.json).toMatchObject({ error: { field: 'recoveryCode' } });
});

test('without the enrolment code the command line printed, no set-up starts and no key is shown', async () => {
  const { admin, cookie } = await newAdmin();
  const start = (body?: unknown) =>
    call(server, 'POST', '/api/admin/mfa/enrolment', { cookie, body });
  const pending = () =>
    server.app.db
      .selectFrom('admin_mfa')
      .select('user_id')
      .where('user_id', '=', admin.id)
      .execute();

  const none = await start();
  expect(none.status).toBe(400);
  expect(none.json).toEqual({
    error: {
      status: 'invalid-argument',
      message:
        'Enter the enrolment code the command line printed for you, like abcd-efgh-ijkl-mnop.',
      field: 'enrolmentCode',
    },
  });
  expect(none.json).not.toHaveProperty('secret');
  // A made-up code, and a real one of another admin, open nothing either.
  const other = await createUser(server, { adminRank: 10 });
  for (const enrolmentCode of ['abcd-efgh-ijkl-mnop', await enrolmentCodeFor(other.id)]) {
    const refused = await start({ enrolmentCode });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { field: 'enrolmentCode' } });
    expect(refused.json).not.toHaveProperty('secret');
  }
  expect(await pending()).toEqual([]);

  // An expired code is refused too.
  const code = await enrolmentCodeFor(admin.id);
  await server.app.db
    .updateTable('mfa_enrolment_codes')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();
  expect((await start({ enrolmentCode: code })).status).toBe(400);

  // A fresh one works once: after the set-up is confirmed it is used up.
  const fresh = await enrolmentCodeFor(admin.id);
  const offered = await start({ enrolmentCode: fresh });
  expect(offered.status).toBe(201);
  const { secret } = offered.json as { secret: string };
  const confirmed = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: totpCode(secret) },
  });
  expect(confirmed.status).toBe(200);
  expect(
    await server.app.db
      .selectFrom('mfa_enrolment_codes')
      .select('user_id')
      .where('user_id', '=', admin.id)
      .execute(),
  ).toEqual([]);
});

test('a set-up offered without an enrolment code (before codes existed) cannot be confirmed', async () => {
  const { admin, cookie } = await newAdmin();
  const secret = newTotpSecret();
  await savePendingMfa(server.app.db, admin.id, seal(loadMfaKey(server.config), secret));
  const refused = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: totpCode(secret) },
  });
  expect(refused.status).toBe(409);
  expect((await call(server, 'GET', '/api/admin/mfa', { cookie })).json).toMatchObject({
    enrolled: false,
  });
  // Nor once the command line printed a code for the owner: that old offer is gone.
  await enrolmentCodeFor(admin.id);
  const still = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: totpCode(secret, Date.now() + 30_000) },
  });
  expect(still.status).toBe(409);
});

test('five wrong codes lock further tries out with 429 and Retry-After, the right code too', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  await loginAs(server, admin);
  const cookie = await loginAs(server, admin, { mfa: 'none' });
  const wrong = String((Number(totpCode(TEST_TOTP_SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
  for (let i = 0; i < 5; i++) {
    const res = await call(server, 'POST', '/api/admin/mfa/verify', {
      cookie,
      body: { code: wrong },
    });
    expect(res.status).toBe(400);
  }
  const locked = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie,
    body: { code: totpCode(TEST_TOTP_SECRET) },
  });
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(
    (await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', { cookie }))
      .status,
  ).toBe(403);
  const outcomes = (await auditRows(admin.id)).map((row) => `${row.action} ${row.outcome}`);
  expect(outcomes).toEqual([...Array(6).fill('mfa.verify failure')]);
});

test('a sensitive action needs a code from the last 15 minutes, then goes through', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  await server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 16 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();
  const secret = await mailListSecret(server.app.db);
  const { member } = await markPending(server.app.db, secret, {
    list: 'pitches',
    email: 'reader@example.com',
    userId: null,
  });
  await setMemberState(server.app.db, member.id, 'subscribed');
  const body = { list: 'pitches', subject: 'Step-up', text: 'Needs a fresh code.' };
  const refused = await call(server, 'POST', '/api/admin/newsletters', { cookie, body });
  // A status of its own, told apart from "not allowed" by its name alone.
  expect(refused.status).toBe(403);
  expect(refused.json).toEqual({
    error: {
      status: 'step-up-required',
      message: 'Enter a new code from your authenticator app to do this.',
    },
  });
  // Reading the desk still works: only the sensitive action asks again.
  expect((await call(server, 'GET', '/api/admin/newsletters', { cookie })).status).toBe(200);
  const stepped = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie,
    body: { code: totpCode(TEST_TOTP_SECRET) },
  });
  expect(stepped.status).toBe(200);
  const sent = await call(server, 'POST', '/api/admin/newsletters', { cookie, body });
  expect(sent.status).toBe(201);
  const outcomes = (await auditRows(admin.id)).map((row) => `${row.action} ${row.outcome}`);
  expect(outcomes).toEqual([
    'POST /api/admin/newsletters denied',
    'mfa.verify success',
    'POST /api/admin/newsletters success',
  ]);
});

test("an admin's session ends after 30 idle minutes and after 12 hours; a visitor's does not", async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const visitor = await createUser(server);
  const idleAdmin = await loginAs(server, admin);
  const idleVisitor = await loginAs(server, visitor);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  await server.app.db
    .updateTable('sessions')
    .set({ last_seen_at: minutesAgo(31) })
    .where('user_id', 'in', [admin.id, visitor.id])
    .execute();
  expect((await call(server, 'GET', '/api/me', { cookie: idleAdmin })).json).toEqual({
    user: null,
  });
  expect((await call(server, 'GET', '/api/me', { cookie: idleVisitor })).json).toMatchObject({
    user: { uid: visitor.id },
  });

  const busyAdmin = await loginAs(server, admin);
  const busy = await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
    cookie: busyAdmin,
  });
  expect(busy.status).toBe(200);
  // Active all along, but begun 12 hours ago.
  await server.app.db
    .updateTable('sessions')
    .set({ created_at: minutesAgo(12 * 60 + 1), last_seen_at: minutesAgo(1) })
    .where('user_id', '=', admin.id)
    .execute();
  expect(
    (
      await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
        cookie: busyAdmin,
      })
    ).status,
  ).toBe(401);
});

test('admin log-ins are in the audit log, failed and successful', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const headers = { 'x-forwarded-for': '203.0.113.50' };
  const failed = await call(server, 'POST', '/api/auth/login', {
    headers,
    body: { email: admin.email, password: 'not-the-password-1' },
  });
  expect(failed.status).toBe(401);
  const ok = await call(server, 'POST', '/api/auth/login', {
    headers,
    body: { email: admin.email, password: admin.password },
  });
  expect(ok.status).toBe(200);
  expect((await auditRows(admin.id)).map((row) => `${row.action} ${row.outcome}`)).toEqual([
    'admin.login failure',
    'admin.login success',
  ]);
  // A visitor's log-in is not an admin event.
  const visitor = await createUser(server);
  await call(server, 'POST', '/api/auth/login', {
    body: { email: visitor.email, password: visitor.password },
  });
  expect(await auditRows(visitor.id)).toEqual([]);
});

test("deleting an admin's account deletes its authenticator and recovery codes with it", async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  const codes = await call(server, 'POST', '/api/admin/mfa/recovery-codes', { cookie });
  expect(codes.status).toBe(200);
  const rows = async () => [
    (
      await server.app.db
        .selectFrom('admin_mfa')
        .selectAll()
        .where('user_id', '=', admin.id)
        .execute()
    ).length,
    (
      await server.app.db
        .selectFrom('mfa_recovery_codes')
        .selectAll()
        .where('user_id', '=', admin.id)
        .execute()
    ).length,
  ];
  expect(await rows()).toEqual([1, 10]);
  const deleted = await call(server, 'DELETE', '/api/me', {
    cookie,
    body: { password: admin.password },
  });
  expect(deleted.status).toBe(204);
  expect(await rows()).toEqual([0, 0]);
});

test('wrong codes sent all at once are counted before they are checked: five get an answer', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  await loginAs(server, admin);
  const cookie = await loginAs(server, admin, { mfa: 'none' });
  const wrong = String((Number(totpCode(TEST_TOTP_SECRET)) + 250_000) % 1_000_000).padStart(6, '0');
  const answers = await Promise.all(
    Array.from({ length: 12 }, () =>
      call(server, 'POST', '/api/admin/mfa/verify', { cookie, body: { code: wrong } }),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
});

test('a right code is taken back off the count: only wrong ones lead to the lock-out', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  await loginAs(server, admin);
  const cookie = await loginAs(server, admin, { mfa: 'none' });
  const now = Date.now();
  const wrong = String((Number(totpCode(TEST_TOTP_SECRET, now)) + 333_333) % 1_000_000).padStart(
    6,
    '0',
  );
  const verify = (code: string) =>
    call(server, 'POST', '/api/admin/mfa/verify', { cookie, body: { code } });
  for (let i = 0; i < 4; i++) expect((await verify(wrong)).status).toBe(400);
  expect((await verify(totpCode(TEST_TOTP_SECRET, now))).status).toBe(200);
  expect((await verify(totpCode(TEST_TOTP_SECRET, now + STEP_MS))).status).toBe(200);
  // Four wrong so far: a fifth is still answered, a sixth is locked out.
  expect((await verify(wrong)).status).toBe(400);
  expect((await verify(wrong)).status).toBe(429);
});

test('replacing a working authenticator needs a step-up and keeps the old one until confirmed', async () => {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  const other = await loginAs(server, admin, { mfa: 'none' });
  // Without a recent code, no replacement is offered.
  await server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .where('mfa_verified_at', 'is not', null)
    .execute();
  const refused = await call(server, 'POST', '/api/admin/mfa/enrolment', { cookie });
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ error: { status: 'step-up-required' } });
  const stepped = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie,
    body: { code: totpCode(TEST_TOTP_SECRET) },
  });
  expect(stepped.status).toBe(200);
  const offered = await call(server, 'POST', '/api/admin/mfa/enrolment', { cookie });
  expect(offered.status).toBe(201);
  const { secret } = offered.json as { secret: string };
  // Abandoned half-way: the old authenticator still opens the desk in another session.
  const stillWorks = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: other,
    body: { code: totpCode(TEST_TOTP_SECRET, Date.now() + STEP_MS) },
  });
  expect(stillWorks.status).toBe(200);
  // Confirmed: the new one replaces it, and the old secret's codes no longer open anything.
  const confirmed = await call(server, 'POST', '/api/admin/mfa/enrolment/confirm', {
    cookie,
    body: { code: totpCode(secret, Date.now() + STEP_MS) },
  });
  expect(confirmed.status).toBe(200);
  const third = await loginAs(server, admin, { mfa: 'none' });
  const oldCode = await call(server, 'POST', '/api/admin/mfa/verify', {
    cookie: third,
    body: { code: totpCode(TEST_TOTP_SECRET, Date.now() + 2 * STEP_MS) },
  });
  expect(oldCode.status).toBe(400);
});

test('leaving the admin rank forgets the codes its sessions entered', async () => {
  const owner = await createUser(server, { adminRank: 10 });
  const ownerCookie = await loginAs(server, owner);
  const demoted = await createUser(server, { adminRank: 10 });
  const demotedCookie = await loginAs(server, demoted);
  expect(
    (
      await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
        cookie: demotedCookie,
      })
    ).status,
  ).toBe(200);
  const down = await call(server, 'POST', `/api/admin/accounts/${demoted.id}/rank`, {
    cookie: ownerCookie,
    body: { adminRank: 0 },
  });
  expect(down.status).toBe(200);
  const up = await call(server, 'POST', `/api/admin/accounts/${demoted.id}/rank`, {
    cookie: ownerCookie,
    body: { adminRank: 10 },
  });
  expect(up.status).toBe(200);
  const back = await call(server, 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
    cookie: demotedCookie,
  });
  expect(back.status).toBe(403);
  expect(back.json).toMatchObject({ error: { status: 'mfa-required' } });
});

test('an admin cannot act on an account ranked above their own, nor give a higher rank', async () => {
  const owner = await createUser(server, { adminRank: 1000 });
  const helper = await createUser(server, { adminRank: 10 });
  const visitor = await createUser(server);
  const cookie = await loginAs(server, helper);
  const onOwner = await call(server, 'POST', `/api/admin/accounts/${owner.id}/disable`, {
    cookie,
    body: { reason: 'Taking over' },
  });
  expect(onOwner.status).toBe(403);
  const promote = await call(server, 'POST', `/api/admin/accounts/${visitor.id}/rank`, {
    cookie,
    body: { adminRank: 11 },
  });
  expect(promote.status).toBe(403);
  const owners = await server.app.db
    .selectFrom('users')
    .select(['disabled_at', 'admin_rank'])
    .where('id', 'in', [owner.id, visitor.id])
    .orderBy('admin_rank', 'desc')
    .execute();
  expect(owners).toEqual([
    { disabled_at: null, admin_rank: 1000 },
    { disabled_at: null, admin_rank: 0 },
  ]);
  const equal = await call(server, 'POST', `/api/admin/accounts/${visitor.id}/rank`, {
    cookie,
    body: { adminRank: 10 },
  });
  expect(equal.status).toBe(200);
});
