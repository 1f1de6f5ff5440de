/**
 * The disk under DATA_DIR fills up, for real (docs/deploy.md#when-something-fails): DATA_DIR is a
 * small tmpfs of the test's own, filled to the last byte by a file. Writes are refused 503
 * `Storage is full.` (or acknowledged and stored), nothing acknowledged before is damaged, reads and
 * pages go on, the site health and the log say the disk is full, a backup fails without leaving a
 * partial file; once the file is removed, writes work again in the same process. Mounting needs
 * root; without it the test is skipped with one line.
 */
import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import type { SiteHealth } from '#shared/site-health-schemas';
import { STORAGE_MESSAGES, STORAGE_RETRY_AFTER_SECONDS } from '#server/plugins/errors';
import { BACKUPS_FOLDER, createBackup } from '#server/ops/create-backup';
import {
  call,
  createUser,
  fromAddress,
  login,
  loginAs,
  nextAddress,
  signUpPayload,
  type CallResult,
} from '#test-support/accounts';
import { startTestServer, writeFakeClient, type TestServer } from '#test-support/server';

const run = promisify(execFile);
const mountPoint = mkdtempSync(join(tmpdir(), 'creator-site-small-disk-'));

/** Why a small file system cannot be mounted here, or null once it is. */
async function mountSmallDisk(): Promise<string | null> {
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint]);
    return null;
  } catch (error) {
    rmSync(mountPoint, { recursive: true, force: true });
    const reason = (error as { stderr?: string }).stderr?.trim() || 'mount failed';
    return `cannot mount a small file system here (${reason.split('\n')[0]})`;
  }
}

const unmountable = await mountSmallDisk();
if (unmountable) console.warn(`Disk-full test skipped: ${unmountable}`);

/** Takes every free byte of the file system with one file; returns its path. */
function fillDisk(): string {
  const filler = join(mountPoint, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}

function contact() {
  const form = FORM_DEFINITIONS.contact;
  const values: Record<string, string | boolean> = {};
  for (const input of form.inputs)
    values[input.name] =
      input.kind === 'email'
        ? 'visitor@example.com'
        : input.kind === 'tel'
          ? '+46 70 123 45 67'
          : input.kind === 'url'
            ? 'https://example.se'
            : 'Some text';
  for (const area of form.textAreas) values[area.name] = 'Sent on a full disk.';
  for (const agreement of [...form.agreements, ...form.specialAgreements])
    values[agreement.name] = true;
  return toSubmissionPayload(form, values);
}

describe.skipIf(unmountable)(
  `DATA_DIR's disk full${unmountable ? ` (skipped: ${unmountable})` : ''}`,
  () => {
    let server: TestServer;
    let admin: string;
    let logText = '';

    beforeAll(async () => {
      const logStream = new PassThrough();
      logStream.on('data', (chunk: Buffer) => (logText += chunk.toString()));
      server = await startTestServer({
        logStream,
        env: {
          DATA_DIR: mountPoint,
          TRUST_PROXY: 'true',
          CLIENT_DIR: writeFakeClient(),
          SERVE_CLIENT: 'true',
          LOG_LEVEL: 'warn',
        },
      });
      admin = await loginAs(server, await createUser(server, { adminRank: 10 }));
    }, 30_000);
    afterAll(async () => {
      await server?.close();
      await run('umount', [mountPoint]).catch(() => undefined);
      rmSync(mountPoint, { recursive: true, force: true });
    });

    const health = async () => {
      const res = await call(server, 'GET', '/api/admin/health', { cookie: admin });
      expect(res.status).toBe(200);
      return res.json as SiteHealth;
    };

    const signUp = (body: Record<string, unknown>) =>
      call(server, 'POST', '/api/auth/register', { body, headers: fromAddress(nextAddress()) });
    const sendForm = () =>
      call(server, 'POST', '/api/submissions', {
        body: contact(),
        headers: fromAddress(nextAddress()),
      });

    async function storedSubmissions(): Promise<string[]> {
      const rows = await server.app.db.selectFrom('submissions').select('id').execute();
      return rows.map((row) => row.id);
    }

    test('writes are refused and nothing is damaged; reads, pages, health and log go on; a backup fails cleanly; freed space works again', async () => {
      // Before: an account and a form that must survive.
      const before = signUpPayload();
      expect((await signUp(before)).status).toBe(201);
      const formBefore = await sendForm();
      expect(formBefore.status).toBe(201);
      // The write-ahead log is emptied to zero bytes, so the next write needs new space.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.app.db);
      const filler = fillDisk();

      const during = signUpPayload();
      const answers: CallResult[] = [await signUp(during), await sendForm()];
      for (const res of answers) {
        if (res.status < 300) continue; // acknowledged: checked below that it is stored
        expect(res.status).toBe(503);
        expect(res.json).toEqual({
          error: { status: 'unavailable', message: STORAGE_MESSAGES.full },
        });
        expect(Number(res.headers.get('retry-after'))).toBe(STORAGE_RETRY_AFTER_SECONDS.full);
      }
      expect(answers.some((res) => res.status === 503)).toBe(true);
      expect(logText).toContain('request not served: storage full');

      // Reads and pages go on.
      expect((await call(server, 'GET', '/api/me', { cookie: admin })).status).toBe(200);
      for (const path of ['/', '/music', '/favicon.svg'])
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
      const full = await health();
      expect(full.disk).toMatchObject({ full: true });
      expect(full.database.answers).toBe(true);

      // A backup fails and leaves nothing behind in the backups folder.
      await expect(createBackup(server.config)).rejects.toThrow();
      const backups = join(mountPoint, BACKUPS_FOLDER);
      expect(readdirSync(backups)).toEqual([]);

      rmSync(filler);
      const after = signUpPayload();
      expect((await signUp(after)).status).toBe(201);
      const formAfter = await sendForm();
      expect(formAfter.status).toBe(201);
      expect((await health()).disk).toMatchObject({ full: false });
      const backup = await createBackup(server.config);
      expect(readdirSync(backups)).toEqual([backup.path.split('/').at(-1)]);

      // Nothing acknowledged is damaged or lost; a refused sign-up left no account behind.
      const integrity = await sql<{
        integrity_check: string;
      }>`pragma integrity_check`.execute(server.app.db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      await login(server, before.email as string, before.password as string);
      await login(server, after.email as string, after.password as string);
      const ids = await storedSubmissions();
      for (const res of [formBefore, answers[1]!, formAfter])
        if (res.status === 201) expect(ids).toContain((res.json as { id: string }).id);
      const duringLogin = await call(server, 'POST', '/api/auth/login', {
        body: { email: during.email, password: during.password },
        headers: fromAddress(nextAddress()),
      });
      expect(duringLogin.status).toBe(answers[0]!.status === 201 ? 200 : 401);
    }, 30_000);
  },
);
