/**
 * Who may call what, over every /api route the app registers: anonymous, a user (rank 0), rank 3
 * (developer logging), and three admins (rank 10): one whose session entered no authenticator code,
 * one that entered one 20 minutes ago (the desk opens, sensitive actions need a new code), and one
 * that entered one just now (past the step-up). A refusal that a code would lift is told apart by
 * its status name (`403 mfa-required`, `403 step-up-required`), a plain refusal is the bare code. A
 * route added without a line in ROUTES fails the first test, so the matrix stays complete. A user aiming at another user's data through /api/me:
 * features/accounts/me-authorization.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import {
  createEmailVerification,
  createPasswordReset,
} from '#server/features/accounts/links.repository';
import {
  confirmToken,
  mailListSecret,
  unsubscribeToken,
} from '#server/features/mail-lists/list-tokens';
import { markPending, setMemberState } from '#server/features/mail-lists/members.repository';
import { insertMessage } from '#server/features/assistant/assistant.repository';
import { joinErrorGroup } from '#server/features/error-reports/error-groups.repository';
import { insertErrorReport } from '#server/features/error-reports/error-reports.repository';
import { insertSubmission } from '#server/features/submissions/submissions.repository';
import { loadMfaKey, seal } from '#server/features/mfa/mfa-key';
import { saveEnrolmentCode, savePendingMfa } from '#server/features/mfa/mfa.repository';
import { hashRecoveryCode } from '#server/features/mfa/recovery-codes';
import { issueEnrolmentCode } from '#server/features/mfa/mfa.service';
import { newTotpSecret, totpCode } from '#server/features/mfa/totp';
import { hashToken } from '#server/features/accounts/tokens';
import {
  call,
  createUser,
  TEST_TOTP_SECRET,
  fromAddress,
  loginAs,
  nextAddress,
  signUpPayload,
  type TestUser,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { SoftAuthenticator } from '#test-support/soft-authenticator';
import { insertPasskey } from '#server/features/passkeys/passkeys.repository';
import { needsAuthenticatorCode } from '#shared/api-errors';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

const ROLES = [
  'anonymous',
  'user',
  'rank 3',
  'admin without MFA',
  'admin with MFA',
  'admin past step-up',
] as const;
type Role = (typeof ROLES)[number];

const RANKS: Record<Exclude<Role, 'anonymous'>, number> = {
  user: 0,
  'rank 3': 3,
  'admin without MFA': 10,
  'admin with MFA': 10,
  'admin past step-up': 10,
};

interface Caller {
  /** The role's own account (anonymous callers get one too, used only in bodies). */
  user: TestUser;
  cookie: string | undefined;
}

/** The HTTP status, or for a refusal a code would lift, the status and its name. */
type Answer = number | '403 mfa-required' | '403 step-up-required';

interface RouteCase {
  /** What the request sends, for this caller. */
  request?: (caller: Caller) => Promise<{ path?: string; body?: unknown }>;
  /** Expected answer per role. */
  expect: Record<Role, Answer>;
  /** Streams (SSE) are read up to their headers only. */
  stream?: boolean;
}

const everyone = (status: number): Record<Role, Answer> => ({
  anonymous: status,
  user: status,
  'rank 3': status,
  'admin without MFA': status,
  'admin with MFA': status,
  'admin past step-up': status,
});
const signedIn = (status: number): Record<Role, Answer> => ({
  ...everyone(status),
  anonymous: 401,
});
/** The admin's own security routes: adminRank above 9, with or without a code entered. */
const adminRank = (status: number): Record<Role, Answer> => ({
  ...everyone(status),
  anonymous: 401,
  user: 403,
  'rank 3': 403,
});
/** The desk: an admin whose session entered an authenticator code. */
const admin = (status: number): Record<Role, Answer> => ({
  ...adminRank(status),
  'admin without MFA': '403 mfa-required',
});
/** Sensitive actions: an admin whose session entered a code in the last 15 minutes. */
const sensitive = (status: number): Record<Role, Answer> => ({
  ...admin(status),
  'admin with MFA': '403 step-up-required',
});

const NEW_PASSWORD = 'cobalt-lantern-river-6';

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

/** A fresh assistant message waiting for its start, an hour from now. */
async function scheduledMessageId(): Promise<string> {
  const owner = await createUser(server, { adminRank: 10 });
  const message = await insertMessage(server.app.db, {
    text: 'Scheduled by the matrix',
    pages: ['home'],
    createdBy: owner.id,
    startsAt: new Date(inAnHour()),
  });
  return message.id;
}

/** A fresh newsletter member (confirmed unless pending) and the tokens its mails would carry. */
async function listMember(state: 'pending' | 'subscribed' = 'subscribed') {
  const secret = await mailListSecret(server.app.db);
  const { member } = await markPending(server.app.db, secret, {
    list: 'newsletter',
    email: `matrix-${randomUUID()}@example.com`,
    userId: null,
  });
  if (state === 'subscribed') await setMemberState(server.app.db, member.id, 'subscribed');
  return {
    unsubscribe: unsubscribeToken(secret, member.id),
    confirm: confirmToken(secret, member.id, member.confirm_nonce ?? ''),
  };
}

/** A purchase record of the user's in the given stored status, shared on TradingView unless requested. */
async function accessRecord(userId: string, status: 'requested' | 'active' | 'revoked') {
  const id = randomUUID();
  const now = Date.now();
  await server.app.db
    .insertInto('product_access')
    .values({
      id,
      user_id: userId,
      product: 'portfolio',
      kind: 'purchase',
      platform_username: 'matrix_trader',
      platform_username_key: 'matrix_trader',
      status,
      starts_at: status === 'requested' ? null : new Date(now - 86_400_000).toISOString(),
      ends_at: status === 'requested' ? null : new Date(now + 86_400_000).toISOString(),
      created_at: new Date(now).toISOString(),
      removed_at: null,
    })
    .execute();
  return id;
}

/** A passkey of the user's, straight into storage, and the software authenticator holding it. */
async function storedPasskey(userId: string) {
  const device = new SoftAuthenticator(server.config.publicUrl);
  device.register({ challenge: 'matrix', rp: {}, user: { id: b64url(userId) } });
  const credential = device.credentials[0]!;
  const row = await insertPasskey(server.app.db, {
    userId,
    credentialId: b64url(credential.id),
    publicKey: b64url(credential.cosePublicKey),
    counter: 0,
    transports: ['internal'],
    name: 'Matrix key',
    backupEligible: false,
    backedUp: false,
    desk: false,
  });
  return { device, id: row.id };
}

const b64url = (data: string | Uint8Array) => Buffer.from(data).toString('base64url');

/** What the browser would send to add a passkey: made for the caller's options when it may have them. */
async function newPasskeyBody(cookie: string | undefined) {
  const device = new SoftAuthenticator(server.config.publicUrl);
  const options = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
  const given = (options.json as { options?: Parameters<typeof device.register>[0] }).options;
  return {
    response: device.register(given ?? { challenge: 'matrix', rp: {}, user: { id: 'matrix' } }),
  };
}

/** Adding a passkey: any account in a fresh session; an admin only past a step-up. */
const addingPasskey = (status: number): Record<Role, Answer> => ({
  ...signedIn(status),
  'admin without MFA': '403 step-up-required',
  'admin with MFA': '403 step-up-required',
});

/** `METHOD path` as Fastify registered it → how to call it and what each role gets. */
const ROUTES: Record<string, RouteCase> = {
  'GET /api/health': { expect: everyone(200) },
  'GET /api/health/live': { expect: everyone(200) },
  'GET /api/health/ready': { expect: everyone(200) },
  'GET /api/admin/health': { expect: admin(200) },
  'POST /api/auth/register': {
    request: async () => ({ body: signUpPayload() }),
    expect: everyone(201),
  },
  'POST /api/auth/login': {
    request: async ({ user }) => ({ body: { email: user.email, password: user.password } }),
    expect: everyone(200),
  },
  'POST /api/auth/logout': { expect: everyone(204) },
  'POST /api/auth/password-reset': {
    request: async ({ user }) => ({ body: { email: user.email } }),
    expect: everyone(202),
  },
  'POST /api/auth/password-reset/confirm': {
    request: async ({ user }) => ({
      body: { token: await createPasswordReset(server.app.db, user.id), password: NEW_PASSWORD },
    }),
    expect: everyone(204),
  },
  'POST /api/auth/verify-email': {
    request: async ({ user }) => ({
      body: { token: await createEmailVerification(server.app.db, user.id, user.email) },
    }),
    expect: everyone(200),
  },
  'GET /api/me': { expect: everyone(200) },
  'PATCH /api/me': { request: async () => ({ body: { avatar: 1 } }), expect: signedIn(200) },
  'DELETE /api/me': {
    request: async ({ user }) => ({ body: { password: user.password } }),
    expect: signedIn(204),
  },
  'GET /api/me/export': { expect: signedIn(200) },
  'POST /api/me/email-verification': { expect: signedIn(202) },
  'POST /api/me/password': {
    request: async ({ user }) => ({
      body: { currentPassword: user.password, newPassword: NEW_PASSWORD },
    }),
    expect: signedIn(204),
  },
  'POST /api/me/sessions/revoke-others': { expect: signedIn(200) },
  'GET /api/me/passkeys': { expect: signedIn(200) },
  'POST /api/me/passkeys/options': { expect: addingPasskey(200) },
  'POST /api/me/passkeys': {
    request: async ({ cookie }) => ({ body: await newPasskeyBody(cookie) }),
    expect: addingPasskey(201),
  },
  'PATCH /api/me/passkeys/:id': {
    request: async ({ user }) => ({
      path: `/api/me/passkeys/${(await storedPasskey(user.id)).id}`,
      body: { name: 'Renamed' },
    }),
    expect: signedIn(200),
  },
  'DELETE /api/me/passkeys/:id': {
    request: async ({ user }) => ({
      path: `/api/me/passkeys/${(await storedPasskey(user.id)).id}`,
    }),
    expect: signedIn(204),
  },
  'POST /api/auth/passkey/options': { expect: everyone(200) },
  'POST /api/auth/passkey': {
    request: async ({ user }) => {
      const { device } = await storedPasskey(user.id);
      const options = await call(server, 'POST', '/api/auth/passkey/options', {
        headers: fromAddress(nextAddress()),
      });
      const given = (options.json as { options: Parameters<typeof device.assert>[0] }).options;
      return { body: { response: device.assert(given) } };
    },
    expect: everyone(200),
  },
  'POST /api/nowou/push': {
    request: async () => {
      const id = randomUUID();
      return {
        body: {
          device: 'matrix',
          items: [{ key: `todo-${id}`, value: todo({ id }), baseSeq: null }],
        },
      };
    },
    expect: signedIn(200),
  },
  'GET /api/nowou/pull': {
    request: async () => ({ path: '/api/nowou/pull?after=0' }),
    expect: signedIn(200),
  },
  'GET /api/live': {
    request: async () => ({ path: '/api/live?page=home' }),
    expect: everyone(200),
    stream: true,
  },
  'POST /api/visits': { request: async () => ({ body: { page: 'home' } }), expect: everyone(204) },
  'GET /api/content': {
    request: async () => ({ path: '/api/content?parts=site,about' }),
    expect: everyone(200),
  },
  'GET /api/admin/content': { expect: admin(200) },
  'GET /api/admin/content/:key': {
    request: async () => ({ path: '/api/admin/content/about' }),
    expect: admin(200),
  },
  'PUT /api/admin/content/:key/draft': {
    request: async () => ({
      path: '/api/admin/content/about/draft',
      body: { baseRevision: 1, value: { summary: 'Half typed' } },
    }),
    expect: admin(200),
  },
  'DELETE /api/admin/content/:key/draft': {
    request: async () => ({ path: '/api/admin/content/about/draft' }),
    expect: admin(204),
  },
  // On a base long gone: refused with 409 once the caller may publish at all, so nothing changes.
  'POST /api/admin/content/:key/publish': {
    request: async () => ({
      path: '/api/admin/content/about/publish',
      body: { baseRevision: 0, value: server.app.content.published().values.about },
    }),
    expect: admin(409),
  },
  'GET /api/admin/content/:key/revisions': {
    request: async () => ({ path: '/api/admin/content/about/revisions' }),
    expect: admin(200),
  },
  'GET /api/admin/content/:key/revisions/:revision': {
    request: async () => ({ path: '/api/admin/content/about/revisions/1' }),
    expect: admin(200),
  },
  'POST /api/admin/content/:key/revisions/:revision/restore': {
    request: async () => ({
      path: '/api/admin/content/about/revisions/1/restore',
      body: { baseRevision: 0 },
    }),
    expect: admin(409),
  },
  'GET /api/admin/content/preview/:page': {
    request: async () => ({ path: '/api/admin/content/preview/about?theme=dark' }),
    expect: admin(200),
  },
  'GET /api/admin/traffic': {
    request: async () => ({ path: '/api/admin/traffic?from=2026-11-01&to=2026-11-30' }),
    expect: admin(200),
  },
  'GET /api/admin/traffic/sources': {
    request: async () => ({ path: '/api/admin/traffic/sources?from=2026-11-01&to=2026-11-30' }),
    expect: admin(200),
  },
  'POST /api/errors': {
    request: async () => ({
      body: { error: 'Error: boom', errorName: 'handleLogIn', timestamp: new Date().toISOString() },
    }),
    expect: everyone(201),
  },
  'GET /api/admin/notifications': {
    expect: admin(200),
  },
  'PUT /api/admin/notifications': {
    request: async () => ({ body: { mode: 'daily' } }),
    expect: admin(200),
  },
  'GET /api/admin/errors': {
    expect: admin(200),
  },
  'GET /api/admin/error-groups': {
    expect: admin(200),
  },
  'POST /api/admin/error-groups/:id/state': {
    request: async () => {
      const db = server.app.db;
      const { groupId } = await db
        .transaction()
        .execute((trx) =>
          joinErrorGroup(
            trx,
            { errorName: 'handleLogIn', error: 'Error: matrix', page: null },
            new Date(),
          ),
        );
      return { path: `/api/admin/error-groups/${groupId}/state`, body: { state: 'resolved' } };
    },
    expect: admin(200),
  },
  'DELETE /api/admin/errors/:id': {
    request: async () => ({
      path: `/api/admin/errors/${await insertErrorReport(server.app.db, {
        error: 'Error: matrix',
        errorName: 'handleLogIn',
        page: null,
        userId: null,
      })}`,
    }),
    expect: admin(204),
  },
  'GET /api/admin/assistant-messages': {
    expect: admin(200),
  },
  'POST /api/admin/assistant-messages': {
    request: async () => ({ body: { text: 'Hello from the matrix', pages: ['home'] } }),
    expect: admin(201),
  },
  'DELETE /api/admin/assistant-messages/current': {
    expect: admin(204),
  },
  'GET /api/admin/assistant-messages/scheduled': {
    expect: admin(200),
  },
  'PUT /api/admin/assistant-messages/:id': {
    request: async () => ({
      path: `/api/admin/assistant-messages/${await scheduledMessageId()}`,
      body: { text: 'Moved', pages: ['home'], startsAt: inAnHour() },
    }),
    expect: admin(200),
  },
  'DELETE /api/admin/assistant-messages/:id': {
    request: async () => ({
      path: `/api/admin/assistant-messages/${await scheduledMessageId()}`,
    }),
    expect: admin(204),
  },
  'POST /api/submissions': {
    request: async () => ({
      body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
        name: 'Matrix',
        email: 'matrix@example.com',
        message: 'Hello',
        'Privacy policy': true,
      }),
    }),
    expect: everyone(201),
  },
  'GET /api/admin/submissions': {
    expect: admin(200),
  },
  'DELETE /api/admin/submissions/:id': {
    request: async () => ({
      path: `/api/admin/submissions/${await insertSubmission(server.app.db, {
        type: 'contact',
        userId: null,
        payload: toSubmissionPayload(FORM_DEFINITIONS.contact, { name: 'Matrix' }),
      })}`,
    }),
    expect: admin(204),
  },
  'GET /api/me/products': { expect: signedIn(200) },
  'GET /api/admin/product-access': {
    expect: admin(200),
  },
  'POST /api/admin/product-access/:id/grant': {
    request: async ({ user }) => ({
      path: `/api/admin/product-access/${await accessRecord(user.id, 'requested')}/grant`,
      body: { days: 30 },
    }),
    expect: admin(200),
  },
  'POST /api/admin/product-access/:id/extend': {
    request: async ({ user }) => ({
      path: `/api/admin/product-access/${await accessRecord(user.id, 'active')}/extend`,
      body: { days: 30 },
    }),
    expect: admin(200),
  },
  'POST /api/admin/product-access/:id/revoke': {
    request: async ({ user }) => ({
      path: `/api/admin/product-access/${await accessRecord(user.id, 'active')}/revoke`,
    }),
    expect: admin(200),
  },
  'POST /api/admin/product-access/:id/removed': {
    request: async ({ user }) => ({
      path: `/api/admin/product-access/${await accessRecord(user.id, 'revoked')}/removed`,
    }),
    expect: admin(200),
  },
  // Mail-list links: the token is the authority, whoever holds it (RFC 8058 posts carry no cookie).
  'GET /api/mail/unsubscribe': {
    request: async () => ({
      path: `/api/mail/unsubscribe?token=${encodeURIComponent((await listMember()).unsubscribe)}`,
    }),
    expect: everyone(200),
  },
  'POST /api/mail/unsubscribe': {
    request: async () => ({
      path: `/api/mail/unsubscribe?token=${encodeURIComponent((await listMember()).unsubscribe)}`,
    }),
    expect: everyone(200),
  },
  'POST /api/mail/resubscribe': {
    request: async () => ({
      body: { token: (await listMember()).unsubscribe },
    }),
    expect: everyone(200),
  },
  'GET /api/mail/confirm': {
    request: async () => ({
      path: `/api/mail/confirm?token=${encodeURIComponent((await listMember('pending')).confirm)}`,
    }),
    expect: everyone(200),
  },
  'POST /api/mail/confirm': {
    request: async () => ({
      body: { token: (await listMember('pending')).confirm },
    }),
    expect: everyone(200),
  },
  'POST /api/mail/subscribe': {
    request: async () => ({
      body: { list: 'pitches', email: `matrix-${randomUUID()}@example.com` },
    }),
    expect: everyone(202),
  },
  'GET /api/admin/mail-lists': {
    expect: admin(200),
  },
  'GET /api/admin/newsletters': {
    expect: admin(200),
  },
  'POST /api/admin/newsletters/test': {
    request: async () => ({
      body: { list: 'newsletter', subject: 'Matrix test', text: 'Hello' },
    }),
    expect: admin(202),
  },
  'POST /api/admin/newsletters': {
    request: async () => {
      await listMember(); // someone to send to
      return { body: { subject: 'Matrix issue', text: 'Hello from the matrix.' } };
    },
    expect: sensitive(201),
  },
  'GET /api/admin/mfa': { expect: adminRank(200) },
  'POST /api/admin/mfa/enrolment': {
    // An admin without an authenticator brings the command line's enrolment code.
    request: async ({ user }) => {
      const enrolmentCode = await issueEnrolmentCode(server.app.db, user.id);
      return { body: enrolmentCode ? { enrolmentCode } : {} };
    },
    expect: { ...adminRank(201), 'admin with MFA': '403 step-up-required' },
  },
  'POST /api/admin/mfa/enrolment/confirm': {
    request: async ({ user, cookie }) => {
      if (user.admin_rank <= 9) return { body: { code: '123456' } };
      const secret = newTotpSecret();
      // Offered to this session with a working enrolment code, as the desk's set-up is.
      const session = hashToken(cookie!.slice(cookie!.indexOf('=') + 1));
      await savePendingMfa(
        server.app.db,
        user.id,
        seal(loadMfaKey(server.config), secret),
        session,
      );
      const expires = new Date(Date.now() + 60_000);
      await saveEnrolmentCode(server.app.db, user.id, hashRecoveryCode('matrix'), expires);
      return { body: { code: totpCode(secret) } };
    },
    expect: adminRank(200),
  },
  'POST /api/admin/mfa/verify': {
    request: async () => ({ body: { code: totpCode(TEST_TOTP_SECRET) } }),
    // Without an authenticator set up there is nothing to check a code against.
    expect: { ...adminRank(200), 'admin without MFA': 409 },
  },
  'POST /api/admin/mfa/recovery-codes': { expect: sensitive(200) },
  // The matrix's admins have no desk passkey: the options say so, once the caller may ask.
  'POST /api/admin/mfa/passkey-options': { expect: adminRank(409) },
  'PUT /api/admin/mfa/passkey-required': {
    request: async () => ({ body: { required: false } }),
    expect: sensitive(200),
  },
  'GET /api/admin/audit': { expect: admin(200) },
  'GET /api/admin/accounts': { expect: admin(200) },
  'GET /api/admin/accounts/export.csv': { expect: sensitive(200) },
  'GET /api/admin/accounts/:id': {
    request: async () => ({ path: `/api/admin/accounts/${(await createUser(server)).id}` }),
    expect: admin(200),
  },
  'POST /api/admin/accounts/:id/rank': {
    request: async () => ({
      path: `/api/admin/accounts/${(await createUser(server)).id}/rank`,
      body: { adminRank: 3 },
    }),
    expect: sensitive(200),
  },
  'POST /api/admin/accounts/:id/early-user': {
    request: async () => ({
      path: `/api/admin/accounts/${(await createUser(server)).id}/early-user`,
      body: { earlyUser: true },
    }),
    expect: admin(200),
  },
  'POST /api/admin/accounts/:id/disable': {
    request: async () => ({
      path: `/api/admin/accounts/${(await createUser(server)).id}/disable`,
      body: { reason: 'Matrix' },
    }),
    expect: sensitive(200),
  },
  'POST /api/admin/accounts/:id/enable': {
    request: async () => {
      const disabled = await createUser(server);
      await server.app.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString(), disabled_reason: 'Matrix' })
        .where('id', '=', disabled.id)
        .execute();
      return { path: `/api/admin/accounts/${disabled.id}/enable` };
    },
    expect: admin(200),
  },
  'POST /api/admin/accounts/:id/end-sessions': {
    request: async () => ({
      path: `/api/admin/accounts/${(await createUser(server)).id}/end-sessions`,
    }),
    expect: admin(200),
  },
  'POST /api/admin/accounts/:id/resend-verification': {
    request: async () => ({
      path: `/api/admin/accounts/${(await createUser(server)).id}/resend-verification`,
    }),
    expect: admin(202),
  },
  'DELETE /api/admin/accounts/:id': {
    request: async () => ({ path: `/api/admin/accounts/${(await createUser(server)).id}` }),
    expect: sensitive(204),
  },
  // The static client's guard: unknown /api paths are never the SPA (present with a client build).
  'GET /api/*': { request: async () => ({ path: '/api/no-such-route' }), expect: everyone(404) },
};

/** Every `METHOD /api/…` the app registered (HEAD twins of GET routes left out). */
function registeredApiRoutes(): string[] {
  const tree = server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api') || !match[3]) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

test('every registered /api route has a line in the authorization matrix', () => {
  const registered = registeredApiRoutes();
  expect(registered).toContain('GET /api/me');
  const missing = registered.filter((route) => !(route in ROUTES));
  expect(missing, 'routes without an authorization entry').toEqual([]);
});

async function callerFor(role: Role): Promise<Caller> {
  const user = await createUser(server, { adminRank: role === 'anonymous' ? 0 : RANKS[role] });
  if (role === 'anonymous') return { user, cookie: undefined };
  const cookie = await loginAs(server, user, {
    mfa: role === 'admin without MFA' ? 'none' : 'verified',
  });
  if (role === 'admin with MFA') {
    // The code was entered 20 minutes ago: past the 15 minutes a sensitive action allows.
    await server.app.db
      .updateTable('sessions')
      .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
  }
  return { user, cookie };
}

async function answerOf(route: string, routeCase: RouteCase, caller: Caller): Promise<Answer> {
  const [method = 'GET', registeredPath = ''] = route.split(' ');
  const { path = registeredPath, body } = (await routeCase.request?.(caller)) ?? {};
  if (routeCase.stream) {
    const controller = new AbortController();
    const response = await fetch(`${server.url}${path}`, {
      headers: caller.cookie ? { cookie: caller.cookie } : {},
      signal: controller.signal,
    });
    controller.abort();
    return response.status;
  }
  const res = await call(server, method, path, {
    body,
    cookie: caller.cookie,
    headers: fromAddress(nextAddress()),
  });
  const status = (res.json as { error?: { status?: string } } | null)?.error?.status;
  if (res.status === 403 && status && needsAuthenticatorCode(status))
    return `403 ${status}` as Answer;
  return res.status;
}

test.each(Object.entries(ROUTES))(
  '%s answers each role as the matrix says',
  async (route, routeCase) => {
    if (!registeredApiRoutes().includes(route)) return; // e.g. GET /api/* only with a client build
    const answers: Partial<Record<Role, Answer>> = {};
    for (const role of ROLES)
      answers[role] = await answerOf(route, routeCase, await callerFor(role));
    expect(answers).toEqual(routeCase.expect);
  },
  60_000,
);
