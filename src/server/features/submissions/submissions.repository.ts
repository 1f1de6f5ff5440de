/** Storage of form submissions (table submissions); rows become API shapes here. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SubmissionList, SubmissionPayload } from '#shared/submission-schemas';
import type { SubmissionType } from '#shared/submission-forms';
import type { AccountSummary } from '#server/app-types';
import type { Database, Submission } from '#server/db/schema';

export async function insertSubmission(
  db: Kysely<Database> | Transaction<Database>,
  input: { type: SubmissionType; userId: string | null; payload: SubmissionPayload },
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('submissions')
    .values({
      id,
      type: input.type,
      user_id: input.userId,
      payload: JSON.stringify(input.payload),
      status: 'new',
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** Deletes one submission (an access record made from it stays); false when there was none. */
export async function deleteSubmission(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('submissions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The latest submissions, newest first, of one type or of all. */
export async function listSubmissions(
  db: Kysely<Database>,
  options: { type?: SubmissionType; limit: number },
): Promise<Submission[]> {
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.type) query = query.where('type', '=', options.type);
  return query.execute();
}

/** A listed submission for the owner, with the sender's account when it (still) exists. */
export function listedSubmission(
  row: Submission,
  account: AccountSummary | undefined,
): SubmissionList['submissions'][number] {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.created_at,
    status: row.status,
    user: account ? { uid: account.id, username: account.username, email: account.email } : null,
    payload: JSON.parse(row.payload) as SubmissionPayload,
  };
}

/** The user's own submissions, oldest first. */
export async function listUserSubmissions(
  db: Kysely<Database>,
  userId: string,
): Promise<Submission[]> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The user's latest submissions, newest first (the owner's view of the account). */
export async function listRecentUserSubmissions(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<Submission[]> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
