/**
 * One JSON-LD block per public page (https://schema.org): Home names the site and its creator with
 * the social profiles, /art is an ImageGallery of the artworks, /music a MusicPlaylist of its
 * recordings with their durations, the indicators are software, and every other page a WebPage of
 * the fitting kind. URLs are absolute (the placeholder origin the server replaces).
 */
import type { SiteContent } from '#shared/content-schema';
import { paths } from '#shared/paths';
import type { PublicPage } from '#shared/public-pages';
import { absolute } from './page-head';

export interface StructuredDataInput {
  page: PublicPage;
  origin: string;
  site: SiteContent;
  title: string;
  description: string;
  path: string;
  language: string;
  artworks: {
    title: string;
    description: string;
    alt: string;
    src: string;
    width: number;
    height: number;
    year: number;
  }[];
  tracks: { title: string; description: string; src: string; duration: number }[];
}

/** Seconds as an ISO 8601 duration, e.g. 34.04 → `PT34S`, 125 → `PT2M5S`. */
export function isoDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `PT${minutes ? `${minutes}M` : ''}${rest || !minutes ? `${rest}S` : ''}`;
}

const PAGE_TYPES: Partial<Record<PublicPage, string>> = {
  about: 'AboutPage',
  contact: 'ContactPage',
  support: 'ContactPage',
};

export function structuredData(input: StructuredDataInput): unknown {
  const { origin, site, page } = input;
  const siteId = absolute(origin, '/#website');
  const creatorId = absolute(origin, '/#creator');
  const url = absolute(origin, input.path);
  const creator = { '@type': 'Person', '@id': creatorId, name: site.creatorName };
  const context = 'https://schema.org';

  if (page === 'home')
    return {
      '@context': context,
      '@graph': [
        {
          '@type': 'WebSite',
          '@id': siteId,
          url: absolute(origin, paths.home),
          name: site.siteName,
          description: input.description,
          inLanguage: input.language,
          publisher: { '@id': creatorId },
        },
        {
          ...creator,
          url: absolute(origin, paths.home),
          description: site.description,
          sameAs: site.socialLinks.map((link) => link.url),
        },
      ],
    };

  const base = {
    '@context': context,
    url,
    name: input.title,
    description: input.description,
    inLanguage: input.language,
    isPartOf: { '@type': 'WebSite', '@id': siteId, name: site.siteName },
  };

  if (page === 'art')
    return {
      ...base,
      '@type': 'ImageGallery',
      author: creator,
      image: input.artworks.map((artwork) => ({
        '@type': 'ImageObject',
        name: artwork.title,
        description: artwork.description,
        caption: artwork.alt,
        contentUrl: absolute(origin, artwork.src),
        width: artwork.width,
        height: artwork.height,
        dateCreated: String(artwork.year),
        creator,
      })),
    };

  if (page === 'music')
    return {
      ...base,
      '@type': 'MusicPlaylist',
      creator,
      numTracks: input.tracks.length,
      track: input.tracks.map((track) => ({
        '@type': 'MusicRecording',
        name: track.title,
        description: track.description,
        duration: isoDuration(track.duration),
        byArtist: creator,
        audio: {
          '@type': 'AudioObject',
          contentUrl: absolute(origin, track.src),
          duration: isoDuration(track.duration),
        },
      })),
    };

  if (page === 'longAndShortPosition' || page === 'portfolio')
    return {
      ...base,
      '@type': 'SoftwareApplication',
      applicationCategory: 'FinanceApplication',
      operatingSystem: 'TradingView',
      author: creator,
    };

  return { ...base, '@type': PAGE_TYPES[page] ?? 'WebPage' };
}
