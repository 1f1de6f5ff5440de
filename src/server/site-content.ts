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
import { parseLokalaJobbContent } from '#shared/lokala-jobb-content';
import { ConfigError } from '#server/config-error';

const contentFile = (name: string) =>
  fileURLToPath(new URL(`../../content/${name}`, import.meta.url));

export const SITE_CONTENT_FILE = contentFile('site.json');
export const DONATION_CONTENT_FILE = contentFile('donation.json');
export const ART_CONTENT_FILE = contentFile('art.json');
export const MUSIC_CONTENT_FILE = contentFile('music.json');
export const INDICATORS_CONTENT_FILE = contentFile('indicators.json');
export const LOKALA_JOBB_CONTENT_FILE = contentFile('lokala-jobb.json');

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

/** Where each content file is read from (tests point one at a broken copy). */
export interface ContentFiles {
  site?: string;
  donation?: string;
  art?: string;
  music?: string;
  indicators?: string;
  lokalaJobb?: string;
}

/**
 * Reads and checks the owner's content/site.json (and, so that start-up catches every bad entry the
 * build would, content/donation.json, art.json, music.json, indicators.json and lokala-jobb.json); a
 * bad entry becomes one line naming it.
 */
export function loadSiteContent({
  site = SITE_CONTENT_FILE,
  donation = DONATION_CONTENT_FILE,
  art = ART_CONTENT_FILE,
  music = MUSIC_CONTENT_FILE,
  indicators = INDICATORS_CONTENT_FILE,
  lokalaJobb = LOKALA_JOBB_CONTENT_FILE,
}: ContentFiles = {}): SiteContent {
  loadContentFile(indicators, 'content/indicators.json', parseIndicatorPlans);
  loadContentFile(lokalaJobb, 'content/lokala-jobb.json', parseLokalaJobbContent);
  loadContentFile<DonationContent>(donation, 'content/donation.json', parseDonationContent);
  loadContentFile(art, 'content/art.json', parseArtContent);
  loadContentFile(music, 'content/music.json', parseMusicContent);
  return loadContentFile(site, 'content/site.json', parseSiteContent);
}

let cachedSiteName: string | undefined;
/** The site's name from content/site.json, read once; mails sign with it. */
export function siteName(): string {
  cachedSiteName ??= loadSiteContent().siteName;
  return cachedSiteName;
}

/** The wallet addresses content/donation.json ships with: published examples nobody here owns. */
export const EXAMPLE_WALLET_ADDRESSES = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
} as const;

/**
 * What the owner should still change before going live, one line each, logged at start: today the
 * shipped example wallets, since a donation sent to one is lost.
 */
export function contentWarnings(donationFile = DONATION_CONTENT_FILE): string[] {
  const { walletAddresses } = loadContentFile(
    donationFile,
    'content/donation.json',
    parseDonationContent,
  );
  return (Object.keys(EXAMPLE_WALLET_ADDRESSES) as (keyof typeof EXAMPLE_WALLET_ADDRESSES)[])
    .filter(
      (coin) =>
        walletAddresses[coin].toLowerCase() === EXAMPLE_WALLET_ADDRESSES[coin].toLowerCase(),
    )
    .map(
      (coin) =>
        `content/donation.json: walletAddresses.${coin} is still the shipped example address, which nobody here owns: put your own wallet there before going live (donations sent to it are lost)`,
    );
}
