/**
 * Visit counting (docs/product/visits.md#counting-rules): POST /api/visits adds exactly one per call to a known page key, even
 * under hundreds of concurrent calls, and GET /api/admin/traffic reads the counts for admins only.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { utcDay } from './visits.repository';
import { VISITS_PER_ADDRESS } from './visits.routes';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { BROWSER } from '#test-support/visits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

function countVisit(target: TestServer, page: unknown, address = nextAddress()) {
  return call(target, 'POST', '/api/visits', {
    body: { page },
    headers: { ...fromAddress(address), ...BROWSER },
  });
}

async function totalOf(target: TestServer, page: string): Promise<number | undefined> {
  const row = await target.app.db
    .selectFrom('page_visits')
    .select('count')
    .where('page_key', '=', page)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.count);
}

/** 300 visits from 300 addresses at once (an address counts once per page and day). */
async function concurrentVisits(target: TestServer, page: string): Promise<void> {
  const results = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      countVisit(target, page, `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    ),
  );
  expect(results.map((res) => res.status).filter((status) => status !== 204)).toEqual([]);
}

test('a visit answers 204 with no body and no cookie, and adds one to the page', async () => {
  const res = await countVisit(server, 'about');
  expect(res.status).toBe(204);
  expect(res.json).toBeNull();
  expect(res.setCookies).toEqual([]);
  expect(await totalOf(server, 'about')).toBe(1);
  await countVisit(server, 'about');
  expect(await totalOf(server, 'about')).toBe(2);
});

test('300 concurrent visits give an exact count on SQLite', async () => {
  await concurrentVisits(server, 'music');
  expect(await totalOf(server, 'music')).toBe(300);
});

test('each visit also counts in the page’s row for the UTC day', async () => {
  await countVisit(server, 'art');
  await countVisit(server, 'art');
  const rows = await server.app.db
    .selectFrom('page_visits_daily')
    .selectAll()
    .where('page_key', '=', 'art')
    .execute();
  expect(rows.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
    { page_key: 'art', day: utcDay(new Date()), count: 2 },
  ]);
});

test('unknown page keys and bad bodies are refused with 400 and nothing is stored', async () => {
  const before = await server.app.db.selectFrom('page_visits').selectAll().execute();
  for (const body of [
    { page: 'no-such-page' },
    { page: 'Home' },
    { page: '' },
    { page: 3 },
    {},
    { page: 'home', extra: 1 },
  ]) {
    const res = await call(server, 'POST', '/api/visits', {
      body,
      headers: { ...fromAddress(nextAddress()), ...BROWSER },
    });
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.json).toMatchObject({ error: { status: 'invalid-argument' } });
  }
  expect(await server.app.db.selectFrom('page_visits').selectAll().execute()).toEqual(before);
  expect(
    await server.app.db
      .selectFrom('page_visits_daily')
      .selectAll()
      .where('page_key', 'in', ['no-such-page', 'Home', ''])
      .execute(),
  ).toEqual([]);
});

test('one address is limited per minute: 429 resource-exhausted with Retry-After; it counts once a day', async () => {
  const address = '192.0.2.77';
  // The window is a fixed minute: start early in one so all 121 calls land in the same window.
  const msLeft = VISITS_PER_ADDRESS.windowMs - (Date.now() % VISITS_PER_ADDRESS.windowMs);
  if (msLeft < 5_000) await delay(msLeft + 50);
  for (let i = 0; i < VISITS_PER_ADDRESS.limit; i++) {
    expect((await countVisit(server, 'support', address)).status).toBe(204);
  }
  const refused = await countVisit(server, 'support', address);
  expect(refused.status).toBe(429);
  expect(refused.json).toMatchObject({ error: { status: 'resource-exhausted' } });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // The first counted; the others were repeats of it, left out.
  expect(await totalOf(server, 'support')).toBe(1);
  // Another address is not affected.
  expect((await countVisit(server, 'support', '192.0.2.78')).status).toBe(204);
  expect(await totalOf(server, 'support')).toBe(2);
});

test('GET /api/admin/traffic is 401 signed out and 403 below adminRank 10', async () => {
  const anonymous = await call(server, 'GET', '/api/admin/traffic');
  expect(anonymous.status).toBe(401);
  expect(anonymous.json).toMatchObject({ error: { status: 'unauthenticated' } });
  for (const adminRank of [0, 3, 9]) {
    const user = await createUser(server, { adminRank });
    const res = await call(server, 'GET', '/api/admin/traffic', {
      cookie: await loginAs(server, user),
    });
    expect(res.status, `rank ${adminRank}`).toBe(403);
    expect(res.json).toMatchObject({ error: { status: 'permission-denied' } });
  }
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let pgServer: TestServer;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    pgServer = await startTestServer({
      env: { DATABASE_URL: database.url, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await pgServer?.close();
    // drop() waits for the pool's closing connections to leave before it forces the rest out.
    await database?.drop();
  });

  test('300 concurrent visits give an exact count on PostgreSQL, in total and for the day', async () => {
    await concurrentVisits(pgServer, 'home');
    expect(await totalOf(pgServer, 'home')).toBe(300);
    const daily = await pgServer.app.db
      .selectFrom('page_visits_daily')
      .select('count')
      .where('page_key', '=', 'home')
      .where('day', '=', utcDay(new Date()))
      .executeTakeFirstOrThrow();
    expect(Number(daily.count)).toBe(300);
    const sources = await pgServer.app.db
      .selectFrom('visit_source_days')
      .select(['source', 'count'])
      .where('day', '=', utcDay(new Date()))
      .execute();
    expect(sources.map((row) => [row.source, Number(row.count)])).toEqual([['Direct', 300]]);
  });
});
