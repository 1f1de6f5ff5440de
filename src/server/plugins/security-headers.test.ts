import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  contentHash,
  readContentFolder,
  REPO_CONTENT_DIR,
} from '#server/features/content/content-folder';
import { PRERENDER_MANIFEST, PRERENDERED_DIR } from '#shared/prerender-manifest';
import { startTestServer, writeFakeClient, type TestServer } from '#test-support/server';

const CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';frame-src 'self';" +
  "media-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

const EXPECTED: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

let clientDir: string;
beforeAll(() => {
  clientDir = writeFakeClient();
});
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(EXPECTED))
    expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get('x-powered-by')).toBeNull();
}

describe('over plain http', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CLIENT_DIR: clientDir, SERVE_CLIENT: 'true' },
      registerExtraRoutes: (app) => {
        app.get('/api/test/throw', async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test.each([
    '/',
    '/about',
    '/assets/app-abc123.js',
    '/favicon.svg',
    '/api/health',
    '/api/nope',
    '/assets/nope.js',
    '/api/test/throw',
  ])('GET %s carries every security header and no HSTS', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expectSecurityHeaders(response);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  test('a rejected JSON body carries them too', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
    expectSecurityHeaders(response);
  });

  test('by a host name over plain HTTP, not a secure context, COOP (ignored there) is left out', async () => {
    const { port } = new URL(server.url);
    const headersFor = (host: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/about', headers: { host } }, (response) => {
          response.resume();
          resolve(response.headers);
        })
          .on('error', reject)
          .end();
      });
    const byName = await headersFor(`creator-site.test:${port}`);
    expect(byName['cross-origin-opener-policy']).toBeUndefined();
    expect(byName['content-security-policy']).toBe(CSP);
    for (const host of [`localhost:${port}`, `app.localhost:${port}`, `[::1]:${port}`]) {
      expect((await headersFor(host))['cross-origin-opener-policy'], host).toBe('same-origin');
    }
  });

  test('API answers are never cached; pages are revalidated', async () => {
    expect((await fetch(`${server.url}/api/health`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/api/nope`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/about`)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('when PUBLIC_URL is https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CLIENT_DIR: clientDir, SERVE_CLIENT: 'true', PUBLIC_URL: 'https://site.example' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test.each(['/', '/api/health'])(
    'GET %s adds HSTS and upgrade-insecure-requests',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(response.headers.get('content-security-policy')).toBe(
        `${CSP};upgrade-insecure-requests`,
      );
    },
  );
});

describe("a prerendered page's inline stylesheets", () => {
  const STYLES = ['body{color:#222}', '.page{margin:0}\n/* a second block */'];
  const sha256 = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeFakeClient();
    const pages = join(dir, PRERENDERED_DIR);
    mkdirSync(pages);
    const page = (head: string) =>
      `<!doctype html><html lang="en"><head>${head}</head><body><div id="root"></div></body></html>`;
    writeFileSync(
      join(pages, 'home.html'),
      page(STYLES.map((css) => `<style>${css}</style>`).join('')),
    );
    writeFileSync(join(pages, 'app-shell.html'), page('<title>Shell</title>'));
    // The shipped words, so the server serves these files as they are instead of rendering its own.
    const shipped = readContentFolder(REPO_CONTENT_DIR);
    if (!shipped.ok) throw new Error(shipped.problems.join('\n'));
    writeFileSync(
      join(pages, PRERENDER_MANIFEST),
      JSON.stringify({
        origin: 'https://public-url.invalid',
        contentHash: contentHash(shipped.values),
        pages: [{ page: 'home', path: '/', file: 'home.html', lastmod: '2026-01-01T00:00:00Z' }],
        notFound: 'home.html',
        appShell: 'app-shell.html',
      }),
    );
    server = await startTestServer({ env: { CLIENT_DIR: dir, SERVE_CLIENT: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('are allowed by exactly their hashes, on that page alone', async () => {
    const home = await fetch(`${server.url}/`);
    expect(await home.text()).toContain(`<style>${STYLES[1]}</style>`);
    expect(home.headers.get('content-security-policy')).toBe(
      CSP.replace("style-src 'self'", `style-src 'self' ${STYLES.map(sha256).join(' ')}`),
    );
    for (const path of ['/account', '/api/health', '/favicon.svg'])
      expect((await fetch(`${server.url}${path}`)).headers.get('content-security-policy')).toBe(
        CSP,
      );
  });
});
