/**
 * Every action the audit log can hold has words on the desk (docs/product/desk.md#audit-log): each one
 * the server's admin routes record, read from the routes as they register, and the few recorded
 * elsewhere (desk log-ins, the command line).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditActionLabel, hasAuditActionLabel } from '#shared/audit-actions';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Recorded outside the routes: auth.routes.ts, admin-cli.ts, content-cli.ts. */
const RECORDED_ELSEWHERE = ['admin.login', 'mail.release', 'content.import', 'mfa.reset'];

test('every action the desk records has its words for the What filter', () => {
  const actions = [...server.app.auditedActions, ...RECORDED_ELSEWHERE];
  expect(actions).toContain('POST /api/admin/newsletters');
  expect(actions).toContain('accounts.rank');
  expect(actions.filter((action) => !hasAuditActionLabel(action))).toEqual([]);
  // A draft saved as the owner types is no action of the log.
  expect(actions).not.toContain('PUT /api/admin/content/:key/draft');
});

test('an action without words of its own still reads as words, never as a route', () => {
  expect(auditActionLabel('POST /api/admin/newsletters')).toBe('Newsletter sent');
  expect(auditActionLabel('DELETE /api/admin/widgets/:id')).toBe('Widgets (deleted)');
  expect(auditActionLabel('widgets.sync-all')).toBe('Widgets sync all');
});
