/**
 * What the four indicator forms do besides being stored (issue 5, item 4): each free-trial or
 * purchase request becomes an access record, in the submission's own transaction, so a refused
 * request (the trial was already used) stores no submission either. app.ts adds these to the
 * submissions feature's effects (a feature never imports another).
 */
import type { Transaction } from 'kysely';
import {
  ACCESS_KINDS,
  INDICATOR_PRODUCTS,
  indicatorSubmissionType,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import type { SubmissionType } from '#shared/submission-forms';
import type { SubmissionValues } from '#shared/submission-schemas';
import type { Database, User } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import { SIGN_IN_REQUIRED } from '#server/plugins/guards';
import { recordAccessRequest, USERNAME_FIELD } from './product-access.repository';

export interface IndicatorEffectInput {
  trx: Transaction<Database>;
  user: User | null;
  values: SubmissionValues;
  now: Date;
}

export type IndicatorEffect = (input: IndicatorEffectInput) => Promise<void>;

function accessEffect(product: IndicatorProduct, kind: AccessKind): IndicatorEffect {
  return async ({ trx, user, values, now }) => {
    // The forms are for signed-in visitors only; the route has already refused anyone else.
    if (!user) throw new ApiError('unauthenticated', SIGN_IN_REQUIRED);
    const username = values[USERNAME_FIELD];
    await recordAccessRequest(
      trx,
      {
        userId: user.id,
        product,
        kind,
        platformUsername: typeof username === 'string' ? username : '',
      },
      now,
    );
  };
}

export const INDICATOR_SUBMISSION_EFFECTS: Partial<Record<SubmissionType, IndicatorEffect>> =
  Object.fromEntries(
    INDICATOR_PRODUCTS.flatMap((product) =>
      ACCESS_KINDS.map((kind) => [
        indicatorSubmissionType(product, kind),
        accessEffect(product, kind),
      ]),
    ),
  );
