/**
 * The site's words as the pages read them (docs/product/desk.md#publishing-the-sites-words): nine
 * documents, each published as numbered revisions; a page carries the parts it reads (the shell's
 * on every page, its own besides) and a route the page did not carry asks for them. Types and names
 * only, importing no values, so what the first load runs stays small (the desk and the server know
 * more of each document in content-documents.ts; the checks are in content-checks.ts).
 */
import type { MarkdownPageSource } from './content-markdown';
import type { ArtContent, DonationContent, MusicContent, SiteContent } from './content-schema';
import type { IndicatorPlansContent } from './indicator-plans';
import type { LokalaJobbContent } from './lokala-jobb-content';
import type { MarkdownDocument } from './markdown-document';
import type { PageModuleRoute } from './page-modules';

export const CONTENT_KEYS = [
  'site',
  'about',
  'indicators',
  'lokalaJobb',
  'art',
  'music',
  'donation',
  'termsOfService',
  'privacyPolicy',
] as const;

export type ContentKey = (typeof CONTENT_KEYS)[number];

export const MARKDOWN_KEYS = ['about', 'termsOfService', 'privacyPolicy'] as const;
export type MarkdownKey = (typeof MARKDOWN_KEYS)[number];

export function isContentKey(value: string): value is ContentKey {
  return (CONTENT_KEYS as readonly string[]).includes(value);
}

export function isMarkdownKey(key: ContentKey): key is MarkdownKey {
  return (MARKDOWN_KEYS as readonly string[]).includes(key);
}

/** Each document as the owner edits and publishes it. */
export interface ContentValues {
  site: SiteContent;
  about: MarkdownPageSource;
  indicators: IndicatorPlansContent;
  lokalaJobb: LokalaJobbContent;
  art: ArtContent;
  music: MusicContent;
  donation: DonationContent;
  termsOfService: MarkdownPageSource;
  privacyPolicy: MarkdownPageSource;
}

/** Each document as the pages read it: the Markdown ones already turned into plain data. */
export type ContentParts = {
  [K in ContentKey]: K extends MarkdownKey ? MarkdownDocument : ContentValues[K];
};

/** The parts every page needs: the header, footer and donation pop-ups read them. */
export const SHELL_CONTENT = ['site', 'donation'] as const satisfies readonly ContentKey[];

/** The parts a route reads besides the shell's; its page waits for them before it shows. */
export const ROUTE_CONTENT: Partial<Record<PageModuleRoute, readonly ContentKey[]>> = {
  about: ['about'],
  termsOfService: ['termsOfService'],
  privacyPolicy: ['privacyPolicy'],
  purchase: ['indicators'],
  lokalaJobb: ['lokalaJobb'],
  art: ['art'],
  music: ['music'],
  admin: ['indicators'],
};

export function contentForRoute(route: PageModuleRoute): ContentKey[] {
  return [...SHELL_CONTENT, ...(ROUTE_CONTENT[route] ?? [])];
}

/**
 * What a page carries in `<script type="application/json" id="site-content">` (its parts: equal
 * words give equal pages) and what GET /api/content answers (the parts asked for, with the
 * published version they belong to).
 */
export interface ContentPayload {
  version?: number;
  parts: Partial<ContentParts>;
}

export const CONTENT_SCRIPT_ID = 'site-content';
