/**
 * Publishing the site's words (docs/product/desk.md#publishing-the-sites-words): a new site takes its
 * first words from a `content/` folder; from then on each publish (from the desk, a restore or an
 * import) checks the document, and in one transaction raises the content version, refuses a stale
 * base and writes the next revision. What the site shows is the newest revision of each document.
 */
import type { Kysely } from 'kysely';
import type { RevisionSummary } from '#shared/content-api-schemas';
import { checkContent, type ContentIssue } from '#shared/content-checks';
import {
  CONTENT_KEYS,
  type ContentKey,
  type ContentParts,
  type ContentValues,
} from '#shared/content-parts';
import type { Database } from '#server/db/schema';
import { contentHash, type ContentSet } from './content-folder';
import {
  createContentState,
  insertRevision,
  keepFolderHash,
  raiseVersion,
  readContentState,
  readNewestRevisionNumber,
  readPublished,
  readRevision,
  type RevisionSource,
  type StoredRevision,
} from './content.repository';

export interface PublishedContent extends ContentSet {
  version: number;
  /** The newest revision of each document. */
  revisions: Record<ContentKey, RevisionSummary>;
  /** contentHash of the values. */
  hash: string;
}

/** A stored document that no longer passes the checks (a hand-edited row): named, never shown half. */
export class UnreadableContent extends Error {
  override name = 'UnreadableContent';
}

/**
 * What the site shows now: every document's newest revision, checked and read for the pages. A
 * revision `previous` holds already is taken from it as it is (checking the legal pages' Markdown
 * takes some milliseconds each, on the thread that answers requests).
 */
export async function readPublishedContent(
  db: Kysely<Database>,
  previous?: PublishedContent,
): Promise<PublishedContent | null> {
  const [state, rows] = await Promise.all([readContentState(db), readPublished(db)]);
  if (!state) return null;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const values: Partial<Record<ContentKey, unknown>> = {};
  const parts: Partial<Record<ContentKey, unknown>> = {};
  const revisions: Partial<Record<ContentKey, RevisionSummary>> = {};
  for (const key of CONTENT_KEYS) {
    const row = byKey.get(key);
    if (!row) throw new UnreadableContent(`The site's words have no ${key} yet`);
    const { key: _key, value: _value, ...summary } = row;
    revisions[key] = summary;
    if (previous?.revisions[key].revision === row.revision) {
      values[key] = previous.values[key];
      parts[key] = previous.parts[key];
      continue;
    }
    const checked = checkContent(key, row.value);
    if (!checked.ok)
      throw new UnreadableContent(
        `The published ${key} (revision ${row.revision}) does not pass the checks: ${checked.issues[0]?.path} ${checked.issues[0]?.message}`,
      );
    values[key] = checked.value;
    parts[key] = checked.part;
  }
  return {
    version: state.version,
    values: values as ContentValues,
    parts: parts as ContentParts,
    revisions: revisions as Record<ContentKey, RevisionSummary>,
    hash: contentHash(values as ContentValues),
  };
}

/**
 * A new site's first words, from a checked `content/` folder: revision 1 of every document and
 * version 1. Nothing happens when the site has words already (another instance may have seeded
 * it a moment before). True when this call seeded.
 */
export async function seedContent(
  db: Kysely<Database>,
  folder: ContentSet,
  folderHash: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await createContentState(trx, folderHash, now))) return false;
    for (const key of CONTENT_KEYS)
      await insertRevision(trx, {
        key,
        revision: 1,
        value: folder.values[key],
        at: now,
        by: null,
        source: 'shipped',
      });
    return true;
  });
}

export type PublishOutcome =
  | { kind: 'published'; published: RevisionSummary; version: number }
  | { kind: 'refused'; issues: ContentIssue[] }
  | { kind: 'stale'; current: StoredRevision };

export interface PublishRequest {
  key: ContentKey;
  value: unknown;
  /** The revision the change was made on; another one published since refuses it. */
  baseRevision: number;
  by: { id: string; name: string } | null;
  source: Exclude<RevisionSource, 'shipped'>;
  restoredFrom?: number;
  now?: Date;
}

/** Checks and publishes one document, unless someone published another revision since its base. */
export async function publishDocument(
  db: Kysely<Database>,
  request: PublishRequest,
): Promise<PublishOutcome> {
  const now = request.now ?? new Date();
  const published = await readRevision(
    db,
    request.key,
    await readNewestRevisionNumber(db, request.key),
  );
  const checked = checkContent(request.key, request.value, { published: published?.value });
  if (!checked.ok) return { kind: 'refused', issues: checked.issues };
  return db
    .transaction()
    .execute(async (trx): Promise<PublishOutcome> => {
      const version = await raiseVersion(trx, now);
      const newest = await readNewestRevisionNumber(trx, request.key);
      if (newest !== request.baseRevision) {
        const current = await readRevision(trx, request.key, newest);
        // Nothing was written: the raised version goes back with the transaction.
        throw new StalePublish(current!);
      }
      const summary = await insertRevision(trx, {
        key: request.key,
        revision: newest + 1,
        value: checked.value,
        at: now,
        by: request.by,
        source: request.source,
        restoredFrom: request.restoredFrom ?? null,
      });
      return { kind: 'published', published: summary, version };
    })
    .catch((error: unknown) => {
      if (error instanceof StalePublish) return { kind: 'stale', current: error.current };
      throw error;
    });
}

class StalePublish extends Error {
  constructor(readonly current: StoredRevision) {
    super('stale base');
  }
}

/**
 * Publishes a whole checked folder as `npm run content -- import` does: every document that differs
 * from the site's becomes its next revision, all in one transaction and one version; the folder's
 * fingerprint is kept so start-up can tell when `content/` changed again. Returns the documents
 * published (none when the folder matches the site).
 */
export async function importContent(
  db: Kysely<Database>,
  folder: ContentSet,
  folderHash: string,
  now = new Date(),
): Promise<{ version: number; published: ContentKey[] }> {
  const current = await readPublishedContent(db);
  if (!current) {
    await seedContent(db, folder, folderHash, now);
    return { version: 1, published: [...CONTENT_KEYS] };
  }
  const changed = CONTENT_KEYS.filter(
    (key) => JSON.stringify(current.values[key]) !== JSON.stringify(folder.values[key]),
  );
  if (changed.length === 0) {
    await keepFolderHash(db, folderHash, now);
    return { version: current.version, published: [] };
  }
  return db.transaction().execute(async (trx) => {
    const version = await raiseVersion(trx, now, folderHash);
    for (const key of changed)
      await insertRevision(trx, {
        key,
        revision: (await readNewestRevisionNumber(trx, key)) + 1,
        value: folder.values[key],
        at: now,
        by: null,
        source: 'import',
      });
    return { version, published: changed };
  });
}
