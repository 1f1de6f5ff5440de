/**
 * The assistant's live message (docs/product/assistant.md#live-message: text, createdAtUTC, pages) as the
 * owner posts it from /admin: POST /api/admin/assistant-messages `{text, pages}`. The browser's
 * composer and the server validate with the same schema, so both give the same message.
 */
import { z } from 'zod';
import { assistantMessageSchema } from './live-events';
import { isPageKey } from './page-keys';

/** The bubble is 16vh high; a message longer than this would no longer read as a short note. */
export const ASSISTANT_TEXT_MAX = 500;

export const ASSISTANT_MESSAGES = {
  textMissing: 'The message is missing.',
  textTooLong: `The message can be at most ${ASSISTANT_TEXT_MAX} characters.`,
  pagesMissing: 'Pick at least one page.',
  unknownPage: 'Unknown page.',
} as const;

export const postAssistantMessageSchema = z
  .object({
    text: z
      .string({ error: ASSISTANT_MESSAGES.textMissing })
      .trim()
      .min(1, { error: ASSISTANT_MESSAGES.textMissing })
      .max(ASSISTANT_TEXT_MAX, { error: ASSISTANT_MESSAGES.textTooLong }),
    pages: z
      .array(
        z.string({ error: ASSISTANT_MESSAGES.unknownPage }).refine(isPageKey, {
          error: ASSISTANT_MESSAGES.unknownPage,
        }),
        { error: ASSISTANT_MESSAGES.pagesMissing },
      )
      .min(1, { error: ASSISTANT_MESSAGES.pagesMissing })
      // The same page picked twice is one page.
      .transform((pages) => [...new Set(pages)]),
  })
  .strict();

export type PostAssistantMessagePayload = z.input<typeof postAssistantMessageSchema>;

/** The current live message, or null when none is posted or the last one was cleared. */
export const currentAssistantMessageSchema = z.object({
  message: assistantMessageSchema.nullable(),
});
export type CurrentAssistantMessage = z.infer<typeof currentAssistantMessageSchema>;

/** A message is scheduled at most this far ahead. */
export const ASSISTANT_SCHEDULE_MAX_DAYS = 366;

export const ASSISTANT_SCHEDULE_MESSAGES = {
  badTime: 'Times look like 2026-11-27T14:00:00Z.',
  endBeforeStart: 'The end has to come after the start.',
  startPassed: 'The start has passed. Post the message now, or pick a later start.',
  endPassed: 'The end has passed.',
  tooFar: `A message can be scheduled at most ${ASSISTANT_SCHEDULE_MAX_DAYS} days ahead.`,
  notFound: 'This scheduled message is gone.',
  started: 'This message has started. Clear it instead, or post a new one.',
} as const;

const isoTime = z.iso.datetime({ offset: true, error: ASSISTANT_SCHEDULE_MESSAGES.badTime });

/**
 * POST /api/admin/assistant-messages with a start (it waits until then) and an end (it leaves then),
 * and PUT /api/admin/assistant-messages/:id for a scheduled one. Without a start it shows now.
 */
export const scheduleAssistantMessageSchema = postAssistantMessageSchema
  .safeExtend({ startsAt: isoTime.optional(), endsAt: isoTime.optional() })
  .refine(
    (message) =>
      !message.endsAt ||
      !message.startsAt ||
      Date.parse(message.endsAt) > Date.parse(message.startsAt),
    { error: ASSISTANT_SCHEDULE_MESSAGES.endBeforeStart, path: ['endsAt'] },
  );
export type ScheduleAssistantMessagePayload = z.input<typeof scheduleAssistantMessageSchema>;

/** A message as the owner sees it: the visitors' shape with its start and end. */
export const deskAssistantMessageSchema = assistantMessageSchema.extend({
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type DeskAssistantMessage = z.infer<typeof deskAssistantMessageSchema>;

export const postedAssistantMessageSchema = z.object({ message: deskAssistantMessageSchema });
export const scheduledAssistantMessagesSchema = z.object({
  /** The message shown now (null when none) and the ones waiting for their start, soonest first. */
  current: deskAssistantMessageSchema.nullable(),
  scheduled: z.array(deskAssistantMessageSchema),
});
export type ScheduledAssistantMessages = z.infer<typeof scheduledAssistantMessagesSchema>;
