/**
 * The owner's indicator-access calls (adminRank > 9 on the server): the list, and grant, extend,
 * revoke and "removed on TradingView". Answers are checked against the shared schemas; each call
 * throws the ApiError of lib/api on failure.
 */
import {
  adminAccessRecordResponseSchema,
  adminProductAccessResponseSchema,
  type AdminAccessRecord,
} from '#shared/product-access-schemas';
import { api } from '../../lib/api';

const BASE = '/api/admin/product-access';

export async function fetchProductAccess(signal?: AbortSignal): Promise<AdminAccessRecord[]> {
  return adminProductAccessResponseSchema.parse(await api<unknown>(BASE, { signal, list: true }))
    .records;
}

async function act(id: string, action: string, body?: unknown): Promise<AdminAccessRecord> {
  const answer = await api<unknown>(`${BASE}/${encodeURIComponent(id)}/${action}`, {
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
