import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, writeFakeClient, type TestServer } from '#test-support/server';

const CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';" +
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
