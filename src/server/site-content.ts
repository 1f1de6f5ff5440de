import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSiteContent, type SiteContent } from '#shared/content-schema';
import { ConfigError } from '#server/config-error';

export const SITE_CONTENT_FILE = fileURLToPath(new URL('../../content/site.json', import.meta.url));

/** Reads and checks the owner's content/site.json; a bad entry becomes one line naming it. */
export function loadSiteContent(file = SITE_CONTENT_FILE): SiteContent {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid content: content/site.json: ${(error as Error).message}`);
  }
  try {
    return parseSiteContent(raw);
  } catch (error) {
    throw new ConfigError(`Invalid content: ${(error as Error).message}`);
  }
}
