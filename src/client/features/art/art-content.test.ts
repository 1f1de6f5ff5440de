import { expect, test } from 'vitest';
import artJson from '#content/art.json';
import { artworksOf, srcSetOf } from './art-content';

const url = (image: string) => `/assets/${image.replace('art/', '')}`;

test('srcset lists the variants and the image itself by width, smallest first', () => {
  const artwork = {
    image: 'art/piece.jpg',
    width: 2400,
    variants: [
      { image: 'art/piece-1280.webp', width: 1280 },
      { image: 'art/piece-640.webp', width: 640 },
    ],
  };
  expect(srcSetOf(artwork, url)).toBe(
    '/assets/piece-640.webp 640w, /assets/piece-1280.webp 1280w, /assets/piece.jpg 2400w',
  );
});

test('an image without variants (every shipped SVG) has no srcset', () => {
  expect(srcSetOf({ image: 'art/piece.svg', width: 1200 }, url)).toBeUndefined();
  expect(srcSetOf({ image: 'art/piece.svg', width: 1200, variants: [] }, url)).toBeUndefined();
  for (const artwork of artworksOf(artJson)) {
    expect(artwork.image).toMatch(/\.svg$/);
    expect(artwork.srcSet).toBeUndefined();
  }
});
