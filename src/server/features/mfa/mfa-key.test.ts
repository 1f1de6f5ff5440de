/**
 * The key that seals admins' authenticator secrets (docs/product/desk.md#admin-multi-factor): without
 * MFA_KEY a key file is made in DATA_DIR with mode 0600 and used again after a restart; a server
 * started with another key says why it cannot read an authenticator (in its log and in its answer)
 * and still takes a recovery code, from which the admin replaces the authenticator; a bad key file
 * stops start-up with one line; PostgreSQL without MFA_KEY is warned about at start-up, and so is a
 * start whose key cannot open the authenticators set up (a restored DATA_DIR without its mfa.key).
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import { runProcess, type ServerProcess } from '#test-support/server-process';
import { freePort, makeTempDir } from '#test-support/server';
import { loadMfaKey, MFA_KEY_FILE, seal, unseal, UnreadableSecretError } from './mfa-key';
import { issueEnrolmentCode } from './mfa.service';
import { totpCode } from './totp';

const dirs: string[] = [];
function tempDir(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const STEP_MS = 30_000;
const OTHER_KEY = 'ab'.repeat(32);

test('without MFA_KEY a key file is made in DATA_DIR, readable by its owner only, and read again', () => {
  const dataDir = tempDir();
  const key = loadMfaKey({ dataDir, mfaKey: undefined });
  const path = join(dataDir, MFA_KEY_FILE);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(readFileSync(path, 'utf8')).toBe(`${key.toString('hex')}\n`);
  expect(key).toHaveLength(32);
  // The next start reads the same key, so what it sealed opens again.
  const again = loadMfaKey({ dataDir, mfaKey: undefined });
  expect(again.equals(key)).toBe(true);
  expect(unseal(again, seal(key, 'JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');
  // With MFA_KEY set, no file is made and that key is used.
  const configured = tempDir();
  expect(loadMfaKey({ dataDir: configured, mfaKey: OTHER_KEY }).toString('hex')).toBe(OTHER_KEY);
  expect(() => statSync(join(configured, MFA_KEY_FILE))).toThrow();
  // Another key cannot open it, and says so by its own error rather than the cipher's.
  expect(() => unseal(Buffer.from(OTHER_KEY, 'hex'), seal(key, 'secret'))).toThrow(
    UnreadableSecretError,
  );
});

test('a key file that is not a key stops the server with one line that does not echo it', async () => {
  const dataDir = tempDir();
  writeFileSync(join(dataDir, MFA_KEY_FILE), 'not-a-key-at-all\n', { mode: 0o600 });
  expect(() => loadMfaKey({ dataDir, mfaKey: undefined })).toThrow(ConfigError);
  const server = runProcess('src/server/main.ts', {
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
  });
  expect(await server.exit).toEqual({ code: 1, signal: null });
  expect(server.stderr()).toBe(
    'mfa.key in DATA_DIR is not a 64-character hex key: restore it from a backup, or set MFA_KEY\n',
  );
});

/** A server process on this DATA_DIR (and MFA_KEY, if given), once it is ready. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = runProcess('src/server/main.ts', {
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    ...env,
  });
  await server.waitForOutput('Site ready');
  return { server, url };
}

async function stop(server: ServerProcess): Promise<void> {
  server.kill('SIGTERM');
  await server.exit;
}

/** A same-origin JSON call with the session's cookie; the answer's status, body and cookie. */
async function send(url: string, method: string, path: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
  return {
    status: response.status,
    json: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    cookie: setCookie?.split(';')[0],
  };
}

const PASSWORD = 'violet-harbour-42-lantern';

async function logIn(url: string, email: string): Promise<string> {
  const res = await send(url, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.cookie!;
}

test('the key file outlives a restart; with another key the desk says why and takes a recovery code', async () => {
  const dataDir = tempDir();
  const email = 'keeper@example.com';
  let { server, url } = await startServer({ DATA_DIR: dataDir });
  try {
    const signedUp = await send(url, 'POST', '/api/auth/register', undefined, {
      email,
      username: 'Keeper',
      password: PASSWORD,
      avatar: 1,
      subscribedToNewsletter: false,
      currentUTCTime: new Date().toUTCString(),
    });
    expect(signedUp.status).toBe(201);
    const db = connectDatabase({ dataDir, databaseUrl: undefined });
    await db.updateTable('users').set({ admin_rank: 10 }).where('email', '=', email).execute();
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const enrolmentCode = await issueEnrolmentCode(db, id);
    await db.destroy();
    let cookie = await logIn(url, email);
    const offered = await send(url, 'POST', '/api/admin/mfa/enrolment', cookie, { enrolmentCode });
    const secret = offered.json!.secret as string;
    const now = Date.now();
    const confirmed = await send(url, 'POST', '/api/admin/mfa/enrolment/confirm', cookie, {
      code: totpCode(secret, now),
    });
    expect(confirmed.status).toBe(200);
    const [recoveryCode] = confirmed.json!.recoveryCodes as string[];
    expect(statSync(join(dataDir, MFA_KEY_FILE)).mode & 0o777).toBe(0o600);
    const keyFile = readFileSync(join(dataDir, MFA_KEY_FILE), 'utf8');

    // Restarted: the same key file, so the authenticator set up before still opens the desk.
    await stop(server);
    ({ server, url } = await startServer({ DATA_DIR: dataDir }));
    expect(readFileSync(join(dataDir, MFA_KEY_FILE), 'utf8')).toBe(keyFile);
    cookie = await logIn(url, email);
    const reopened = await send(url, 'POST', '/api/admin/mfa/verify', cookie, {
      code: totpCode(secret, now + STEP_MS),
    });
    expect(reopened.status).toBe(200);

    // Started with another key: the code cannot be checked, and both the log and the answer say why.
    await stop(server);
    ({ server, url } = await startServer({ DATA_DIR: dataDir, MFA_KEY: OTHER_KEY }));
    cookie = await logIn(url, email);
    const unreadable = await send(url, 'POST', '/api/admin/mfa/verify', cookie, {
      code: totpCode(secret, now + 2 * STEP_MS),
    });
    expect(unreadable.status).toBe(500);
    expect(unreadable.json).toEqual({
      error: {
        status: 'internal',
        message:
          "This server cannot read your authenticator's key: the site's MFA key changed since you set it up. Use a recovery code, then replace the authenticator; or ask whoever runs the site to restore the old key.",
      },
    });
    await server.waitForOutput('is not the key it was set up with');
    expect(server.stdout()).not.toContain(secret);
    expect(server.stdout()).not.toContain(OTHER_KEY);
    // The recovery code needs no key; with it the admin replaces the authenticator.
    const recovered = await send(url, 'POST', '/api/admin/mfa/verify', cookie, { recoveryCode });
    expect(recovered.status).toBe(200);
    const replacement = await send(url, 'POST', '/api/admin/mfa/enrolment', cookie);
    expect(replacement.status).toBe(201);
    const newSecret = replacement.json!.secret as string;
    const swapped = await send(url, 'POST', '/api/admin/mfa/enrolment/confirm', cookie, {
      code: totpCode(newSecret),
    });
    expect(swapped.status).toBe(200);
    const later = await logIn(url, email);
    const opened = await send(url, 'POST', '/api/admin/mfa/verify', later, {
      code: totpCode(newSecret, Date.now() + STEP_MS),
    });
    expect(opened.status).toBe(200);
  } finally {
    await stop(server);
  }
}, 90_000);

const pg = await probePostgres();

test.skipIf(!pg.available)(
  pg.title('on PostgreSQL without MFA_KEY the server warns at start-up, in one line'),
  async () => {
    const database = await createThrowawayDatabase();
    try {
      const bare = await startServer({ DATA_DIR: tempDir(), DATABASE_URL: database.url });
      await stop(bare.server);
      const warnings = bare.server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('MFA_KEY is not set'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
      const keyed = await startServer({
        DATA_DIR: tempDir(),
        DATABASE_URL: database.url,
        MFA_KEY: OTHER_KEY,
      });
      await stop(keyed.server);
      expect(keyed.server.stdout()).not.toContain('MFA_KEY is not set');
    } finally {
      await database.drop();
    }
  },
  60_000,
);

/**
 * A DATA_DIR restored without its mfa.key: the start makes a new key, and says at once that the
 * authenticators set up before cannot be opened with it; so does every later start on that key.
 */
async function warnsOfALostKey(env: Record<string, string>, dataDir: string): Promise<void> {
  const lines = (server: ServerProcess, text: string) =>
    server
      .stdout()
      .split('\n')
      .filter((line) => line.includes(text));
  const unreadable = 'set up under the old key cannot be opened with it';
  let { server, url } = await startServer(env);
  try {
    const email = `lost-key-${Date.now()}@example.com`;
    const signedUp = await send(url, 'POST', '/api/auth/register', undefined, {
      email,
      username: `LostKey${Date.now() % 100_000}`,
      password: PASSWORD,
      avatar: 1,
      subscribedToNewsletter: false,
      currentUTCTime: new Date().toUTCString(),
    });
    expect(signedUp.status).toBe(201);
    const db = connectDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      const { id } = await db
        .updateTable('users')
        .set({ admin_rank: 10 })
        .where('email', '=', email)
        .returning('id')
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const key = loadMfaKey({ dataDir, mfaKey: undefined });
      await db
        .insertInto('admin_mfa')
        .values({
          user_id: id,
          secret_sealed: seal(key, 'JBSWY3DPEHPK3PXP'),
          created_at: now,
          confirmed_at: now,
          last_used_step: null,
        })
        .execute();
    } finally {
      await db.destroy();
    }
    // The right key: nothing to say.
    await stop(server);
    ({ server, url } = await startServer(env));
    expect(lines(server, unreadable)).toEqual([]);

    // Restored without the key file: a new one is made, and the start says what that means.
    await stop(server);
    rmSync(join(dataDir, MFA_KEY_FILE));
    ({ server, url } = await startServer(env));
    const [made, ...more] = lines(server, unreadable);
    expect(more).toEqual([]);
    expect(JSON.parse(made!)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(
        /^DATA_DIR had no mfa\.key, so this start made a new key, and 1 admin’s authenticator set up under the old key/,
      ),
    });
    // Every later start on the new key says so again, until the old one is back.
    await stop(server);
    ({ server, url } = await startServer(env));
    expect(lines(server, unreadable)).toHaveLength(1);
    expect(lines(server, unreadable)[0]).toContain('The MFA key (mfa.key in DATA_DIR) changed');
  } finally {
    await stop(server);
  }
}

test('a DATA_DIR without its mfa.key is warned about at start-up when authenticators were set up, on SQLite', async () => {
  const dataDir = tempDir();
  await warnsOfALostKey({ DATA_DIR: dataDir }, dataDir);
}, 90_000);

test.skipIf(!pg.available)(
  pg.title('a DATA_DIR without its mfa.key is warned about at start-up, on PostgreSQL'),
  async () => {
    const database = await createThrowawayDatabase();
    const dataDir = tempDir();
    try {
      await warnsOfALostKey({ DATA_DIR: dataDir, DATABASE_URL: database.url }, dataDir);
    } finally {
      await database.drop();
    }
  },
  90_000,
);
