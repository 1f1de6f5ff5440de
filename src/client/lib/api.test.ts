/**
 * lib/api's step-up against the real app (docs/product/desk.md#admin-multi-factor): a call refused with
 * `step-up-required` asks the desk's handler for a code and is sent again once one is accepted; a
 * refusal no code can lift (`permission-denied`, `unauthenticated`) never asks. The browser's fetch
 * is the test process's own, pointed at the server with the session's cookie.
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { totpCode } from '#server/features/mfa/totp';
import { createUser, loginAs, TEST_TOTP_SECRET } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { api, ApiError, setStepUpHandler } from './api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  setStepUpHandler(null);
  vi.unstubAllGlobals();
});

const realFetch = globalThis.fetch;

/** The browser's same-origin fetch, as this cookie's session. */
function browserAs(cookie: string | undefined): void {
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) =>
    realFetch(`${server.url}${path}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
    }),
  );
}

/** An admin whose code is 20 minutes old: the desk opens, sensitive actions ask for a new one. */
async function staleAdmin(): Promise<string> {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  await server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();
  return cookie;
}

test('a step-up refusal asks for a code, then the same call goes through', async () => {
  const cookie = await staleAdmin();
  const target = await createUser(server);
  browserAs(cookie);
  const asked = vi.fn(async () => {
    const verified = await api('/api/admin/mfa/verify', {
      method: 'POST',
      body: { code: totpCode(TEST_TOTP_SECRET) },
    });
    expect(verified).toMatchObject({ verifiedAt: expect.any(String) });
    return true;
  });
  setStepUpHandler(asked);
  const answer = await api<{ account: { adminRank: number } }>(
    `/api/admin/accounts/${target.id}/rank`,
    { method: 'POST', body: { adminRank: 3 } },
  );
  expect(answer.account.adminRank).toBe(3);
  expect(asked).toHaveBeenCalledTimes(1);
});

test('cancelling the prompt leaves the refusal, by its own status name', async () => {
  browserAs(await staleAdmin());
  const target = await createUser(server);
  const asked = vi.fn(async () => false);
  setStepUpHandler(asked);
  const refused = await api(`/api/admin/accounts/${target.id}/rank`, {
    method: 'POST',
    body: { adminRank: 3 },
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ status: 'step-up-required', httpStatus: 403 });
  expect(asked).toHaveBeenCalledTimes(1);
  const row = await server.app.db
    .selectFrom('users')
    .select('admin_rank')
    .where('id', '=', target.id)
    .executeTakeFirstOrThrow();
  expect(row.admin_rank).toBe(0);
});

test('a refusal no code can lift never asks for one', async () => {
  const asked = vi.fn(async () => true);
  setStepUpHandler(asked);
  const developer = await createUser(server, { adminRank: 3 });
  browserAs(await loginAs(server, developer));
  await expect(api('/api/admin/traffic')).rejects.toMatchObject({
    status: 'permission-denied',
    httpStatus: 403,
  });
  browserAs(undefined);
  await expect(api('/api/admin/traffic')).rejects.toMatchObject({
    status: 'unauthenticated',
    httpStatus: 401,
  });
  expect(asked).not.toHaveBeenCalled();
});
