/**
 * The sync part's accounts and its requests. Accounts and their sessions are written straight into
 * the server's database after it migrated it (as desk-seed.ts does; signing up through the site
 * would meet its per-address limits), one password hash shared by all (nobody logs in with it).
 * Requests are JSON over kept-alive connections, each device from its own loopback address
 * (127.0.0.0/8 is all loopback on Linux), so the server's per-address limits see distinct devices
 * while it keeps the configuration `npm start` gives it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { hashPassword } from '#server/features/accounts/passwords';
import { sessionCookieName } from '#server/features/accounts/session.plugin';
import { insertSession } from '#server/features/accounts/sessions.repository';
import { issueToken } from '#server/features/accounts/tokens';
import { usernameKey } from '#server/features/accounts/users.repository';
import {
  NOWOU_SYNC_LIMITS,
  type NowouPullAnswer,
  type NowouPushAnswer,
} from '#shared/nowou-sync-schemas';
import type { SyncSeeding } from './sync-results.ts';
import type { SyncStore } from './sync-store.ts';
import { now } from './clock.ts';

export interface SyncAccount {
  userId: string;
  /** The session's Cookie header. */
  cookie: string;
  /** The session cookie's name and value, for a browser context. */
  cookieName: string;
  token: string;
}

/** `count` verified accounts, each with a session. */
export async function makeAccounts(
  db: Kysely<Database>,
  config: Config,
  count: number,
): Promise<SyncAccount[]> {
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const run = randomBytes(3).toString('hex');
  const cookieName = sessionCookieName(config);
  const accounts: SyncAccount[] = [];
  for (let index = 0; index < count; index += 1) {
    const userId = randomUUID();
    const username = `sync bench ${run} ${index}`;
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `sync-bench-${run}-${index}@example.com`,
        email_verified: 1,
        password_hash: passwordHash,
        username,
        username_key: usernameKey(username),
        created_at: new Date().toISOString(),
      })
      .execute();
    const { token, hash } = issueToken();
    await insertSession(db, hash, userId);
    accounts.push({ userId, cookie: `${cookieName}=${token}`, cookieName, token });
  }
  return accounts;
}

/** A device's own loopback address (index from 0). */
export function deviceAddress(index: number): string {
  return `127.42.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

const agent = new http.Agent({ keepAlive: true });

/** Closes the kept-alive connections (the part's end). */
export function closeSyncRequests(): void {
  agent.destroy();
}

/** One JSON request as the app makes it (same origin, the session cookie); rejects unless 200. */
export function requestJson<T>(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  cookie: string,
  body?: unknown,
  localAddress = '127.0.0.1',
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      {
        method,
        agent,
        localAddress,
        headers: {
          cookie,
          'sec-fetch-site': 'same-origin',
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(
              new Error(`${method} ${path}: HTTP ${response.statusCode} ${text.slice(0, 200)}`),
            );
            return;
          }
          try {
            resolve(JSON.parse(text) as T);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

export function pull(
  origin: string,
  cookie: string,
  after: number,
  localAddress?: string,
): Promise<NowouPullAnswer> {
  return requestJson(
    origin,
    'GET',
    `/api/nowou/pull?after=${after}`,
    cookie,
    undefined,
    localAddress,
  );
}

export function push(
  origin: string,
  cookie: string,
  body: { device: string; items: { key: string; value: unknown; baseSeq: number | null }[] },
  localAddress?: string,
): Promise<NowouPushAnswer> {
  return requestJson(origin, 'POST', '/api/nowou/push', cookie, body, localAddress);
}

/** Pushes the whole store as one device would, in pushes of the most items one may hold. */
export async function pushStore(
  origin: string,
  account: SyncAccount,
  store: SyncStore,
): Promise<SyncSeeding> {
  const started = now();
  const device = randomUUID();
  let pushes = 0;
  for (let start = 0; start < store.items.length; start += NOWOU_SYNC_LIMITS.pushItems) {
    const batch = store.items.slice(start, start + NOWOU_SYNC_LIMITS.pushItems);
    const answer = await push(origin, account.cookie, {
      device,
      items: batch.map(({ key, item }) => ({ key, value: item, baseSeq: null })),
    });
    pushes += 1;
    const refused = answer.results.filter((result) => result.status !== 'accepted');
    if (refused.length)
      throw new Error(
        `seeding: ${refused.length} items not accepted (${refused[0]!.key}: ${refused[0]!.status})`,
      );
  }
  return {
    items: store.items.length,
    chars: store.chars,
    counts: store.counts,
    pushes,
    ms: (now() - started) / 1e6,
  };
}
