/**
 * What the submissions domain offers the others: the shape of a submission effect, a user's own
 * submissions for their data export, and their latest ones for the owner's view of the account.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { TimelineEntry } from '#shared/desk-accounts-schemas';
import type { SubmissionType } from '#shared/submission-forms';
import type { SubmissionValues } from '#shared/submission-schemas';
import type { Database, User } from '#server/db/schema';
import { listRecentUserSubmissions, listUserSubmissions } from './submissions.repository';

/**
 * What a submission of a given type does besides being stored, run in the same transaction (so a
 * refused effect stores nothing): the indicator trials and purchases record product access here.
 * An effect may throw an ApiError to refuse the submission with a clear message.
 */
export interface SubmissionEffectInput {
  trx: Transaction<Database>;
  submissionId: string;
  user: User | null;
  values: SubmissionValues;
  now: Date;
}

export type SubmissionEffect = (input: SubmissionEffectInput) => Promise<void>;

/** The effects by submission type; app.ts hands them to the submissions routes as an option. */
export type SubmissionEffects = Partial<Record<SubmissionType, SubmissionEffect>>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The user's submissions, oldest first, as the account's data export lists them. */
export async function submissionsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountExport['submissions']> {
  const rows = await listUserSubmissions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    payload: parseJson(row.payload),
    createdAt: row.created_at,
  }));
}

/** The user's latest submissions, newest first, as entries of the account's timeline on the desk. */
export async function submissionsForTimeline(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<Extract<TimelineEntry, { kind: 'submission' }>[]> {
  const rows = await listRecentUserSubmissions(db, userId, limit);
  return rows.map((row) => ({
    kind: 'submission',
    at: row.created_at,
    id: row.id,
    type: row.type,
    status: row.status,
  }));
}
