/** The only reads and writes of audit_log. There is no update or delete: the table refuses both. */
import type { Kysely } from 'kysely';
import type { AuditLogTable, Database } from '#server/db/schema';
import type { Insertable, Selectable } from 'kysely';

export type AuditRow = Selectable<AuditLogTable>;

export async function insertAuditRow(
  db: Kysely<Database>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetId?: string;
  /** Inclusive ISO times. */
  from?: string;
  to?: string;
  /** Rows with a smaller id than this (the next page, newest first). */
  before?: number;
  limit: number;
}

/** Newest first. `actor` matches the actor's label (email) from its start, case-insensitively. */
export async function listAuditRows(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) {
    const prefix = filter.actor.toLowerCase();
    // substr instead of LIKE: no wildcard in the typed text can widen the match, on either database.
    query = query.where((eb) =>
      eb(
        eb.fn('substr', [eb.fn('lower', ['actor_label']), eb.lit(1), eb.lit(prefix.length)]),
        '=',
        prefix,
      ),
    );
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<=', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** The distinct action names, for the desk's filter. */
export async function listAuditActions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('action')
    .distinct()
    .orderBy('action')
    .execute();
  return rows.map((row) => row.action);
}
