/**
 * The gallery's artworks (content/art.json) with the built URL of each image. The build checks the
 * file against artContentSchema and that every image exists; here the JSON's own type is checked
 * against the schema's type, which keeps zod out of the page's bundle. Images get hashed names under
 * /assets, so browsers may keep them for a year.
 */
import artJson from '#content/art.json';
import type { Artwork } from '#shared/content-schema';

const IMAGE_URLS = import.meta.glob<string>('/content/art/*.{svg,png,jpg,jpeg,webp,avif}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export interface GalleryArtwork extends Artwork {
  /** Where the browser fetches the image. */
  src: string;
}

const artworks: Artwork[] = artJson.artworks;

export const ARTWORKS: GalleryArtwork[] = artworks.map((artwork) => ({
  ...artwork,
  src: IMAGE_URLS[`/content/${artwork.image}`] ?? '',
}));
