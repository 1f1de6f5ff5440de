/**
 * Publishing the site's words at the API, on SQLite and PostgreSQL
 * (docs/product/desk.md#publishing-the-sites-words): drafts with what the checks find, a publish that the
 * server's own HTML, link-preview tags, sitemap and GET /api/content show at once, every bad input
 * refused with the page left byte for byte as it was, a stale base refused, restoring an earlier
 * revision, the preview, and the audit log. Only admins with a code reach any of it.
 */
import { expect, test } from 'vitest';
import type { ContentDocument, ContentList, RevisionSummary } from '#shared/content-api-schemas';
import type { ContentKey, ContentParts, ContentValues } from '#shared/content-parts';
import { call, createUser, loginAs } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';

await onBothServers('the site’s words', (server) => {
  async function admin(): Promise<{ cookie: string; id: string; username: string }> {
    const user = await createUser(server(), { adminRank: 10 });
    return { cookie: await loginAs(server(), user), id: user.id, username: user.username };
  }

  async function page(path: string): Promise<string> {
    const res = await fetch(`${server().url}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  }

  async function document(cookie: string, key: string): Promise<ContentDocument> {
    const res = await call(server(), 'GET', `/api/admin/content/${key}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as ContentDocument;
  }

  function publish(cookie: string, key: string, baseRevision: number, value: unknown) {
    return call(server(), 'POST', `/api/admin/content/${key}/publish`, {
      cookie,
      body: { baseRevision, value },
    });
  }

  async function auditActions(cookie: string): Promise<{ action: string; details: unknown }[]> {
    const res = await call(server(), 'GET', '/api/admin/audit', { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as { entries: { action: string; details: unknown }[] }).entries;
  }

  test('pages read their words from GET /api/content; an unknown part is refused', async () => {
    const res = await call(server(), 'GET', '/api/content?parts=site,about');
    expect(res.status).toBe(200);
    const body = res.json as { version: number; parts: Pick<ContentParts, 'site' | 'about'> };
    expect(body.version).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.parts).sort()).toEqual(['about', 'site']);
    expect(body.parts.about.sections.length).toBeGreaterThan(2);
    expect(body.parts.site.siteName).toBeTruthy();
    expect((await call(server(), 'GET', '/api/content?parts=site,secrets')).status).toBe(400);
  });

  test('the desk lists every document with its published revision and the admin’s own draft', async () => {
    const { cookie } = await admin();
    const res = await call(server(), 'GET', '/api/admin/content', { cookie });
    expect(res.status).toBe(200);
    const list = res.json as ContentList;
    expect(list.documents.map((d) => d.key).sort()).toEqual(
      [
        'about',
        'art',
        'donation',
        'indicators',
        'lokalaJobb',
        'music',
        'privacyPolicy',
        'site',
        'termsOfService',
      ].sort(),
    );
    const site = list.documents.find((d) => d.key === 'site')!;
    expect(site.published.revision).toBeGreaterThanOrEqual(1);
    expect(site.draft).toBeNull();
  });

  test('a draft keeps what was typed, says what is wrong beside its field, and discard returns to the published text', async () => {
    const { cookie } = await admin();
    const about = await document(cookie, 'about');
    const value = { ...about.published.value, body: '## Fine\n\nA line with <b>html</b>.\n' };
    const saved = await call(server(), 'PUT', '/api/admin/content/about/draft', {
      cookie,
      body: { baseRevision: about.published.revision, value },
    });
    expect(saved.status).toBe(200);
    expect((saved.json as { draft: { issues: unknown[] } }).draft.issues).toEqual([
      expect.objectContaining({
        path: 'body',
        line: 3,
        column: 13,
        message: expect.stringMatching(/^raw HTML is not allowed/),
      }),
    ]);
    const again = await document(cookie, 'about');
    expect(again.draft?.value).toEqual(value);
    // Another admin sees that a draft exists, not what it holds.
    const other = await admin();
    const list = (await call(server(), 'GET', '/api/admin/content', { cookie: other.cookie }))
      .json as ContentList;
    expect(list.documents.find((d) => d.key === 'about')?.otherDrafts).toHaveLength(1);
    expect((await document(other.cookie, 'about')).draft).toBeNull();

    expect(
      (await call(server(), 'DELETE', '/api/admin/content/about/draft', { cookie })).status,
    ).toBe(204);
    expect((await document(cookie, 'about')).draft).toBeNull();
  });

  test('publish: the server’s HTML, head, sitemap and API carry the new words at once; restore brings the old ones back as a new revision', async () => {
    const { cookie, username } = await admin();
    const before = await document(cookie, 'about');
    const oldHtml = await page('/about');
    const words = `A sentence the owner wrote at ${Date.now()}.`;
    const value = {
      ...before.published.value,
      summary: `${words} Summary.`,
      body: `## New story\n\n${words}\n`,
    };
    const res = await publish(cookie, 'about', before.published.revision, value);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const published = res.json as { published: RevisionSummary; version: number };
    expect(published.published).toMatchObject({
      revision: before.published.revision + 1,
      source: 'desk',
      publishedBy: { name: username },
    });

    const html = await page('/about');
    expect(html).toContain(words);
    expect(html).toContain('New story');
    expect(html).not.toBe(oldHtml);
    const api = (await call(server(), 'GET', '/api/content?parts=about')).json as {
      version: number;
      parts: { about: { summary: string } };
    };
    expect(api.version).toBe(published.version);
    expect(api.parts.about.summary).toBe(`${words} Summary.`);
    const sitemap = await page('/sitemap.xml');
    const aboutEntry = /<loc>[^<]*\/about<\/loc>\s*<lastmod>([^<]+)</.exec(sitemap);
    expect(aboutEntry?.[1]).toBe(published.published.publishedAt);

    const revisions = (
      await call(server(), 'GET', '/api/admin/content/about/revisions', { cookie })
    ).json as { revisions: RevisionSummary[] };
    expect(revisions.revisions[0]?.revision).toBe(published.published.revision);

    const restored = await call(
      server(),
      'POST',
      `/api/admin/content/about/revisions/${before.published.revision}/restore`,
      { cookie, body: { baseRevision: published.published.revision } },
    );
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect((restored.json as { published: RevisionSummary }).published).toMatchObject({
      revision: published.published.revision + 1,
      source: 'restore',
      restoredFrom: before.published.revision,
    });
    expect(await page('/about')).toBe(oldHtml);

    const actions = (await auditActions(cookie)).map((entry) => entry.action);
    expect(actions).toContain('content.publish');
    expect(actions).toContain('content.restore');
  });

  test('a new page title reaches the head, the link-preview tags and a new preview image', async () => {
    const { cookie } = await admin();
    const site = await document(cookie, 'site');
    const title = `Gallery ${Date.now() % 100000}`;
    const value = structuredClone(site.published.value) as unknown as ContentValues['site'];
    value.pages.art.title = title;
    const res = await publish(cookie, 'site', site.published.revision, value);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const html = await page('/art');
    expect(html).toContain(`<title>${title} · `);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    const image =
      /<meta property="og:image" content="[^"]*(\/assets\/preview-art-[^"]+\.png)"/.exec(html)?.[1];
    expect(image).toBeTruthy();
    const png = await fetch(`${server().url}${image}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // Back as it was, for the other tests.
    const now = await document(cookie, 'site');
    expect(
      (await publish(cookie, 'site', now.published.revision, site.published.value)).status,
    ).toBe(200);
  });

  test('bad input gets every problem named and leaves the published page byte for byte as it was', async () => {
    const { cookie } = await admin();
    /** A bad change to a document, the page it shows on, and the problem the answer names. */
    const bad = <K extends ContentKey>(
      key: K,
      path: string,
      change: (value: ContentValues[K]) => void,
      problem: RegExp,
    ) => ({ key, path, change: change as (value: unknown) => void, problem });
    const cases = [
      bad(
        'about',
        '/about',
        (v) => (v.body = '## A\n\n<script>alert(1)</script>\n'),
        /raw HTML is not allowed/,
      ),
      bad('about', '/about', (v) => (v.body = '# A title\n'), /the page shows its own title/),
      bad(
        'donation',
        '/purchase',
        (v) => (v.walletAddresses.bitcoin = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'),
        /must be a Bitcoin address/,
      ),
      bad(
        'site',
        '/',
        (v) => (v.socialLinks[0]!.url = 'http://insecure.example.com/'),
        /must be an https:\/\/ link/,
      ),
      bad(
        'art',
        '/art',
        (v) => (v.artworks[0]!.image = 'art/other.svg'),
        /Only the words can change here/,
      ),
    ];
    for (const { key, path, change, problem } of cases) {
      const before = await page(path);
      const current = await document(cookie, key);
      const value = structuredClone(current.published.value);
      change(value);
      const res = await publish(cookie, key, current.published.revision, value);
      expect(res.status, key).toBe(400);
      expect(res.json).toMatchObject({
        error: {
          status: 'invalid-argument',
          message: 'Fix the marked problems first: nothing was published.',
        },
        issues: [expect.objectContaining({ message: expect.stringMatching(problem) })],
      });
      expect(await page(path)).toBe(before);
      expect((await document(cookie, key)).published.revision).toBe(current.published.revision);
    }
  });

  test('two admins: a publish made on a stale base is refused, never a silent overwrite', async () => {
    const first = await admin();
    const second = await admin();
    const base = await document(first.cookie, 'indicators');
    const mine = structuredClone(base.published.value) as unknown as ContentValues['indicators'];
    mine.priceNote = `First admin's note ${Date.now()}.`;
    const theirs = structuredClone(base.published.value) as unknown as ContentValues['indicators'];
    theirs.priceNote = `Second admin's note ${Date.now()}.`;
    expect((await publish(first.cookie, 'indicators', base.published.revision, mine)).status).toBe(
      200,
    );
    const html = await page('/purchase');
    const stale = await publish(second.cookie, 'indicators', base.published.revision, theirs);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ error: { status: 'aborted' } });
    expect(await page('/purchase')).toBe(html);
    expect(html).toContain(mine.priceNote);
  });

  test('the preview is the page with the admin’s drafts, in the theme asked for, framed only by the site', async () => {
    const { cookie } = await admin();
    const about = await document(cookie, 'about');
    const words = `Not yet published ${Date.now()}.`;
    await call(server(), 'PUT', '/api/admin/content/about/draft', {
      cookie,
      body: {
        baseRevision: about.published.revision,
        value: { ...about.published.value, body: `## Draft\n\n${words}\n` },
      },
    });
    const res = await fetch(`${server().url}/api/admin/content/preview/about?theme=dark`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(words);
    expect(html).toContain('data-theme="dark"');
    expect(html).not.toMatch(/<script src=|name="app-modules"/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // Visitors still get the published page.
    expect(await page('/about')).not.toContain(words);
    await call(server(), 'DELETE', '/api/admin/content/about/draft', { cookie });
  });

  test('the renderer inside the build is never served', async () => {
    for (const path of ['/.renderer/prerender.js', '/.prerendered/page-template.html'])
      expect((await fetch(`${server().url}${path}`)).status, path).toBe(404);
  });

  test('only admins who entered a code reach the desk’s routes', async () => {
    const visitor = await loginAs(server(), await createUser(server(), { adminRank: 9 }));
    const noCode = await loginAs(server(), await createUser(server(), { adminRank: 10 }), {
      mfa: 'none',
    });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/content'],
      ['GET', '/api/admin/content/about'],
      ['PUT', '/api/admin/content/about/draft', { baseRevision: 1, value: {} }],
      ['DELETE', '/api/admin/content/about/draft'],
      ['POST', '/api/admin/content/about/publish', { baseRevision: 1, value: {} }],
      ['GET', '/api/admin/content/about/revisions'],
      ['GET', '/api/admin/content/about/revisions/1'],
      ['POST', '/api/admin/content/about/revisions/1/restore', { baseRevision: 1 }],
      ['GET', '/api/admin/content/preview/about'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(server(), method, path, { body })).status, path).toBe(401);
      expect((await call(server(), method, path, { body, cookie: visitor })).status, path).toBe(
        403,
      );
      const locked = await call(server(), method, path, { body, cookie: noCode });
      expect(locked.status, path).toBe(403);
      expect(locked.json, path).toMatchObject({ error: { status: 'mfa-required' } });
    }
  });
});
