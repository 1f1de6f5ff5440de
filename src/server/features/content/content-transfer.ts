/**
 * The site's words to and from a `content/`-shaped folder (docs/product/desk.md#content-in-git): for
 * owners who keep their words in git. Export writes what is published; import checks the whole
 * folder as the desk checks a document, changes nothing on any problem, and otherwise publishes
 * every document that differs, as one new version the running servers serve within a second.
 */
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { ContentKey } from '#shared/content-parts';
import type { Database } from '#server/db/schema';
import {
  folderFingerprint,
  readContentFolder,
  REPO_CONTENT_DIR,
  writeContentFolder,
} from './content-folder';
import { keepFolderHash, readContentState } from './content.repository';
import { importContent, readPublishedContent } from './publishing';

/** The folder the site takes its words from: start-up compares it with what was taken in. */
interface SiteFolder {
  siteFolder?: string;
}

const same = (a: string, b: string) => resolve(a) === resolve(b);

/** Writes the published words to `dir`; returns the files written. */
export async function exportContent(
  db: Kysely<Database>,
  dir: string,
  { siteFolder = REPO_CONTENT_DIR }: SiteFolder = {},
): Promise<string[]> {
  const content = await readPublishedContent(db);
  if (!content) throw new Error('The site has no words yet: start it once first.');
  const written = writeContentFolder(dir, content.values, {
    mediaFrom: same(dir, siteFolder) ? dir : siteFolder,
  });
  // The site's folder now holds what is published: start-up has nothing to say about it.
  if (same(dir, siteFolder) && (await readContentState(db)))
    await keepFolderHash(db, folderFingerprint(dir), new Date());
  return written;
}

export type ImportOutcome =
  { ok: false; problems: string[] } | { ok: true; version: number; published: ContentKey[] };

/**
 * Checks and publishes a folder. `servable`: the media files the client build carries (entries may
 * name no other). The site's own folder is remembered as taken in, so start-up stops saying it
 * changed.
 */
export async function importFolder(
  db: Kysely<Database>,
  dir: string,
  { servable, siteFolder = REPO_CONTENT_DIR }: { servable?: ReadonlySet<string> } & SiteFolder = {},
): Promise<ImportOutcome> {
  const folder = readContentFolder(dir, { servable });
  if (!folder.ok) return folder;
  const state = await readContentState(db);
  const fingerprint = same(dir, siteFolder) ? folderFingerprint(dir) : (state?.folderHash ?? '');
  return { ok: true, ...(await importContent(db, folder, fingerprint)) };
}
