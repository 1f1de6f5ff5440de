/**
 * The desk figures of one server (desk.ts runs it on SQLite, then on PostgreSQL): each read is sent
 * over HTTP from this process to the server's loopback port as the desk sends it (the admin's
 * session cookie), one request at a time over one kept-alive connection, and timed from just before
 * the request to the last byte of its answer. WARM_UP requests before each series are not counted.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_CSV_COLUMNS, ACCOUNTS_PAGE_DEFAULT } from '#shared/desk-accounts-schemas';
import type {
  DeskActivity,
  DeskDeepPage,
  DeskExport,
  DeskLatency,
  DeskSearch,
} from './desk-results.ts';
import type { DeskAdmin, DeskSeed } from './desk-seed.ts';
import { TARGET_MIN_ENTRIES } from './desk-seed.ts';
import { endProgress, progress } from './progress.ts';

/** Timed requests of each series. */
export const TIMED_REQUESTS = 200;
const WARM_UP = 10;
/** The list page is timed this far down: the cursor comes from following `next` to here. */
export const DEEP_ROW = 90_000;
/** Page size while following `next` down to DEEP_ROW (the most a page may ask). */
const WALK_LIMIT = 200;
const REQUEST_TIMEOUT_MS = 60_000;

interface Answer {
  status: number;
  ms: number;
  text: string;
}

interface AccountsPage {
  accounts: { id: string; email: string; username: string; createdAt: string }[];
  next: string | null;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

function latencyOf(samples: number[]): DeskLatency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted[sorted.length - 1]!,
  };
}

export class DeskClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly origin: string,
    private readonly admin: DeskAdmin,
  ) {}

  /** GET `path`; `onChunk` sees the body as it arrives, else the text is kept. */
  get(path: string, onChunk?: (chunk: Buffer, atMs: number) => void): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.get(
        new URL(path, this.origin),
        { agent: this.agent, headers: { cookie: this.admin.cookie } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (onChunk) onChunk(chunk, performance.now() - started);
            else chunks.push(chunk);
          });
          response.on('end', () => {
            const ms = performance.now() - started;
            resolve({
              status: response.statusCode ?? 0,
              ms,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', reject);
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`GET ${path} took longer than ${REQUEST_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', reject);
    });
  }

  /** GET `path` expecting 200 with JSON. */
  async json<T>(path: string): Promise<{ ms: number; body: T }> {
    const answer = await this.get(path);
    if (answer.status !== 200)
      throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return { ms: answer.ms, body: JSON.parse(answer.text) as T };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** WARM_UP then TIMED_REQUESTS requests of `pathOf(n)`, n from 0; `check` sees each body. */
export async function series<T>(
  client: DeskClient,
  what: string,
  pathOf: (n: number) => string,
  check: (body: T, n: number) => void,
): Promise<DeskLatency> {
  const samples: number[] = [];
  for (let n = 0; n < WARM_UP + TIMED_REQUESTS; n++) {
    if (n % 50 === 0) progress(`${what}: ${n}/${WARM_UP + TIMED_REQUESTS}…`);
    const { ms, body } = await client.json<T>(pathOf(n));
    check(body, n);
    if (n >= WARM_UP) samples.push(ms);
  }
  endProgress();
  return latencyOf(samples);
}

/**
 * Follows `next` from the first page, WALK_LIMIT accounts a page, to just after DEEP_ROW accounts;
 * then times the page there at the desk's default size.
 */
export async function measureDeepPage(client: DeskClient): Promise<DeskDeepPage> {
  const walkStarted = performance.now();
  const seen = new Set<string>();
  let cursor: string | null = null;
  let pages = 0;
  while (seen.size < DEEP_ROW) {
    if (pages % 50 === 0) progress(`following next: ${seen.size} accounts…`);
    const query = `limit=${Math.min(WALK_LIMIT, DEEP_ROW - seen.size)}`;
    const path: string = `/api/admin/accounts?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { body } = await client.json<AccountsPage>(path);
    pages += 1;
    for (const account of body.accounts) seen.add(account.id);
    if (!body.next) throw new Error(`the list ended after ${seen.size} accounts`);
    cursor = body.next;
  }
  endProgress();
  const walkMs = performance.now() - walkStarted;
  if (seen.size !== DEEP_ROW)
    throw new Error(`following next gave ${seen.size} distinct accounts, not ${DEEP_ROW}`);

  const deep = `/api/admin/accounts?cursor=${encodeURIComponent(cursor!)}`;
  let firstId: string | undefined;
  const latency = await series<AccountsPage>(
    client,
    `page at row ${DEEP_ROW + 1}`,
    () => deep,
    (body) => {
      const page = body.accounts;
      if (page.length !== ACCOUNTS_PAGE_DEFAULT)
        throw new Error(`the page at row ${DEEP_ROW + 1} held ${page.length} accounts`);
      firstId ??= page[0]!.id;
      if (page[0]!.id !== firstId || seen.has(firstId))
        throw new Error(`the page at row ${DEEP_ROW + 1} changed or repeated an earlier account`);
    },
  );
  return {
    firstRow: DEEP_ROW + 1,
    walkPages: pages,
    walkLimit: WALK_LIMIT,
    walkMs,
    pageSize: ACCOUNTS_PAGE_DEFAULT,
    latency,
  };
}

/** The first page of `q=<prefix>`, going round the seed's prefixes. */
export async function measureSearch(client: DeskClient, seed: DeskSeed): Promise<DeskSearch> {
  const { prefixes } = seed;
  if (prefixes.length === 0) throw new Error('the seed gave no search prefixes');
  const prefixOf = (n: number) => prefixes[n % prefixes.length]!.prefix;
  const latency = await series<AccountsPage>(
    client,
    'prefix search',
    (n) => `/api/admin/accounts?q=${prefixOf(n)}`,
    (body, n) => {
      const prefix = prefixOf(n);
      // Every prefix matches hundreds of accounts: the page is full, and each account matches.
      if (body.accounts.length !== ACCOUNTS_PAGE_DEFAULT)
        throw new Error(`q=${prefix} answered ${body.accounts.length} accounts`);
      const stray = body.accounts.find(
        (account) =>
          !account.email.startsWith(prefix) && !account.username.toLowerCase().startsWith(prefix),
      );
      if (stray) throw new Error(`q=${prefix} answered ${stray.email} (${stray.username})`);
    },
  );
  return { prefixes, latency };
}

/** GET /api/admin/accounts/:id of the target accounts, in turn. */
export async function measureActivity(client: DeskClient, seed: DeskSeed): Promise<DeskActivity> {
  const { targets } = seed;
  const idOf = (n: number) => targets[n % targets.length]!.id;
  let minEntries = Infinity;
  let maxEntries = 0;
  const latency = await series<{ account: { id: string }; timeline: unknown[] }>(
    client,
    'activity pages',
    (n) => `/api/admin/accounts/${idOf(n)}`,
    (body, n) => {
      const entries = body.timeline.length;
      if (body.account.id !== idOf(n) || entries < TARGET_MIN_ENTRIES) {
        throw new Error(
          `the activity page of ${idOf(n)} showed ${entries} entries (at least ${TARGET_MIN_ENTRIES} seeded)`,
        );
      }
      minEntries = Math.min(minEntries, entries);
      maxEntries = Math.max(maxEntries, entries);
    },
  );
  return { accounts: targets.length, minEntries, maxEntries, latency };
}

/** The whole CSV export in one GET: rows received (CRLF-ended records) per second to its last byte. */
export async function measureExport(
  client: DeskClient,
  admin: DeskAdmin,
  accounts: number,
): Promise<DeskExport> {
  await admin.stepUp();
  progress('CSV export…');
  let lineEnds = 0;
  let bytes = 0;
  let firstByteMs: number | null = null;
  let head = '';
  const answer = await client.get('/api/admin/accounts/export.csv', (chunk, atMs) => {
    firstByteMs ??= atMs;
    bytes += chunk.length;
    if (head.length < 200) head += chunk.toString('utf8', 0, Math.min(chunk.length, 200));
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineEnds += 1;
  });
  endProgress();
  if (answer.status !== 200)
    throw new Error(`GET /api/admin/accounts/export.csv answered ${answer.status}: ${head}`);
  const header = `${ACCOUNT_CSV_COLUMNS.join(',')}\r\n`;
  if (!head.startsWith(header))
    throw new Error(`the export began ${JSON.stringify(head.slice(0, 80))}`);
  // No seeded field holds a line break, so every LF ends one record.
  const rows = lineEnds - 1;
  return {
    rows,
    accounts,
    bytes,
    ms: answer.ms,
    firstByteMs: firstByteMs ?? answer.ms,
    rowsPerSecond: rows / (answer.ms / 1000),
  };
}
