/**
 * The assistant's live message (docs/product.md#live-message: text, createdAtUTC, pages) as the
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
