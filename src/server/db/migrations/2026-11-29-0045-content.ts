/**
 * The site's words live in storage (docs/product/desk.md#publishing-the-sites-words): every published
 * revision of each document (`content_revisions`, never changed once written; the newest is
 * live), each admin's draft of a document, and one row with the site's content version, which
 * every publish raises, and the fingerprint of the `content/` folder last taken in. Frozen like
 * every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_revisions')
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addColumn('published_by_name', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addPrimaryKeyConstraint('content_revisions_pk', ['doc_key', 'revision'])
    .execute();
  await db.schema
    .createTable('content_drafts')
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('base_revision', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_drafts_pk', ['doc_key', 'user_id'])
    .execute();
  await db.schema
    .createTable('content_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('folder_hash', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_state').execute();
  await db.schema.dropTable('content_drafts').execute();
  await db.schema.dropTable('content_revisions').execute();
}
