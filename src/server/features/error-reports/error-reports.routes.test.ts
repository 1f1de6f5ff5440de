/**
 * POST /api/errors stores a consented error report (docs/product/forms.md#error-reports) with emails and tokens masked,
 * refuses bad bodies without storing anything, and limits each address; GET /api/admin/errors lists
 * the latest reports for admins only.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.app.db.deleteFrom('error_reports').execute();
});

function report(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    error: 'TypeError: Failed to fetch',
    errorName: 'handleLogIn',
    timestamp: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function storedReports() {
  return server.app.db.selectFrom('error_reports').selectAll().execute();
}

test('a report is accepted with 201 and stored with its name, page and the emails and tokens masked', async () => {
  const res = await call(server, 'POST', '/api/errors', {
    body: report({
      error:
        'Error: no account ada@example.com at /account/reset-password?token=abc123 (0123456789abcdefABCDEF_xyz)',
      page: 'account',
    }),
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(201);
  expect(res.json).toEqual({ status: 'received' });
  const rows = await storedReports();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    error: 'Error: no account [email] at /account/reset-password?token=[token] ([token])',
    error_name: 'handleLogIn',
    page: 'account',
    user_id: null,
  });
  expect(Date.now() - Date.parse(rows[0]!.created_at)).toBeLessThan(60_000);
});

test('a signed-in visitor’s report records their user id', async () => {
  const user = await createUser(server);
  const res = await call(server, 'POST', '/api/errors', {
    body: report({ errorName: 'handleAvatar' }),
    cookie: await loginAs(server, user),
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(201);
  const rows = await storedReports();
  expect(rows.map((row) => [row.error_name, row.user_id, row.page])).toEqual([
    ['handleAvatar', user.id, null],
  ]);
});

test('wrong types, missing fields, unknown fields and oversized values are 400 and store nothing', async () => {
  const bodies: unknown[] = [
    {},
    [],
    'text',
    report({ error: undefined }),
    report({ errorName: undefined }),
    report({ timestamp: undefined }),
    report({ error: 42 }),
    report({ errorName: ['handleLogIn'] }),
    report({ timestamp: 1763719200000 }),
    report({ timestamp: 'not a date' }),
    report({ timestamp: `2026-11-21T10:00:00.000Z${' '.repeat(60)}` }),
    report({ error: '' }),
    report({ error: 'x'.repeat(4001) }),
    report({ errorName: 'x'.repeat(65) }),
    report({ errorName: '<script>' }),
    report({ page: 'no-such-page' }),
    report({ userId: 'someone-else' }),
  ];
  for (const body of bodies) {
    const res = await call(server, 'POST', '/api/errors', {
      body,
      headers: fromAddress(nextAddress()),
    });
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(res.json).toMatchObject({ error: { status: 'invalid-argument' } });
  }
  expect(await storedReports()).toEqual([]);
});

test('a body over the route’s 8 KB limit is refused before it is read', async () => {
  const res = await call(server, 'POST', '/api/errors', {
    rawBody: JSON.stringify(report({ error: 'é'.repeat(3000), padding: 'x'.repeat(4000) })),
    headers: fromAddress(nextAddress()),
  });
  // About 10 KB: under the app's 64 KB limit, over this route's own.
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({ error: { message: 'The request body is too large.' } });
  expect(await storedReports()).toEqual([]);
});

test('one address may send 10 reports an hour; the 11th is 429 with Retry-After', async () => {
  const headers = fromAddress('203.0.113.77');
  for (let i = 0; i < 10; i++) {
    const res = await call(server, 'POST', '/api/errors', { body: report(), headers });
    expect(res.status).toBe(201);
  }
  const refused = await call(server, 'POST', '/api/errors', { body: report(), headers });
  expect(refused.status).toBe(429);
  expect(refused.json).toMatchObject({ error: { status: 'resource-exhausted' } });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await storedReports()).toHaveLength(10);

  const other = await call(server, 'POST', '/api/errors', {
    body: report(),
    headers: fromAddress('203.0.113.78'),
  });
  expect(other.status).toBe(201);
});

test('GET /api/admin/errors: 401 signed out, 403 below admin rank, the latest reports newest first for admins', async () => {
  const db = server.app.db;
  const rows = Array.from({ length: 205 }, (_, i) => ({
    id: `report-${String(i).padStart(3, '0')}`,
    error: `Error ${i}`,
    error_name: 'handleSignUp',
    page: i % 2 ? 'home' : null,
    user_id: null,
    created_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  }));
  await db.insertInto('error_reports').values(rows).execute();

  expect((await call(server, 'GET', '/api/admin/errors')).status).toBe(401);
  for (const adminRank of [0, 9]) {
    const cookie = await loginAs(server, await createUser(server, { adminRank }));
    expect((await call(server, 'GET', '/api/admin/errors', { cookie })).status).toBe(403);
  }
  const admin = await createUser(server, { adminRank: 10 });
  const res = await call(server, 'GET', '/api/admin/errors', {
    cookie: await loginAs(server, admin),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const { reports } = res.json as { reports: Record<string, unknown>[] };
  expect(reports).toHaveLength(200);
  expect(reports[0]).toEqual({
    id: 'report-204',
    error: 'Error 204',
    errorName: 'handleSignUp',
    page: null,
    userId: null,
    createdAt: rows[204]!.created_at,
  });
  expect(reports.at(-1)).toMatchObject({ id: 'report-005' });
});

test('DELETE /api/admin/errors/:id deletes that report only, for admins; a second delete is 404', async () => {
  await call(server, 'POST', '/api/errors', { body: report({ error: 'Error: keep me' }) });
  await call(server, 'POST', '/api/errors', {
    body: report({ error: 'Error: delete me' }),
    headers: fromAddress(nextAddress()),
  });
  const stored = await storedReports();
  const doomed = stored.find((row) => row.error === 'Error: delete me');
  expect(doomed).toBeDefined();
  const path = `/api/admin/errors/${doomed!.id}`;

  const user = await loginAs(server, await createUser(server));
  expect((await call(server, 'DELETE', path, { cookie: user })).status).toBe(403);
  expect(await storedReports()).toHaveLength(2);

  const admin = await loginAs(server, await createUser(server, { adminRank: 10 }));
  expect((await call(server, 'DELETE', path, { cookie: admin })).status).toBe(204);
  expect((await storedReports()).map((row) => row.error)).toEqual(['Error: keep me']);

  const again = await call(server, 'DELETE', path, { cookie: admin });
  expect(again.status).toBe(404);
  expect(again.json).toEqual({
    error: { status: 'not-found', message: 'This report is already gone.' },
  });
});
