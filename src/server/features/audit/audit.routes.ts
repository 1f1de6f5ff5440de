/** GET /api/admin/audit: the audit log for the desk, newest first, 50 rows a page. */
import { auditPageSchema, auditQuerySchema } from '#shared/admin-security-schemas';
import type { App } from '#server/app-types';
import { requireAdmin } from '#server/plugins/guards';
import { listAuditActions, listAuditRows } from './audit.repository';
import { auditEntryView } from './audit.service';

const PAGE_SIZE = 50;

export async function auditRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/audit',
    {
      onRequest: [requireAdmin],
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => {
      const { actor, action, from, to, before } = request.query;
      const rows = await listAuditRows(app.db, {
        actor,
        action,
        from: from && new Date(from).toISOString(),
        to: to && new Date(to).toISOString(),
        before,
        limit: PAGE_SIZE + 1,
      });
      const page = rows.slice(0, PAGE_SIZE).map(auditEntryView);
      return {
        entries: page,
        next: rows.length > PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
        actions: await listAuditActions(app.db),
      };
    },
  );
}
