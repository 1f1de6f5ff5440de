/**
 * Browser storage keys (docs/product.md#local-storage-keys). Nowou's own keys keep their prefixes
 * and are skipped on load (docs/product.md#nowou-keys).
 */
export const STORAGE_KEYS = {
  settings: 'settings',
  appSettings: 'app-settings',
  sessions: 'sessions',
  assistant: 'assistant',
  localUserInfo: 'local-user-info',
  cookieConsent: 'cookie-consent',
  newsletterDraft: 'newsletter-draft',
} as const;

/** Session storage key that keeps embedded-app mode on for the browser session. */
export const EMBEDDED_SESSION_KEY = 'embedded';

export const PRODUCTIVITY_KEY_PREFIXES = [
  'timeline-',
  'defaultTimeline',
  'textBox-',
  'textElement-',
  'brainstorm-',
  'todo-',
] as const;

export function isProductivityStorageKey(key: string): boolean {
  return PRODUCTIVITY_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';
