/**
 * The site's words in storage (docs/product/desk.md#publishing-the-sites-words): published revisions,
 * the admins' drafts and the content version. Rows become the shapes of
 * #shared/content-api-schemas here.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RevisionSummary } from '#shared/content-api-schemas';
import type { ContentKey } from '#shared/content-parts';
import type { ContentRevisionsTable, Database } from '#server/db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type RevisionRow = Selectable<ContentRevisionsTable>;

export type RevisionSource = RevisionSummary['source'];

export interface StoredRevision extends RevisionSummary {
  key: ContentKey;
  value: Record<string, unknown>;
}

export function summaryOf(row: Omit<RevisionRow, 'value'>): RevisionSummary {
  return {
    revision: Number(row.revision),
    publishedAt: row.published_at,
    publishedBy:
      row.published_by_name === null ? null : { id: row.published_by, name: row.published_by_name },
    source: row.source as RevisionSource,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

function revisionOf(row: RevisionRow): StoredRevision {
  return {
    key: row.doc_key as ContentKey,
    ...summaryOf(row),
    value: JSON.parse(row.value) as Record<string, unknown>,
  };
}

/** The content version and the `content/` fingerprint, or null before the first seeding. */
export async function readContentState(
  db: Db,
): Promise<{ version: number; folderHash: string | null } | null> {
  const row = await db
    .selectFrom('content_state')
    .select(['version', 'folder_hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { version: Number(row.version), folderHash: row.folder_hash } : null;
}

/**
 * Raises the content version by one and returns it. Every publish does so first in its
 * transaction: the row's lock makes publishes of one site take turns, on SQLite and PostgreSQL.
 */
export async function raiseVersion(trx: Db, now: Date, folderHash?: string): Promise<number> {
  const row = await trx
    .updateTable('content_state')
    .set((eb) => ({
      version: eb('version', '+', 1),
      updated_at: now.toISOString(),
      ...(folderHash === undefined ? {} : { folder_hash: folderHash }),
    }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Remembers the `content/` folder taken in, without a new version (nothing in it changed). */
export async function keepFolderHash(db: Db, folderHash: string, now: Date): Promise<void> {
  await db
    .updateTable('content_state')
    .set({ folder_hash: folderHash, updated_at: now.toISOString() })
    .where('id', '=', 1)
    .execute();
}

/** The first state of a new site; false when another instance made it first. */
export async function createContentState(trx: Db, folderHash: string, now: Date): Promise<boolean> {
  const result = await trx
    .insertInto('content_state')
    .values({ id: 1, version: 1, folder_hash: folderHash, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The newest revision of every document: what the site shows. */
export async function readPublished(db: Db): Promise<StoredRevision[]> {
  const rows = await db
    .selectFrom('content_revisions as r')
    .selectAll('r')
    .where(({ eb, selectFrom }) =>
      eb(
        'r.revision',
        '=',
        selectFrom('content_revisions as n')
          .select((n) => n.fn.max('n.revision').as('newest'))
          .whereRef('n.doc_key', '=', 'r.doc_key'),
      ),
    )
    .execute();
  return rows.map(revisionOf);
}

export async function readNewestRevisionNumber(db: Db, key: ContentKey): Promise<number> {
  const row = await db
    .selectFrom('content_revisions')
    .select((eb) => eb.fn.max('revision').as('newest'))
    .where('doc_key', '=', key)
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

export async function readRevision(
  db: Db,
  key: ContentKey,
  revision: number,
): Promise<StoredRevision | null> {
  const row = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('doc_key', '=', key)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row ? revisionOf(row) : null;
}

/** A document's revisions, newest first (at most `limit`). */
export async function listRevisions(
  db: Db,
  key: ContentKey,
  limit: number,
): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('content_revisions')
    .select([
      'doc_key',
      'revision',
      'published_at',
      'published_by',
      'published_by_name',
      'source',
      'restored_from',
    ])
    .where('doc_key', '=', key)
    .orderBy('revision', 'desc')
    .limit(limit)
    .execute();
  return rows.map(summaryOf);
}

export interface NewRevision {
  key: ContentKey;
  revision: number;
  value: unknown;
  at: Date;
  by: { id: string; name: string } | null;
  source: RevisionSource;
  restoredFrom?: number | null;
}

export async function insertRevision(trx: Db, revision: NewRevision): Promise<RevisionSummary> {
  const row = {
    doc_key: revision.key,
    revision: revision.revision,
    value: JSON.stringify(revision.value),
    published_at: revision.at.toISOString(),
    published_by: revision.by?.id ?? null,
    published_by_name: revision.by?.name ?? null,
    source: revision.source,
    restored_from: revision.restoredFrom ?? null,
  };
  await trx.insertInto('content_revisions').values(row).execute();
  return summaryOf(row);
}

export interface StoredDraft {
  baseRevision: number;
  value: Record<string, unknown>;
  updatedAt: string;
}

export async function readDraft(
  db: Db,
  key: ContentKey,
  userId: string,
): Promise<StoredDraft | null> {
  const row = await db
    .selectFrom('content_drafts')
    .select(['base_revision', 'value', 'updated_at'])
    .where('doc_key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        baseRevision: Number(row.base_revision),
        value: JSON.parse(row.value) as Record<string, unknown>,
        updatedAt: row.updated_at,
      }
    : null;
}

/** Every admin's drafts with who wrote them (the desk's list, and the preview's own drafts). */
export async function listDrafts(
  db: Db,
): Promise<
  { key: ContentKey; userId: string; username: string; baseRevision: number; updatedAt: string }[]
> {
  const rows = await db
    .selectFrom('content_drafts as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.doc_key', 'd.user_id', 'u.username', 'd.base_revision', 'd.updated_at'])
    .orderBy('d.updated_at', 'desc')
    .execute();
  return rows.map((row) => ({
    key: row.doc_key as ContentKey,
    userId: row.user_id,
    username: row.username,
    baseRevision: Number(row.base_revision),
    updatedAt: row.updated_at,
  }));
}

/** The admin's drafts of every document, as values (for the preview of what they would publish). */
export async function readDraftsOf(
  db: Db,
  userId: string,
): Promise<Map<ContentKey, Record<string, unknown>>> {
  const rows = await db
    .selectFrom('content_drafts')
    .select(['doc_key', 'value'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.doc_key as ContentKey,
      JSON.parse(row.value) as Record<string, unknown>,
    ]),
  );
}

export async function saveDraft(
  db: Db,
  key: ContentKey,
  userId: string,
  draft: { baseRevision: number; value: unknown },
  now: Date,
): Promise<StoredDraft> {
  const row = {
    doc_key: key,
    user_id: userId,
    base_revision: draft.baseRevision,
    value: JSON.stringify(draft.value),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('content_drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['doc_key', 'user_id']).doUpdateSet({
        base_revision: row.base_revision,
        value: row.value,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  return {
    baseRevision: draft.baseRevision,
    value: draft.value as Record<string, unknown>,
    updatedAt: row.updated_at,
  };
}

/** True when there was a draft to remove. */
export async function deleteDraft(db: Db, key: ContentKey, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('content_drafts')
    .where('doc_key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
