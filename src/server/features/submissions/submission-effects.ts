/**
 * What a submission of a given type does besides being stored, run in the same transaction (so a
 * refused effect stores nothing): the indicator trials and purchases record product access here.
 * An effect may throw an ApiError to refuse the submission with a clear message.
 */
import type { Transaction } from 'kysely';
import type { SubmissionType } from '#shared/submission-forms';
import type { SubmissionValues } from '#shared/submission-schemas';
import type { Database, User } from '#server/db/schema';

export interface SubmissionEffectInput {
  trx: Transaction<Database>;
  submissionId: string;
  user: User | null;
  values: SubmissionValues;
  now: Date;
}

export type SubmissionEffect = (input: SubmissionEffectInput) => Promise<void>;

export const SUBMISSION_EFFECTS: Partial<Record<SubmissionType, SubmissionEffect>> = {};

/**
 * Adds another feature's effects (a feature never imports another, so app.ts, which sees every
 * feature, hands them over). Adding the same effects again changes nothing.
 */
export function addSubmissionEffects(
  effects: Partial<Record<SubmissionType, SubmissionEffect>>,
): void {
  Object.assign(SUBMISSION_EFFECTS, effects);
}
