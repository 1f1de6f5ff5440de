/**
 * The two TradingView indicators as products, and how access to them is read
 * (docs/product/offerings.md#free-trials-and-purchases).
 * Pure and zod-free, so the indicator pages can use it without the validator in their bundle.
 *
 * An access record is a free trial or a purchase for one product and one TradingView username.
 * Stored statuses: `requested` (waiting for the owner to share the indicator on TradingView),
 * `active` (shared; ends at `endsAt`, or never when that is null), `revoked` (the owner took an
 * active access away) and `declined` (the owner turned a request down before granting it; a declined
 * trial does not count as used). An active record past its end date reads as `ended`.
 */
import { paths } from './paths';

export const INDICATOR_PRODUCTS = ['longAndShortPosition', 'portfolio'] as const;
export type IndicatorProduct = (typeof INDICATOR_PRODUCTS)[number];

export const ACCESS_KINDS = ['freeTrial', 'purchase'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const STORED_ACCESS_STATUSES = ['requested', 'active', 'revoked', 'declined'] as const;
export type StoredAccessStatus = (typeof STORED_ACCESS_STATUSES)[number];

/** What a visitor and the owner read: the stored status, with `ended` for an active one past its end. */
export const ACCESS_STATES = ['requested', 'active', 'ended', 'revoked', 'declined'] as const;
export type AccessState = (typeof ACCESS_STATES)[number];

/** A free trial lasts this long once the owner has shared the indicator (the trial form says so). */
export const TRIAL_DAYS = 7;
/** The longest grant or extension the owner can give in one step (ten years); null is lifetime. */
export const MAX_ACCESS_DAYS = 3650;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface IndicatorInfo {
  key: IndicatorProduct;
  /** The product's name as the forms and messages say it. */
  title: string;
  path: string;
}

export const INDICATORS: Record<IndicatorProduct, IndicatorInfo> = {
  longAndShortPosition: {
    key: 'longAndShortPosition',
    title: 'Long & Short Position',
    path: paths.longAndShortPosition,
  },
  portfolio: { key: 'portfolio', title: 'Portfolio', path: paths.portfolio },
};

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  freeTrial: 'Free trial',
  purchase: 'Purchase',
};

export function isIndicatorProduct(value: string): value is IndicatorProduct {
  return (INDICATOR_PRODUCTS as readonly string[]).includes(value);
}

export function isAccessKind(value: string): value is AccessKind {
  return (ACCESS_KINDS as readonly string[]).includes(value);
}

/** The submission type of a product's form, e.g. products/indicators/portfolio/freeTrial. */
export function indicatorSubmissionType(
  product: IndicatorProduct,
  kind: AccessKind,
): `products/indicators/${IndicatorProduct}/${AccessKind}` {
  return `products/indicators/${product}/${kind}`;
}

/** The product and kind of an indicator form's submission type, or null for any other type. */
export function readIndicatorSubmissionType(
  type: string,
): { product: IndicatorProduct; kind: AccessKind } | null {
  const match = /^products\/indicators\/([A-Za-z]+)\/([A-Za-z]+)$/.exec(type);
  if (!match) return null;
  const [, product = '', kind = ''] = match;
  return isIndicatorProduct(product) && isAccessKind(kind) ? { product, kind } : null;
}

/** TradingView usernames are compared without regard to case: one trial per person, however typed. */
export function platformUsernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export interface AccessDates {
  status: string;
  startsAt: string | null;
  endsAt: string | null;
  removedAt?: string | null;
}

/** The state a visitor reads: `ended` once an active access is past its end date. */
export function accessState(record: AccessDates, now: Date): AccessState {
  if (record.status === 'active') {
    return record.endsAt !== null && Date.parse(record.endsAt) <= now.getTime()
      ? 'ended'
      : 'active';
  }
  return (ACCESS_STATES as readonly string[]).includes(record.status)
    ? (record.status as AccessState)
    : 'declined';
}

/**
 * The owner still has to take this user off the indicator on TradingView: it was shared (granted
 * once) and has ended or been revoked, and nobody has marked it removed yet.
 */
export function needsRemovalOnTradingView(record: AccessDates, now: Date): boolean {
  if (record.startsAt === null || record.removedAt) return false;
  const state = accessState(record, now);
  return state === 'ended' || state === 'revoked';
}

/** `from` plus whole days, as an ISO string. */
export function addDays(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString();
}
