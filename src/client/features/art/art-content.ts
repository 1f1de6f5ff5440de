/**
 * The gallery's artworks (the words the owner publishes, with the image each names) with the built
 * URL of each image. The images are files of the build (content/art/) with hashed names under
 * /assets, so browsers may keep them for a year.
 */
import type { ArtContent, Artwork } from '#shared/content-schema';

const IMAGE_URLS = import.meta.glob<string>('/content/art/*.{svg,png,jpg,jpeg,webp,avif}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export interface GalleryArtwork extends Artwork {
  /** Where the browser fetches the image. */
  src: string;
  /** The image and its smaller variants by width, for `srcset`; undefined when there are none. */
  srcSet: string | undefined;
}

const urlOf = (image: string) => IMAGE_URLS[`/content/${image}`] ?? '';

/** `srcset` candidates, smallest first, ending with the image itself at its full width. */
export function srcSetOf(
  artwork: Pick<Artwork, 'image' | 'width' | 'variants'>,
  url: (image: string) => string = urlOf,
): string | undefined {
  const variants = artwork.variants ?? [];
  if (variants.length === 0) return undefined;
  return [...variants, { image: artwork.image, width: artwork.width }]
    .sort((a, b) => a.width - b.width)
    .map((candidate) => `${url(candidate.image)} ${candidate.width}w`)
    .join(', ');
}

export function artworksOf(art: ArtContent): GalleryArtwork[] {
  return art.artworks.map((artwork) => ({
    ...artwork,
    src: urlOf(artwork.image),
    srcSet: srcSetOf(artwork),
  }));
}

/**
 * How wide an image is shown, for the browser to pick from `srcset`: a grid thumbnail takes 78 % of
 * a card of at least 18 rem (one column on phones), the large view most of the screen.
 */
export const GRID_IMAGE_SIZES = '(max-width: 755px) 80vw, 22rem';
export const LIGHTBOX_IMAGE_SIZES = '90vw';
