/**
 * Every call the owner's desk makes (docs/product/api.md#owner-routes, all adminRank > 9 on the
 * server): the assistant's live message, traffic, indicator access (the list, and grant, extend,
 * revoke and "removed on TradingView"), submissions, the mail lists and newsletters, and error
 * reports (and deleting reports and submissions). Answers are checked against the shared response
 * schemas, so a server that answers something else fails loudly here instead of half-rendering.
 * Each call throws the ApiError of lib/api on failure.
 */
import {
  currentAssistantMessageSchema,
  postedAssistantMessageSchema,
  scheduledAssistantMessagesSchema,
  type DeskAssistantMessage,
  type ScheduleAssistantMessagePayload,
  type ScheduledAssistantMessages,
} from '#shared/assistant-schemas';
import type { AssistantMessage } from '#shared/live-events';
import {
  mailListCountsSchema,
  newsletterCreatedSchema,
  newsletterListSchema,
  newsletterTestQueuedSchema,
  type MailListCounts,
  type Newsletter,
  type NewsletterPayload,
} from '#shared/mail-list-schemas';
import {
  adminAccessRecordResponseSchema,
  adminProductAccessResponseSchema,
  type AdminAccessRecord,
} from '#shared/product-access-schemas';
import type { SubmissionType } from '#shared/submission-forms';
import { submissionListSchema, type SubmissionList } from '#shared/submission-schemas';
import { api } from '../../lib/api';

const ASSISTANT_MESSAGES_PATH = '/api/admin/assistant-messages';

export async function fetchCurrentMessage(signal?: AbortSignal): Promise<AssistantMessage | null> {
  const body = await api<unknown>(ASSISTANT_MESSAGES_PATH, { signal });
  return currentAssistantMessageSchema.parse(body).message;
}

/** Posts a message for now, or (with `startsAt`) schedules it. */
export async function postAssistantMessage(
  payload: ScheduleAssistantMessagePayload,
): Promise<AssistantMessage> {
  const body = await api<unknown>(ASSISTANT_MESSAGES_PATH, { method: 'POST', body: payload });
  const { message } = currentAssistantMessageSchema.parse(body);
  if (!message) throw new Error('The server answered the post without the message.');
  return message;
}

export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduledAssistantMessages> {
  const body = await api<unknown>(`${ASSISTANT_MESSAGES_PATH}/scheduled`, { signal });
  return scheduledAssistantMessagesSchema.parse(body);
}

export async function updateScheduledMessage(
  id: string,
  payload: ScheduleAssistantMessagePayload,
): Promise<DeskAssistantMessage> {
  const body = await api<unknown>(`${ASSISTANT_MESSAGES_PATH}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: payload,
  });
  return postedAssistantMessageSchema.parse(body).message;
}

export async function cancelScheduledMessage(id: string): Promise<void> {
  await api(`${ASSISTANT_MESSAGES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function clearCurrentMessage(): Promise<void> {
  await api(`${ASSISTANT_MESSAGES_PATH}/current`, { method: 'DELETE' });
}

export async function deleteErrorReport(id: string): Promise<void> {
  await api(`/api/admin/errors/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

const PRODUCT_ACCESS_PATH = '/api/admin/product-access';

export async function fetchProductAccess(signal?: AbortSignal): Promise<AdminAccessRecord[]> {
  return adminProductAccessResponseSchema.parse(
    await api<unknown>(PRODUCT_ACCESS_PATH, { signal, list: true }),
  ).records;
}

async function act(id: string, action: string, body?: unknown): Promise<AdminAccessRecord> {
  const answer = await api<unknown>(`${PRODUCT_ACCESS_PATH}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body,
  });
  return adminAccessRecordResponseSchema.parse(answer).record;
}

export function grantAccess(id: string, days: number | null): Promise<AdminAccessRecord> {
  return act(id, 'grant', { days });
}

export function extendAccess(id: string, days: number): Promise<AdminAccessRecord> {
  return act(id, 'extend', { days });
}

export function revokeAccess(id: string): Promise<AdminAccessRecord> {
  return act(id, 'revoke');
}

export function markRemovedOnTradingView(id: string): Promise<AdminAccessRecord> {
  return act(id, 'removed');
}

export type Submission = SubmissionList['submissions'][number];

/** The latest submissions of every form, or of one type. */
export async function fetchSubmissions(
  type: SubmissionType | '',
  signal?: AbortSignal,
): Promise<Submission[]> {
  const query = type ? `?type=${encodeURIComponent(type)}` : '';
  const body = await api<unknown>(`/api/admin/submissions${query}`, { signal, list: true });
  return submissionListSchema.parse(body).submissions;
}

export async function deleteSubmission(id: string): Promise<void> {
  await api(`/api/admin/submissions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type ListCount = MailListCounts['lists'][number];

export async function fetchMailListCounts(signal?: AbortSignal): Promise<ListCount[]> {
  return mailListCountsSchema.parse(
    await api<unknown>('/api/admin/mail-lists', { signal, list: true }),
  ).lists;
}

export async function fetchNewsletters(signal?: AbortSignal): Promise<Newsletter[]> {
  const body = await api<unknown>('/api/admin/newsletters', { signal, list: true });
  return newsletterListSchema.parse(body).newsletters;
}

/** Queues the newsletter once, to the signed-in owner's own address; answers that address. */
export async function sendNewsletterTest(payload: NewsletterPayload): Promise<{ to: string }> {
  const body = await api<unknown>('/api/admin/newsletters/test', { method: 'POST', body: payload });
  return newsletterTestQueuedSchema.parse(body);
}

export async function postNewsletter(payload: NewsletterPayload): Promise<Newsletter> {
  const body = await api<unknown>('/api/admin/newsletters', { method: 'POST', body: payload });
  return newsletterCreatedSchema.parse(body).newsletter;
}
