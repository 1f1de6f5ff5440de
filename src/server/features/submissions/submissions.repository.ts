/** Storage of form submissions (table submissions); rows become API shapes here. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SubmissionList, SubmissionPayload } from '#shared/submission-schemas';
import type { SubmissionType } from '#shared/submission-forms';
import type { Database } from '#server/db/schema';

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

/** The latest submissions, newest first, of one type or of all; with the sender's account if any. */
export async function listSubmissions(
  db: Kysely<Database>,
  options: { type?: SubmissionType; limit: number },
): Promise<SubmissionList['submissions']> {
  let query = db
    .selectFrom('submissions')
    .leftJoin('users', 'users.id', 'submissions.user_id')
    .select([
      'submissions.id',
      'submissions.type',
      'submissions.payload',
      'submissions.status',
      'submissions.created_at',
      'users.id as user_id',
      'users.username',
      'users.email',
    ])
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(options.limit);
  if (options.type) query = query.where('submissions.type', '=', options.type);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    createdAt: row.created_at,
    status: row.status,
    user:
      row.user_id && row.username !== null && row.email !== null
        ? { uid: row.user_id, username: row.username, email: row.email }
        : null,
    payload: JSON.parse(row.payload) as SubmissionPayload,
  }));
}
