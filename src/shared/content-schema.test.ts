import { existsSync, readFileSync, statSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  bitcoinAddressSchema,
  ethereumAddressSchema,
  isBech32BitcoinAddress,
  parseArtContent,
  parseDonationContent,
  parseMusicContent,
  parseSiteContent,
  SOCIAL_KINDS,
} from './content-schema';
import { OFFERING_IDS } from './offerings';

const shipped = JSON.parse(readFileSync('content/site.json', 'utf8')) as Record<string, unknown>;

test('the shipped content/site.json is valid and has one social link of each of the ten kinds', () => {
  const content = parseSiteContent(shipped);
  expect(content.socialLinks.map((link) => link.kind).sort()).toEqual([...SOCIAL_KINDS].sort());
});

test('site.json gives every offering its words; one missing or blank is named', () => {
  const content = parseSiteContent(shipped);
  expect(Object.keys(content.offerings)).toEqual([...OFFERING_IDS]);
  const offerings = structuredClone(shipped.offerings) as Record<string, Record<string, string>>;
  delete offerings.music;
  expect(() => parseSiteContent({ ...shipped, offerings })).toThrow(
    /^content\/site\.json: offerings\.music: /,
  );
  offerings.music = { kicker: 'Listen', title: 'Music', promise: '  ', action: 'Listen in' };
  expect(() => parseSiteContent({ ...shipped, offerings })).toThrow(
    /^content\/site\.json: offerings\.music\.promise: /,
  );
});

const shippedDonation = JSON.parse(readFileSync('content/donation.json', 'utf8')) as {
  walletAddresses: Record<string, string>;
};

test('the shipped content/donation.json is valid and has both wallet addresses', () => {
  const donation = parseDonationContent(shippedDonation);
  expect(Object.keys(donation.walletAddresses).sort()).toEqual(['bitcoin', 'ethereum']);
});

// Test vectors of BIP-173 and BIP-350 for Bitcoin's main network.
test.each([
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
  'BC1SW50QGDZ25J',
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
])('the bech32 address %s is accepted', (address) => {
  expect(isBech32BitcoinAddress(address)).toBe(true);
  expect(bitcoinAddressSchema.safeParse(address).success).toBe(true);
});

test.each([
  ['one character mistyped', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
  ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['a test-network address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
  [
    'version 1 with a bech32 checksum',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
  ],
  ['version 0 with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
  ['a 16-byte version 0 program', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
  ['more than 4 bits of padding', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'],
  ['a character outside the alphabet', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb'],
  ['too short', 'bc1gmk9yu'],
])('a bech32 address with %s is refused', (_why, address) => {
  expect(isBech32BitcoinAddress(address)).toBe(false);
});

test.each(['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'])(
  'the Base58 address %s is accepted',
  (address) => {
    expect(bitcoinAddressSchema.safeParse(address).success).toBe(true);
  },
);

test.each([
  '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0',
  '1BvBMSEYst',
  ' 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
])('%j is not a Bitcoin address', (address) => {
  expect(bitcoinAddressSchema.safeParse(address).success).toBe(false);
});

test('an Ethereum address is 0x and 40 hexadecimal digits', () => {
  const valid = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', `0x${'ab'.repeat(20)}`];
  for (const address of valid) expect(ethereumAddressSchema.safeParse(address).success).toBe(true);
  const invalid = [
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ];
  for (const address of invalid)
    expect(ethereumAddressSchema.safeParse(address).success).toBe(false);
});

test('a bad wallet address in content/donation.json is named by file and entry', () => {
  const broken = {
    ...shippedDonation,
    walletAddresses: { ...shippedDonation.walletAddresses, bitcoin: 'bc1qnotanaddress' },
  };
  expect(() => parseDonationContent(broken)).toThrow(
    'content/donation.json: walletAddresses.bitcoin: must be a Bitcoin address (bc1…, 1… or 3…)',
  );
  const { walletAddresses: _omit, ...withoutWallets } = shippedDonation;
  expect(() => parseDonationContent(withoutWallets)).toThrow(
    /^content\/donation\.json: walletAddresses: /,
  );
});

test('a bad social link URL is named by file and entry', () => {
  const links = structuredClone(shipped.socialLinks) as { url: string }[];
  links[3]!.url = 'not a url';
  expect(() => parseSiteContent({ ...shipped, socialLinks: links })).toThrow(
    /^content\/site\.json: socialLinks\.3\.url: /,
  );
});

test('plain http social links are refused', () => {
  const links = structuredClone(shipped.socialLinks) as { url: string }[];
  links[0]!.url = 'http://example.com/';
  expect(() => parseSiteContent({ ...shipped, socialLinks: links })).toThrow(
    'content/site.json: socialLinks.0.url: must be an https:// link',
  );
});

test('a kind of social link may appear only once', () => {
  const links = shipped.socialLinks as unknown[];
  expect(() => parseSiteContent({ ...shipped, socialLinks: [...links, links[0]] })).toThrow(
    /socialLinks: each kind of social link may appear once/,
  );
});

test('a missing creator name is named', () => {
  const { creatorName: _omit, ...rest } = shipped;
  expect(() => parseSiteContent(rest)).toThrow(/^content\/site\.json: creatorName: /);
});

const shippedArt = JSON.parse(readFileSync('content/art.json', 'utf8')) as {
  artworks: Record<string, unknown>[];
};
const shippedMusic = JSON.parse(readFileSync('content/music.json', 'utf8')) as {
  tracks: Record<string, unknown>[];
};

function withArtwork(index: number, change: Record<string, unknown>) {
  const artworks = structuredClone(shippedArt.artworks);
  artworks[index] = { ...artworks[index], ...change };
  return { artworks };
}

function withTrack(index: number, change: Record<string, unknown>) {
  const tracks = structuredClone(shippedMusic.tracks);
  tracks[index] = { ...tracks[index], ...change };
  return { tracks };
}

test('the shipped content/art.json is valid and each image is in content/ at its stated size', () => {
  const { artworks } = parseArtContent(shippedArt);
  expect(artworks.length).toBeGreaterThanOrEqual(8);
  for (const artwork of artworks) {
    const file = `content/${artwork.image}`;
    expect(existsSync(file), file).toBe(true);
    if (file.endsWith('.svg')) {
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toContain(`viewBox="0 0 ${artwork.width} ${artwork.height}"`);
    }
  }
});

test('the shipped content/music.json is valid and each track is a file in content/', () => {
  const { tracks } = parseMusicContent(shippedMusic);
  expect(tracks.length).toBeGreaterThanOrEqual(4);
  for (const track of tracks) {
    const file = `content/${track.file}`;
    expect(existsSync(file), file).toBe(true);
    expect(statSync(file).size, file).toBeGreaterThan(10_000);
    expect(track.duration).toBeGreaterThanOrEqual(20);
    expect(track.duration).toBeLessThanOrEqual(40);
  }
});

test('an artwork image must be a plain file name inside content/art/', () => {
  for (const image of ['../site.json', 'art/../site.json', 'art/sub/piece.svg', 'piece.svg']) {
    expect(() => parseArtContent(withArtwork(2, { image }))).toThrow(
      /^content\/art\.json: artworks\.2\.image: must be a file in content\/art\//,
    );
  }
});

test('an artwork image must be a format browsers show', () => {
  expect(() => parseArtContent(withArtwork(0, { image: 'art/piece.gif' }))).toThrow(
    'content/art.json: artworks.0.image: must be a file in content/art/ ending in .svg, .png, .jpg, .jpeg, .webp, .avif',
  );
  expect(parseArtContent(withArtwork(0, { image: 'art/Piece_2.webp' })).artworks[0]?.image).toBe(
    'art/Piece_2.webp',
  );
});

test('an artwork without alt text, or with a blank one, is named', () => {
  const artworks = structuredClone(shippedArt.artworks);
  delete artworks[1]!.alt;
  expect(() => parseArtContent({ artworks })).toThrow(/^content\/art\.json: artworks\.1\.alt: /);
  expect(() => parseArtContent(withArtwork(3, { alt: '   ' }))).toThrow(
    /^content\/art\.json: artworks\.3\.alt: /,
  );
});

test('an artwork needs a whole year and whole pixel sizes', () => {
  expect(() => parseArtContent(withArtwork(0, { year: 2023.5 }))).toThrow(/artworks\.0\.year: /);
  expect(() => parseArtContent(withArtwork(0, { width: 0 }))).toThrow(/artworks\.0\.width: /);
  expect(() => parseArtContent(withArtwork(0, { height: '900' }))).toThrow(/artworks\.0\.height: /);
});

test('the gallery needs at least one artwork', () => {
  expect(() => parseArtContent({ artworks: [] })).toThrow(/^content\/art\.json: artworks: /);
});

test('a track file must be a plain file name inside content/music/ in a playable format', () => {
  for (const file of ['../music.json', 'music/../x.mp3', 'music/a/b.mp3', 'music/track.ogg']) {
    expect(() => parseMusicContent(withTrack(1, { file }))).toThrow(
      /^content\/music\.json: tracks\.1\.file: must be a file in content\/music\//,
    );
  }
});

test('a track needs a positive duration in seconds and a title', () => {
  expect(() => parseMusicContent(withTrack(0, { duration: 0 }))).toThrow(
    /^content\/music\.json: tracks\.0\.duration: /,
  );
  expect(() => parseMusicContent(withTrack(0, { duration: '0:32' }))).toThrow(
    /tracks\.0\.duration: /,
  );
  expect(() => parseMusicContent(withTrack(2, { title: '' }))).toThrow(/tracks\.2\.title: /);
  expect(() => parseMusicContent({ tracks: [] })).toThrow(/^content\/music\.json: tracks: /);
});

test('an artwork may list smaller variants of its image, each in content/art/ and narrower than it', () => {
  const variants = [
    { image: 'art/piece-640.webp', width: 640 },
    { image: 'art/piece-1280.webp', width: 1280 },
  ];
  const base = { image: 'art/piece.jpg', width: 2400, height: 1600 };
  expect(parseArtContent(withArtwork(0, { ...base, variants })).artworks[0]?.variants).toEqual(
    variants,
  );
  expect(() =>
    parseArtContent(
      withArtwork(0, { ...base, variants: [{ image: 'art/big.webp', width: 2400 }] }),
    ),
  ).toThrow('content/art.json: artworks.0.variants: each variant must be narrower than the image');
  expect(() =>
    parseArtContent(withArtwork(0, { ...base, variants: [{ image: '../x.webp', width: 640 }] })),
  ).toThrow(
    /^content\/art\.json: artworks\.0\.variants\.0\.image: must be a file in content\/art\//,
  );
});
