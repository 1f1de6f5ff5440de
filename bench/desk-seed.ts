/**
 * The storage the desk part measures, written straight into the server's database (not a figure):
 * DESK_ACCOUNTS accounts in bulk (rows per statement, statements per transaction), spread as a site
 * that grew for two years: distinct emails and usernames made from common names, sign-ups thicker
 * towards today, a few admins and lower ranks, early users mostly among the first three months,
 * most addresses verified, a few accounts disabled, a quarter on the newsletter. On top, the
 * activity a site collects (submissions, error reports, indicator access, mail-list rows, audit
 * entries, sessions) over random accounts, and a full set of it for TARGET_ACCOUNTS accounts spread
 * over the list, whose activity pages the part times. A fixed seed makes every run the same data.
 * Then the bench's admin: rank 10, an authenticator enrolled and a session that entered a code.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '#server/config';
import { FORM_DEFINITIONS, type SubmissionType } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import type { Database } from '#server/db/schema';
import { hashPassword } from '#server/features/accounts/passwords';
import { sessionCookieName } from '#server/features/accounts/session.plugin';
import { insertSession } from '#server/features/accounts/sessions.repository';
import { issueToken } from '#server/features/accounts/tokens';
import { usernameKey } from '#server/features/accounts/users.repository';
import { loadMfaKey, seal } from '#server/features/mfa/mfa-key';
import { savePendingMfa } from '#server/features/mfa/mfa.repository';
import { newTotpSecret } from '#server/features/mfa/totp';
import { DESK_ACCOUNTS, type DeskPrefix } from './desk-results.ts';

/** Accounts with a full set of activity, spread over the list; their activity pages are timed. */
export const TARGET_ACCOUNTS = 40;
/** Rows each target account's timeline holds at least: sign-up, mail lists, submissions, … */
export const TARGET_MIN_ENTRIES = 1 + 3 + 3 + 2 + 1 + 6;

const ROWS_PER_STATEMENT = 500;
const ROWS_PER_TRANSACTION = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 730 * DAY_MS;
/** Search prefixes the part uses: 2–3 letters that each match this share of accounts. */
const PREFIX_SHARE = { min: 0.005, max: 0.05 };
const PREFIXES_WANTED = 20;

const FIRST_NAMES = [
  'anna', 'erik', 'maria', 'lars', 'karin', 'johan', 'sara', 'anders', 'emma', 'mikael',
  'elin', 'per', 'lina', 'oskar', 'sofia', 'nils', 'ida', 'gustav', 'maja', 'axel',
  'ella', 'liam', 'noah', 'olivia', 'lucas', 'amir', 'fatima', 'mohammed', 'leila', 'hugo',
  'alice', 'william', 'freja', 'elias', 'wilma', 'jonas', 'hanna', 'daniel', 'julia', 'david',
  'linnéa', 'marcus', 'ebba', 'viktor', 'klara', 'filip', 'tove', 'adam', 'nora', 'samuel',
  'mia', 'isak', 'moa', 'leo', 'alva', 'theo', 'saga', 'ali', 'yasmin', 'omar',
]; // prettier-ignore
const LAST_NAMES = [
  'andersson', 'johansson', 'karlsson', 'nilsson', 'eriksson', 'larsson', 'olsson', 'persson',
  'svensson', 'gustafsson', 'pettersson', 'jonsson', 'jansson', 'hansson', 'bengtsson',
  'lindberg', 'lindqvist', 'lundgren', 'berg', 'holm', 'nyström', 'sandberg', 'ek', 'wallin',
  'lund', 'engström', 'forsberg', 'hedlund', 'sjöberg', 'björk', 'smith', 'jones', 'brown',
  'garcia', 'miller', 'davis', 'martin', 'müller', 'schmidt', 'rossi', 'novak', 'kowalski',
  'nguyen', 'kim', 'ahmed', 'hassan', 'khan', 'silva', 'santos', 'dubois',
]; // prettier-ignore
const NICKNAMES = [
  'trader', 'pixel', 'nordic', 'wolf', 'moon', 'chart', 'fox', 'luna', 'bear', 'bull',
  'north', 'candle', 'river', 'storm', 'echo', 'delta',
]; // prettier-ignore
/** Mail domains with their weights. */
const DOMAINS: [string, number][] = [
  ['gmail.com', 40],
  ['hotmail.com', 12],
  ['outlook.com', 10],
  ['icloud.com', 8],
  ['yahoo.com', 6],
  ['live.se', 5],
  ['proton.me', 5],
  ['telia.com', 4],
  ['spotify.com', 2],
  ['volvo.com', 2],
  ['kth.se', 2],
  ['example.org', 4],
];
const DISABLE_REASONS = ['Spam sign-ups', 'Abusive messages', 'Asked by the owner', 'Chargeback'];
const ERROR_NAMES = ['TypeError', 'ChunkLoadError', 'NetworkError', 'RangeError', 'SyntaxError'];
const PAGES = ['/', '/art', '/music', '/indicators/portfolio', '/account', '/jobs/lokala-jobb'];

type Rows<T extends keyof Database & string> = Insertable<Database[T]>[];

/** A seeded account, as the part needs it afterwards. */
export interface SeededAccount {
  id: string;
  email: string;
  usernameKey: string;
}

export interface DeskSeed {
  /** The accounts whose activity pages are timed. */
  targets: SeededAccount[];
  /** Search prefixes and how many accounts each matches. */
  prefixes: DeskPrefix[];
  ms: number;
}

/** A small fast PRNG (mulberry32): the same seed gives the same accounts on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Inserts rows a statement at a time, several statements to a transaction. */
async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Rows<T>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(start + ROWS_PER_TRANSACTION, rows.length);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += ROWS_PER_STATEMENT) {
        await trx
          .insertInto(table)
          .values(rows.slice(from, Math.min(from + ROWS_PER_STATEMENT, end)))
          .execute();
      }
    });
  }
}

/** Makes DESK_ACCOUNTS accounts and their activity; `now` is where the two years end. */
export async function seedDesk(db: Kysely<Database>, now: Date): Promise<DeskSeed> {
  const startedAt = Date.now();
  const rand = random(20261125);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const totalWeight = DOMAINS.reduce((sum, [, weight]) => sum + weight, 0);
  const domain = () => {
    let left = rand() * totalWeight;
    for (const [name, weight] of DOMAINS) if ((left -= weight) < 0) return name;
    return DOMAINS[0]![0];
  };
  const twoDigits = () => String(Math.floor(rand() * 100)).padStart(2, '0');
  const end = now.getTime() - 60_000;
  const begin = end - SPAN_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  const emails = new Set<string>();
  const keys = new Set<string>();
  const distinct = (base: string, taken: Set<string>, maxLength: number) => {
    let candidate = base.slice(0, maxLength);
    for (let n = 2; taken.has(candidate); n++) {
      const suffix = String(n);
      candidate = base.slice(0, maxLength - suffix.length) + suffix;
    }
    taken.add(candidate);
    return candidate;
  };

  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const users: Rows<'users'> = [];
  const accounts: (SeededAccount & { createdMs: number; verified: boolean })[] = [];
  const members: Rows<'mail_list_members'> = [];
  const member = (
    list: string,
    email: string,
    userId: string | null,
    state: string,
    createdMs: number,
    updatedMs = createdMs,
  ) =>
    members.push({
      id: randomUUID(),
      list,
      email,
      user_id: userId,
      unsubscribe_token: randomBytes(24).toString('base64url'),
      state,
      confirm_nonce: null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    });
  const targetEvery = DESK_ACCOUNTS / TARGET_ACCOUNTS;
  const isTarget = (i: number) => i % targetEvery === Math.floor(targetEvery / 2);

  for (let i = 0; i < DESK_ACCOUNTS; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const style = rand();
    let name: string;
    if (style < 0.3) name = capitalised(first) + capitalised(last);
    else if (style < 0.5) name = `${first}.${last}`;
    else if (style < 0.7)
      name = `${first}${rand() < 0.5 ? twoDigits() : 1960 + Math.floor(rand() * 50)}`;
    else if (style < 0.85) name = `${capitalised(first)} ${last.charAt(0).toUpperCase()}`;
    else name = `${pick(NICKNAMES)}_${first}`;
    const key = distinct(usernameKey(name), keys, 20);
    // The username keeps its own capitals; only a suffix added for distinctness comes from the key.
    const username = name.length <= 20 && usernameKey(name) === key ? name : key;

    const local = rand();
    let box: string;
    if (local < 0.35) box = `${ascii(first)}.${ascii(last)}`;
    else if (local < 0.6) box = `${ascii(first)}${ascii(last)}${twoDigits()}`;
    else if (local < 0.8) box = `${ascii(first).charAt(0)}${ascii(last)}`;
    else box = ascii(key).replace(/[ .]/g, '') || ascii(first);
    const mailDomain = domain();
    const email = `${distinct(box, emails, 64)}@${mailDomain}`;

    // Sign-ups thicken towards today: the square root of a uniform draw leans late.
    const createdMs = Math.floor(begin + SPAN_MS * Math.sqrt(rand()));
    const target = isTarget(i);
    const verified = target || rand() < 0.8;
    const disabled = !target && rand() < 0.004;
    const early = createdMs < begin + 90 * DAY_MS ? rand() < 0.7 : rand() < 0.005;
    const newsletter = rand() < 0.25;
    let rank = 0;
    if (i % 25_000 === 7) rank = 10;
    else if (rand() < 0.004) rank = 1 + Math.floor(rand() * 5);
    const id = randomUUID();
    users.push({
      id,
      email,
      email_verified: verified ? 1 : 0,
      password_hash: passwordHash,
      username,
      username_key: key,
      avatar: Math.floor(rand() * 4),
      bio: rand() < 0.1 ? `Hi, I am ${capitalised(first)}.` : '',
      admin_rank: rank,
      early_user: early ? 1 : 0,
      subscribed_to_newsletter: newsletter ? 1 : 0,
      created_at: iso(createdMs),
      disabled_at: disabled ? iso(createdMs + rand() * (end - createdMs)) : null,
      disabled_reason: disabled ? pick(DISABLE_REASONS) : null,
    });
    accounts.push({ id, email, usernameKey: key, createdMs, verified });
    if (newsletter) {
      const confirmed = verified ? createdMs + 60_000 + rand() * 3_600_000 : createdMs;
      const left = verified && rand() < 0.1;
      member(
        'newsletter',
        email,
        id,
        left ? 'unsubscribed' : verified ? 'subscribed' : 'pending',
        createdMs,
        left ? confirmed + rand() * (end - confirmed) : confirmed,
      );
    }
  }
  await insertInBatches(db, 'users', users);

  // Readers on the lists without an account.
  for (let i = 0; i < 2_000; i++) {
    const createdMs = begin + rand() * SPAN_MS;
    member(
      'newsletter',
      `reader${i}@${domain()}`,
      null,
      'subscribed',
      createdMs,
      createdMs + 90_000,
    );
  }

  const submissions: Rows<'submissions'> = [];
  const reports: Rows<'error_reports'> = [];
  const access: Rows<'product_access'> = [];
  const audit: Rows<'audit_log'> = [];
  const sessions: Rows<'sessions'> = [];
  const admins = users.filter((user) => user.admin_rank === 10);
  const actor = admins[0]!;
  const after = (account: { createdMs: number }) =>
    account.createdMs + rand() * (end - account.createdMs);
  // A payload as the form itself makes it, so the desk's submissions list reads every row.
  const submission = (userId: string | null, createdMs: number, type: SubmissionType) =>
    submissions.push({
      id: randomUUID(),
      type,
      user_id: userId,
      payload: JSON.stringify(
        toSubmissionPayload(
          FORM_DEFINITIONS[type],
          { name: 'Bench', email: 'bench@example.com', message: 'Hello from the bench seed.' },
          new Date(createdMs),
        ),
      ),
      status: rand() < 0.6 ? 'done' : 'new',
      created_at: iso(createdMs),
    });
  const report = (userId: string | null, createdMs: number) =>
    reports.push({
      id: randomUUID(),
      error: 'Something failed while the bench seeded it',
      error_name: pick(ERROR_NAMES),
      page: pick(PAGES),
      user_id: userId,
      created_at: iso(createdMs),
    });
  const grant = (userId: string, createdMs: number, kind: string, status: string) => {
    const platform = `tv_${access.length}`;
    access.push({
      id: randomUUID(),
      user_id: userId,
      product: 'portfolio',
      kind,
      platform_username: platform,
      platform_username_key: platform,
      status,
      starts_at: status === 'requested' ? null : iso(createdMs + DAY_MS),
      ends_at: status === 'requested' ? null : iso(createdMs + 8 * DAY_MS),
      created_at: iso(createdMs),
      removed_at: null,
    });
  };
  const audited = (targetId: string | null, atMs: number, action: string, details: object) =>
    audit.push({
      at: iso(atMs),
      actor_id: actor.id,
      actor_label: actor.email,
      action,
      target_id: targetId,
      outcome: 'success',
      details: JSON.stringify(details),
      request_id: `req-${audit.length}`,
      source: rand() < 0.9 ? 'desk' : 'cli',
    });
  const session = (userId: string, createdMs: number) =>
    sessions.push({
      token_hash: randomBytes(32).toString('base64url'),
      user_id: userId,
      created_at: iso(createdMs),
      last_seen_at: iso(createdMs),
      expires_at: iso(end + 30 * DAY_MS),
      mfa_verified_at: null,
    });

  const targets: SeededAccount[] = [];
  for (const [i, account] of accounts.entries()) {
    if (!isTarget(i)) continue;
    targets.push({ id: account.id, email: account.email, usernameKey: account.usernameKey });
    const { id, email } = account;
    member('lokalaJobb', email, id, 'subscribed', after(account), end - 1_000);
    member('pitches', email, null, 'pending', after(account));
    submission(id, after(account), 'contact');
    submission(id, after(account), 'support');
    submission(id, after(account), 'products/indicators/portfolio/freeTrial');
    report(id, after(account));
    report(id, after(account));
    grant(id, after(account), 'freeTrial', 'active');
    const actions: [string, object][] = [
      ['accounts.rank', { adminRank: 2, previousAdminRank: 0 }],
      ['accounts.early-user', { earlyUser: true, previousEarlyUser: false }],
      ['accounts.disable', { reason: 'Checking a report', endedSessions: 1 }],
      ['accounts.enable', {}],
      ['accounts.end-sessions', { endedSessions: 2 }],
      ['accounts.resend-verification', {}],
    ];
    for (const [action, details] of actions) audited(id, after(account), action, details);
    session(id, after(account));
    session(id, after(account));
  }

  // Activity of random other accounts, so the tables are not just the targets'.
  const others = accounts.filter((_, i) => !isTarget(i));
  const someone = () => pick(others);
  for (let i = 0; i < 5_000; i++) {
    const account = someone();
    submission(rand() < 0.2 ? null : account.id, after(account), pick(['contact', 'support']));
  }
  for (let i = 0; i < 2_000; i++) {
    const account = someone();
    report(rand() < 0.3 ? null : account.id, after(account));
  }
  const granted = new Set<string>();
  for (let i = 0; i < 1_500; i++) {
    const account = someone();
    if (granted.has(account.id)) continue; // one trial per account and product
    granted.add(account.id);
    grant(account.id, after(account), rand() < 0.7 ? 'freeTrial' : 'purchase', 'ended');
  }
  for (let i = 0; i < 3_000; i++) {
    const account = someone();
    audited(account.id, after(account), 'accounts.early-user', { earlyUser: true });
  }
  for (let i = 0; i < 5_000; i++) {
    const account = someone();
    session(account.id, after(account));
  }

  await insertInBatches(db, 'mail_list_members', members);
  await insertInBatches(db, 'submissions', submissions);
  await insertInBatches(db, 'error_reports', reports);
  await insertInBatches(db, 'product_access', access);
  await insertInBatches(db, 'audit_log', audit);
  await insertInBatches(db, 'sessions', sessions);

  return {
    targets,
    prefixes: searchPrefixes(accounts),
    ms: Date.now() - startedAt,
  };
}

/**
 * 2–3 letter prefixes of emails and username keys that each match between PREFIX_SHARE.min and
 * .max of the accounts (as the server matches: the start of the email or of the username key),
 * PREFIXES_WANTED of them spread over that range.
 */
function searchPrefixes(accounts: SeededAccount[]): DeskPrefix[] {
  const matches = new Map<string, number>();
  for (const account of accounts) {
    const starts = new Set<string>();
    for (const text of [account.email, account.usernameKey])
      for (const length of [2, 3]) starts.add(text.slice(0, length));
    for (const start of starts) matches.set(start, (matches.get(start) ?? 0) + 1);
  }
  const fitting = [...matches]
    .filter(([prefix, n]) => {
      const share = n / accounts.length;
      return /^[a-z]{2,3}$/.test(prefix) && share >= PREFIX_SHARE.min && share <= PREFIX_SHARE.max;
    })
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const step = Math.max(1, fitting.length / PREFIXES_WANTED);
  const chosen: DeskPrefix[] = [];
  for (let i = 0; i < fitting.length && chosen.length < PREFIXES_WANTED; i += step) {
    const [prefix, n] = fitting[Math.floor(i)]!;
    chosen.push({ prefix, matches: n });
  }
  return chosen;
}

export interface DeskAdmin {
  /** The Cookie header of a session that entered an authenticator code. */
  cookie: string;
  email: string;
  /** Notes a code entered now, as a step-up does (the CSV export needs one in the last 15 minutes). */
  stepUp(): Promise<void>;
}

/** The bench's admin: rank 10, an enrolled authenticator and a session that entered a code. */
export async function deskAdmin(db: Kysely<Database>, config: Config): Promise<DeskAdmin> {
  const id = randomUUID();
  const email = `desk-bench-${randomBytes(3).toString('hex')}@example.com`;
  const username = `desk bench ${randomBytes(2).toString('hex')}`;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email,
      email_verified: 1,
      password_hash: await hashPassword(randomBytes(18).toString('base64url')),
      username,
      username_key: usernameKey(username),
      admin_rank: 10,
      created_at: now,
    })
    .execute();
  await savePendingMfa(db, id, seal(loadMfaKey(config), newTotpSecret()));
  await db.updateTable('admin_mfa').set({ confirmed_at: now }).where('user_id', '=', id).execute();
  const { token, hash } = issueToken();
  await insertSession(db, hash, id);
  const stepUp = async () => {
    await db
      .updateTable('sessions')
      .set({ mfa_verified_at: new Date().toISOString() })
      .where('token_hash', '=', hash)
      .execute();
  };
  await stepUp();
  return { cookie: `${sessionCookieName(config)}=${token}`, email, stepUp };
}
