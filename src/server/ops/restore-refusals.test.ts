/**
 * What `npm run restore` and `npm run backup -- --verify` refuse (docs/product/command-line.md#backups), with real
 * processes on a real SQLite folder: a truncated, a flipped-byte, a foreign and a newer-schema file
 * each get one line and exit 1 and leave the data as it was; a restore is refused while a site runs
 * on the folder; a restored copy's mail queue stays paused until `npm run admin -- release-mail`.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import { claimDueMail, enqueueMail } from '#server/mail/outbox.repository';
import {
  adminCommand,
  backupCommand,
  restoreCommand,
  runProcess,
} from '#test-support/server-process';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import { freePort, makeTempDir } from '#test-support/server';

const root = makeTempDir();
const dataDir = join(root, 'data');
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
let good: string;

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file of DATA_DIR with its checksum: what "nothing changed" compares. */
function fingerprint(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return files;
}

beforeAll(async () => {
  const port = await freePort();
  const server = runProcess('src/server/main.ts', {
    ...env,
    PORT: String(port),
    LOG_LEVEL: 'info',
  });
  await server.waitForOutput('Site ready');
  const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      email: 'kept@example.com',
      username: 'kept',
      password: 'amber-otter-canyon-7',
      avatar: 1,
      subscribedToNewsletter: false,
      currentUTCTime: new Date().toUTCString(),
    }),
  });
  expect(signUp.status).toBe(201);
  server.kill('SIGTERM');
  expect((await server.exit).code).toBe(0);
  const made = await backupCommand([join(root, 'good.backup.tar.gz')], env);
  expect(made.code, made.stderr).toBe(0);
  good = made.stdout.trim().split('\n').at(-1)!;
  expect(good).toBe(join(root, 'good.backup.tar.gz'));
}, 60_000);

async function newerSchemaFile(): Promise<string> {
  const folder = join(root, 'newer');
  mkdirSync(folder);
  await tar.extract({ file: good, cwd: folder });
  const manifestFile = join(folder, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
  manifest.migrations.push('2099-01-01-0999-from-the-future');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const file = join(root, 'newer.backup.tar.gz');
  await tar.create({ gzip: true, file, cwd: folder }, readdirSync(folder));
  return file;
}

describe('bad files are refused with one line, exit 1 and nothing changed', () => {
  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      'a truncated file',
      async () => {
        const file = join(root, 'truncated.backup.tar.gz');
        const bytes = readFileSync(good);
        writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
        return file;
      },
      /is not a readable backup \(truncated, altered/,
    ],
    [
      'a file with one flipped byte',
      async () => {
        const file = join(root, 'flipped.backup.tar.gz');
        const bytes = Buffer.from(readFileSync(good));
        const at = Math.floor(bytes.length / 3);
        bytes[at] = bytes[at]! ^ 0xff;
        writeFileSync(file, bytes);
        return file;
      },
      /is not a readable backup \(truncated, altered/,
    ],
    [
      'a foreign file (a tar.gz of something else)',
      async () => {
        const file = join(root, 'foreign.tar.gz');
        await tar.create({ gzip: true, file, cwd: process.cwd() }, ['docs']);
        return file;
      },
      /is not a backup of this site/,
    ],
    ['a backup from a newer schema', newerSchemaFile, /comes from a newer schema/],
    [
      'a backup holding a link',
      async () => {
        const folder = join(root, 'linked');
        mkdirSync(folder);
        await tar.extract({ file: good, cwd: folder });
        symlinkSync('/etc/hostname', join(folder, 'content', 'elsewhere'));
        const file = join(root, 'linked.backup.tar.gz');
        await tar.create({ gzip: true, file, cwd: folder }, readdirSync(folder));
        return file;
      },
      /holds a link: content\/elsewhere/,
    ],
  ];

  test.each(cases)('%s', async (_name, make, line) => {
    const file = await make();
    const before = fingerprint(dataDir);
    const verify = await backupCommand(['--verify', file], env);
    expect(verify.code).toBe(1);
    expect(verify.stderr).toMatch(line);
    expect(verify.stderr.trim().split('\n')).toHaveLength(1);
    const restore = await restoreCommand([file, '--no-content'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(line);
    expect(restore.stderr.trim().split('\n')).toHaveLength(1);
    expect(restore.stdout).toBe('');
    expect(fingerprint(dataDir)).toEqual(before);
  });

  test('the good file passes --verify', async () => {
    const verify = await backupCommand(['--verify', good], env);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/^OK: \d+ tables, \d+ rows/);
  });
});

test('a restore is refused while a site runs on DATA_DIR, and works once it stopped', async () => {
  const server = runProcess('src/server/main.ts', {
    ...env,
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
  });
  await server.waitForOutput('Site ready');
  const before = fingerprint(dataDir);
  const refused = await restoreCommand([good, '--no-content'], env);
  // Compared while the server still runs: its shutdown checkpoints the WAL into site.db.
  const after = fingerprint(dataDir);
  server.kill('SIGTERM');
  await server.exit;
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /^A site is running on .+ \(process \d+\); stop it before restoring\.\n$/,
  );
  expect(after).toEqual(before);

  const done = await restoreCommand([good, '--no-content'], env);
  expect(done.code, done.stderr).toBe(0);
  expect(done.stdout).toMatch(/kept aside: .+replaced-/);
  expect(done.stdout).toMatch(/Not in the backup: the MFA key/);
}, 60_000);

test("a restored copy's mail queue is paused until release-mail", async () => {
  const fresh = join(root, 'fresh');
  const restored = await restoreCommand([good, '--no-content'], { DATA_DIR: fresh });
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toMatch(/mail queue is paused/);

  const db = connectDatabase({ dataDir: fresh, databaseUrl: undefined });
  try {
    await enqueueMail(db, { to: 'reader@example.com', subject: 'Old news', text: 'Hello' });
    expect(await claimDueMail(db, 'test', 60_000, 10)).toEqual([]);

    const release = await adminCommand(['release-mail'], { DATA_DIR: fresh });
    expect(release.code, release.stderr).toBe(0);
    expect(release.stdout).toMatch(/released/);
    const claimed = await claimDueMail(db, 'test', 60_000, 10);
    expect(claimed.map((mail) => mail.subject)).toContain('Old news');
  } finally {
    await db.destroy();
  }
}, 60_000);

test("restore puts the backup's content/ in place and keeps the old one aside", async () => {
  const contentDir = join(root, 'content-target');
  mkdirSync(contentDir);
  writeFileSync(join(contentDir, 'old.txt'), 'before the restore');
  const target = join(root, 'content-restore');
  const done = await restoreCommand([good, '--content-to', contentDir], { DATA_DIR: target });
  expect(done.code, done.stderr).toBe(0);
  expect(readFileSync(join(contentDir, 'site.json'), 'utf8')).toBe(
    readFileSync(join(process.cwd(), 'content', 'site.json'), 'utf8'),
  );
  expect(existsSync(join(contentDir, 'old.txt'))).toBe(false);
  const aside = /kept aside: (\S+?)\. /.exec(done.stdout)?.[1];
  expect(aside, done.stdout).toBeDefined();
  expect(readFileSync(join(aside!, 'old.txt'), 'utf8')).toBe('before the restore');
}, 60_000);

const pg = await probePostgres();
describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  test('a restore is refused while a site is connected to the database', async () => {
    const database = await createThrowawayDatabase();
    const pgEnv = { DATABASE_URL: database.url, DATA_DIR: join(root, 'pg-data') };
    try {
      const first = await restoreCommand([good, '--no-content'], pgEnv);
      expect(first.code, first.stderr).toBe(0);
      const server = runProcess('src/server/main.ts', {
        ...pgEnv,
        PORT: String(await freePort()),
        LOG_LEVEL: 'info',
      });
      await server.waitForOutput('Site ready');
      const refused = await restoreCommand([good, '--no-content'], pgEnv);
      server.kill('SIGTERM');
      await server.exit;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^A site is connected to this database \(\d+ connections?\); stop it before restoring\.\n$/,
      );
      const again = await restoreCommand([good, '--no-content'], pgEnv);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/kept aside: schema replaced_/);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
