/**
 * Indicator access over the API: GET /api/me/products (the signed-in visitor's own records) and the
 * owner's GET /api/admin/product-access with POST …/:id/grant, /extend, /revoke and /removed.
 * Records are created by the indicator forms (POST /api/submissions, see indicator-products.ts).
 */
import { z } from 'zod';
import {
  ACCESS_KINDS,
  ACCESS_STATES,
  INDICATOR_PRODUCTS,
  MAX_ACCESS_DAYS,
} from './indicator-products';

export const PRODUCT_ACCESS_LIST_LIMIT = 500;

export const PRODUCT_ACCESS_MESSAGES = {
  trialUsedByAccount: (title: string) => `You have already used the free trial of ${title}.`,
  trialUsedByUsername: (title: string) =>
    `This TradingView username has already had the free trial of ${title}.`,
  notFound: 'There is no such access record.',
  notRequested: 'Only a request that is still waiting can be granted.',
  trialNeedsEnd: 'A free trial needs an end date.',
  notExtendable: 'Only active access with an end date can be extended.',
  notRevocable: 'This access has already been revoked or declined.',
  nothingToRemove: 'There is nothing to remove on TradingView for this access.',
  changedMeanwhile: 'This access changed in the meantime. Refresh and try again.',
  daysInvalid: `Choose a number of days from 1 to ${MAX_ACCESS_DAYS}.`,
} as const;

const daysSchema = z
  .number({ error: PRODUCT_ACCESS_MESSAGES.daysInvalid })
  .int({ error: PRODUCT_ACCESS_MESSAGES.daysInvalid })
  .min(1, { error: PRODUCT_ACCESS_MESSAGES.daysInvalid })
  .max(MAX_ACCESS_DAYS, { error: PRODUCT_ACCESS_MESSAGES.daysInvalid });

/** POST /api/admin/product-access/:id/grant: how long, in days from now; null for no end date. */
export const grantAccessSchema = z.strictObject({ days: daysSchema.nullable() });
export type GrantAccessPayload = z.infer<typeof grantAccessSchema>;

/** POST /api/admin/product-access/:id/extend: days added to the end date (or to now, once ended). */
export const extendAccessSchema = z.strictObject({ days: daysSchema });
export type ExtendAccessPayload = z.infer<typeof extendAccessSchema>;

const accessRecordFields = {
  id: z.string(),
  product: z.enum(INDICATOR_PRODUCTS),
  kind: z.enum(ACCESS_KINDS),
  platformUsername: z.string(),
  /** `ended` is an active record past its end date. */
  state: z.enum(ACCESS_STATES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
};

export const ownAccessRecordSchema = z.object(accessRecordFields);
export type OwnAccessRecord = z.infer<typeof ownAccessRecordSchema>;

/** GET /api/me/products: the caller's records, newest first. */
export const ownProductsResponseSchema = z.object({ records: z.array(ownAccessRecordSchema) });
export type OwnProductsResponse = z.infer<typeof ownProductsResponseSchema>;

export const adminAccessRecordSchema = z.object({
  ...accessRecordFields,
  removedAt: z.string().nullable(),
  /** Ended or revoked after being shared, and not yet marked removed on TradingView. */
  removeOnTradingView: z.boolean(),
  user: z.object({ uid: z.string(), username: z.string(), email: z.string() }),
});
export type AdminAccessRecord = z.infer<typeof adminAccessRecordSchema>;

/** GET /api/admin/product-access: every record (up to the limit), newest first. */
export const adminProductAccessResponseSchema = z.object({
  records: z.array(adminAccessRecordSchema),
});
export type AdminProductAccessResponse = z.infer<typeof adminProductAccessResponseSchema>;

/** 200 of the owner's actions: the record as it is now. */
export const adminAccessRecordResponseSchema = z.object({ record: adminAccessRecordSchema });
