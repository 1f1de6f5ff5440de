/**
 * A `content/`-shaped folder (docs/product/desk.md#publishing-the-sites-words): the shipped words a new
 * site starts from, and what `npm run content -- export|import` writes and reads. Each document is
 * one file (#shared/content-documents); the images and tracks its entries name sit beside them in
 * `art/` and `music/`. Problems read as one line each, naming the file and the entry
 * (`content/site.json: socialLinks.3.url: must be an https:// link`, `content/pages/about.md:12:3: …`).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent, type ContentIssue } from '#shared/content-checks';
import { CONTENT_DOCUMENTS } from '#shared/content-documents';
import {
  CONTENT_KEYS,
  isMarkdownKey,
  type ContentKey,
  type ContentParts,
  type ContentValues,
} from '#shared/content-parts';
import {
  ContentMarkdownError,
  markdownFile,
  splitMarkdownFile,
  type MarkdownPageSource,
} from '#shared/content-markdown';

/** The repository's own `content/`: what a new site shows until the owner publishes. */
export const REPO_CONTENT_DIR = fileURLToPath(new URL('../../../../content', import.meta.url));

export interface ContentSet {
  values: ContentValues;
  parts: ContentParts;
}

export type FolderRead = ({ ok: true } & ContentSet) | { ok: false; problems: string[] };

/**
 * The folder's files as they are (any byte changed, a file added or gone): start-up compares it with
 * the one the site last took in, to say when `content/` was edited since.
 */
export function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const key of CONTENT_KEYS) {
    const file = join(dir, CONTENT_DOCUMENTS[key].file);
    hash.update(`${CONTENT_DOCUMENTS[key].file}\n`);
    hash.update(existsSync(file) ? readFileSync(file) : 'missing');
  }
  return hash.digest('hex');
}

/** One fingerprint of the words: equal values, equal hash (the files' spacing does not count). */
export function contentHash(values: ContentValues): string {
  const hash = createHash('sha256');
  for (const key of CONTENT_KEYS) hash.update(`${key}\n${JSON.stringify(values[key])}\n`);
  return hash.digest('hex');
}

function label(key: ContentKey): string {
  return `content/${CONTENT_DOCUMENTS[key].file}`;
}

function issueLine(key: ContentKey, issue: ContentIssue, bodyLineOffset: number): string {
  if (issue.line !== undefined)
    return `${label(key)}:${issue.line + bodyLineOffset}:${issue.column ?? 1}: ${issue.message}`;
  return `${label(key)}: ${issue.path || '(root)'}: ${issue.message}`;
}

function readValue(dir: string, key: ContentKey): { value: unknown; lineOffset: number } {
  const source = readFileSync(join(dir, CONTENT_DOCUMENTS[key].file), 'utf8');
  const markdown = CONTENT_DOCUMENTS[key].markdown;
  if (!markdown) return { value: JSON.parse(source) as unknown, lineOffset: 0 };
  const { lineCount, ...page } = splitMarkdownFile(source, label(key), markdown);
  return { value: page satisfies MarkdownPageSource, lineOffset: lineCount };
}

/** The media files (relative to the folder) that exist in it, for the entries to name. */
function mediaIn(dir: string, values: Partial<Record<ContentKey, unknown>>): Set<string> {
  const named = new Set<string>();
  const art = values.art as { artworks?: { image?: unknown; variants?: { image?: unknown }[] }[] };
  for (const artwork of art?.artworks ?? [])
    for (const image of [artwork.image, ...(artwork.variants ?? []).map((v) => v.image)])
      if (typeof image === 'string') named.add(image);
  const music = values.music as { tracks?: { file?: unknown }[] };
  for (const track of music?.tracks ?? [])
    if (typeof track.file === 'string') named.add(track.file);
  return new Set([...named].filter((file) => existsSync(join(dir, file))));
}

/**
 * Reads and checks every document of the folder. Entries may name only media files in the folder
 * that the site can serve (`servable`: the client build's; all when not given).
 */
export function readContentFolder(
  dir: string,
  { servable }: { servable?: ReadonlySet<string> } = {},
): FolderRead {
  const problems: string[] = [];
  const read: Partial<Record<ContentKey, { value: unknown; lineOffset: number }>> = {};
  for (const key of CONTENT_KEYS) {
    try {
      read[key] = readValue(dir, key);
    } catch (error) {
      if (error instanceof ContentMarkdownError) problems.push(error.message);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        problems.push(`${label(key)}: the file is missing`);
      else problems.push(`${label(key)}: ${(error as Error).message}`);
    }
  }
  const raw = Object.fromEntries(
    Object.entries(read).map(([key, entry]) => [key, entry.value]),
  ) as Partial<Record<ContentKey, unknown>>;
  const inFolder = mediaIn(dir, raw);
  const knownFiles = servable
    ? new Set([...inFolder].filter((file) => servable.has(file)))
    : inFolder;
  const values: Partial<Record<ContentKey, unknown>> = {};
  const parts: Partial<Record<ContentKey, unknown>> = {};
  for (const key of CONTENT_KEYS) {
    const entry = read[key];
    if (!entry) continue;
    const result = checkContent(key, entry.value, { knownFiles });
    if (result.ok) {
      values[key] = result.value;
      parts[key] = result.part;
    } else {
      for (const issue of result.issues)
        problems.push(issueLine(key, issue, isMarkdownKey(key) ? entry.lineOffset : 0));
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, values: values as ContentValues, parts: parts as ContentParts };
}

/** The document as its file holds it: JSON with two spaces, or Markdown with front matter. */
export function fileText(key: ContentKey, value: unknown): string {
  if (isMarkdownKey(key)) return markdownFile(value as MarkdownPageSource);
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes the documents as a `content/` folder, with the media files their entries name copied from
 * `mediaFrom` (the folder the site's images and tracks came from). Returns the files written.
 */
export function writeContentFolder(
  dir: string,
  values: ContentValues,
  { mediaFrom = REPO_CONTENT_DIR }: { mediaFrom?: string } = {},
): string[] {
  const written: string[] = [];
  for (const key of CONTENT_KEYS) {
    const file = CONTENT_DOCUMENTS[key].file;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), fileText(key, values[key]));
    written.push(file);
  }
  for (const file of mediaIn(mediaFrom, values)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(mediaFrom, file), join(dir, file));
    written.push(file);
  }
  return written;
}
