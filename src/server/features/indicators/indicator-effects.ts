/**
 * What the four indicator forms do besides being stored
 * (docs/product/offerings.md#free-trials-and-purchases): each free-trial or
 * purchase request becomes an access record, in the submission's own transaction, so a refused
 * request (the trial was already used) stores no submission either. app.ts hands these to the
 * submissions routes as their `effects` option.
 */
import {
  ACCESS_KINDS,
  INDICATOR_PRODUCTS,
  indicatorSubmissionType,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import type {
  SubmissionEffect,
  SubmissionEffects,
} from '#server/features/submissions/submissions.service';
import { ApiError } from '#server/plugins/errors';
import { SIGN_IN_REQUIRED } from '#server/plugins/guards';
import { recordAccessRequest, USERNAME_FIELD } from './product-access.repository';

function accessEffect(product: IndicatorProduct, kind: AccessKind): SubmissionEffect {
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

export const INDICATOR_SUBMISSION_EFFECTS: SubmissionEffects = Object.fromEntries(
  INDICATOR_PRODUCTS.flatMap((product) =>
    ACCESS_KINDS.map((kind) => [
      indicatorSubmissionType(product, kind),
      accessEffect(product, kind),
    ]),
  ),
);
