/**
 * Server-Sent Event names and payloads of GET /api/live (docs/product/api.md#live-stream,
 * docs/architecture.md#how-a-live-event-flows).
 * The client and the server both read these; every payload has a schema.
 */
import { z } from 'zod';
import { userInfoSchema } from './account-schemas';

export const LIVE_EVENTS = {
  /** The signed-in visitor's own user info, sent on connect and after every change. */
  user: 'user',
  /** The assistant's live message for the page the stream was opened for (or every page's). */
  assistant: 'assistant',
  /** The signed-in visitor's Nowou items changed on the server (another device pushed): pull them. */
  nowou: 'nowou',
} as const;

export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

export const userEventSchema = z.object({ user: userInfoSchema.nullable() });
export type UserEvent = z.infer<typeof userEventSchema>;

export const assistantMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAtUTC: z.string(),
  pages: z.array(z.string()),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export const assistantEventSchema = z.object({ message: assistantMessageSchema.nullable() });
export type AssistantEvent = z.infer<typeof assistantEventSchema>;

/** Carries nothing: the device asks GET /api/nowou/pull for what changed after its cursor. */
export const nowouEventSchema = z.object({});
export type NowouEvent = z.infer<typeof nowouEventSchema>;

/** How long the server waits between heartbeat comments on an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
