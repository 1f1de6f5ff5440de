/** GET /api/admin/audit: the audit log for the desk, newest first, 50 rows a page. */
import { auditPageSchema, auditQuerySchema } from '#shared/admin-security-schemas';
import type { Kysely } from 'kysely';
import type { App } from '#server/app-types';
import type { Database } from '#server/db/schema';
import { requireAdmin } from '#server/plugins/guards';
import { listAuditActions, listAuditRows } from './audit.repository';
import { auditEntryView } from './audit.service';

const PAGE_SIZE = 50;

export interface AuditRoutesOptions {
  /** The accounts' emails by id (the accounts' findAccounts), to name whom an entry was about. */
  findAccounts: (db: Kysely<Database>, ids: string[]) => Promise<Map<string, { email: string }>>;
}

export async function auditRoutes(app: App, options: AuditRoutesOptions): Promise<void> {
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
      const targets = [...new Set(page.flatMap((entry) => entry.targetId ?? []))];
      const accounts = await options.findAccounts(app.db, targets);
      for (const entry of page)
        entry.targetLabel = (entry.targetId && accounts.get(entry.targetId)?.email) || null;
      return {
        entries: page,
        next: rows.length > PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
        actions: await listAuditActions(app.db),
      };
    },
  );
}
