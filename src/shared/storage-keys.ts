/**
 * Browser storage keys (docs/product/data.md#local-storage-keys). Nowou's own keys keep their prefixes
 * and are skipped on load (docs/product/data.md#nowou-keys).
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

/**
 * An admin's words for one document of the site's words that the server has not saved yet
 * (`content-draft-about`), kept on the desk until it has (docs/product/data.md#local-storage-keys).
 */
export const CONTENT_DRAFT_KEY_PREFIX = 'content-draft-';

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
