/**
 * Human names for the fields of the site's words (docs/product/desk.md#publishing-the-sites-words): a
 * document's keys read as words ("crowdFundingUrl" → "Crowd funding link"), a page's key as its
 * title, an entry of a list as "Plan 2: Yearly", and a problem's path as the way to its field
 * ("Social links › Social link 4 › Link").
 */
import { pageTitle } from '../admin-format';

/** Words a key's parts read better as. */
const WORDS: Record<string, string> = { url: 'link', urls: 'links', json: 'JSON' };

/** Keys whose own words say too little. */
const KEY_LABELS: Record<string, string> = {
  includes: 'What it includes',
  alt: 'Alt text',
  kicker: 'Kicker',
  days: 'Days of access',
  updated: 'Last updated',
};

/** A line under a field, where its key alone leaves the owner guessing. */
const KEY_HINTS: Record<string, string> = {
  kicker: 'The small line above the title.',
  promise: 'One line under the title.',
  action: 'The text of the card’s link.',
  days: 'How long access lasts once granted; leave it empty for no end (lifetime).',
  featured: 'The card the page marks as the best value.',
  alt: 'Says what the picture shows, for people who cannot see it.',
  bitcoin: 'bc1…, 1… or 3…; checked before it is published.',
  ethereum: '0x and 40 hexadecimal digits.',
};

/** Under `pages`, each entry's description is what search results show. */
const PAGE_DESCRIPTION_HINT = 'What search results show under the title: 50 to 200 characters.';

/** "crowdFundingUrl" → "Crowd funding link". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a field or group: a page's own title under `pages`, else its key in words. */
export function labelOfKey(key: string, parentKey?: string): string {
  if (parentKey === 'pages') return pageTitle(key) ?? humanizeKey(key);
  return KEY_LABELS[key] ?? humanizeKey(key);
}

/** The hint under a field, if it needs one. */
export function hintOfKey(key: string, parentPath: readonly string[]): string | undefined {
  if (key === 'description' && parentPath.length === 2 && parentPath[0] === 'pages')
    return PAGE_DESCRIPTION_HINT;
  return KEY_HINTS[key];
}

/** What one entry of a list is called: "plans" → "Plan", "socialLinks" → "Social link". */
export function singularOf(listKey: string): string {
  if (listKey === 'includes') return 'Line';
  const label = humanizeKey(listKey);
  return label.endsWith('s') && !label.endsWith('ss') ? label.slice(0, -1) : label;
}

const NAMING_KEYS = ['title', 'name', 'label', 'business', 'question'] as const;

/** "Plan 2: Yearly": the entry's number, and its own name when it has one. */
export function itemLabel(listKey: string, index: number, item: unknown): string {
  const base = `${singularOf(listKey)} ${index + 1}`;
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    for (const key of NAMING_KEYS) {
      const name = record[key];
      if (typeof name === 'string' && name.trim()) return `${base}: ${name.trim()}`;
    }
  }
  return base;
}

/**
 * A problem's path in words, walking the value as the form shows it: `socialLinks.3.url` →
 * "Social links › Social link 4: Reddit › Link". An empty path is the document itself.
 */
export function pathLabel(value: unknown, path: string): string {
  if (path === '') return 'The whole document';
  const parts: string[] = [];
  let here: unknown = value;
  let parentKey: string | undefined;
  let listKey = '';
  for (const segment of path.split('.')) {
    const index = /^\d+$/.test(segment) ? Number(segment) : null;
    const next: unknown =
      here && typeof here === 'object' ? (here as Record<string, unknown>)[segment] : undefined;
    if (index !== null && Array.isArray(here)) {
      parts.push(itemLabel(listKey, index, next));
    } else {
      parts.push(labelOfKey(segment, parentKey));
      listKey = segment;
    }
    parentKey = index === null ? segment : parentKey;
    here = next;
  }
  return parts.join(' › ');
}
