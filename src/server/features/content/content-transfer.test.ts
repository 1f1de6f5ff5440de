/**
 * The site's words as a folder and in backups (docs/product/desk.md#content-in-git): export then import
 * into a new site gives the very same pages; `npm run content -- import` publishes to a running
 * server as the desk does, and a folder with a problem changes nothing; start-up says when the
 * site's `content/` changed since it was taken in; a backup restored into PostgreSQL keeps every
 * revision.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { ContentDocument } from '#shared/content-api-schemas';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { paths } from '#shared/paths';
import { connectDatabase } from '#server/db/connect';
import { call, createUser, loginAs } from '#test-support/accounts';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import { makeTempDir, startTestServer, type TestServer } from '#test-support/server';
import { backupCommand, restoreCommand, runCommand } from '#test-support/server-process';
import { REPO_CONTENT_DIR } from './content-folder';
import { exportContent, importFolder } from './content-transfer';

// Each test renders every page at least twice and some start the command line: more than a unit
// test's usual 20 s on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const root = makeTempDir('content-transfer-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function adminOf(server: TestServer): Promise<string> {
  return loginAs(server, await createUser(server, { adminRank: 10 }));
}

/** Publishes About with `words` as its text, as the desk does. */
async function publishAbout(server: TestServer, cookie: string, words: string): Promise<void> {
  const about = (await call(server, 'GET', '/api/admin/content/about', { cookie }))
    .json as ContentDocument;
  const res = await call(server, 'POST', '/api/admin/content/about/publish', {
    cookie,
    body: {
      baseRevision: about.published.revision,
      value: { ...about.published.value, body: `## Since then\n\n${words}\n` },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** Every public page as the server sends it, with its origin written out of it. */
async function pages(server: TestServer): Promise<Map<string, string>> {
  const sent = new Map<string, string>();
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(`${server.url}${paths[page]}`)).text();
    sent.set(
      page,
      html.replaceAll(server.url, 'ORIGIN').replaceAll(server.config.publicUrl, 'ORIGIN'),
    );
  }
  return sent;
}

async function waitForPage(server: TestServer, path: string, text: string): Promise<number> {
  const began = Date.now();
  for (;;) {
    if ((await (await fetch(`${server.url}${path}`)).text()).includes(text))
      return Date.now() - began;
    if (Date.now() - began > 15_000) throw new Error(`${path} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('export, then import into a new site: every page byte for byte the same', async () => {
  const first = await startTestServer();
  const second = await startTestServer();
  try {
    const cookie = await adminOf(first);
    await publishAbout(first, cookie, `Exported at ${Date.now()}.`);
    const folder = join(root, 'exported');
    const files = await exportContent(first.app.db, folder);
    expect(files).toContain('pages/about.md');
    expect(files).toContain('art/harbour-at-dusk.svg');
    expect(readFileSync(join(folder, 'pages/about.md'), 'utf8')).toMatch(/^---\nsummary: /);

    expect(await pages(second)).not.toEqual(await pages(first));
    const outcome = await importFolder(second.app.db, folder);
    expect(outcome).toMatchObject({ ok: true, published: ['about'] });
    await second.app.content.serveNewest();
    expect(await pages(second)).toEqual(await pages(first));
  } finally {
    await first.close();
    await second.close();
  }
});

describe('npm run content -- import against a running site', () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  test('publishes what changed and the running server shows it; a folder with a problem changes nothing', async () => {
    server = await startTestServer();
    const env = {
      DATA_DIR: server.dataDir,
      CLIENT_DIR: server.config.clientDir,
      LOG_LEVEL: 'silent',
    };
    const folder = join(root, 'to-import');
    cpSync(REPO_CONTENT_DIR, folder, { recursive: true });
    const words = `Imported from the command line at ${Date.now()}.`;
    const terms = join(folder, 'legal/terms-of-service.md');
    writeFileSync(terms, readFileSync(terms, 'utf8').replace(/\n## /, `\n${words}\n\n## `));

    const done = await runCommand('src/server/content-cli.ts', ['import', folder], env);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^Published termsOfService as version \d+/);
    await waitForPage(server, '/terms-Of-service', words);

    const before = await (await fetch(`${server.url}/terms-Of-service`)).text();
    writeFileSync(terms, readFileSync(terms, 'utf8').replace(words, '<b>bold</b> and more'));
    const site = JSON.parse(readFileSync(join(folder, 'site.json'), 'utf8'));
    site.socialLinks[0].url = 'http://insecure.example.com/';
    writeFileSync(join(folder, 'site.json'), JSON.stringify(site));
    const refused = await runCommand('src/server/content-cli.ts', ['import', folder], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        'Nothing was imported: 2 problems to fix first',
        'content/site.json: socialLinks.0.url: must be an https:// link',
        expect.stringMatching(
          /^content\/legal\/terms-of-service\.md:\d+:1: raw HTML is not allowed/,
        ),
      ]),
    );
    expect(await (await fetch(`${server.url}/terms-Of-service`)).text()).toBe(before);

    const audit = await call(server, 'GET', '/api/admin/audit', { cookie: await adminOf(server) });
    expect(
      (audit.json as { entries: { action: string; source: string }[] }).entries,
    ).toContainEqual(expect.objectContaining({ action: 'content.import', source: 'command line' }));
  });
});

test('start-up says when the site’s content folder changed since it was taken in, and how to publish it', async () => {
  const folder = join(root, 'site-folder');
  cpSync(REPO_CONTENT_DIR, folder, { recursive: true });
  const server = await startTestServer({ content: { contentDir: folder } });
  try {
    expect(await server.app.content.folderNotice()).toBeNull();
    const donation = JSON.parse(readFileSync(join(folder, 'donation.json'), 'utf8'));
    donation.crowdFundingUrl = 'https://ko-fi.com/someone';
    writeFileSync(join(folder, 'donation.json'), JSON.stringify(donation, null, 2));
    expect(await server.app.content.folderNotice()).toBe(
      `${folder} has changed since the site last took it in; the site shows the words published on the desk (to publish it, run: npm run content -- import ${folder})`,
    );
    expect(await importFolder(server.app.db, folder, { siteFolder: folder })).toMatchObject({
      ok: true,
      published: ['donation'],
    });
    expect(await server.app.content.folderNotice()).toBeNull();
  } finally {
    await server.close();
  }
});

const pg = await probePostgres();
describe.skipIf(!pg.available)(pg.title('the words in a backup'), () => {
  test('a SQLite backup restored into PostgreSQL keeps every revision and serves the newest', async () => {
    const server = await startTestServer();
    const words = `Backed up at ${Date.now()}.`;
    let backupFile: string;
    try {
      const cookie = await adminOf(server);
      await publishAbout(server, cookie, 'An earlier version.');
      await publishAbout(server, cookie, words);
      const backup = await backupCommand([join(root, 'backup')], { DATA_DIR: server.dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      backupFile = backup.stdout.trim().split('\n').at(-1)!;
    } finally {
      await server.close();
    }
    const database = await createThrowawayDatabase();
    try {
      const restored = await restoreCommand([backupFile, '--no-content'], {
        DATABASE_URL: database.url,
        DATA_DIR: join(root, 'pg-data'),
      });
      expect(restored.code, restored.stderr).toBe(0);
      const db = connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
      try {
        const about = await db
          .selectFrom('content_revisions')
          .select(['revision', 'value', 'source'])
          .where('doc_key', '=', 'about')
          .orderBy('revision')
          .execute();
        expect(about.map((row) => [row.revision, row.source])).toEqual([
          [1, 'shipped'],
          [2, 'desk'],
          [3, 'desk'],
        ]);
        expect(about[1]?.value).toContain('An earlier version.');
      } finally {
        await db.destroy();
      }
      const site = await startTestServer({ env: { DATABASE_URL: database.url } });
      try {
        expect(await (await fetch(`${site.url}/about`)).text()).toContain(words);
      } finally {
        await site.close();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
