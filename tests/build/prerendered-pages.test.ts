/**
 * The public pages as a crawler or a link-preview service sees them (docs/product/pages.md#prerendered-pages):
 * the server's HTML of the production build, no browser, read with independent parsers (the tags
 * with open-graph-scraper, as unfurl services read them; the markup with cheerio). Each page has its
 * heading and text, its own title, description, canonical URL and preview tags with this server's
 * origin, a 1200×630 PNG preview and JSON-LD that parses; plus the sitemap, robots.txt, the 404 and
 * noindex where it belongs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import ogs from 'open-graph-scraper';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import artJson from '#content/art.json';
import musicJson from '#content/music.json';
import lokalaJobbJson from '#content/lokala-jobb.json';
import siteJson from '#content/site.json';
import { CLIENT_MANIFEST, clientManifestSchema, entryFiles } from '#shared/client-manifest';
import { parseSiteContent } from '#shared/content-schema';
import { documentTitleFor, pageTitleFor } from '#shared/document-title';
import { paths, ROUTE_TITLES } from '#shared/paths';
import { PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import { startTestServer, type TestServer } from '#test-support/server';

const site = parseSiteContent(siteJson);

/** The front matter's summary of a content Markdown file (the page's lead). */
const summaryOf = (file: string) =>
  /^summary:\s*(.+)$/m.exec(readFileSync(`content/${file}`, 'utf8'))?.[1]?.trim() ?? '';

/** The page's heading and text it must hold, from content/ where the page shows content. */
const EXPECTED: Record<PublicPage, { heading: RegExp; texts: string[] }> = {
  home: { heading: new RegExp(`^${site.creatorName}$`), texts: [site.description] },
  about: { heading: /^Hi, I'm/, texts: [summaryOf('pages/about.md')] },
  longAndShortPosition: { heading: /^Long & Short Position indicator$/, texts: [] },
  portfolio: { heading: /^Portfolio indicator$/, texts: [] },
  art: { heading: /^Art$/, texts: artJson.artworks.map((artwork) => artwork.title) },
  music: { heading: /^Music$/, texts: musicJson.tracks.map((track) => track.title) },
  termsOfService: {
    heading: /^Terms of service$/,
    texts: [summaryOf('legal/terms-of-service.md')],
  },
  privacyPolicy: { heading: /^Privacy policy$/, texts: [summaryOf('legal/privacy-policy.md')] },
  support: { heading: /^Support$/, texts: [] },
  contact: { heading: /^Contact$/, texts: [site.contact.text] },
  purchase: { heading: new RegExp(`^${ROUTE_TITLES.purchase}$`), texts: ['€149'] },
  lokalaJobb: { heading: /^Lokala jobb$/, texts: [lokalaJobbJson.lead] },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SERVE_CLIENT: 'true' } });
});
afterAll(() => server?.close());

async function html(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, text: await response.text() };
}

describe.each(PUBLIC_PAGES)('the public page %s', (page) => {
  const path = paths[page];

  test('arrives as HTML with its heading and text, before any script runs', async () => {
    const { status, text } = await html(path);
    expect(status).toBe(200);
    const $ = load(text);
    expect($('main h1').first().text().trim()).toMatch(EXPECTED[page].heading);
    const main = $('main').text().replace(/\s+/g, ' ');
    expect(main.length).toBeGreaterThan(200);
    for (const expected of EXPECTED[page].texts) expect(main).toContain(expected);
    expect($('html').attr('lang')).toBe(page === 'lokalaJobb' ? 'sv' : 'en');
    // The CSP allows no inline script: JSON-LD and the page's words are data, every other script a
    // file of this origin.
    $('script').each((_, element) => {
      const type = $(element).attr('type');
      if (type !== 'application/ld+json' && type !== 'application/json')
        expect($(element).attr('src')).toMatch(/^\//);
    });
  });

  test('waits on one request to paint: its stylesheets are inlined, allowed by their hash alone', async () => {
    const response = await fetch(`${server.url}${path}`);
    const $ = load(await response.text());
    // Only disabled links, which are never fetched, name the inlined files for the client's loader.
    expect($('link[rel="stylesheet"]:not([disabled])').length).toBe(0);
    expect($('link[rel="stylesheet"][disabled]').length).toBeGreaterThan(0);
    const styles = $('style')
      .toArray()
      .map((element) => $(element).text());
    expect(styles.length).toBe(1);
    const styleSrc = /(?:^|;)style-src ([^;]*)/
      .exec(response.headers.get('content-security-policy') ?? '')?.[1]
      ?.split(' ');
    expect(styleSrc).toEqual([
      "'self'",
      ...styles.map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`),
    ]);
    // The one render-blocking script: theme-init.js, small and cached for good.
    const blocking = $('head script[src]:not([type="module"]):not([async]):not([defer])');
    expect(blocking.length).toBe(1);
    const themeInit = await fetch(`${server.url}${blocking.attr('src')}`);
    expect(blocking.attr('src')).toMatch(/^\/assets\/theme-init-[0-9a-f]{10}\.js$/);
    expect(themeInit.headers.get('cache-control')).toContain('immutable');
    expect((await themeInit.text()).length).toBeLessThan(1400);
    // No module is requested by the markup: theme-init.js adds the listed ones after the paint.
    expect($('script[type="module"], link[rel="modulepreload"]').length).toBe(0);
    const modules = $('meta[name="app-modules"]').attr('content')?.split(' ') ?? [];
    expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const module of modules) {
      const response = await fetch(`${server.url}${module}`);
      // Read to the end: an unread body can hold the connection busy, and closing the server waits on it.
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }
  });

  test('has its own title, description, canonical URL and link-preview tags', async () => {
    const { text } = await html(path);
    const { result, error } = await ogs({ html: text });
    expect(error).toBe(false);
    const url = `${server.url}${path === '/' ? '/' : path}`;
    expect(result.ogTitle).toBe(page === 'home' ? site.siteName : pageTitleFor(page, site));
    expect(result.ogDescription).toBe(site.pages[page].description);
    expect(result.ogUrl).toBe(url);
    expect(result.ogSiteName).toBe(site.siteName);
    expect(result.ogType).toBe('website');
    expect(result.ogLocale).toBe(page === 'lokalaJobb' ? 'sv_SE' : 'en_US');
    expect(result.twitterCard).toBe('summary_large_image');
    const [image] = result.ogImage ?? [];
    expect(image?.url).toMatch(
      new RegExp(`^${server.url}/assets/preview-${page}-[0-9a-f]{10}\\.png$`),
    );
    expect(image).toMatchObject({ width: '1200', height: '630', type: 'image/png' });
    const $ = load(text);
    expect($('title').text()).toBe(documentTitleFor(page, site));
    expect($('link[rel="canonical"]').attr('href')).toBe(url);
    expect($('meta[name="robots"]').length).toBe(0);
    expect($('meta[name="theme-color"]').length).toBeGreaterThan(0);
  });

  test('its preview image is a 1200×630 PNG under 1 MB, cached for good', async () => {
    const { text } = await html(path);
    const { result } = await ogs({ html: text });
    const response = await fetch(result.ogImage?.[0]?.url ?? 'missing');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(1_000_000);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([1200, 630]);
  });

  test('has one JSON-LD block that parses, of the fitting type', async () => {
    const { text } = await html(path);
    const blocks = load(text)('script[type="application/ld+json"]');
    expect(blocks.length).toBe(1);
    const data = JSON.parse(blocks.text()) as Record<string, unknown>;
    expect(data['@context']).toBe('https://schema.org');
    if (page === 'home') {
      const graph = data['@graph'] as Record<string, unknown>[];
      expect(graph.map((node) => node['@type'])).toEqual(['WebSite', 'Person']);
      expect(graph[1]?.sameAs).toEqual(site.socialLinks.map((link) => link.url));
      expect(graph[0]?.url).toBe(`${server.url}/`);
    } else {
      expect(data.url).toBe(`${server.url}${path}`);
    }
    if (page === 'art') {
      expect(data['@type']).toBe('ImageGallery');
      const images = data.image as { contentUrl: string; name: string }[];
      expect(images.map((image) => image.name)).toEqual(artJson.artworks.map((a) => a.title));
      for (const image of images)
        expect(image.contentUrl).toMatch(new RegExp(`^${server.url}/assets/`));
    }
    if (page === 'music') {
      expect(data['@type']).toBe('MusicPlaylist');
      const tracks = data.track as { '@type': string; name: string; duration: string }[];
      expect(tracks.map((track) => track.name)).toEqual(musicJson.tracks.map((t) => t.title));
      for (const track of tracks) {
        expect(track['@type']).toBe('MusicRecording');
        expect(track.duration).toMatch(/^PT(\d+M)?\d+S$/);
      }
    }
    if (page === 'about') expect(data['@type']).toBe('AboutPage');
    if (page === 'portfolio') expect(data['@type']).toBe('SoftwareApplication');
  });
});

test('the same page in another case or with a trailing slash is that page, with its canonical spelling', async () => {
  const { status, text } = await html('/TERMS-of-service/');
  expect(status).toBe(200);
  expect(load(text)('link[rel="canonical"]').attr('href')).toBe(
    `${server.url}${paths.termsOfService}`,
  );
});

test('an unknown path shows Home with status 404, kept out of search', async () => {
  const { status, text } = await html('/no/such/page');
  expect(status).toBe(404);
  const $ = load(text);
  expect($('main h1').first().text()).toBe(site.creatorName);
  expect($('meta[name="robots"]').attr('content')).toBe('noindex');
  expect($('link[rel="canonical"]').length).toBe(0);
});

test.each([
  paths.account,
  paths.admin,
  paths.nowou,
  paths.accountResetPassword,
  paths.newsletterUnsubscribe,
  paths.lokalaJobbUnsubscribe,
  paths.pitchesUnsubscribe,
])('%s is rendered in the browser and kept out of search', async (path) => {
  const { status, text } = await html(`${path}?token=abc`);
  expect(status).toBe(200);
  const $ = load(text);
  expect($('meta[name="robots"]').attr('content')).toBe('noindex');
  expect($('#root').children().length).toBe(0);
  // Its stylesheets stay files (cached across the app's routes); no inline style to allow.
  const manifest = clientManifestSchema.parse(
    JSON.parse(readFileSync(`dist/client/${CLIENT_MANIFEST}`, 'utf8')),
  );
  const entryCss = [...entryFiles(manifest)].filter((file) => file.endsWith('.css'));
  expect(
    $('link[rel="stylesheet"]:not([disabled])')
      .toArray()
      .map((link) => $(link).attr('href')),
  ).toEqual(entryCss.map((file) => `/${file}`));
  expect($('style').length).toBe(0);
});

test('sitemap.xml lists every public page with this origin and when its content changed', async () => {
  const response = await fetch(`${server.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  const $ = load(await response.text(), { xml: true });
  const urls = $('url')
    .toArray()
    .map((element) => ({
      loc: $(element).find('loc').text(),
      lastmod: $(element).find('lastmod').text(),
    }));
  expect(urls.map((url) => url.loc)).toEqual(
    PUBLIC_PAGES.map((page) => `${server.url}${paths[page]}`),
  );
  for (const { lastmod } of urls) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
  // A legal page's date is the one it states.
  const terms = urls.find((url) => url.loc.endsWith(paths.termsOfService));
  const updated = /^updated:\s*(\S+)/m.exec(
    readFileSync('content/legal/terms-of-service.md', 'utf8'),
  )?.[1];
  expect(terms?.lastmod.slice(0, 10)).toBe(updated);
});

test('robots.txt names the sitemap with this origin', async () => {
  const response = await fetch(`${server.url}/robots.txt`);
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
});

test('the icons: a 180×180 apple-touch-icon and a PNG favicon beside the SVG one', async () => {
  for (const [path, size] of [
    ['/apple-touch-icon.png', 180],
    ['/favicon-32.png', 32],
  ] as const) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([size, size]);
  }
  const { text } = await html('/');
  const $ = load(text);
  expect($('link[rel="apple-touch-icon"]').attr('href')).toBe('/apple-touch-icon.png');
  expect($('link[rel="icon"][type="image/png"]').attr('href')).toBe('/favicon-32.png');
});

test('a prerendered page lists its modules in its head after its styles, entry first, and sends no Link header that would fetch them before the paint; the app shell still gets the header', async () => {
  const home = await fetch(`${server.url}${paths.home}`);
  expect(home.headers.get('link')).toBeNull();
  const head = (await home.text()).split('</head>')[0]!;
  const lastStylesheet = head.lastIndexOf('</style>');
  expect(lastStylesheet).toBeGreaterThan(0);
  const list = /<meta name="app-modules" content="([^"]+)"/.exec(head);
  expect(list?.index).toBeGreaterThan(lastStylesheet);
  const modules = list![1]!.split(' ');
  expect(modules[0]).toMatch(/^\/assets\/index-/);
  expect(modules.some((module) => /^\/assets\/HomePage-[\w-]+\.js$/.test(module))).toBe(true);
  expect(new Set(modules).size).toBe(modules.length);
  const account = await fetch(`${server.url}${paths.account}`);
  expect(account.headers.get('link')).toMatch(/AccountPage-[^>]+\.js>; rel=modulepreload/);
  await account.arrayBuffer();
});
