/**
 * What the desk and the server know of each document of the site's words
 * (docs/product/desk.md#publishing-the-sites-words): its title, its file in a `content/` folder, its
 * language and the public pages that show it.
 */
import { CONTENT_KEYS, type ContentKey } from './content-parts';
import { PUBLIC_PAGES, type PublicPage } from './public-pages';

export interface ContentDocumentInfo {
  /** What the desk calls it. */
  title: string;
  /** Its file in a `content/` folder. */
  file: string;
  /** The language of its words: Lokala jobb's are Swedish. */
  lang: 'en' | 'sv';
  /** The public pages that show it (the sitemap's lastmod follows their documents). */
  pages: readonly PublicPage[];
  /** Markdown with front matter; `dated` ones carry an `updated` date. */
  markdown?: { dated: boolean };
}

export const CONTENT_DOCUMENTS: Record<ContentKey, ContentDocumentInfo> = {
  site: {
    title: 'Site, offerings and page titles',
    file: 'site.json',
    lang: 'en',
    pages: PUBLIC_PAGES,
  },
  about: {
    title: 'About',
    file: 'pages/about.md',
    lang: 'en',
    pages: ['about'],
    markdown: { dated: false },
  },
  indicators: {
    title: 'Indicator plans and prices',
    file: 'indicators.json',
    lang: 'en',
    pages: ['purchase'],
  },
  lokalaJobb: { title: 'Lokala jobb', file: 'lokala-jobb.json', lang: 'sv', pages: ['lokalaJobb'] },
  art: { title: 'Art: the words of each artwork', file: 'art.json', lang: 'en', pages: ['art'] },
  music: {
    title: 'Music: the words of each track',
    file: 'music.json',
    lang: 'en',
    pages: ['music'],
  },
  donation: {
    title: 'Donation links and wallets',
    file: 'donation.json',
    lang: 'en',
    pages: ['purchase'],
  },
  termsOfService: {
    title: 'Terms of service',
    file: 'legal/terms-of-service.md',
    lang: 'en',
    pages: ['termsOfService'],
    markdown: { dated: true },
  },
  privacyPolicy: {
    title: 'Privacy policy',
    file: 'legal/privacy-policy.md',
    lang: 'en',
    pages: ['privacyPolicy'],
    markdown: { dated: true },
  },
};

/** The documents a public page is made of, for its sitemap date. */
export function documentsOfPage(page: PublicPage): ContentKey[] {
  return CONTENT_KEYS.filter((key) => CONTENT_DOCUMENTS[key].pages.includes(page));
}
