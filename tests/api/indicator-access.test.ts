/**
 * Indicator trials and purchases (issue 5, item 4) through the real API: a request is stored as a
 * submission and as an access record; one free trial per product for each account and each
 * TradingView username (whatever its case), held by the database even for requests at the same
 * moment, on SQLite and on PostgreSQL; the owner grants, extends, revokes and marks access removed
 * on TradingView; the visitor reads their own products.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  TRIAL_DAYS,
  DAY_MS,
  indicatorSubmissionType,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import {
  PRODUCT_ACCESS_MESSAGES,
  type AdminAccessRecord,
  type AdminProductAccessResponse,
  type OwnProductsResponse,
} from '#shared/product-access-schemas';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { SUBMISSION_MESSAGES, toSubmissionPayload } from '#shared/submission-schemas';
import { call, createUser, fromAddress, loginAs, nextAddress } from '../support/accounts';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let adminCookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  adminCookie = await loginAs(server, await createUser(server, { adminRank: 10 }));
});
afterAll(async () => {
  await server?.close();
});

let usernameSequence = 0;
function tradingViewName(): string {
  usernameSequence += 1;
  return `Trader_${Date.now().toString(36)}_${usernameSequence}`;
}

function requestBody(
  product: IndicatorProduct,
  kind: AccessKind,
  tradingViewUsername: string,
  overrides: Record<string, string | boolean> = {},
) {
  const form = FORM_DEFINITIONS[indicatorSubmissionType(product, kind)];
  const values: Record<string, string | boolean> = { tradingViewUsername };
  for (const agreement of [...form.agreements, ...form.specialAgreements])
    values[agreement.name] = true;
  return toSubmissionPayload(form, { ...values, ...overrides });
}

function ask(
  target: TestServer,
  cookie: string | undefined,
  product: IndicatorProduct,
  kind: AccessKind,
  tradingViewUsername: string,
) {
  return call(target, 'POST', '/api/submissions', {
    body: requestBody(product, kind, tradingViewUsername),
    cookie,
    headers: fromAddress(nextAddress()),
  });
}

async function newVisitor(target: TestServer = server) {
  const user = await createUser(target);
  return { user, cookie: await loginAs(target, user) };
}

async function accessRows(target: TestServer, userId: string) {
  return target.app.db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

async function submissionCount(target: TestServer, userId: string): Promise<number> {
  const rows = await target.app.db
    .selectFrom('submissions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

async function ownProducts(cookie: string): Promise<OwnProductsResponse['records']> {
  const res = await call(server, 'GET', '/api/me/products', { cookie });
  expect(res.status).toBe(200);
  return (res.json as OwnProductsResponse).records;
}

async function ownerList(): Promise<AdminAccessRecord[]> {
  const res = await call(server, 'GET', '/api/admin/product-access', { cookie: adminCookie });
  expect(res.status).toBe(200);
  return (res.json as AdminProductAccessResponse).records;
}

function ownerAction(id: string, action: string, body?: unknown, cookie = adminCookie) {
  return call(server, 'POST', `/api/admin/product-access/${id}/${action}`, {
    cookie,
    body,
    headers: fromAddress(nextAddress()),
  });
}

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

test('the owner grants a trial for 7 days; the visitor sees it active with its end date', async () => {
  const { user, cookie } = await newVisitor();
  await ask(server, cookie, 'longAndShortPosition', 'freeTrial', tradingViewName());
  const [row] = await accessRows(server, user.id);
  const waiting = (await ownerList()).find((r) => r.id === row!.id);
  expect(waiting).toMatchObject({
    state: 'requested',
    removeOnTradingView: false,
    user: { uid: user.id, username: user.username, email: user.email },
  });

  // A trial always ends.
  const lifetime = await ownerAction(row!.id, 'grant', { days: null });
  expect(lifetime.status).toBe(400);
  expect(lifetime.json).toMatchObject({
    error: { message: PRODUCT_ACCESS_MESSAGES.trialNeedsEnd },
  });

  const before = Date.now();
  const granted = await ownerAction(row!.id, 'grant', { days: TRIAL_DAYS });
  expect(granted.status).toBe(200);
  const record = (granted.json as { record: AdminAccessRecord }).record;
  expect(record.state).toBe('active');
  const starts = Date.parse(record.startsAt!);
  expect(starts).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(record.endsAt!) - starts).toBe(TRIAL_DAYS * DAY_MS);

  const [own] = await ownProducts(cookie);
  expect(own).toMatchObject({ state: 'active', endsAt: record.endsAt, startsAt: record.startsAt });
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect(me.json).toMatchObject({ user: { subscribedProducts: ['longAndShortPosition'] } });

  // Granting twice is refused.
  expect((await ownerAction(row!.id, 'grant', { days: TRIAL_DAYS })).status).toBe(409);
});

test('a purchase can be granted without an end date, and then neither extended nor granted again', async () => {
  const { user, cookie } = await newVisitor();
  await ask(server, cookie, 'portfolio', 'purchase', tradingViewName());
  const [row] = await accessRows(server, user.id);
  const granted = await ownerAction(row!.id, 'grant', { days: null });
  expect(granted.status).toBe(200);
  expect((granted.json as { record: AdminAccessRecord }).record).toMatchObject({
    state: 'active',
    endsAt: null,
  });
  const extend = await ownerAction(row!.id, 'extend', { days: 30 });
  expect(extend.status).toBe(409);
  expect(extend.json).toMatchObject({ error: { message: PRODUCT_ACCESS_MESSAGES.notExtendable } });
});

test('extending adds days to the end date, or to now once it has ended', async () => {
  const { user, cookie } = await newVisitor();
  await ask(server, cookie, 'portfolio', 'purchase', tradingViewName());
  const [row] = await accessRows(server, user.id);
  const granted = (await ownerAction(row!.id, 'grant', { days: 30 })).json as {
    record: AdminAccessRecord;
  };
  const firstEnd = Date.parse(granted.record.endsAt!);
  const extended = await ownerAction(row!.id, 'extend', { days: 365 });
  expect(extended.status).toBe(200);
  expect(Date.parse((extended.json as { record: AdminAccessRecord }).record.endsAt!)).toBe(
    firstEnd + 365 * DAY_MS,
  );

  // Ended three days ago: seven more days count from now, not from the old end.
  const past = new Date(Date.now() - 3 * DAY_MS).toISOString();
  await server.app.db
    .updateTable('product_access')
    .set({ ends_at: past })
    .where('id', '=', row!.id)
    .execute();
  const before = Date.now();
  const again = (await ownerAction(row!.id, 'extend', { days: 7 })).json as {
    record: AdminAccessRecord;
  };
  expect(again.record.state).toBe('active');
  expect(Date.parse(again.record.endsAt!)).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);

  for (const days of [0, -1, 1.5, 3651, '7']) {
    expect((await ownerAction(row!.id, 'extend', { days })).status, String(days)).toBe(400);
  }
});

test('a trial that ended is flagged for removal on TradingView until the owner marks it removed', async () => {
  const { user, cookie } = await newVisitor();
  await ask(server, cookie, 'longAndShortPosition', 'freeTrial', tradingViewName());
  const [row] = await accessRows(server, user.id);
  expect((await ownerAction(row!.id, 'removed')).status).toBe(409); // still a request
  await ownerAction(row!.id, 'grant', { days: TRIAL_DAYS });
  expect((await ownerAction(row!.id, 'removed')).status).toBe(409); // still running

  await server.app.db
    .updateTable('product_access')
    .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', row!.id)
    .execute();
  expect((await ownerList()).find((r) => r.id === row!.id)).toMatchObject({
    state: 'ended',
    removeOnTradingView: true,
  });
  expect((await ownProducts(cookie))[0]).toMatchObject({ state: 'ended' });
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect(me.json).toMatchObject({ user: { subscribedProducts: [] } });

  const removed = await ownerAction(row!.id, 'removed');
  expect(removed.status).toBe(200);
  expect((removed.json as { record: AdminAccessRecord }).record).toMatchObject({
    state: 'ended',
    removeOnTradingView: false,
    removedAt: expect.any(String),
  });
  expect((await ownerAction(row!.id, 'removed')).status).toBe(409);
  // An ended trial still counts: no second one.
  expect(
    (await ask(server, cookie, 'longAndShortPosition', 'freeTrial', tradingViewName())).status,
  ).toBe(409);
});

test('revoking: a waiting trial is declined and may be asked for again; an active one is revoked and flagged', async () => {
  const { user, cookie } = await newVisitor();
  const typo = tradingViewName();
  await ask(server, cookie, 'portfolio', 'freeTrial', typo);
  const [request] = await accessRows(server, user.id);
  const declined = await ownerAction(request!.id, 'revoke');
  expect(declined.status).toBe(200);
  expect((declined.json as { record: AdminAccessRecord }).record).toMatchObject({
    state: 'declined',
    removeOnTradingView: false,
  });
  expect((await ownerAction(request!.id, 'revoke')).status).toBe(409);

  // Declined never reached TradingView, so it does not use up the trial.
  expect((await ask(server, cookie, 'portfolio', 'freeTrial', tradingViewName())).status).toBe(201);
  const second = (await accessRows(server, user.id)).find((r) => r.id !== request!.id)!;
  await ownerAction(second.id, 'grant', { days: TRIAL_DAYS });
  const before = Date.now();
  const revoked = await ownerAction(second.id, 'revoke');
  expect(revoked.status).toBe(200);
  const record = (revoked.json as { record: AdminAccessRecord }).record;
  expect(record).toMatchObject({ state: 'revoked', removeOnTradingView: true });
  expect(Date.parse(record.endsAt!)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(record.endsAt!)).toBeLessThanOrEqual(Date.now() + 1000);
  expect((await ownProducts(cookie)).map((r) => r.state)).toEqual(['revoked', 'declined']);
  // A revoked trial counts as used.
  expect((await ask(server, cookie, 'portfolio', 'freeTrial', tradingViewName())).status).toBe(409);
  expect((await ownerAction(second.id, 'removed')).status).toBe(200);
});

test('owner actions: 401 signed out, 403 below the admin rank, 404 for an unknown record', async () => {
  const { user, cookie } = await newVisitor();
  await ask(server, cookie, 'portfolio', 'purchase', tradingViewName());
  const [row] = await accessRows(server, user.id);
  const rankThree = await loginAs(server, await createUser(server, { adminRank: 3 }));
  for (const [action, body] of [
    ['grant', { days: 30 }],
    ['extend', { days: 30 }],
    ['revoke', undefined],
    ['removed', undefined],
  ] as const) {
    const anonymous = await call(server, 'POST', `/api/admin/product-access/${row!.id}/${action}`, {
      body,
      headers: fromAddress(nextAddress()),
    });
    expect(anonymous.status, action).toBe(401);
    expect((await ownerAction(row!.id, action, body, cookie)).status, action).toBe(403);
    expect((await ownerAction(row!.id, action, body, rankThree)).status, action).toBe(403);
    expect((await ownerAction('no-such-id', action, body)).status, action).toBe(404);
  }
  expect((await call(server, 'GET', '/api/admin/product-access', { cookie })).status).toBe(403);
  expect((await call(server, 'GET', '/api/me/products')).status).toBe(401);
  // Nothing changed.
  expect((await accessRows(server, user.id))[0]).toMatchObject({ status: 'requested' });
});

test('a visitor reads only their own products', async () => {
  const alice = await newVisitor();
  const bob = await newVisitor();
  await ask(server, bob.cookie, 'portfolio', 'freeTrial', tradingViewName());
  expect(await ownProducts(alice.cookie)).toEqual([]);
  expect(await ownProducts(bob.cookie)).toHaveLength(1);
});

/** The same requests at the same moment: the database lets exactly one trial through. */
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
    database = await createThrowawayDatabase();
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
