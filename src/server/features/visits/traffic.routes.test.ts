/**
 * The owner's traffic at the API, on SQLite and PostgreSQL (docs/product/visits.md#traffic-counters): a
 * range of fixed seeded days beside the period before it, per page and per day or week; sources
 * kept as hosts or campaign names only, with the pages each led to; and the visits left out (an
 * admin's on any device, a bot's, one no page made, a browser that opted out), counted by reason.
 */
import { expect, test } from 'vitest';
import type { TrafficResponse, TrafficSourcesResponse } from '#shared/visit-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  unique,
} from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { BROWSER } from '#test-support/visits';
import { countVisits, monthsAndDays, utcDay } from './visits.repository';

test('a range splits into whole months and the days at either end', () => {
  expect(monthsAndDays({ from: '2025-01-15', to: '2025-04-10' })).toEqual({
    months: { from: '2025-02', to: '2025-03' },
    days: [
      { from: '2025-01-15', to: '2025-01-31' },
      { from: '2025-04-01', to: '2025-04-10' },
    ],
  });
  expect(monthsAndDays({ from: '2025-02-01', to: '2025-02-28' })).toEqual({
    months: { from: '2025-02', to: '2025-02' },
    days: [],
  });
  expect(monthsAndDays({ from: '2025-02-03', to: '2025-02-20' })).toEqual({
    months: null,
    days: [{ from: '2025-02-03', to: '2025-02-20' }],
  });
});

await onBothServers(
  'traffic on the desk',
  (server) => {
    async function admin(): Promise<string> {
      return loginAs(server(), await createUser(server(), { adminRank: 10 }));
    }

    async function traffic(cookie: string, query: string): Promise<TrafficResponse> {
      const res = await call(server(), 'GET', `/api/admin/traffic?${query}`, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as TrafficResponse;
    }

    async function sources(cookie: string, query: string): Promise<TrafficSourcesResponse> {
      const res = await call(server(), 'GET', `/api/admin/traffic/sources?${query}`, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as TrafficSourcesResponse;
    }

    /** `count` visits to `page` from `source`, counted as on the UTC day `day` (noon). */
    async function seed(day: string, page: string, source: string, count: number) {
      const visits = Array.from({ length: count }, () => ({ pageKey: page, source }));
      await server()
        .app.db.transaction()
        .execute(async (trx) => {
          await countVisits(trx, visits, [], new Date(`${day}T12:00:00Z`));
        });
    }

    function visit(body: Record<string, unknown>, headers: Record<string, string> = BROWSER) {
      return call(server(), 'POST', '/api/visits', {
        body,
        headers: { ...fromAddress(nextAddress()), ...headers },
      });
    }

    test('a range and the same length before it, per page and per day, quiet days as zeros', async () => {
      const cookie = await admin();
      // March 2025: days no other test uses.
      await seed('2025-03-10', 'home', 'Direct', 4);
      await seed('2025-03-12', 'home', 'Direct', 1);
      await seed('2025-03-12', 'music', 'Direct', 2);
      await seed('2025-03-04', 'home', 'Direct', 3); // the week before
      await seed('2025-03-03', 'art', 'Direct', 5); // two weeks before: in neither
      const week = await traffic(cookie, 'from=2025-03-09&to=2025-03-15&page=home');
      expect(week.range).toEqual({ from: '2025-03-09', to: '2025-03-15' });
      expect(week.previousRange).toEqual({ from: '2025-03-02', to: '2025-03-08' });
      expect(week.bucket).toBe('day');
      expect(week.totals).toEqual({ visits: 7, previous: 8 });
      expect(week.pages).toEqual([
        { page: 'home', visits: 5, previous: 3 },
        { page: 'music', visits: 2, previous: 0 },
        { page: 'art', visits: 0, previous: 5 },
      ]);
      expect(week.series.map((point) => point.visits)).toEqual([0, 4, 0, 3, 0, 0, 0]);
      expect(week.series[0]).toEqual({ start: '2025-03-09', visits: 0 });
      expect(week.pageSeries?.map((point) => point.visits)).toEqual([0, 4, 0, 1, 0, 0, 0]);
      const nothingAsked = await traffic(cookie, 'from=2025-03-09&to=2025-03-15');
      expect(nothingAsked.pageSeries).toBeNull();
    });

    test('beyond 90 days the series is per week from Monday', async () => {
      const cookie = await admin();
      await seed('2025-06-02', 'about', 'Direct', 2); // a Monday
      await seed('2025-06-08', 'about', 'Direct', 3); // its Sunday
      await seed('2025-06-09', 'about', 'Direct', 4); // the next Monday
      const body = await traffic(cookie, 'from=2025-05-01&to=2025-08-31&page=about');
      expect(body.bucket).toBe('week');
      const weeks = new Map(body.pageSeries!.map((point) => [point.start, point.visits]));
      expect(weeks.get('2025-06-02')).toBe(5);
      expect(weeks.get('2025-06-09')).toBe(4);
      expect(body.pageSeries![0]!.start).toBe('2025-04-28');
    });

    test('a source is kept as the referring host or the campaign name, never a path or query', async () => {
      const cookie = await admin();
      const tag = unique();
      const host = `news-${tag}.example.org`;
      expect(
        (await visit({ page: 'music', referrer: `https://www.${host}/post?id=7&email=ann@x.io` }))
          .status,
      ).toBe(204);
      await visit({ page: 'art', referrer: `https://${host}/` });
      await visit({ page: 'music', referrer: `https://${host}/`, utmSource: `Mail-${tag}` });
      await visit({ page: 'home' });
      const kept = await server()
        .app.db.selectFrom('visit_sources_daily')
        .select('source')
        .where('day', '=', utcDay(new Date()))
        .execute();
      const names = kept.map((row) => row.source);
      expect(names).toEqual(expect.arrayContaining([host, `mail-${tag}`, 'Direct']));
      expect(
        names.some((name) => name.includes('/') || name.includes('?') || name.includes('@')),
      ).toBe(false);
      const today = utcDay(new Date());
      const body = await sources(
        cookie,
        `from=${today}&to=${today}&source=${encodeURIComponent(host)}`,
      );
      expect(body.sources).toContainEqual({ source: host, visits: 2, previous: 0 });
      expect(body.sources).toContainEqual({ source: `mail-${tag}`, visits: 1, previous: 0 });
      expect(body.pages).toEqual([
        { page: 'art', visits: 1 },
        { page: 'music', visits: 1 },
      ]);
    });

    test('invisible, direction-changing and look-alike characters never make a source of their own', async () => {
      const cookie = await admin();
      const tag = unique().toLowerCase();
      const today = utcDay(new Date());
      const direct = async () =>
        (await sources(cookie, `from=${today}&to=${today}`)).sources.find(
          (row) => row.source === 'Direct',
        )?.visits ?? 0;
      const directBefore = await direct();
      for (const body of [
        { page: 'music', utmSource: `goo\u200bgle-${tag}.com` },
        { page: 'art', utmSource: `goo\u2060gle-${tag}.com\u00ad` },
        { page: 'home', utmSource: `\u202emoc.${tag}-elgoog` },
        { page: 'about', utmSource: '\u{1d403}irect' },
        { page: 'contact', referrer: `https://g\u043e\u043egle-${tag}.com/` },
      ]) {
        expect((await visit(body)).status).toBe(204);
      }
      const listed = (await sources(cookie, `from=${today}&to=${today}`)).sources;
      const mine = listed.filter((row) => row.source.includes(tag)).map((row) => row.source);
      expect(mine.sort()).toEqual(
        [
          `google-${tag}.com`,
          `moc.${tag}-elgoog`,
          new URL(`http://g\u043e\u043egle-${tag}.com`).hostname,
        ].sort(),
      );
      expect(mine.find((name) => name.startsWith('xn--'))).toBeDefined();
      expect(listed.find((row) => row.source === `google-${tag}.com`)?.visits).toBe(2);
      expect((await direct()) - directBefore).toBe(1);
      expect(listed.some((row) => /[\p{Cf}]/u.test(row.source))).toBe(false);
    });

    test('an address counts once per page and UTC day, and brings at most three sources a day', async () => {
      const cookie = await admin();
      const tag = unique().toLowerCase();
      const today = utcDay(new Date());
      const range = `from=${today}&to=${today}`;
      const post = (address: string, body: Record<string, unknown>) =>
        call(server(), 'POST', '/api/visits', {
          body,
          headers: { ...fromAddress(address), ...BROWSER },
        });
      const figures = async () => {
        const [counts, listed] = [await traffic(cookie, range), await sources(cookie, range)];
        return {
          page: (key: string) => counts.pages.find((row) => row.page === key)?.visits ?? 0,
          left: (reason: string) =>
            counts.excluded.find((row) => row.reason === reason)?.visits ?? 0,
          source: (name: string) => listed.sources.find((row) => row.source === name)?.visits ?? 0,
        };
      };
      const before = await figures();

      // A script posting one page again and again for a chosen source, as the probe did 305 times.
      const script = '192.0.2.10';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(script, { page: 'music', utmSource: `spam-${tag}` })),
      );
      expect(answers.map((res) => res.status)).toEqual(Array<number>(20).fill(204));
      expect((await post(script, { page: 'art' })).status).toBe(204);
      let now = await figures();
      expect(now.page('music') - before.page('music')).toBe(1);
      expect(now.source(`spam-${tag}`)).toBe(1);
      expect(now.left('repeat') - before.left('repeat')).toBe(19);
      // Another page from the same address, and the same page from another, count.
      expect(now.page('art') - before.page('art')).toBe(1);
      expect((await post('192.0.2.11', { page: 'music' })).status).toBe(204);
      expect((await figures()).page('music') - before.page('music')).toBe(2);

      // Sources: three new ones from one address a day, then its visits with a new one are left out.
      const many = '192.0.2.12';
      const pages = ['home', 'about', 'support', 'contact', 'purchase', 'portfolio', 'nowou'];
      for (const [index, page] of pages.slice(0, 5).entries()) {
        expect((await post(many, { page, utmSource: `src${index}-${tag}` })).status).toBe(204);
      }
      // Direct, and a source it already brought, still count.
      expect((await post(many, { page: pages[5] })).status).toBe(204);
      expect((await post(many, { page: pages[6], utmSource: `src0-${tag}` })).status).toBe(204);
      now = await figures();
      expect([0, 1, 2, 3, 4].map((index) => now.source(`src${index}-${tag}`))).toEqual([
        2, 1, 1, 0, 0,
      ]);
      expect(now.left('manySources') - before.left('manySources')).toBe(2);
      expect(now.page('portfolio') - before.page('portfolio')).toBe(1);
    });

    test('sources over whole months and loose days add up, beside the period before', async () => {
      const cookie = await admin();
      const source = `src-${unique()}`;
      await seed('2024-01-20', 'home', source, 1); // before the range
      await seed('2024-01-31', 'home', source, 2); // the edge days
      await seed('2024-02-10', 'music', source, 3); // a whole month
      await seed('2024-03-01', 'home', source, 4); // another whole month
      await seed('2024-04-02', 'art', source, 5); // the end's days
      await seed('2024-04-20', 'art', source, 6); // after the range
      const body = await sources(cookie, `from=2024-01-25&to=2024-04-05&source=${source}`);
      expect(body.sources.find((row) => row.source === source)).toEqual({
        source,
        visits: 14,
        previous: 1,
      });
      expect(body.pages).toEqual(
        [
          { page: 'art', visits: 5 },
          { page: 'home', visits: 6 },
          { page: 'music', visits: 3 },
        ].sort((a, b) => b.visits - a.visits),
      );
    });

    test('admins on any device, bots, posts no page made and opted-out browsers are left out, by reason', async () => {
      const cookie = await admin();
      const today = utcDay(new Date());
      const before = await traffic(cookie, `from=${today}&to=${today}`);
      const left = (body: TrafficResponse) =>
        Object.fromEntries(body.excluded.map((row) => [row.reason, row.visits]));
      const signedInAdmin = await admin();
      const signedInVisitor = await loginAs(server(), await createUser(server()));
      const answers = await Promise.all([
        call(server(), 'POST', '/api/visits', {
          body: { page: 'purchase' },
          cookie: signedInAdmin,
          headers: { ...fromAddress(nextAddress()), ...BROWSER },
        }),
        visit(
          { page: 'purchase' },
          {
            'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
            'sec-fetch-site': 'same-origin',
          },
        ),
        visit({ page: 'purchase' }, { 'user-agent': '', 'sec-fetch-site': 'same-origin' }),
        visit(
          { page: 'purchase' },
          { 'user-agent': BROWSER['user-agent']!, 'sec-fetch-site': 'none' },
        ),
        visit({ page: 'purchase', optOut: true }),
        call(server(), 'POST', '/api/visits', {
          body: { page: 'purchase' },
          cookie: signedInVisitor,
          headers: { ...fromAddress(nextAddress()), ...BROWSER },
        }),
      ]);
      expect(answers.map((res) => res.status)).toEqual([204, 204, 204, 204, 204, 204]);
      const after = await traffic(cookie, `from=${today}&to=${today}`);
      const [was, now] = [left(before), left(after)];
      expect({
        admin: now.admin! - was.admin!,
        bot: now.bot! - was.bot!,
        noPageLoad: now.noPageLoad! - was.noPageLoad!,
        optedOut: now.optedOut! - was.optedOut!,
      }).toEqual({ admin: 1, bot: 2, noPageLoad: 1, optedOut: 1 });
      // Only the signed-in visitor's visit counted.
      const purchase = (body: TrafficResponse) =>
        body.pages.find((row) => row.page === 'purchase')?.visits ?? 0;
      expect(purchase(after) - purchase(before)).toBe(1);
    });

    test('bad ranges are refused with 400 and the reason', async () => {
      const cookie = await admin();
      for (const [query, message] of [
        ['from=2025-03-10&to=2025-03-01', 'The range ends before it starts.'],
        ['from=2020-01-01&to=2025-03-01', 'A range can be at most 3 years.'],
        ['from=2025-02-30&to=2025-03-01', 'Days look like 2026-11-27.'],
        ['from=yesterday&to=2025-03-01', 'Days look like 2026-11-27.'],
        ['to=2025-03-01', 'Days look like 2026-11-27.'],
        ['from=1999-12-31&to=2000-01-01', 'Days run from 2000-01-01 to 2099-12-31.'],
        ['from=2099-12-31&to=2100-01-01', 'Days run from 2000-01-01 to 2099-12-31.'],
      ] as const) {
        for (const path of ['/api/admin/traffic', '/api/admin/traffic/sources']) {
          const res = await call(server(), 'GET', `${path}?${query}`, { cookie });
          expect(res.status, `${path}?${query}`).toBe(400);
          expect(res.json).toMatchObject({ error: { status: 'invalid-argument', message } });
        }
      }
    });

    test('a range in year 9999 is refused at once and the server goes on answering', async () => {
      const cookie = await admin();
      for (const path of ['/api/admin/traffic', '/api/admin/traffic/sources']) {
        const res = await fetch(`${server().url}${path}?from=9999-12-31&to=9999-12-31`, {
          headers: { cookie },
          signal: AbortSignal.timeout(5_000),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({
          error: { message: 'Days run from 2000-01-01 to 2099-12-31.' },
        });
        const live = await fetch(`${server().url}/api/health/live`, {
          signal: AbortSignal.timeout(1_000),
        });
        expect(live.status).toBe(200);
      }
    });

    test('a desk read sent from another site is refused, one from the desk itself passes', async () => {
      const cookie = await admin();
      const path = '/api/admin/traffic?from=2025-03-09&to=2025-03-15';
      for (const site of ['cross-site', 'same-site']) {
        const res = await call(server(), 'GET', path, {
          cookie,
          headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
        });
        expect(res.status, site).toBe(403);
        expect(res.json).toMatchObject({
          error: { message: 'Cross-site requests are not allowed.' },
        });
      }
      const encoded = await call(server(), 'GET', path.replace('admin', '%61dmin'), {
        cookie,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect([403, 404]).toContain(encoded.status);
      for (const site of ['same-origin', 'none']) {
        const res = await call(server(), 'GET', path, {
          cookie,
          headers: { 'sec-fetch-site': site },
        });
        expect(res.status, site).toBe(200);
      }
    });

    test('the figures are the admin’s alone', async () => {
      const query = 'from=2025-03-09&to=2025-03-15';
      for (const path of ['/api/admin/traffic', '/api/admin/traffic/sources']) {
        expect((await call(server(), 'GET', `${path}?${query}`)).status).toBe(401);
        const visitor = await loginAs(server(), await createUser(server(), { adminRank: 9 }));
        expect((await call(server(), 'GET', `${path}?${query}`, { cookie: visitor })).status).toBe(
          403,
        );
      }
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
