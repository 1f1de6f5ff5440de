/** The desk's account calls (docs/product/desk.md#accounts-on-the-desk). */
import {
  accountSearchPageSchema,
  deskAccountDetailSchema,
  deskAccountResponseSchema,
  endedSessionsResponseSchema,
  type AccountSearchPage,
  type DeskAccount,
  type DeskAccountDetail,
} from '#shared/desk-accounts-schemas';
import { api } from '../../../lib/api';

const BASE = '/api/admin/accounts';

/** The filters as the address bar and the API both take them (empty values left out). */
export type AccountFilterParams = Partial<
  Record<'q' | 'rank' | 'earlyUser' | 'verified' | 'list' | 'disabled' | 'from' | 'to', string>
>;

function search(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export async function searchAccounts(
  filters: AccountFilterParams,
  cursor?: string,
  signal?: AbortSignal,
): Promise<AccountSearchPage> {
  const body = await api<unknown>(`${BASE}${search({ ...filters, cursor })}`, {
    signal,
    list: true,
  });
  return accountSearchPageSchema.parse(body);
}

export function exportUrl(filters: AccountFilterParams): string {
  return `${BASE}/export.csv${search(filters)}`;
}

export async function fetchAccount(id: string, signal?: AbortSignal): Promise<DeskAccountDetail> {
  return deskAccountDetailSchema.parse(
    await api<unknown>(`${BASE}/${encodeURIComponent(id)}`, { signal }),
  );
}

async function act(id: string, action: string, body?: unknown): Promise<DeskAccount> {
  const answer = await api<unknown>(`${BASE}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body,
  });
  return deskAccountResponseSchema.parse(answer).account;
}

export const setRank = (id: string, adminRank: number) => act(id, 'rank', { adminRank });
export const setEarlyUser = (id: string, earlyUser: boolean) =>
  act(id, 'early-user', { earlyUser });
export const disableAccount = (id: string, reason: string) => act(id, 'disable', { reason });
export const enableAccount = (id: string) => act(id, 'enable');

export async function endSessions(id: string): Promise<number> {
  const answer = await api<unknown>(`${BASE}/${encodeURIComponent(id)}/end-sessions`, {
    method: 'POST',
  });
  return endedSessionsResponseSchema.parse(answer).ended;
}

export async function resendVerification(id: string): Promise<void> {
  await api(`${BASE}/${encodeURIComponent(id)}/resend-verification`, { method: 'POST' });
}

export async function deleteAccount(id: string): Promise<void> {
  await api(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
