/**
 * deploy/Caddyfile in front of the real server (docs/deploy.md), with Debian's Caddy and its local
 * certificate authority on loopback ports: HTTP redirects to HTTPS, HTTP/2 is negotiated, HSTS and
 * `Secure` `__Host-` cookies are sent, sign-up and log-in work, a live event arrives within a
 * second, the server sees the visitor's address (127.0.0.2 here), not the proxy's, and the home page
 * passes what the MDN HTTP Observatory grades (docs/deploy.md#check-the-headers). Skipped with one
 * line when Caddy is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect, type ClientHttp2Session } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runProcess, type ServerProcess } from '#test-support/server-process';
import { freePort, makeTempDir, writeFakeClient } from '#test-support/server';

const caddyMissing = spawnSync('caddy', ['version']).error !== undefined;
if (caddyMissing)
  console.warn('Caddy test skipped: caddy is not installed (apt-get install caddy)');

const PASSWORD = 'amber-otter-canyon-7';
const VISITOR = '127.0.0.2';

interface H2Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function h2Call(
  session: ClientHttp2Session,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': method,
      ':path': path,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    });
    let headers: H2Answer['headers'] = {};
    let text = '';
    stream.on('response', (h) => (headers = h));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: text }));
    stream.on('error', reject);
    stream.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe.skipIf(caddyMissing)(
  caddyMissing ? 'Caddy in front (skipped: caddy is not installed)' : 'Caddy in front',
  () => {
    const root = makeTempDir();
    let server: ServerProcess;
    let caddy: ChildProcess;
    let httpPort: number;
    let httpsPort: number;
    let ca: Buffer;

    beforeAll(async () => {
      const serverPort = await freePort();
      httpPort = await freePort();
      httpsPort = await freePort();
      server = runProcess('src/server/main.ts', {
        PORT: String(serverPort),
        DATA_DIR: join(root, 'data'),
        PUBLIC_URL: `https://localhost:${httpsPort}`,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'info',
        SERVE_CLIENT: 'true',
        CLIENT_DIR: writeFakeClient(join(root, 'client')),
      });
      await server.waitForOutput('Site ready');
      caddy = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: root,
          XDG_DATA_HOME: join(root, 'caddy-data'),
          XDG_CONFIG_HOME: join(root, 'caddy-config'),
          SITE_DOMAIN: 'localhost',
          HTTP_PORT: String(httpPort),
          HTTPS_PORT: String(httpsPort),
          CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
          UPSTREAMS: `127.0.0.1:${serverPort}`,
        },
        stdio: 'ignore',
      });
      const rootCert = join(root, 'caddy-data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
      for (let waited = 0; !existsSync(rootCert) && waited < 20_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      ca = readFileSync(rootCert);
    }, 60_000);

    afterAll(async () => {
      caddy?.kill('SIGTERM');
      server?.kill('SIGTERM');
      await server?.exit;
      rmSync(root, { recursive: true, force: true });
    });

    async function h2Session(): Promise<ClientHttp2Session> {
      for (let attempt = 0; ; attempt++) {
        // The visitor connects from another loopback address than the one Caddy dials the server from.
        const session = http2Connect(`https://localhost:${httpsPort}`, {
          createConnection: () =>
            tlsConnect({
              socket: netConnect({ host: '127.0.0.1', port: httpsPort, localAddress: VISITOR }),
              servername: 'localhost',
              ca,
              ALPNProtocols: ['h2'],
            }),
        });
        try {
          await new Promise<void>((resolve, reject) => {
            session.once('connect', () => resolve());
            session.once('error', reject);
          });
          return session;
        } catch (error) {
          session.destroy();
          if (attempt > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }

    test('plain HTTP is redirected to HTTPS', async () => {
      const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port: httpPort, path: '/account', headers: { host: 'localhost' } },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          },
        )
          .on('error', reject)
          .end();
      });
      expect(answer.status).toBe(308);
      expect(answer.location).toMatch(/^https:\/\/localhost(:\d+)?\/account$/);
    });

    test('HTTP/2 with HSTS; sign-up and log-in set Secure __Host- cookies; a live event within a second; the visitor address is seen', async () => {
      const session = await h2Session();
      try {
        expect(session.alpnProtocol).toBe('h2');
        let ready = await h2Call(session, 'GET', '/api/health/ready');
        for (let waited = 0; ready.status !== 200 && waited < 10_000; waited += 200) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          ready = await h2Call(session, 'GET', '/api/health/ready');
        }
        expect(ready.status).toBe(200);
        const hsts = String(ready.headers['strict-transport-security']);
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);

        const signUp = await h2Call(session, 'POST', '/api/auth/register', {
          email: 'proxied@example.com',
          username: 'proxied',
          password: PASSWORD,
          avatar: 1,
          subscribedToNewsletter: false,
          currentUTCTime: new Date().toUTCString(),
        });
        expect(signUp.status, signUp.body).toBe(201);
        const cookies = [signUp.headers['set-cookie'] ?? []].flat();
        const sessionCookie = cookies.find((line) => line.startsWith('__Host-session='));
        expect(sessionCookie).toMatch(/; Secure/);
        expect(sessionCookie).toMatch(/; HttpOnly/);
        expect(sessionCookie).toMatch(/; SameSite=(Lax|Strict)/);
        expect(sessionCookie).toMatch(/Path=\//);

        // A live event reaches the browser through the proxy at once (no buffering).
        const cookie = sessionCookie!.split(';')[0]!;
        const live = session.request({ ':method': 'GET', ':path': '/api/live', cookie });
        live.setEncoding('utf8');
        let received = '';
        const userEvents = () => (received.match(/^event: user$/gm) ?? []).length;
        live.on('data', (chunk: string) => (received += chunk));
        const waitFor = async (count: number, ms: number) => {
          for (let waited = 0; userEvents() < count && waited < ms; waited += 10)
            await new Promise((resolve) => setTimeout(resolve, 10));
        };
        await waitFor(1, 10_000);
        expect(userEvents(), received).toBe(1);
        const changed = await h2Call(
          session,
          'PATCH',
          '/api/me',
          { bio: 'Through Caddy' },
          { cookie },
        );
        expect(changed.status, changed.body).toBe(200);
        const sentAt = performance.now();
        await waitFor(2, 1000);
        expect(userEvents(), received).toBe(2);
        expect(performance.now() - sentAt).toBeLessThan(1000);
        live.close();

        const login = await h2Call(session, 'POST', '/api/auth/login', {
          email: 'proxied@example.com',
          password: PASSWORD,
        });
        expect(login.status, login.body).toBe(200);

        // Fastify logs each request with the client address it settled on (TRUST_PROXY=loopback).
        const registerLines = server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"url":"/api/auth/register"'));
        expect(registerLines.length).toBeGreaterThan(0);
        for (const line of registerLines) expect(line).toContain(`"remoteAddress":"${VISITOR}"`);
      } finally {
        session.close();
      }
    }, 60_000);

    // The results that score best in each test of the MDN HTTP Observatory that a local certificate
    // lets it run (preloading HSTS needs a public domain); it scans the home page.
    test('the home page passes what the MDN HTTP Observatory grades, at its best result', async () => {
      const session = await h2Session();
      try {
        const home = await h2Call(session, 'GET', '/');
        expect(home.status).toBe(200);
        const header = (name: string) => String(home.headers[name]);
        const hsts = /max-age=(\d+)/.exec(header('strict-transport-security'));
        expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(15_552_000);
        const csp = new Map(
          header('content-security-policy')
            .split(';')
            .map((directive) => directive.trim().split(/\s+/))
            .map(([name = '', ...sources]) => [name, sources.join(' ')]),
        );
        expect(csp.get('default-src')).toBe("'none'");
        expect(csp.get('object-src')).toBe("'none'");
        expect(csp.get('frame-ancestors')).toBe("'none'");
        expect(["'self'", "'none'"]).toContain(csp.get('form-action'));
        expect(["'self'", "'none'"]).toContain(csp.get('base-uri'));
        for (const [name, sources] of csp)
          expect(sources, name).not.toMatch(/'unsafe-(inline|eval)'|\bhttps?:|\*/);
        expect(`${csp.get('script-src')} ${csp.get('style-src')}`).not.toMatch(/data:/);
        expect(['same-origin', 'same-site']).toContain(header('cross-origin-resource-policy'));
        expect([
          'no-referrer',
          'same-origin',
          'strict-origin',
          'strict-origin-when-cross-origin',
        ]).toContain(header('referrer-policy'));
        expect(header('x-content-type-options')).toBe('nosniff');
        expect(['DENY', 'SAMEORIGIN']).toContain(header('x-frame-options'));
        expect(home.headers['set-cookie']).toBeUndefined();

        const preflight = await h2Call(session, 'OPTIONS', '/', undefined, {
          origin: 'https://http-observatory.security.mozilla.org',
          'access-control-request-method': 'GET',
          'sec-fetch-site': 'cross-site',
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        session.close();
      }
    });
  },
);
