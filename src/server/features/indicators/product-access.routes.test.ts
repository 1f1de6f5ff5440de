/**
 * Indicator access after the request (docs/product/offerings.md#indicator-access-states): the owner grants, extends, revokes and marks
 * access removed on TradingView; the visitor reads their own products.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRIAL_DAYS, DAY_MS } from '#shared/indicator-products';
import { PRODUCT_ACCESS_MESSAGES, type AdminAccessRecord } from '#shared/product-access-schemas';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { indicatorAccessHelpers } from '#test-support/indicators';
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

const { tradingViewName, ask, newVisitor, accessRows, ownProducts, ownerList, ownerAction } =
  indicatorAccessHelpers(
    () => server,
    () => adminCookie,
  );

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
