/**
 * Usernames that look alike are one name (features/accounts/username-skeleton.ts): each account
 * keeps its name's confusable skeleton, unique through a partial index. Accounts made before this
 * rule keep their names; where two already look alike, the oldest holds the skeleton and the later
 * ones are marked `skeleton_clash` (outside the index, still found by it, so no new look-alike of
 * theirs can be made either). A clashing account that changes its name leaves the mark behind.
 * Frozen like every shipped migration: the skeleton's formula is copied here, not imported.
 */
import { sql, type Kysely } from 'kysely';
import unhomoglyph from 'unhomoglyph';

function prototype(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

function skeleton(username: string): string {
  return prototype(prototype(username.normalize('NFKC')).toLowerCase()).replace(/\s+/g, ' ');
}

/** What this migration reads and writes, as it is at this point. */
interface UsersAtThisPoint {
  users: {
    id: string;
    username: string;
    created_at: string;
    username_skeleton: string | null;
    skeleton_clash: number;
  };
}

export async function up(schemaDb: Kysely<unknown>): Promise<void> {
  const db = schemaDb as Kysely<UsersAtThisPoint>;
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('skeleton_clash', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const holders = new Set<string>();
  for (const user of users) {
    const value = skeleton(user.username);
    const clash = holders.has(value) ? 1 : 0;
    holders.add(value);
    await db
      .updateTable('users')
      .set({ username_skeleton: value, skeleton_clash: clash })
      .where('id', '=', user.id)
      .execute();
  }

  await db.schema
    .createIndex('users_username_skeleton_unique')
    .on('users')
    .column('username_skeleton')
    .unique()
    .where(sql.ref('skeleton_clash'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton_unique').execute();
  await db.schema.alterTable('users').dropColumn('skeleton_clash').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
}
