/**
 * Typed access to the site's browser storage keys (docs/product/data.md#local-storage-keys). Storage can
 * be unavailable (private modes, quota): reads fall back to the default and writes are best-effort.
 */
import { STORAGE_KEYS, type Theme } from '#shared/storage-keys';

export interface Settings {
  createdAt: string;
  theme: Theme;
}

export interface AppSettings {
  bools: { experimental: boolean; devCard: boolean; blockSessions: boolean };
}

export type SessionsRecord = Record<string, { startedAt: string }>;

export interface AssistantRecord {
  liveMessage: { lastViewedAtUTC: string | null };
}

export interface LocalUserInfo {
  avatar: number;
  username: string;
}

export interface CookieConsent {
  consent: true;
}

/** The desk's newsletter being written, kept until it is sent or emptied. */
export interface NewsletterDraft {
  list: string;
  subject: string;
  text: string;
}

interface StoredShapes {
  settings: Settings;
  appSettings: AppSettings;
  sessions: SessionsRecord;
  assistant: AssistantRecord;
  localUserInfo: LocalUserInfo;
  cookieConsent: CookieConsent;
  newsletterDraft: NewsletterDraft;
}

export type StoredName = keyof StoredShapes;

export function readStored<K extends StoredName>(
  name: K,
  fallback: StoredShapes[K],
): StoredShapes[K] {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS[name]);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') return { ...fallback, ...parsed } as StoredShapes[K];
    return fallback;
  } catch {
    return fallback;
  }
}

export function removeStored(name: StoredName): void {
  try {
    localStorage.removeItem(STORAGE_KEYS[name]);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

export function writeStored<K extends StoredName>(name: K, value: StoredShapes[K]): void {
  try {
    localStorage.setItem(STORAGE_KEYS[name], JSON.stringify(value));
  } catch {
    // Storage full or blocked: the setting lasts for this page view only.
  }
}
