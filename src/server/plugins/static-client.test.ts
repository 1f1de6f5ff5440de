import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import {
  FAKE_ASSET,
  FAKE_INDEX_MARKER,
  startTestServer,
  writeFakeClient,
  type TestServer,
} from '#test-support/server';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = writeFakeClient();
  writeFakeManifest(clientDir);
  server = await startTestServer({ env: { CLIENT_DIR: clientDir, SERVE_CLIENT: 'true' } });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

test('the home page is index.html, revalidated on every visit', async () => {
  const response = await get('/');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toContain(FAKE_INDEX_MARKER);
});

test.each([
  paths.about,
  paths.termsOfService,
  paths.nowou,
  paths.accountResetPassword,
  '/some/unknown/path',
])('GET %s answers index.html with no-cache (the client router takes over)', async (path) => {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toContain(FAKE_INDEX_MARKER);
});

test('a page path keeps its query string out of the way', async () => {
  const response = await get(`${paths.accountResetPassword}?token=abc.def`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(FAKE_INDEX_MARKER);
});

test('HEAD of a page path answers like GET without a body', async () => {
  const response = await fetch(`${server.url}${paths.about}`, { method: 'HEAD' });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toBe('');
});

test.each(['/assets/nope.js', '/assets', '/assets/', '/assets/deeper/page'])(
  '%s matches no file: 404, never index.html',
  async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(FAKE_INDEX_MARKER);
  },
);

test('a path with a file extension that matches no file is a 404', async () => {
  const response = await get('/missing.png');
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain(FAKE_INDEX_MARKER);
});

test('an unknown /api path answers the 404 envelope', async () => {
  const response = await get('/api/nope');
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: { status: 'not-found', message: 'Not found.' } });
  const post = await fetch(`${server.url}/api/nope/deeper`, { method: 'POST' });
  expect(post.status).toBe(404);
  expect(await post.json()).toEqual({ error: { status: 'not-found', message: 'Not found.' } });
});

test('favicon.svg and robots.txt are served as files', async () => {
  const favicon = await get('/favicon.svg');
  expect(favicon.status).toBe(200);
  expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await favicon.text()).toContain('<svg');
  const robots = await get('/robots.txt');
  expect(robots.status).toBe(200);
  expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/user-agent/i);
});

test('a hashed asset is cached for a year as immutable', async () => {
  const response = await get(FAKE_ASSET);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
  expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
});

test.each(['br', 'gzip'])(
  'Accept-Encoding: %s gets the pre-compressed file with Vary',
  async (encoding) => {
    // fetch() decodes the body itself; the headers show what was on the wire.
    const response = await get(FAKE_ASSET, { 'accept-encoding': encoding });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await response.text()).toContain('fake client');
  },
);

test('without Accept-Encoding the plain file is sent, still with Vary', async () => {
  const response = await get(FAKE_ASSET, { 'accept-encoding': 'identity' });
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
});

test('dotfiles and paths outside the client stay hidden', async () => {
  expect((await get('/.env')).status).toBe(404);
  expect((await get('/..%2fpackage.json')).status).toBeGreaterThanOrEqual(400);
});

test('the reset-password page, which carries a token in its URL, is sent with Referrer-Policy no-referrer', async () => {
  const reset = await fetch(`${server.url}/account/reset-password?token=abc`);
  expect(reset.status).toBe(200);
  expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
  const other = await fetch(`${server.url}/account`);
  expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

/** A build manifest shaped like Vite's: the entry, two pages, and a chunk the entry and a page share. */
function writeFakeManifest(dir: string) {
  mkdirSync(join(dir, '.vite'));
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_shared-1.js'],
      css: ['assets/index-1.css'],
    },
    '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
    '_cards-1.js': {
      file: 'assets/cards-1.js',
      imports: ['_shared-1.js'],
      css: ['assets/cards-1.css'],
    },
    'src/client/pages/AboutPage.tsx': {
      file: 'assets/AboutPage-1.js',
      isDynamicEntry: true,
      imports: ['_cards-1.js', '_shared-1.js'],
      css: ['assets/AboutPage-1.css'],
    },
    'src/client/pages/home/HomePage.tsx': {
      file: 'assets/HomePage-1.js',
      isDynamicEntry: true,
      imports: ['_cards-1.js'],
    },
    'src/client/pages/nowou/NowouPage.tsx': {
      file: 'assets/NowouPage-1.js',
      isDynamicEntry: true,
      imports: ['_shared-1.js'],
    },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

const linked = (response: Response) =>
  (response.headers.get('link') ?? '')
    .split(', ')
    .filter(Boolean)
    .map((link) => link.replace(/^<([^>]+)>.*$/, '$1'));

test("a page's HTML names its page's chunks and their CSS to fetch at once, leaving out what the entry loads", async () => {
  const about = await get(paths.about);
  expect(linked(about)).toEqual([
    '/assets/AboutPage-1.js',
    '/assets/AboutPage-1.css',
    '/assets/cards-1.js',
    '/assets/cards-1.css',
  ]);
  expect(about.headers.get('link')).toContain(
    '</assets/AboutPage-1.js>; rel=modulepreload; crossorigin',
  );
  expect(about.headers.get('link')).toContain(
    '</assets/AboutPage-1.css>; rel=preload; as=style; crossorigin',
  );
  expect(linked(await get('/ABOUT/'))).toEqual(linked(about));
});

test('Home, unknown paths and /productivity get the page the client router will show', async () => {
  const home = ['/assets/HomePage-1.js', '/assets/cards-1.js', '/assets/cards-1.css'];
  expect(linked(await get('/'))).toEqual(home);
  expect(linked(await get('/some/unknown/path'))).toEqual(home);
  expect(linked(await get(paths.productivity))).toEqual(['/assets/NowouPage-1.js']);
  // A page the manifest does not know is sent without the header, and files are never given one.
  expect((await get(paths.art)).headers.get('link')).toBeNull();
  expect((await get('/favicon.svg')).headers.get('link')).toBeNull();
});

test('the build manifest itself is not served', async () => {
  expect((await get('/.vite/manifest.json')).status).toBe(404);
});
