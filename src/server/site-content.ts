import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  parseArtContent,
  parseDonationContent,
  parseMusicContent,
  parseSiteContent,
  type DonationContent,
  type SiteContent,
} from '#shared/content-schema';
import { parseIndicatorPlans } from '#shared/indicator-plans';
import { ConfigError } from '#server/config-error';

const contentFile = (name: string) =>
  fileURLToPath(new URL(`../../content/${name}`, import.meta.url));

export const SITE_CONTENT_FILE = contentFile('site.json');
export const DONATION_CONTENT_FILE = contentFile('donation.json');
export const ART_CONTENT_FILE = contentFile('art.json');
export const MUSIC_CONTENT_FILE = contentFile('music.json');
export const INDICATORS_CONTENT_FILE = contentFile('indicators.json');

function loadContentFile<T>(
  file: string,
  label: string,
  parse: (raw: unknown, file: string) => T,
): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid content: ${label}: ${(error as Error).message}`);
  }
  try {
    return parse(raw, label);
  } catch (error) {
    throw new ConfigError(`Invalid content: ${(error as Error).message}`);
  }
}

/**
 * Reads and checks the owner's content/site.json (and, so that start-up catches every bad entry the
 * build would, content/donation.json, art.json, music.json and indicators.json); a bad entry becomes one line naming it.
 */
export function loadSiteContent(
  file = SITE_CONTENT_FILE,
  donationFile = DONATION_CONTENT_FILE,
  artFile = ART_CONTENT_FILE,
  musicFile = MUSIC_CONTENT_FILE,
  indicatorsFile = INDICATORS_CONTENT_FILE,
): SiteContent {
  loadContentFile(indicatorsFile, 'content/indicators.json', parseIndicatorPlans);
  loadContentFile<DonationContent>(donationFile, 'content/donation.json', parseDonationContent);
  loadContentFile(artFile, 'content/art.json', parseArtContent);
  loadContentFile(musicFile, 'content/music.json', parseMusicContent);
  return loadContentFile(file, 'content/site.json', parseSiteContent);
}

let cachedSiteName: string | undefined;
/** The site's name from content/site.json, read once; mails sign with it. */
export function siteName(): string {
  cachedSiteName ??= loadSiteContent().siteName;
  return cachedSiteName;
}
