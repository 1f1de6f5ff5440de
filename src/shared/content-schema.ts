import { z } from 'zod';
import { OFFERING_IDS, type OfferingId } from './offerings';
import { PUBLIC_PAGES, type PublicPage } from './public-pages';

/** The ten kinds of social link the footer shows (docs/product/shell.md#footer), in display order. */
export const SOCIAL_KINDS = [
  'video',
  'chat',
  'photo',
  'code',
  'shortPost',
  'membership',
  'shortVideo',
  'socialNetwork',
  'forum',
  'music',
] as const;

export type SocialKind = (typeof SOCIAL_KINDS)[number];

const httpsUrl = z
  .string()
  .url()
  .refine((u) => u.startsWith('https://'), 'must be an https:// link');

export const socialLinkSchema = z.object({
  kind: z.enum(SOCIAL_KINDS),
  label: z.string().min(1).max(60),
  url: httpsUrl,
});

/** One offering's card: a small line above the title, the title, a one-line promise, the link's text. */
export const offeringTextSchema = z.strictObject({
  kicker: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1).max(60),
  promise: z.string().trim().min(1).max(200),
  action: z.string().trim().min(1).max(40),
});

/** A public page's own title (the page first, the site name is added) and search-result line. */
const pageHeadSchema = z.strictObject({
  title: z.string().trim().min(1).max(60),
  description: z.string().trim().min(50).max(200),
});

export const siteContentSchema = z.object({
  creatorName: z.string().min(1).max(60),
  siteName: z.string().min(1).max(60),
  tagline: z.string().min(1).max(160),
  description: z.string().min(1).max(300),
  contact: z.object({
    text: z.string().min(1).max(120),
    email: z.string().email(),
  }),
  socialLinks: z
    .array(socialLinkSchema)
    .max(20)
    .refine((links) => new Set(links.map((l) => l.kind)).size === links.length, {
      message: 'each kind of social link may appear once',
    }),
  offerings: z.strictObject(
    Object.fromEntries(OFFERING_IDS.map((id) => [id, offeringTextSchema])) as Record<
      OfferingId,
      typeof offeringTextSchema
    >,
  ),
  pages: z.strictObject(
    Object.fromEntries(PUBLIC_PAGES.map((page) => [page, pageHeadSchema])) as Record<
      PublicPage,
      typeof pageHeadSchema
    >,
  ),
});

export type SiteContent = z.infer<typeof siteContentSchema>;
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** Parses owner-edited content; the error names the file and the bad entry, e.g. `socialLinks.3.url`. */
export function parseSiteContent(raw: unknown, file = 'content/site.json'): SiteContent {
  const result = siteContentSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** The checksum constants of bech32 (witness version 0, BIP-173) and bech32m (1 and up, BIP-350). */
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < BECH32_GENERATOR.length; i++) {
      if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i]!;
    }
  }
  return chk >>> 0;
}

/**
 * A native SegWit or Taproot address on Bitcoin's main network (BIP-173, BIP-350): one case, the
 * `bc1` prefix, a witness program of the right length and a valid checksum, so a mistyped character
 * is refused before a donor sends coins to it.
 */
export function isBech32BitcoinAddress(input: string): boolean {
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return false;
  const address = input.toLowerCase();
  if (!address.startsWith('bc1') || address.length < 14 || address.length > 74) return false;
  const data = [...address.slice(3)].map((char) => BECH32_CHARSET.indexOf(char));
  if (data.some((value) => value < 0)) return false;
  const [version = -1, ...rest] = data.slice(0, -6);
  if (version > 16) return false;
  const programBits = rest.length * 5;
  const programBytes = Math.floor(programBits / 8);
  const paddingBits = programBits % 8;
  // The 5-bit groups end with under 5 bits of padding, all zero.
  if (paddingBits >= 5 || ((rest.at(-1) ?? 0) & ((1 << paddingBits) - 1)) !== 0) return false;
  if (programBytes < 2 || programBytes > 40) return false;
  if (version === 0 && programBytes !== 20 && programBytes !== 32) return false;
  const expanded = [3, 3, 0, 2, 3, ...data]; // "bc" expanded: high bits, 0, low bits
  return bech32Polymod(expanded) === (version === 0 ? BECH32_CONST : BECH32M_CONST);
}

/** A legacy (P2PKH, `1…`) or script (P2SH, `3…`) address in Base58: its shape only, not its checksum. */
const BASE58_BITCOIN_ADDRESS = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;

export const bitcoinAddressSchema = z
  .string()
  .refine(
    (address) => BASE58_BITCOIN_ADDRESS.test(address) || isBech32BitcoinAddress(address),
    'must be a Bitcoin address (bc1…, 1… or 3…)',
  );

/** 0x and 40 hexadecimal digits, in any case (the mixed-case EIP-55 form is kept as written). */
export const ethereumAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an Ethereum address (0x and 40 hexadecimal digits)');

/**
 * content/donation.json: the two funding links of the Donation pop-up and the addresses of its
 * Bitcoin and Ethereum wallets (docs/product/shell.md#donation-and-wallets).
 */
export const donationContentSchema = z.object({
  crowdFundingUrl: httpsUrl,
  membershipUrl: httpsUrl,
  walletAddresses: z.object({
    bitcoin: bitcoinAddressSchema,
    ethereum: ethereumAddressSchema,
  }),
});

export type DonationContent = z.infer<typeof donationContentSchema>;

export function parseDonationContent(
  raw: unknown,
  file = 'content/donation.json',
): DonationContent {
  const result = donationContentSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/** Like the parsers above: the error names the file and the bad entry, e.g. `artworks.3.image`. */
function parseContentFile<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * A file the owner keeps in a folder of content/, named relative to content/ (e.g. `art/dawn.svg`):
 * one plain file name, so an entry can never point outside its folder.
 */
function contentFileSchema(folder: string, extensions: readonly string[]) {
  const pattern = new RegExp(
    `^${folder}/[A-Za-z0-9][A-Za-z0-9._-]*\\.(?:${extensions.join('|')})$`,
  );
  return z
    .string()
    .regex(pattern, `must be a file in content/${folder}/ ending in .${extensions.join(', .')}`);
}

/** Image formats every current browser shows in an <img>. */
export const ART_IMAGE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif'] as const;
/** Audio formats every current browser plays in an <audio>. */
export const MUSIC_FILE_EXTENSIONS = ['mp3', 'm4a', 'aac', 'wav'] as const;

const pixels = z.number().int().min(1).max(20_000);

/** One artwork of the gallery (content/art.json); width and height reserve its space before it loads. */
export const artworkSchema = z
  .object({
    title: z.string().trim().min(1).max(80),
    year: z.number().int().min(1900).max(2200),
    medium: z.string().trim().min(1).max(80),
    description: z.string().trim().min(1).max(600),
    image: contentFileSchema('art', ART_IMAGE_EXTENSIONS),
    alt: z.string().trim().min(1).max(300),
    width: pixels,
    height: pixels,
    /**
     * Smaller copies of a photo or scan (the same picture, `width` pixels wide), so a phone's grid
     * fetches a small file and the large view a big one. An SVG needs none.
     */
    variants: z
      .array(z.object({ image: contentFileSchema('art', ART_IMAGE_EXTENSIONS), width: pixels }))
      .max(8)
      .optional(),
  })
  .refine((artwork) => (artwork.variants ?? []).every((variant) => variant.width < artwork.width), {
    message: 'each variant must be narrower than the image itself',
    path: ['variants'],
  });

export const artContentSchema = z.object({
  artworks: z.array(artworkSchema).min(1).max(100),
});

export type Artwork = z.infer<typeof artworkSchema>;
export type ArtContent = z.infer<typeof artContentSchema>;

export function parseArtContent(raw: unknown, file = 'content/art.json'): ArtContent {
  return parseContentFile(artContentSchema, raw, file);
}

/** One track of the music player (content/music.json); the duration is in seconds. */
export const trackSchema = z.object({
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(300),
  file: contentFileSchema('music', MUSIC_FILE_EXTENSIONS),
  duration: z
    .number()
    .positive()
    .max(4 * 60 * 60),
});

export const musicContentSchema = z.object({
  tracks: z.array(trackSchema).min(1).max(100),
});

export type Track = z.infer<typeof trackSchema>;
export type MusicContent = z.infer<typeof musicContentSchema>;

export function parseMusicContent(raw: unknown, file = 'content/music.json'): MusicContent {
  return parseContentFile(musicContentSchema, raw, file);
}
