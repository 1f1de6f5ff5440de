/**
 * Posting, for the fan-out runs: JSON requests over one kept-alive connection from 127.0.0.1 (a
 * browser of the same origin), an admin session on the site, the site's POST of an assistant message
 * (whose receipt the runs time) and the live stream's URL. The one-instance and two-instance runs
 * post to the site this way; the bare baseline's POST /send (fanout-baseline.ts) uses requestJson.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { totpCode } from '#server/features/mfa/totp';
import http from 'node:http';
import type { SiteServer } from './server.ts';

/** The page whose live stream the clients hold and whose visits are counted. */
export const PAGE = 'home';

/** What a post hands back: the id its `assistant` event carries. */
export interface Posted {
  id: string;
}

/** GET /api/live for PAGE on `origin`. */
export function liveStreamUrl(origin: string): string {
  return `${origin}/api/live?page=${PAGE}`;
}

const agent = new http.Agent({ keepAlive: true });

/** Closes the kept-alive connections; runFanout calls it when it ends. */
export function closeRequests(): void {
  agent.destroy();
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One JSON request over a kept-alive connection from 127.0.0.1 (a browser of the same origin). */
export function requestJson(
  origin: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * An admin session on `server`: signs up through POST /api/auth/register, then gives the account
 * rank 10 with the owner's command (`npm run admin -- set-rank`) on the server's own storage, and
 * sets up its authenticator through the desk's routes. Returns the Cookie header.
 */
export async function adminSession(server: SiteServer): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await requestJson(server.origin, 'POST', '/api/auth/register', {
    email,
    username: `bench ${randomBytes(3).toString('hex')}`,
    password: randomBytes(18).toString('base64url'),
    avatar: 0,
    subscribedToNewsletter: false,
    currentUTCTime: new Date().toISOString(),
  });
  if (answer.status !== 201) {
    throw new Error(`signing up the bench's admin answered ${answer.status}: ${answer.text}`);
  }
  const setCookie = answer.headers['set-cookie']?.[0];
  if (!setCookie) throw new Error('signing up set no session cookie');
  const cookie = setCookie.split(';')[0]!;

  // set-rank prints the one-time enrolment code the first authenticator set-up asks for.
  const printed = await new Promise<string>((resolve, reject) => {
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/admin-cli.ts', 'set-rank', email, '10'],
      { env: { ...process.env, ...server.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    cli.stdout.setEncoding('utf8');
    cli.stdout.on('data', (chunk: string) => (stdout += chunk));
    cli.stderr.setEncoding('utf8');
    cli.stderr.on('data', (chunk: string) => (stderr += chunk));
    cli.on('error', reject);
    cli.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`npm run admin -- set-rank exited with ${code}: ${stderr.trim()}`)),
    );
  });
  const enrolmentCode = /Enrolment code[^:]*\): (\S+)/.exec(printed)?.[1];
  if (!enrolmentCode) throw new Error('npm run admin -- set-rank printed no enrolment code');
  // The desk answers only a session that entered an authenticator code: set one up as the owner would.
  const offered = await requestJson(
    server.origin,
    'POST',
    '/api/admin/mfa/enrolment',
    { enrolmentCode },
    { cookie },
  );
  if (offered.status !== 201) {
    throw new Error(`setting up the bench admin's authenticator answered ${offered.status}`);
  }
  const { secret } = JSON.parse(offered.text) as { secret: string };
  const confirmed = await requestJson(
    server.origin,
    'POST',
    '/api/admin/mfa/enrolment/confirm',
    { code: totpCode(secret) },
    { cookie },
  );
  if (confirmed.status !== 200) {
    throw new Error(`confirming the bench admin's authenticator answered ${confirmed.status}`);
  }
  return cookie;
}

/** Posts assistant message `n` for PAGE as the admin whose session `cookie` is. */
export function sitePoster(origin: string, cookie: string): (n: number) => Promise<Posted> {
  return async (n) => {
    const answer = await requestJson(
      origin,
      'POST',
      '/api/admin/assistant-messages',
      { text: `Bench message ${n}`, pages: [PAGE] },
      { cookie },
    );
    if (answer.status !== 201) {
      throw new Error(
        `POST /api/admin/assistant-messages answered ${answer.status}: ${answer.text}`,
      );
    }
    return { id: (JSON.parse(answer.text) as { message: { id: string } }).message.id };
  };
}
