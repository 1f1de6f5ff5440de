/**
 * The last step of `npm run build` (docs/architecture.md#prerendered-pages): renders every public
 * page of the built client to HTML with its own head, makes each page's preview image and the PNG
 * icons, and writes the manifest the server reads. Runs the prerender bundle that
 * `vite build --ssr src/client/prerender.tsx` made in dist/prerender.
 */
import './production-mode';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minifySync } from 'vite';
import siteJson from '#content/site.json';
import {
  CLIENT_MANIFEST,
  clientManifestSchema,
  entryFiles,
  pageFiles,
} from '#shared/client-manifest';
import { parseSiteContent } from '#shared/content-schema';
import { documentTitleFor, pageTitleFor } from '#shared/document-title';
import { paths } from '#shared/paths';
import {
  PRERENDER_MANIFEST,
  PRERENDERED_DIR,
  type PrerenderManifest,
} from '#shared/prerender-manifest';
import { PAGE_LANGUAGES, PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import { PAGE_END_ID } from '../../src/client/lib/main-content';
import { contentDate } from './content-dates';
import { inlineStylesheets } from './inline-styles';
import { escapeHtml, headTags, type PreviewImage } from './page-head';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, renderIcon, renderPreview } from './preview-image';
import { structuredData } from './structured-data';

type Renderer = typeof import('../../src/client/prerender');

const CLIENT = 'dist/client';
const OUT = join(CLIENT, PRERENDERED_DIR);
const PAINT_WHEN_PARSED = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render" />`;
/** Replaced by the server with its PUBLIC_URL (docs/architecture.md#prerendered-pages). */
const ORIGIN = 'https://public-url.invalid';
const LOCALES: Record<string, string> = { en: 'en_US', sv: 'sv_SE' };

const site = parseSiteContent(siteJson);
const monogram = site.creatorName
  .split(/\s+/)
  .slice(0, 2)
  .map((word) => word[0]?.toUpperCase() ?? '')
  .join('');

/** Writes `data` under a name with its hash in /assets/ (cached for good) and returns its path. */
function hashed(name: string, data: Buffer | string, extension: string): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const file = `assets/${name}-${hash}.${extension}`;
  writeFileSync(join(CLIENT, file), data);
  return `/${file}`;
}

function replaceTag(html: string, tag: string, by: string): string {
  if (!html.includes(tag)) throw new Error(`The built index.html has no ${tag}`);
  return html.replace(tag, by);
}

const clientManifest = clientManifestSchema.parse(
  JSON.parse(readFileSync(join(CLIENT, CLIENT_MANIFEST), 'utf8')),
);
const isCss = (file: string) => file.endsWith('.css');
const entryStylesheets = [...entryFiles(clientManifest)].filter(isCss);
const THEME_INIT = '<script src="/theme-init.js"></script>';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;

/** The entry module and the modules it preloads, in the built index.html's order. */
function entryModules(template: string): string[] {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('The built index.html has no module script');
  return [entry, ...[...template.matchAll(PRELOAD)].map((match) => match[1] ?? '')];
}

/**
 * The built index.html as the prerendered pages start from it: the entry's stylesheets are left to
 * each page's inlined block, the module script and its preloads to each page's module list
 * (`pageAssets`), and theme-init.js, the one script the first paint waits for, is minified under a
 * hashed name, cached for good. The app shell keeps the plain template (Nowou's offline copy names
 * /theme-init.js).
 */
function prerenderTemplate(template: string): string {
  const themeInit = readFileSync(join(CLIENT, 'theme-init.js'), 'utf8');
  const minified = minifySync('theme-init.js', themeInit);
  if (minified.errors.length > 0) throw new Error(`theme-init.js: ${minified.errors[0]?.message}`);
  const themeInitPath = hashed('theme-init', minified.code, 'js');
  return entryStylesheets
    .reduce(
      (html, file) => replaceTag(html, `<link rel="stylesheet" crossorigin href="/${file}">`, ''),
      replaceTag(template, THEME_INIT, `<script src="${themeInitPath}"></script>`),
    )
    .replace(ENTRY_SCRIPT, '')
    .replace(PRELOAD, '');
}

/**
 * What a prerendered page adds to its head: every stylesheet it needs (the entry's, then its page
 * module's) inlined, so the markup paints styled with JavaScript or without and no stylesheet
 * request holds the paint back; then the modules that hydrate it, entry first, as a list that
 * theme-init.js requests once the page has painted (docs/architecture.md#prerendered-pages).
 */
function pageAssets(route: PublicPage | 'home', entry: readonly string[]): string {
  const files = pageFiles(clientManifest, route) ?? [];
  const modules = new Set([...entry, ...files.filter((file) => file.endsWith('.js'))]);
  return [
    inlineStylesheets([...entryStylesheets, ...files.filter(isCss)], (file) =>
      readFileSync(join(CLIENT, file), 'utf8'),
    ),
    `<meta name="app-modules" content="${[...modules].map((file) => `/${file}`).join(' ')}" />`,
  ].join('\n    ');
}

/** The built index.html with this page's language, head and markup. */
function fill(
  template: string,
  { lang, head, body, assets = '' }: { lang: string; head: string; body: string; assets?: string },
) {
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace('<!--app-head-->', body ? `${head}\n    ${PAINT_WHEN_PARSED}` : head)
    .replace('</head>', `  ${assets}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  // The CSP allows no inline style: a style attribute in the markup would be dropped by the browser.
  const styled = /<[^>]+\sstyle="/.exec(body);
  if (styled) throw new Error(`Prerendered markup holds a style attribute: ${styled[0]}`);
  return html;
}

async function main() {
  const renderer = (await import(
    pathToFileURL(join('dist', 'prerender', 'prerender.js')).href
  )) as Renderer;
  const template = readFileSync(join(CLIENT, 'index.html'), 'utf8');
  const pageTemplate = prerenderTemplate(template);
  const entry = entryModules(template);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const favicon = readFileSync('public/favicon.svg', 'utf8');
  writeFileSync(join(CLIENT, 'favicon-32.png'), renderIcon(favicon, 32));
  writeFileSync(join(CLIENT, 'apple-touch-icon.png'), renderIcon(favicon, 180, '#b3400b'));

  const manifest: PrerenderManifest = {
    origin: ORIGIN,
    pages: [],
    notFound: 'not-found.html',
    appShell: 'app-shell.html',
  };

  for (const page of PUBLIC_PAGES) {
    const path = paths[page];
    const language = PAGE_LANGUAGES[page] ?? 'en';
    const previewTitle = page === 'home' ? site.siteName : pageTitleFor(page, site);
    const art = renderer.ARTWORKS[0];
    const drawing =
      page === 'art' && art
        ? readFileSync(join('content', art.image), 'utf8')
        : renderer.drawingFor(page === 'art' ? 'home' : page);
    const picture = await renderPreview({
      title: page === 'home' ? site.pages.home.title : previewTitle,
      siteName: site.siteName,
      monogram,
      footnote: page === 'home' ? site.creatorName : site.tagline,
      drawing,
      fillPicture: page === 'art',
    });
    const image: PreviewImage = {
      path: hashed(`preview-${page}`, picture, 'png'),
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      alt: `${previewTitle}: ${site.siteName}`,
    };
    const description = site.pages[page].description;
    const head = headTags({
      origin: ORIGIN,
      siteName: site.siteName,
      title: documentTitleFor(page, site),
      previewTitle,
      description,
      path,
      locale: LOCALES[language] ?? 'en_US',
      image,
      structuredData: structuredData({
        page,
        origin: ORIGIN,
        site,
        title: documentTitleFor(page, site),
        description,
        path,
        language,
        artworks: renderer.ARTWORKS,
        tracks: renderer.TRACKS,
      }),
    });
    const file = `${page}.html`;
    const body = await renderer.renderPage(path);
    writeFileSync(
      join(OUT, file),
      fill(pageTemplate, { lang: language, head, body, assets: pageAssets(page, entry) }),
    );
    manifest.pages.push({ page, path, file, lastmod: contentDate(page as PublicPage) });
  }

  // An unknown path shows Home (docs/product.md#route-quirks), answered 404 and kept out of search.
  const homeHead = [
    `<title>${escapeHtml(documentTitleFor('home', site))}</title>`,
    `<meta name="description" content="${escapeHtml(site.pages.home.description)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
  writeFileSync(
    join(OUT, manifest.notFound),
    fill(pageTemplate, {
      lang: 'en',
      head: homeHead,
      body: await renderer.renderPage('/404'),
      assets: pageAssets('home', entry),
    }),
  );

  // The routes the browser renders (the account, the desk, Nowou, the token pages).
  const shellHead = [
    `<title>${escapeHtml(site.siteName)}</title>`,
    `<meta name="description" content="${escapeHtml(site.description)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
  writeFileSync(
    join(OUT, manifest.appShell),
    fill(template, { lang: 'en', head: shellHead, body: '' }),
  );

  writeFileSync(join(OUT, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Prerendered ${manifest.pages.length} public pages, the not-found page and the app shell`,
  );
}

await main();
