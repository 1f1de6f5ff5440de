/**
 * The account calls besides log-in, sign-up and log-out (those live in the auth state):
 * docs/product/api.md#account-routes, the account page's indicator licences included. Each throws the
 * ApiError of lib/api on failure.
 */
import type { UserInfo } from '#shared/account-schemas';
import { ownProductsResponseSchema, type OwnAccessRecord } from '#shared/product-access-schemas';
import { api } from '../../lib/api';
import { userInfoFromBody } from '../../lib/current-user';

export interface MePatch {
  username?: string;
  avatar?: number;
  bio?: string;
  subscribedToNewsletter?: boolean;
}

function requireUser(body: unknown): UserInfo {
  const user = userInfoFromBody(body);
  if (!user) throw new Error('The server answered without the user.');
  return user;
}

export async function updateMe(patch: MePatch): Promise<UserInfo> {
  return requireUser(await api<unknown>('/api/me', { method: 'PATCH', body: patch }));
}

export async function deleteMe(password: string): Promise<void> {
  await api('/api/me', { method: 'DELETE', body: { password } });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api('/api/me/password', { method: 'POST', body: { currentPassword, newPassword } });
}

/** Ends every other session of this account; answers how many were ended. */
export async function revokeOtherSessions(): Promise<number> {
  const body = await api<unknown>('/api/me/sessions/revoke-others', { method: 'POST' });
  const revoked =
    typeof body === 'object' && body !== null && 'revoked' in body ? body.revoked : null;
  return typeof revoked === 'number' ? revoked : 0;
}

export async function resendVerificationMail(): Promise<void> {
  await api('/api/me/email-verification', { method: 'POST' });
}

export async function verifyEmail(token: string): Promise<void> {
  await api('/api/auth/verify-email', { method: 'POST', body: { token } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api('/api/auth/password-reset', { method: 'POST', body: { email } });
}

export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await api('/api/auth/password-reset/confirm', { method: 'POST', body: { token, password } });
}

export const EXPORT_URL = '/api/me/export';

/** The account's free trials and licences (GET /api/me/products). */
export async function fetchOwnProducts(signal?: AbortSignal): Promise<OwnAccessRecord[]> {
  const body = await api<unknown>('/api/me/products', { signal, list: true });
  return ownProductsResponseSchema.parse(body).records;
}
