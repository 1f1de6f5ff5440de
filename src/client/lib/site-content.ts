/**
 * The site's words in the browser (docs/product/desk.md#publishing-the-sites-words): a page arrives with
 * the words it shows as JSON beside its markup (`<script type="application/json" id="site-content">`),
 * read before the first render so hydration finds the very text the server sent; a route the page
 * did not carry asks GET /api/content for its parts before it shows (app/router.tsx). Nothing of the
 * words is compiled into the bundle, so a publish reaches every visitor without a rebuild.
 */
import {
  CONTENT_SCRIPT_ID,
  type ContentKey,
  type ContentParts,
  type ContentPayload,
} from '#shared/content-parts';
import type { SiteContent } from '#shared/content-schema';

const parts: Partial<ContentParts> = {};
let version = 0;

/**
 * Keeps the parts a page carried or the server sent; an answer older than the newest one kept
 * (it crossed a publish on the way) changes nothing.
 */
export function keepContent(payload: ContentPayload): void {
  if (payload.version !== undefined) {
    if (payload.version < version) return;
    version = payload.version;
  }
  Object.assign(parts, payload.parts);
}

/** Starts afresh with exactly these words (the server renders one page after another with it). */
export function replaceContent(payload: ContentPayload): void {
  for (const key of Object.keys(parts) as ContentKey[]) delete parts[key];
  version = 0;
  keepContent(payload);
}

/** Reads the words the page carried; false when it carried none (a bare index.html in development). */
export function readEmbeddedContent(): boolean {
  const script = document.getElementById(CONTENT_SCRIPT_ID);
  if (!script?.textContent) return false;
  keepContent(JSON.parse(script.textContent) as ContentPayload);
  return true;
}

/** Fetches the parts not held yet (a route's own words, on the way to it). */
export async function loadContent(keys: readonly ContentKey[]): Promise<void> {
  const missing = keys.filter((key) => parts[key] === undefined);
  if (missing.length === 0) return;
  // Loaded when first needed: a page's first load carries its words and never asks.
  const { api } = await import('./api');
  keepContent(await api<ContentPayload>(`/api/content?parts=${missing.join(',')}`));
}

/** One part of the words; its route loaded it before the page rendered. */
export function contentPart<K extends ContentKey>(key: K): ContentParts[K] {
  const part = parts[key];
  if (part === undefined) throw new Error(`The site's ${key} words are not loaded`);
  return part;
}

/** The site's names, links, offerings and page titles (every page has them). */
export function siteContent(): SiteContent {
  return contentPart('site');
}

/** Up to two initials for the monogram, e.g. "Alex Lindqvist" → "AL". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
