/**
 * Renders every public page from the site's published words (docs/architecture.md#prerendered-pages):
 * the page's markup exactly as the browser's first render hydrates it, its head (title,
 * description, link-preview tags, JSON-LD), its 1200×630 preview image, its stylesheets inlined,
 * the modules that hydrate it, and the words it reads as JSON, so the browser starts from what the
 * server sent and nothing is compiled into the bundle. Also the not-found page and the app shell of
 * the routes the browser renders. `npm run build` renders the shipped `content/` with it; the
 * server renders again whenever the owner publishes. Absolute URLs carry a placeholder origin the
 * server replaces with its PUBLIC_URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryFiles, pageFiles } from '#shared/client-manifest';
import {
  CONTENT_SCRIPT_ID,
  contentForRoute,
  type ContentKey,
  type ContentParts,
  type ContentPayload,
} from '#shared/content-parts';
import { documentTitleFor, pageTitleFor } from '#shared/document-title';
import { PAGE_END_ID } from '#shared/page-ids';
import { paths } from '#shared/paths';
import { PAGE_LANGUAGES, PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import { inlineStylesheets } from './inline-styles';
import { escapeHtml, headTags, jsonForScript, type PreviewImage } from './page-head';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, renderPreview, type PreviewCard } from './preview-image';
import type { SiteBuild } from './site-build';
import { structuredData } from './structured-data';

/** Replaced by the server with its PUBLIC_URL (docs/architecture.md#prerendered-pages). */
export const PLACEHOLDER_ORIGIN = 'https://public-url.invalid';
const PAINT_WHEN_PARSED = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render" />`;
const LOCALES: Record<string, string> = { en: 'en_US', sv: 'sv_SE' };

export interface RenderInput {
  parts: ContentParts;
}

export interface RenderedPage {
  page: PublicPage;
  path: string;
  html: string;
}

export interface RenderedSite {
  pages: RenderedPage[];
  /** null when only some pages were asked for (`only`). */
  notFound: string | null;
  appShell: string | null;
  /** Every page's preview image, by its path under the client folder (`assets/preview-….png`). */
  previews: Map<string, Buffer>;
}

/**
 * Preview images already made, by their file (its name is a hash of what is drawn, so an equal
 * name is an equal picture): the build's files, and those made since.
 */
export interface PreviewStore {
  get(file: string): Buffer | undefined;
}

/** The words a route's markup reads, as its page carries them. */
export function contentPayload(input: RenderInput, keys: readonly ContentKey[]): ContentPayload {
  return {
    parts: Object.fromEntries(keys.map((key) => [key, input.parts[key]])) as Partial<ContentParts>,
  };
}

/** `<script type="application/json">`: data the page reads, never run (the CSP needs no hash). */
function contentScript(payload: ContentPayload): string {
  return `<script type="application/json" id="${CONTENT_SCRIPT_ID}">${jsonForScript(payload)}</script>`;
}

function monogramOf(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * What a prerendered page adds to its head: every stylesheet it needs (the entry's, then its page
 * module's) inlined, so the markup paints styled with JavaScript or without and no stylesheet
 * request holds the paint back; then the modules that hydrate it, entry first, as a list that
 * theme-init.js requests once the page has painted.
 */
function pageAssets(build: SiteBuild, route: PublicPage | 'home'): string {
  const isCss = (file: string) => file.endsWith('.css');
  const entryStylesheets = [...entryFiles(build.manifest)].filter(isCss);
  const files = pageFiles(build.manifest, route) ?? [];
  const modules = new Set([...build.entry, ...files.filter((file) => file.endsWith('.js'))]);
  return [
    inlineStylesheets([...entryStylesheets, ...files.filter(isCss)], (file) =>
      readFileSync(join(build.clientDir, file), 'utf8'),
    ),
    `<meta name="app-modules" content="${[...modules].map((file) => `/${file}`).join(' ')}" />`,
  ].join('\n    ');
}

interface Fill {
  lang: string;
  head: string;
  body: string;
  content: ContentPayload;
  assets?: string;
}

/** The template with this page's language, head, markup and words. */
function fill(template: string, { lang, head, body, content, assets = '' }: Fill): string {
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace('<!--app-head-->', body ? `${head}\n    ${PAINT_WHEN_PARSED}` : head)
    .replace('</head>', `  ${assets}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div>\n    ${contentScript(content)}`,
    );
  // The CSP allows no inline style: a style attribute in the markup would be dropped by the browser.
  const styled = /<[^>]+\sstyle="/.exec(body);
  if (styled) throw new Error(`Prerendered markup holds a style attribute: ${styled[0]}`);
  return html;
}

function hashOf(data: string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/** The picture a page's link preview shows, drawn in the light theme. */
function previewCard(
  build: SiteBuild,
  input: RenderInput,
  page: PublicPage,
  readMedia: (file: string) => string,
): PreviewCard {
  const site = input.parts.site;
  const art = input.parts.art.artworks[0];
  return {
    title: page === 'home' ? site.pages.home.title : pageTitleFor(page, site),
    siteName: site.siteName,
    monogram: monogramOf(site.creatorName),
    footnote: page === 'home' ? site.creatorName : site.tagline,
    drawing:
      page === 'art' && art
        ? readMedia(art.image)
        : build.renderer.drawingFor(page === 'art' ? 'home' : page),
    fillPicture: page === 'art',
  };
}

async function previewOf(
  card: PreviewCard,
  page: PublicPage,
  known: PreviewStore,
  made: Map<string, Buffer>,
): Promise<string> {
  const file = `assets/preview-${page}-${hashOf(JSON.stringify(card))}.png`;
  if (!known.get(file) && !made.has(file)) made.set(file, await renderPreview(card));
  return file;
}

export interface RenderOptions {
  /** Reads a media file the words name (an artwork's image for /art's preview). */
  readMedia: (file: string) => string;
  previews: PreviewStore;
  /**
   * Render only these public pages, without the not-found page and the app shell (a publish that
   * changed none of the words every page carries); all by default.
   */
  only?: readonly PublicPage[];
}

/** The page of `page` with its head, markup and words, and the preview image it names. */
async function renderPublicPage(
  build: SiteBuild,
  input: RenderInput,
  page: PublicPage,
  options: RenderOptions,
  made: Map<string, Buffer>,
): Promise<RenderedPage> {
  const site = input.parts.site;
  const path = paths[page];
  const language = PAGE_LANGUAGES[page] ?? 'en';
  const previewTitle = page === 'home' ? site.siteName : pageTitleFor(page, site);
  const file = await previewOf(
    previewCard(build, input, page, options.readMedia),
    page,
    options.previews,
    made,
  );
  const image: PreviewImage = {
    path: `/${file}`,
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    alt: `${previewTitle}: ${site.siteName}`,
  };
  const description = site.pages[page].description;
  const title = documentTitleFor(page, site);
  const head = headTags({
    origin: PLACEHOLDER_ORIGIN,
    siteName: site.siteName,
    title,
    previewTitle,
    description,
    path,
    locale: LOCALES[language] ?? 'en_US',
    image,
    structuredData: structuredData({
      page,
      origin: PLACEHOLDER_ORIGIN,
      site,
      title,
      description,
      path,
      language,
      artworks: build.renderer.artworksOf(input.parts.art),
      tracks: build.renderer.tracksOf(input.parts.music),
    }),
  });
  const content = contentPayload(input, contentForRoute(page));
  const body = await build.renderer.renderPage(path, content);
  return {
    page,
    path,
    html: fill(build.pageTemplate, {
      lang: language,
      head,
      body,
      content,
      assets: pageAssets(build, page),
    }),
  };
}

export async function renderSite(
  build: SiteBuild,
  input: RenderInput,
  options: RenderOptions,
): Promise<RenderedSite> {
  const made = new Map<string, Buffer>();
  const pages: RenderedPage[] = [];
  for (const page of options.only ?? PUBLIC_PAGES)
    pages.push(await renderPublicPage(build, input, page, options, made));
  if (options.only) return { pages, notFound: null, appShell: null, previews: made };
  const site = input.parts.site;

  // An unknown path shows Home (docs/product/pages.md#route-quirks), answered 404 and kept out of search.
  const notFound = fill(build.pageTemplate, {
    lang: 'en',
    head: [
      `<title>${escapeHtml(documentTitleFor('home', site))}</title>`,
      `<meta name="description" content="${escapeHtml(site.pages.home.description)}" />`,
      `<meta name="robots" content="noindex" />`,
    ].join('\n    '),
    body: await build.renderer.renderPage('/404', contentPayload(input, contentForRoute('home'))),
    content: contentPayload(input, contentForRoute('home')),
    assets: pageAssets(build, 'home'),
  });

  // The routes the browser renders (the account, the desk, Nowou, the token pages): no markup, the
  // shell's words.
  const appShell = fill(build.shellTemplate, {
    lang: 'en',
    head: [
      `<title>${escapeHtml(site.siteName)}</title>`,
      `<meta name="description" content="${escapeHtml(site.description)}" />`,
      `<meta name="robots" content="noindex" />`,
    ].join('\n    '),
    body: '',
    content: contentPayload(input, contentForRoute('nowou')),
  });

  return { pages, notFound, appShell, previews: made };
}

/**
 * One page as the desk previews a draft (docs/product/desk.md#publishing-the-sites-words): the same
 * markup and stylesheets, painted in the theme asked for, without the scripts that would make it
 * live (the preview counts no visit and opens no connection).
 */
export async function renderPreviewPage(
  build: SiteBuild,
  input: RenderInput,
  page: PublicPage,
  theme: 'light' | 'dark',
  options: Omit<RenderOptions, 'only'>,
): Promise<{ html: string; previews: Map<string, Buffer> }> {
  const made = new Map<string, Buffer>();
  const rendered = await renderPublicPage(build, input, page, options, made);
  const html = rendered.html
    .replace(/<html lang="([^"]*)"/, `<html lang="$1" data-theme="${theme}" data-preview="true"`)
    .replace(/<script src="[^"]*"><\/script>\s*/g, '')
    .replace(/<meta name="app-modules"[^>]*>\s*/, '')
    .replace(PAINT_WHEN_PARSED, '');
  return { html, previews: made };
}
