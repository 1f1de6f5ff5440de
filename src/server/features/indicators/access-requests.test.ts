/**
 * Indicator trials and purchases requested through the real API
 * (docs/product/offerings.md#free-trials-and-purchases): a request is
 * stored as a submission and as an access record (the submissions route with the indicator effects);
 * one free trial per product for each account and each TradingView username (whatever its case),
 * held by the database even for requests at the same moment, on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRODUCT_ACCESS_MESSAGES } from '#shared/product-access-schemas';
import { SUBMISSION_MESSAGES } from '#shared/submission-schemas';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { indicatorAccessHelpers } from '#test-support/indicators';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
let adminCookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  adminCookie = await loginAs(server, await createUser(server, { adminRank: 10 }));
});
afterAll(async () => {
  await server?.close();
});

const { tradingViewName, requestBody, ask, newVisitor, accessRows, submissionCount, ownProducts } =
  indicatorAccessHelpers(
    () => server,
    () => adminCookie,
  );

test('a free trial request is stored as its submission and as a requested access record', async () => {
  const { user, cookie } = await newVisitor();
  const name = tradingViewName();
  const res = await ask(server, cookie, 'portfolio', 'freeTrial', `  ${name} `);
  expect(res.status).toBe(201);
  const { id } = res.json as { id: string };
  const submission = await server.app.db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(submission).toMatchObject({
    type: 'products/indicators/portfolio/freeTrial',
    user_id: user.id,
  });
  const [row, ...others] = await accessRows(server, user.id);
  expect(others).toEqual([]);
  expect(row).toMatchObject({
    product: 'portfolio',
    kind: 'freeTrial',
    platform_username: name,
    platform_username_key: name.toLowerCase(),
    status: 'requested',
    starts_at: null,
    ends_at: null,
    removed_at: null,
  });

  // The visitor sees it on /account, waiting for the owner.
  expect(await ownProducts(cookie)).toEqual([
    {
      id: row!.id,
      product: 'portfolio',
      kind: 'freeTrial',
      platformUsername: name,
      state: 'requested',
      startsAt: null,
      endsAt: null,
      createdAt: row!.created_at,
    },
  ]);
});

test('a second free trial of the same product from the same account is refused (409), whatever the username', async () => {
  const { user, cookie } = await newVisitor();
  expect(
    (await ask(server, cookie, 'longAndShortPosition', 'freeTrial', tradingViewName())).status,
  ).toBe(201);
  const before = await submissionCount(server, user.id);
  const again = await ask(server, cookie, 'longAndShortPosition', 'freeTrial', tradingViewName());
  expect(again.status).toBe(409);
  expect(again.json).toEqual({
    error: {
      status: 'aborted',
      message: PRODUCT_ACCESS_MESSAGES.trialUsedByAccount('Long & Short Position'),
    },
  });
  // Refused means nothing stored: neither the submission nor a record.
  expect(await submissionCount(server, user.id)).toBe(before);
  expect(await accessRows(server, user.id)).toHaveLength(1);

  // The other indicator has its own trial.
  expect((await ask(server, cookie, 'portfolio', 'freeTrial', tradingViewName())).status).toBe(201);
});

test('a TradingView username that had the trial is refused from another account, in any case', async () => {
  const first = await newVisitor();
  const second = await newVisitor();
  const name = tradingViewName();
  expect((await ask(server, first.cookie, 'portfolio', 'freeTrial', name)).status).toBe(201);
  const res = await ask(server, second.cookie, 'portfolio', 'freeTrial', name.toUpperCase());
  expect(res.status).toBe(409);
  expect(res.json).toEqual({
    error: {
      status: 'aborted',
      message: PRODUCT_ACCESS_MESSAGES.trialUsedByUsername('Portfolio'),
      field: 'tradingViewUsername',
    },
  });
  expect(await accessRows(server, second.user.id)).toEqual([]);
  expect(await submissionCount(server, second.user.id)).toBe(0);
  // The same username may still try the other indicator, and may buy this one.
  expect((await ask(server, second.cookie, 'longAndShortPosition', 'freeTrial', name)).status).toBe(
    201,
  );
  expect((await ask(server, second.cookie, 'portfolio', 'purchase', name)).status).toBe(201);
});

test('trial and purchase requests need a signed-in visitor, the TradingView username and the agreements', async () => {
  const anonymous = await ask(server, undefined, 'portfolio', 'freeTrial', tradingViewName());
  expect(anonymous.status).toBe(401);

  const { user, cookie } = await newVisitor();
  const send = (body: unknown) =>
    call(server, 'POST', '/api/submissions', { body, cookie, headers: fromAddress(nextAddress()) });
  const cases: [unknown, string, string][] = [
    [
      requestBody('portfolio', 'freeTrial', ''),
      'tradingViewUsername',
      SUBMISSION_MESSAGES.tradingViewUsernameMissing,
    ],
    [
      requestBody('portfolio', 'freeTrial', 'has spaces in it'),
      'tradingViewUsername',
      SUBMISSION_MESSAGES.tradingViewUsernameInvalid,
    ],
    [
      requestBody('portfolio', 'freeTrial', tradingViewName(), { 'Terms of service': false }),
      'Terms of service',
      'You must accept our Terms of service to continue.',
    ],
    [
      requestBody('portfolio', 'freeTrial', tradingViewName(), { trialEnds: false }),
      'trialEnds',
      'Please confirm that you understand how the free trial works.',
    ],
    [
      requestBody('longAndShortPosition', 'purchase', tradingViewName(), { noCardPayments: false }),
      'noCardPayments',
      'Please confirm that you understand how payment works.',
    ],
  ];
  for (const [body, field, message] of cases) {
    const res = await send(body);
    expect(res.status, message).toBe(400);
    expect(res.json).toEqual({ error: { status: 'invalid-argument', message, field } });
  }
  expect(await accessRows(server, user.id)).toEqual([]);
});

test('purchase requests are recorded as requested purchases, more than one if asked', async () => {
  const { user, cookie } = await newVisitor();
  const name = tradingViewName();
  expect((await ask(server, cookie, 'longAndShortPosition', 'purchase', name)).status).toBe(201);
  expect((await ask(server, cookie, 'longAndShortPosition', 'purchase', name)).status).toBe(201);
  const rows = await accessRows(server, user.id);
  expect(rows.map((r) => [r.product, r.kind, r.status, r.platform_username])).toEqual([
    ['longAndShortPosition', 'purchase', 'requested', name],
    ['longAndShortPosition', 'purchase', 'requested', name],
  ]);
  const types = await server.app.db
    .selectFrom('submissions')
    .select('type')
    .where('user_id', '=', user.id)
    .execute();
  expect(types.map((t) => t.type)).toEqual([
    'products/indicators/longAndShortPosition/purchase',
    'products/indicators/longAndShortPosition/purchase',
  ]);
});

function concurrencyTests(target: () => TestServer) {
  test('one account asking for the trial five times at once (five usernames) gets exactly one', async () => {
    const { user, cookie } = await newVisitor(target());
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ask(target(), cookie, 'longAndShortPosition', 'freeTrial', tradingViewName()),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json).toMatchObject({
        error: { message: PRODUCT_ACCESS_MESSAGES.trialUsedByAccount('Long & Short Position') },
      });
    }
    expect(await accessRows(target(), user.id)).toHaveLength(1);
    expect(await submissionCount(target(), user.id)).toBe(1);
  });

  test('five accounts asking at once with one TradingView username get exactly one trial', async () => {
    const visitors = await Promise.all(Array.from({ length: 5 }, () => newVisitor(target())));
    const name = tradingViewName();
    const results = await Promise.all(
      visitors.map(({ cookie }, i) =>
        ask(target(), cookie, 'portfolio', 'freeTrial', i % 2 ? name.toLowerCase() : name),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json).toMatchObject({ error: { field: 'tradingViewUsername' } });
    }
    const rows = await target()
      .app.db.selectFrom('product_access')
      .select('id')
      .where('platform_username_key', '=', name.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });
}

describe('concurrent requests on SQLite', () => {
  concurrencyTests(() => server);
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('concurrent requests on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let pgServer: TestServer;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    pgServer = await startTestServer({ env: { DATABASE_URL: database.url, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await pgServer?.close();
    await database?.drop();
  });

  concurrencyTests(() => pgServer);

  test('the unique indexes hold even when the first check is skipped (two inserts racing)', async () => {
    // Straight to storage, as two transactions that both passed their check would do.
    const { user } = await newVisitor(pgServer);
    const row = (id: string, username: string) => ({
      id,
      user_id: user.id,
      product: 'portfolio',
      kind: 'freeTrial',
      platform_username: username,
      platform_username_key: username.toLowerCase(),
      status: 'requested',
      created_at: new Date().toISOString(),
    });
    await pgServer.app.db.insertInto('product_access').values(row('pg-a', 'One')).execute();
    await expect(
      pgServer.app.db.insertInto('product_access').values(row('pg-b', 'Two')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
