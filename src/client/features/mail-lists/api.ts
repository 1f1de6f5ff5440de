/**
 * The calls behind the lists' pages (docs/product/api.md#mail-list-routes): a GET only looks a link up;
 * the buttons POST. Answers are checked against the shared schemas. Each call throws the ApiError
 * of lib/api on failure (404 not-found: the link is not valid).
 */
import { mailMemberSchema, type MailList, type MailMember } from '#shared/mail-list-schemas';
import { api } from '../../lib/api';

export type LinkKind = 'unsubscribe' | 'confirm';

export async function lookUpLink(
  kind: LinkKind,
  token: string,
  signal?: AbortSignal,
): Promise<MailMember> {
  const body = await api<unknown>(`/api/mail/${kind}?token=${encodeURIComponent(token)}`, {
    signal,
  });
  return mailMemberSchema.parse(body);
}

async function post(path: string, token: string): Promise<MailMember> {
  return mailMemberSchema.parse(await api<unknown>(path, { method: 'POST', body: { token } }));
}

export const unsubscribe = (token: string) => post('/api/mail/unsubscribe', token);
export const resubscribe = (token: string) => post('/api/mail/resubscribe', token);
export const confirmSubscription = (token: string) => post('/api/mail/confirm', token);

export async function subscribe(list: MailList, email: string): Promise<void> {
  await api('/api/mail/subscribe', { method: 'POST', body: { list, email } });
}
