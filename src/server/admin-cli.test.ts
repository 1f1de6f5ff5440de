import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '#server/features/accounts/users.repository';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { decodeChange } from '#server/features/live/postgres-bus';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import { makeTempDir } from '#test-support/server';
import { adminCommand } from '#test-support/server-process';

const admin = adminCommand;

async function seed(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const db = connectDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await migrateToLatest(db);
    return await insertUser(db, {
      email: 'owner@example.com',
      username: 'Site Owner',
      passwordHash: 'scrypt$1$1$1$AA$AA',
      avatar: 2,
      subscribedToNewsletter: false,
    });
  } finally {
    await db.destroy();
  }
}

describe('on SQLite', () => {
  const dataDir = makeTempDir();
  const env = { DATA_DIR: dataDir };
  beforeAll(async () => {
    await seed(env);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('set-rank then list shows the rank', async () => {
    const set = await admin(['set-rank', 'OWNER@example.com', '10'], env);
    expect(set).toEqual({
      code: 0,
      stdout: 'owner@example.com (Site Owner) now has adminRank 10.\n',
      stderr: '',
    });
    const list = await admin(['list'], env);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    const [header, row] = list.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^EMAIL\s+USERNAME\s+RANK\s+EARLY USER\s+VERIFIED\s+CREATED$/);
    expect(row).toMatch(/^owner@example\.com\s+Site Owner\s+10\s+no\s+no\s+\d{4}-/);
  });

  test.each([
    [['set-rank', 'nobody@example.com', '10'], 'No account with the e-mail nobody@example.com.'],
    [['set-rank', 'owner@example.com', 'ten'], /^The rank must be a whole number from 0 to 1000/],
    [['set-rank', 'not-an-email', '3'], /^Not an e-mail address: "not-an-email"/],
    [['promote', 'owner@example.com'], /^Unknown command "promote"/],
  ])('%j exits 1 with one line on stderr', async (args, message) => {
    const result = await admin(args, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  test('a bad configuration is one line too, as for npm start', async () => {
    const result = await admin(['list'], { ...env, DATABASE_URL: 'mysql://x' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration: DATABASE_URL .*\n$/);
  });
});

const pgProbe = await probePostgres();

describe.skipIf(!pgProbe.available)(pgProbe.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  const dataDir = makeTempDir();
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('set-rank updates the rank and tells live streams on every instance (NOTIFY live)', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const user = await seed(env);
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const notices: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === 'live' && message.payload) notices.push(message.payload);
      });
      await listener.query('listen live');
      const set = await admin(['set-rank', 'owner@example.com', '3'], env);
      expect(set.code).toBe(0);
      const deadline = Date.now() + 5000;
      while (notices.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Decoded as every instance's live bus decodes it.
      expect(notices.map(decodeChange)).toEqual([{ kind: 'user', userId: user.id }]);
      const list = await admin(['list'], env);
      expect(list.stdout).toMatch(/owner@example\.com\s+Site Owner\s+3\s/);
    } finally {
      await listener.end();
    }
  });
});
