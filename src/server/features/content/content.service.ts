/**
 * What the content domain offers the others (docs/product/desk.md#publishing-the-sites-words): the
 * site's name as published now, which mails sign with and authenticator apps show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DonationContent } from '#shared/content-schema';
import type { Database } from '#server/db/schema';
import { REPO_CONTENT_DIR } from './content-folder';
import { readNewestRevisionNumber, readRevision } from './content.repository';

let shippedName: string | undefined;

/** The site's name as the owner last published it (the shipped one before the first start). */
export async function siteName(db: Kysely<Database>): Promise<string> {
  const newest = await readNewestRevisionNumber(db, 'site');
  const site = newest > 0 ? await readRevision(db, 'site', newest) : null;
  if (typeof site?.value.siteName === 'string') return site.value.siteName;
  shippedName ??= (
    JSON.parse(readFileSync(join(REPO_CONTENT_DIR, 'site.json'), 'utf8')) as { siteName: string }
  ).siteName;
  return shippedName;
}

/** The wallet addresses the shipped words come with: published examples nobody here owns. */
export const EXAMPLE_WALLET_ADDRESSES = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
} as const;

/**
 * What the owner should still change before going live, one line each, logged at start and shown
 * on the desk: the shipped example wallets, since a donation sent to one is lost.
 */
export function walletWarnings(donation: DonationContent): string[] {
  return (Object.keys(EXAMPLE_WALLET_ADDRESSES) as (keyof typeof EXAMPLE_WALLET_ADDRESSES)[])
    .filter(
      (coin) =>
        donation.walletAddresses[coin].toLowerCase() ===
        EXAMPLE_WALLET_ADDRESSES[coin].toLowerCase(),
    )
    .map(
      (coin) =>
        `The ${coin === 'bitcoin' ? 'Bitcoin' : 'Ethereum'} wallet address is still the shipped example, which nobody here owns: publish your own under "Donation links and wallets" on the desk before going live (donations sent to it are lost)`,
    );
}
