/**
 * Accounts on the owner's desk (docs/product/desk.md#accounts-on-the-desk): the search and its filters,
 * one account with its sessions and activity, the owner's actions on it, and the CSV export. The
 * server parses with these and the desk shows their messages, so both say the same words.
 */
import { z } from 'zod';
import { MAIL_LISTS } from './mail-list-schemas';

/** Accounts a page of the search shows unless `limit` says otherwise, and the most it may ask. */
export const ACCOUNTS_PAGE_DEFAULT = 50;
export const ACCOUNTS_PAGE_MAX = 200;
/** The most entries an account's activity timeline shows (the newest). */
export const ACCOUNT_TIMELINE_MAX = 200;
export const ACCOUNT_RANK_MAX = 1000;
export const DISABLE_REASON_MAX_LENGTH = 500;
export const ACCOUNT_SEARCH_MAX_LENGTH = 254;

export const DESK_ACCOUNT_MESSAGES = {
  notFound: 'There is no such account.',
  searchTooLong: `Search has to be less than ${ACCOUNT_SEARCH_MAX_LENGTH + 1} characters.`,
  rankFilterInvalid: `Rank is "admin" or a whole number from 0 to ${ACCOUNT_RANK_MAX}.`,
  flagFilterInvalid: 'Use true or false.',
  listInvalid: 'Unknown mail list.',
  dateInvalid: 'Dates look like 2026-11-25 or 2026-11-25T12:00:00Z.',
  cursorInvalid: 'This page of the list is out of date. Search again.',
  limitInvalid: `Show from 1 to ${ACCOUNTS_PAGE_MAX} accounts a page.`,
  rankInvalid: `Choose a rank from 0 to ${ACCOUNT_RANK_MAX}.`,
  earlyUserInvalid: 'earlyUser must be true or false.',
  reasonMissing: 'Say why the account is disabled.',
  reasonTooLong: `Reason has to be less than ${DISABLE_REASON_MAX_LENGTH + 1} characters.`,
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  notYourselfRank: 'You cannot change your own rank.',
  notYourselfDisable: 'You cannot disable your own account.',
  notYourselfDelete: 'You cannot delete your own account from the desk.',
  rankAboveYours: 'You cannot give a rank above your own.',
  accountAboveYours: 'This account is ranked above yours.',
} as const;

/** An empty query parameter (`?q=`) counts as not given. */
function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const flagParam = z
  .enum(['true', 'false'], { error: DESK_ACCOUNT_MESSAGES.flagFilterInvalid })
  .transform((value) => value === 'true');

const rankParam = z.union(
  [
    z.literal('admin'),
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(z.number().max(ACCOUNT_RANK_MAX)),
  ],
  { error: DESK_ACCOUNT_MESSAGES.rankFilterInvalid },
);

const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: DESK_ACCOUNT_MESSAGES.dateInvalid,
});

/**
 * The filters of the search and of the CSV export. `q` matches the start of the email or the
 * username, whatever the case; `rank` is `admin` (above 9) or one rank; `list` keeps accounts
 * subscribed to that mail list; `from` and `to` bound the sign-up time (a date alone means the
 * whole day, both ends included).
 */
const filterFields = {
  q: optionalParam(
    z
      .string()
      .trim()
      .max(ACCOUNT_SEARCH_MAX_LENGTH, { error: DESK_ACCOUNT_MESSAGES.searchTooLong }),
  ),
  rank: optionalParam(rankParam),
  earlyUser: optionalParam(flagParam),
  verified: optionalParam(flagParam),
  list: optionalParam(z.enum(MAIL_LISTS, { error: DESK_ACCOUNT_MESSAGES.listInvalid })),
  disabled: optionalParam(flagParam),
  from: optionalParam(dateParam),
  to: optionalParam(dateParam),
};

/** GET /api/admin/accounts/export.csv: the filters, every matching account. */
export const accountFiltersSchema = z.strictObject(filterFields);
export type AccountFilters = z.output<typeof accountFiltersSchema>;

/** GET /api/admin/accounts: the filters, and which page. */
export const accountSearchQuerySchema = z.strictObject({
  ...filterFields,
  /** The `next` of the previous page, as it came. */
  cursor: optionalParam(z.string().max(200, { error: DESK_ACCOUNT_MESSAGES.cursorInvalid })),
  limit: optionalParam(
    z.coerce
      .number({ error: DESK_ACCOUNT_MESSAGES.limitInvalid })
      .int({ error: DESK_ACCOUNT_MESSAGES.limitInvalid })
      .min(1, { error: DESK_ACCOUNT_MESSAGES.limitInvalid })
      .max(ACCOUNTS_PAGE_MAX, { error: DESK_ACCOUNT_MESSAGES.limitInvalid }),
  ),
});
export type AccountSearchQuery = z.output<typeof accountSearchQuerySchema>;

/** One account in the search, and the columns of the CSV export, in this order. */
export const accountRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  adminRank: z.number().int(),
  earlyUser: z.boolean(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const ACCOUNT_CSV_COLUMNS = [
  'id',
  'email',
  'username',
  'adminRank',
  'earlyUser',
  'emailVerified',
  'disabled',
  'createdAt',
] as const satisfies readonly (keyof AccountRow)[];

/** 200 of GET /api/admin/accounts: newest first; `next` asks for the following page, null at the end. */
export const accountSearchPageSchema = z.object({
  accounts: z.array(accountRowSchema),
  next: z.string().nullable(),
});
export type AccountSearchPage = z.infer<typeof accountSearchPageSchema>;

/** One account as its desk page shows it. */
export const deskAccountSchema = accountRowSchema.extend({
  avatar: z.number().int(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** The mail lists the account is a confirmed member of. */
  mailLists: z.array(z.enum(MAIL_LISTS)),
});
export type DeskAccount = z.infer<typeof deskAccountSchema>;

/** A signed-in browser of the account (never its token). */
export const deskAccountSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** When this session last entered an authenticator code; null when it never did. */
  mfaVerifiedAt: z.string().nullable(),
  /** The device it signed in from, in words ("Chrome 131 on Windows 10, desktop"); null when unknown. */
  device: z.string().nullable(),
  /** True for the session the desk is asking from. */
  current: z.boolean(),
});
export type DeskAccountSession = z.infer<typeof deskAccountSessionSchema>;

/** What happened to or through the account, by kind; `at` is an ISO time. */
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signed-up'), at: z.string() }),
  z.object({
    kind: z.literal('mail-list'),
    at: z.string(),
    list: z.string(),
    /** The state the row took at that time: `pending` when confirmation was asked, then later ones. */
    state: z.string(),
  }),
  z.object({
    kind: z.literal('submission'),
    at: z.string(),
    id: z.string(),
    type: z.string(),
    status: z.string(),
  }),
  z.object({
    kind: z.literal('indicator-access'),
    at: z.string(),
    id: z.string(),
    product: z.string(),
    accessKind: z.string(),
    status: z.string(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('error-report'),
    at: z.string(),
    id: z.string(),
    errorName: z.string(),
    page: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('admin-action'),
    at: z.string(),
    id: z.number(),
    action: z.string(),
    actorLabel: z.string(),
    outcome: z.string(),
    source: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** 200 of GET /api/admin/accounts/:id. */
export const deskAccountDetailSchema = z.object({
  account: deskAccountSchema,
  /** Live sessions, newest first. */
  sessions: z.array(deskAccountSessionSchema),
  /** Newest first, at most ACCOUNT_TIMELINE_MAX entries. */
  timeline: z.array(timelineEntrySchema),
});
export type DeskAccountDetail = z.infer<typeof deskAccountDetailSchema>;

/** 200 of the actions that change the account: the account as it is now. */
export const deskAccountResponseSchema = z.object({ account: deskAccountSchema });
export type DeskAccountResponse = z.infer<typeof deskAccountResponseSchema>;

/** POST /api/admin/accounts/:id/rank */
export const setAccountRankSchema = z.strictObject({
  adminRank: z
    .number({ error: DESK_ACCOUNT_MESSAGES.rankInvalid })
    .int({ error: DESK_ACCOUNT_MESSAGES.rankInvalid })
    .min(0, { error: DESK_ACCOUNT_MESSAGES.rankInvalid })
    .max(ACCOUNT_RANK_MAX, { error: DESK_ACCOUNT_MESSAGES.rankInvalid }),
});
export type SetAccountRankPayload = z.infer<typeof setAccountRankSchema>;

/** POST /api/admin/accounts/:id/early-user */
export const setEarlyUserSchema = z.strictObject({
  earlyUser: z.boolean({ error: DESK_ACCOUNT_MESSAGES.earlyUserInvalid }),
});
export type SetEarlyUserPayload = z.infer<typeof setEarlyUserSchema>;

/** POST /api/admin/accounts/:id/disable: the reason is required and kept with the account. */
export const disableAccountSchema = z.strictObject({
  reason: z
    .string({ error: DESK_ACCOUNT_MESSAGES.reasonMissing })
    .trim()
    .min(1, { error: DESK_ACCOUNT_MESSAGES.reasonMissing, abort: true })
    .max(DISABLE_REASON_MAX_LENGTH, { error: DESK_ACCOUNT_MESSAGES.reasonTooLong }),
});
export type DisableAccountPayload = z.infer<typeof disableAccountSchema>;

/** 200 of POST /api/admin/accounts/:id/end-sessions: how many sessions ended. */
export const endedSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponseSchema>;
