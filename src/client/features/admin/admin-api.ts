/**
 * The owner's calls (DESIGN.md "API routes", all adminRank > 9 on the server): the assistant's live
 * message, traffic and error reports (and deleting one). Answers are checked against the shared response schemas, so a
 * server that answers something else fails loudly here instead of half-rendering. Each call throws
 * the ApiError of lib/api on failure.
 */
import {
  currentAssistantMessageSchema,
  type PostAssistantMessagePayload,
} from '#shared/assistant-schemas';
import { errorReportListSchema, type ErrorReportList } from '#shared/error-report-schemas';
import type { AssistantMessage } from '#shared/live-events';
import { trafficResponseSchema, type TrafficResponse } from '#shared/visit-schemas';
import { api } from '../../lib/api';

const ASSISTANT_MESSAGES_PATH = '/api/admin/assistant-messages';

export type ErrorReport = ErrorReportList['reports'][number];

export async function fetchCurrentMessage(signal?: AbortSignal): Promise<AssistantMessage | null> {
  const body = await api<unknown>(ASSISTANT_MESSAGES_PATH, { signal });
  return currentAssistantMessageSchema.parse(body).message;
}

export async function postAssistantMessage(
  payload: PostAssistantMessagePayload,
): Promise<AssistantMessage> {
  const body = await api<unknown>(ASSISTANT_MESSAGES_PATH, { method: 'POST', body: payload });
  const { message } = currentAssistantMessageSchema.parse(body);
  if (!message) throw new Error('The server answered the post without the message.');
  return message;
}

export async function clearCurrentMessage(): Promise<void> {
  await api(`${ASSISTANT_MESSAGES_PATH}/current`, { method: 'DELETE' });
}

export async function fetchTraffic(signal?: AbortSignal): Promise<TrafficResponse> {
  return trafficResponseSchema.parse(await api<unknown>('/api/admin/traffic', { signal }));
}

export async function fetchErrorReports(signal?: AbortSignal): Promise<ErrorReport[]> {
  return errorReportListSchema.parse(
    await api<unknown>('/api/admin/errors', { signal, list: true }),
  ).reports;
}

export async function deleteErrorReport(id: string): Promise<void> {
  await api(`/api/admin/errors/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
