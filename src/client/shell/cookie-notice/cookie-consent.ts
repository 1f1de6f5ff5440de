/**
 * Whether the visitor closed the cookie notice (docs/product/shell.md#cookie-notice). Written through the
 * typed storage helper; read here because "never saved" must differ from the saved value.
 */
import { STORAGE_KEYS } from '#shared/storage-keys';
import { writeStored } from '../../lib/storage';

export function hasCookieConsent(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.cookieConsent);
    if (!raw) return false;
    const parsed: unknown = JSON.parse(raw);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { consent?: unknown }).consent === true
    );
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();

export function subscribeToCookieConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveCookieConsent(): void {
  writeStored('cookieConsent', { consent: true });
  for (const listener of listeners) listener();
}
