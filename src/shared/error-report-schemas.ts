/**
 * Error reports (docs/product/forms.md#error-reports: error, errorName, timestamp; sent only after
 * consent). The masking runs in the browser before the consent preview, so the visitor sees exactly
 * what would be sent, and again on the server before storing; it is idempotent, so the second pass
 * changes nothing.
 */
import { z } from 'zod';
import { PAGE_KEYS } from './page-keys';

/**
 * Error names are short identifiers: the product's (docs/product/api.md#error-catalogue: handleLogIn,
 * handleLogOut, handleSignUp, handleForgotPassword, handleAvatar) and a thrown error's own name
 * (TypeError).
 */
export const ERROR_NAME_MAX_LENGTH = 64;
export const ERROR_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
export const ERROR_TEXT_MAX_LENGTH = 4000;
export const ERROR_TIMESTAMP_MAX_LENGTH = 64;
/** The route's own body limit: the longest error text at 2 bytes a character fits with room. */
export const ERROR_REPORT_BODY_LIMIT_BYTES = 8 * 1024;
/** How many reports the admin list returns, newest first. */
export const ERROR_REPORTS_LIST_LIMIT = 200;

export { ERROR_MASKS, maskErrorText } from './error-masking';

export const errorReportPayloadSchema = z.strictObject({
  error: z
    .string({ error: 'The error text is missing.' })
    .min(1, 'The error text is missing.')
    .max(
      ERROR_TEXT_MAX_LENGTH,
      `The error text has to be at most ${ERROR_TEXT_MAX_LENGTH} characters.`,
    ),
  errorName: z
    .string({ error: 'The error name is missing.' })
    .max(
      ERROR_NAME_MAX_LENGTH,
      `The error name has to be at most ${ERROR_NAME_MAX_LENGTH} characters.`,
    )
    .regex(ERROR_NAME_PATTERN, 'The error name is not valid.'),
  timestamp: z
    .string({ error: 'The timestamp is missing.' })
    .max(ERROR_TIMESTAMP_MAX_LENGTH, 'The timestamp is not valid.')
    .pipe(z.iso.datetime({ offset: true, error: 'The timestamp is not valid.' })),
  page: z.enum(PAGE_KEYS, { error: 'The page is not known.' }).optional(),
});

export type ErrorReportPayload = z.infer<typeof errorReportPayloadSchema>;

export const ERROR_REPORT_NOT_FOUND = 'This report is already gone.';

export const errorReportReceivedSchema = z.object({ status: z.literal('received') });

export const errorReportListSchema = z.object({
  reports: z.array(
    z.object({
      id: z.string(),
      error: z.string(),
      errorName: z.string(),
      page: z.string().nullable(),
      userId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export type ErrorReportList = z.infer<typeof errorReportListSchema>;

/** Reports with the same name, masked text and page key form one group (docs/product/forms.md#error-reports). */
export const ERROR_GROUP_STATES = ['open', 'resolved', 'ignored'] as const;
export type ErrorGroupState = (typeof ERROR_GROUP_STATES)[number];
/** How many groups the desk lists, newest activity first, and reports shown inside each. */
export const ERROR_GROUPS_LIST_LIMIT = 100;
export const ERROR_GROUP_REPORTS_SHOWN = 10;
export const ERROR_GROUP_NOT_FOUND = 'This error group is gone.';

export const errorGroupStateSchema = z.strictObject({
  state: z.enum(ERROR_GROUP_STATES, { error: 'Choose open, resolved or ignored.' }),
});

export const errorGroupSchema = z.object({
  id: z.string(),
  errorName: z.string(),
  error: z.string(),
  page: z.string().nullable(),
  state: z.enum(ERROR_GROUP_STATES),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  stateChangedAt: z.string().nullable(),
  /** The latest reports of the group, newest first (at most ERROR_GROUP_REPORTS_SHOWN). */
  reports: z.array(z.object({ id: z.string(), createdAt: z.string(), signedIn: z.boolean() })),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export const errorGroupListSchema = z.object({ groups: z.array(errorGroupSchema) });
export const errorGroupResponseSchema = z.object({ group: errorGroupSchema });
