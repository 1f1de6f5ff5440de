/**
 * What an admin typed into a document that the server has not saved yet, kept in this browser
 * (`content-draft-<document>`, docs/product/data.md#local-storage-keys) so that closing the tab or losing
 * the network loses nothing. Written on every change, removed once the server holds the same text;
 * only the admin who typed it gets it back.
 */
import type { ContentKey } from '#shared/content-parts';
import { CONTENT_DRAFT_KEY_PREFIX } from '#shared/storage-keys';
import type { ContentValue } from './content-api';

export interface KeptDraft {
  /** The username of the admin who typed it. */
  by: string;
  baseRevision: number;
  value: ContentValue;
  /** When it was typed, as an ISO time. */
  at: string;
}

function storageKey(key: ContentKey): string {
  return `${CONTENT_DRAFT_KEY_PREFIX}${key}`;
}

export function readKeptDraft(key: ContentKey, by: string): KeptDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptDraft>;
    if (
      kept.by !== by ||
      typeof kept.baseRevision !== 'number' ||
      !kept.value ||
      typeof kept.value !== 'object'
    )
      return null;
    return kept as KeptDraft;
  } catch {
    return null;
  }
}

export function keepDraft(key: ContentKey, draft: KeptDraft): boolean {
  try {
    localStorage.setItem(storageKey(key), JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or blocked: the text still reaches the server when it can.
    return false;
  }
}

export function forgetKeptDraft(key: ContentKey): void {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing kept.
  }
}
