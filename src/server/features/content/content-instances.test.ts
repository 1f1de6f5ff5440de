/**
 * A publish reaches every instance on one PostgreSQL database (docs/architecture.md#publishing):
 * the other instance serves the new HTML, preview image and sitemap without a restart, one that
 * missed the notice catches up by itself, and one started after the publish serves it at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContentDocument } from '#shared/content-api-schemas';
import type { ContentValues } from '#shared/content-parts';
import { call, createUser, loginAs } from '#test-support/accounts';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { CATCH_UP_MS } from './content-runtime';
import { publishDocument } from './publishing';

const pg = await probePostgres();

/** How long `server` takes to show `text` at `path`. */
async function timeUntil(server: TestServer, path: string, text: string): Promise<number> {
  const began = Date.now();
  for (;;) {
    if ((await (await fetch(`${server.url}${path}`)).text()).includes(text))
      return Date.now() - began;
    if (Date.now() - began > 20_000) throw new Error(`${path} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A first publish starts each instance's renderer and renders every page: on a busy machine that
// alone can take longer than a unit test's usual 20 s.
describe.skipIf(!pg.available)(
  pg.title('the site’s words on two instances'),
  { timeout: 60_000 },
  () => {
    let database: ThrowawayDatabase;
    let a: TestServer;
    let b: TestServer;
    let cookie: string;
    beforeAll(async () => {
      database = await createMigratedDatabase();
      const env = { DATABASE_URL: database.url };
      // The second instance starts its renderer with the server, as `npm start` does.
      a = await startTestServer({ env });
      b = await startTestServer({ env, content: { warmRenderer: true } });
      cookie = await loginAs(a, await createUser(a, { adminRank: 10 }));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    async function publishedSite(): Promise<ContentDocument> {
      return (await call(a, 'GET', '/api/admin/content/site', { cookie })).json as ContentDocument;
    }

    async function publishSite(change: (site: ContentValues['site']) => void) {
      const site = await publishedSite();
      const value = structuredClone(site.published.value) as unknown as ContentValues['site'];
      change(value);
      const res = await call(a, 'POST', '/api/admin/content/site/publish', {
        cookie,
        body: { baseRevision: site.published.revision, value },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as { published: { publishedAt: string }; version: number };
    }

    test('a publish on one instance: the other serves the new page, preview image and sitemap', async () => {
      const tagline = `Published on one instance at ${Date.now()}.`;
      const title = `Music ${Date.now() % 100000}`;
      const published = await publishSite((site) => {
        site.tagline = tagline;
        site.pages.music.title = title;
      });
      const took = await timeUntil(b, '/music', tagline);
      // The bench measures this (target 1 s at p95); here it only must not wait for the catch-up look.
      expect(took).toBeLessThan(CATCH_UP_MS);
      const html = await (await fetch(`${b.url}/music`)).text();
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      const image = /og:image" content="[^"]*(\/assets\/preview-music-[^"]+\.png)"/.exec(html)?.[1];
      const png = await fetch(`${b.url}${image}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      // Read to its end: an unread body keeps its connection busy, and closing the server waits on it.
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const sitemap = await (await fetch(`${b.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<lastmod>${published.published.publishedAt}</lastmod>`);
    });

    test('an instance that hears of no publish (a notice lost with its connection) catches up by itself', async () => {
      const words = `Published with no notice at ${Date.now()}.`;
      const site = await publishedSite();
      // Written as a publish is, but nobody is told.
      const outcome = await publishDocument(a.app.db, {
        key: 'site',
        value: { ...site.published.value, tagline: words } as unknown as ContentValues['site'],
        baseRevision: site.published.revision,
        by: null,
        source: 'import',
      });
      expect(outcome.kind).toBe('published');
      expect(await timeUntil(b, '/', words)).toBeLessThan(CATCH_UP_MS + 5_000);
      // The instance that wrote it was not told either: it too catches up (and the next test's
      // publish starts from what it serves).
      expect(await timeUntil(a, '/', words)).toBeLessThan(CATCH_UP_MS + 5_000);
    });

    test('an instance started after the publish serves it at once', async () => {
      const words = `Before the third instance at ${Date.now()}.`;
      await publishSite((site) => (site.tagline = words));
      const c = await startTestServer({ env: { DATABASE_URL: database.url } });
      try {
        expect(await (await fetch(`${c.url}/about`)).text()).toContain(words);
      } finally {
        await c.close();
      }
    });
  },
);
