/**
 * Nowou's sync against the real app, on SQLite and PostgreSQL: pushes and pulls, two devices on
 * different items and on the same one, a to-do's different fields merged, deletions and their
 * purge, the limits, bad bodies, who may call, the live event to the owner's other devices, and the
 * account's export and deletion.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { storageKeyOf, type Item } from '#shared/nowou-records';
import { textBox, timeline, todo } from '#shared/nowou-record-fixtures';
import {
  NOWOU_SYNC_LIMITS,
  NOWOU_SYNC_MESSAGES,
  type NowouPullAnswer,
  type NowouPushAnswer,
} from '#shared/nowou-sync-schemas';
import type { AccountExport } from '#shared/account-schemas';
import { hitRateLimitMany } from '#server/plugins/rate-limit';
import { call, createUser, KNOWN_PASSWORD, loginAs, type TestUser } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { openSse } from '#test-support/live-sse-client';
import { purgeExpired } from './nowou-items.repository';
import { NOWOU_PUSHES_PER_USER } from './nowou.routes';

const keyOf = (item: Item) => storageKeyOf(item.kind, item.id);

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes)).toISOString();

await onBothServers('nowou sync', (server) => {
  async function owner(): Promise<{ user: TestUser; cookie: string }> {
    const user = await createUser(server());
    return { user, cookie: await loginAs(server(), user) };
  }

  async function push(
    cookie: string | undefined,
    device: string,
    items: { item: Item; baseSeq: number | null; key?: string }[],
  ) {
    return call(server(), 'POST', '/api/nowou/push', {
      cookie,
      body: {
        device,
        items: items.map(({ item, baseSeq, key }) => ({
          key: key ?? keyOf(item),
          value: item,
          baseSeq,
        })),
      },
    });
  }

  async function pushOk(
    cookie: string,
    device: string,
    items: { item: Item; baseSeq: number | null }[],
  ): Promise<NowouPushAnswer['results']> {
    const res = await push(cookie, device, items);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as NowouPushAnswer).results;
  }

  async function pull(cookie: string, after = 0, limit?: number): Promise<NowouPullAnswer> {
    const query = `after=${after}${limit ? `&limit=${limit}` : ''}`;
    const res = await call(server(), 'GET', `/api/nowou/pull?${query}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as NowouPullAnswer;
  }

  const uid = () => randomUUID();

  test('pushed items come back from a pull in version order, page by page', async () => {
    const { cookie } = await owner();
    const items: Item[] = [
      todo({ id: uid(), title: 'Call the bank', modifiedAt: at(1) }),
      timeline({ id: uid(), name: 'Work', modifiedAt: at(2) }),
      textBox({ id: uid(), text: '**Plan** the week', modifiedAt: at(3) }),
    ];
    const results = await pushOk(
      cookie,
      'laptop',
      items.map((item) => ({ item, baseSeq: null })),
    );
    expect(results).toEqual([
      { key: keyOf(items[0]!), status: 'accepted', seq: 1 },
      { key: keyOf(items[1]!), status: 'accepted', seq: 2 },
      { key: keyOf(items[2]!), status: 'accepted', seq: 3 },
    ]);

    const all = await pull(cookie);
    expect(all).toEqual({
      items: items.map((item, index) => ({ key: keyOf(item), seq: index + 1, value: item })),
      cursor: 3,
      more: false,
      purged: 0,
    });
    const first = await pull(cookie, 0, 2);
    expect(first.items.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(first).toMatchObject({ cursor: 2, more: true });
    const rest = await pull(cookie, first.cursor, 2);
    expect(rest).toMatchObject({ cursor: 3, more: false });
    expect(rest.items.map((entry) => entry.seq)).toEqual([3]);
    expect(await pull(cookie, 3)).toEqual({ items: [], cursor: 3, more: false, purged: 0 });
  });

  test('two devices changing different items both keep their change', async () => {
    const { cookie } = await owner();
    const phone = todo({ id: uid(), title: 'From the phone', modifiedAt: at(5) });
    const laptop = todo({ id: uid(), title: 'From the laptop', modifiedAt: at(4) });
    await pushOk(cookie, 'phone', [{ item: phone, baseSeq: null }]);
    await pushOk(cookie, 'laptop', [{ item: laptop, baseSeq: null }]);
    const { items } = await pull(cookie);
    expect(items.map((entry) => entry.value)).toEqual([phone, laptop]);
  });

  test('the same item changed on two devices: the later change wins and the other is kept in the history', async () => {
    const { user, cookie } = await owner();
    const id = uid();
    const original = timeline({ id, name: 'Work', modifiedAt: at(0) });
    const [created] = await pushOk(cookie, 'laptop', [{ item: original, baseSeq: null }]);
    expect(created).toMatchObject({ seq: 1 });

    // The laptop renames it at :10; the phone, still on version 1, renamed it at :20.
    await pushOk(cookie, 'laptop', [
      { item: { ...original, name: 'Office', modifiedAt: at(10) }, baseSeq: 1 },
    ]);
    const phoneCopy = { ...original, name: 'Job', modifiedAt: at(20) };
    const [phoneResult] = await pushOk(cookie, 'phone', [{ item: phoneCopy, baseSeq: 1 }]);
    expect(phoneResult).toEqual({ key: keyOf(original), status: 'accepted', seq: 3 });

    // A third device, on version 1 too, with an earlier change: the server's copy stays.
    const tabletCopy = { ...original, name: 'Desk', modifiedAt: at(15) };
    const [tabletResult] = await pushOk(cookie, 'tablet', [{ item: tabletCopy, baseSeq: 1 }]);
    expect(tabletResult).toEqual({
      key: keyOf(original),
      status: 'kept',
      seq: 3,
      value: phoneCopy,
    });
    expect((await pull(cookie)).items.map((entry) => entry.value)).toEqual([phoneCopy]);

    const history = await server()
      .app.db.selectFrom('nowou_item_history')
      .select(['value', 'device', 'reason'])
      .where('user_id', '=', user.id)
      .where('item_key', '=', keyOf(original))
      .execute();
    const kept = history.map((row) => ({
      name: (JSON.parse(row.value) as { name: string }).name,
      device: row.device,
      reason: row.reason,
    }));
    expect(kept).toEqual(
      expect.arrayContaining([
        { name: 'Office', device: 'laptop', reason: 'lost' },
        { name: 'Desk', device: 'tablet', reason: 'lost' },
      ]),
    );
  });

  test('equal times: the larger device id wins, on every server', async () => {
    const { cookie } = await owner();
    const original = timeline({ id: uid(), name: 'Start', modifiedAt: at(0) });
    await pushOk(cookie, 'device-a', [{ item: original, baseSeq: null }]);
    await pushOk(cookie, 'device-b', [
      { item: { ...original, name: 'From B', modifiedAt: at(30) }, baseSeq: 1 },
    ]);
    const [fromA] = await pushOk(cookie, 'device-a', [
      { item: { ...original, name: 'From A', modifiedAt: at(30) }, baseSeq: 1 },
    ]);
    expect(fromA).toMatchObject({ status: 'kept', value: { name: 'From B' } });
  });

  test("a to-do's different fields changed on two devices are both kept", async () => {
    const { cookie } = await owner();
    const original = todo({ id: uid(), title: 'Write report', modifiedAt: at(0) });
    await pushOk(cookie, 'laptop', [{ item: original, baseSeq: null }]);
    // The laptop renames it; the phone, on the same version, sets a priority and a tag.
    await pushOk(cookie, 'laptop', [
      { item: { ...original, title: 'Write the Q3 report', modifiedAt: at(10) }, baseSeq: 1 },
    ]);
    const [merged] = await pushOk(cookie, 'phone', [
      { item: { ...original, priority: 1, tags: ['work'], modifiedAt: at(5) }, baseSeq: 1 },
    ]);
    expect(merged).toMatchObject({
      status: 'merged',
      seq: 3,
      value: { title: 'Write the Q3 report', priority: 1, tags: ['work'] },
    });
    const [stored] = (await pull(cookie)).items;
    expect(stored?.value).toEqual((merged as { value: unknown }).value);
    // Later than both copies, so every device takes it over either.
    expect(Date.parse((stored?.value as Item).modifiedAt)).toBeGreaterThan(Date.parse(at(10)));

    // Both change the title: the later title wins; the phone's notes are kept beside it.
    const base = stored!.value as Item & { kind: 'todo' };
    await pushOk(cookie, 'laptop', [
      { item: { ...base, title: 'Laptop title', modifiedAt: at(40) }, baseSeq: 3 },
    ]);
    const [second] = await pushOk(cookie, 'phone', [
      { item: { ...base, title: 'Phone title', notes: 'Ask Eva', modifiedAt: at(30) }, baseSeq: 3 },
    ]);
    expect(second).toMatchObject({
      status: 'merged',
      value: { title: 'Laptop title', notes: 'Ask Eva', priority: 1 },
    });

    // Done on one device and moved to another day on the other: both, with done and its time together.
    const third = (await pull(cookie, 4)).items[0]!.value as Item & { kind: 'todo' };
    const thirdSeq = (await pull(cookie, 4)).items[0]!.seq;
    await pushOk(cookie, 'laptop', [
      { item: { ...third, done: true, doneAt: at(50), modifiedAt: at(50) }, baseSeq: thirdSeq },
    ]);
    const [fourth] = await pushOk(cookie, 'phone', [
      { item: { ...third, list: 'day:2026-11-03', modifiedAt: at(45) }, baseSeq: thirdSeq },
    ]);
    expect(fourth).toMatchObject({
      status: 'merged',
      value: { done: true, doneAt: at(50), list: 'day:2026-11-03' },
    });
  });

  test('a deletion syncs as a tombstone, which is purged after 30 days, and the pull says up to which version', async () => {
    const { user, cookie } = await owner();
    const item = todo({ id: uid(), title: 'Old errand', modifiedAt: at(0) });
    const keep = todo({ id: uid(), title: 'Still here', modifiedAt: at(0) });
    await pushOk(cookie, 'laptop', [
      { item, baseSeq: null },
      { item: keep, baseSeq: null },
    ]);
    const deleted = { ...item, deleted: true, deletedAt: at(1), modifiedAt: at(1) };
    await pushOk(cookie, 'laptop', [{ item: deleted, baseSeq: 1 }]);
    const { items } = await pull(cookie, 2);
    expect(items).toEqual([{ key: keyOf(item), seq: 3, value: deleted }]);

    const state = () =>
      server()
        .app.db.selectFrom('nowou_sync_state')
        .select(['item_count', 'total_bytes'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
    const before = await state();
    expect(Number(before.item_count)).toBe(1);

    // Not yet 30 days after: stays. Well after: gone, and the account's totals follow.
    await purgeExpired(server().app.db, new Date(Date.parse(at(0))));
    expect(await pull(cookie)).toMatchObject({ items: { length: 2 }, purged: 0 });
    await purgeExpired(server().app.db, new Date(Date.parse(at(2))));
    const afterPurge = await pull(cookie);
    expect(afterPurge.items.map((entry) => entry.key)).toEqual([keyOf(keep)]);
    // The pull says which versions' deletions are gone: a device that read only up to version 2
    // missed one, and reads everything again (docs/product/nowou.md#nowou-sync).
    expect(afterPurge.purged).toBe(3);
    expect((await pull(cookie, 2)).purged).toBe(3);
    const after = await state();
    expect(Number(after.total_bytes)).toBe(JSON.stringify(keep).length);
    expect(Number(after.item_count)).toBe(1);
  });

  test('limits refuse the item that would pass them, say which, and change nothing for it', async () => {
    const { user, cookie } = await owner();
    const small = todo({ id: uid(), title: 'Fits', modifiedAt: at(0) });
    const large = textBox({ id: uid(), text: 'x'.repeat(19_000), modifiedAt: at(0) });
    const another = timeline({ id: uid(), modifiedAt: at(0) });
    const results = await pushOk(cookie, 'laptop', [
      { item: small, baseSeq: null },
      { item: large, baseSeq: null },
    ]);
    expect(results.map((result) => result.status)).toEqual(['accepted', 'accepted']);

    // The account is at its item limit: a new item is refused, a change to a kept one is not.
    await server()
      .app.db.updateTable('nowou_sync_state')
      .set({ item_count: NOWOU_SYNC_LIMITS.items })
      .where('user_id', '=', user.id)
      .execute();
    const [refused, changed] = await pushOk(cookie, 'laptop', [
      { item: another, baseSeq: null },
      { item: { ...small, title: 'Fits, renamed', modifiedAt: at(1) }, baseSeq: 1 },
    ]);
    expect(refused).toEqual({
      key: keyOf(another),
      status: 'refused',
      message: NOWOU_SYNC_MESSAGES.tooManyItems,
    });
    expect(changed).toMatchObject({ status: 'accepted', seq: 3 });

    // Near the total size: an item that grows past it is refused.
    await server()
      .app.db.updateTable('nowou_sync_state')
      .set({ item_count: 2, total_bytes: NOWOU_SYNC_LIMITS.totalBytes - 100 })
      .where('user_id', '=', user.id)
      .execute();
    const [grown] = await pushOk(cookie, 'laptop', [
      { item: { ...large, text: 'x'.repeat(19_900), modifiedAt: at(2) }, baseSeq: 2 },
    ]);
    expect(grown).toMatchObject({ status: 'refused', message: NOWOU_SYNC_MESSAGES.accountFull });
    expect((await pull(cookie)).items.find((entry) => entry.key === keyOf(large))?.value).toEqual(
      large,
    );
  });

  test('an item larger than one item may be is refused by itself', async () => {
    const { cookie } = await owner();
    const board: Item = {
      id: uid(),
      v: 1,
      kind: 'brainstorm',
      modifiedAt: at(0),
      deleted: false,
      title: 'Huge board',
      viewport: { x: 0, y: 0, zoom: 1 },
      nodeOrder: [],
      order: 'V',
      edges: Array.from({ length: 9_000 }, (_, index) => ({
        id: `edge-${index}-${'e'.repeat(40)}`,
        fromNode: `node-${index}-${'a'.repeat(30)}`,
        toNode: `node-${index + 1}-${'b'.repeat(30)}`,
        label: 'l'.repeat(30),
      })),
    };
    const note = todo({ id: uid(), title: 'Small', modifiedAt: at(0) });
    const results = await pushOk(cookie, 'laptop', [
      { item: board, baseSeq: null },
      { item: note, baseSeq: null },
    ]);
    expect(results).toEqual([
      { key: keyOf(board), status: 'refused', message: NOWOU_SYNC_MESSAGES.itemTooLarge },
      { key: keyOf(note), status: 'accepted', seq: 1 },
    ]);
  });

  test('bad bodies answer 400 with the usual envelope and change nothing', async () => {
    const { cookie } = await owner();
    const good = todo({ id: uid(), modifiedAt: at(0) });
    const cases: unknown[] = [
      {
        device: 'laptop',
        items: [{ key: keyOf(good), value: { ...good, title: '' }, baseSeq: null }],
      },
      { device: 'laptop', items: [{ key: 'todo-someone-else', value: good, baseSeq: null }] },
      { device: 'laptop', items: [{ key: keyOf(good), value: { ...good, v: 99 }, baseSeq: null }] },
      {
        device: 'laptop',
        items: [{ key: keyOf(good), value: { ...good, extra: 1 }, baseSeq: null }],
      },
      {
        device: 'laptop',
        items: [
          { key: keyOf(good), value: good, baseSeq: null },
          { key: keyOf(good), value: good, baseSeq: null },
        ],
      },
      { device: 'not a device id!', items: [{ key: keyOf(good), value: good, baseSeq: null }] },
      { device: 'laptop', items: [] },
      { device: 'laptop', items: [{ key: keyOf(good), value: good, baseSeq: 0 }] },
    ];
    for (const body of cases) {
      const res = await call(server(), 'POST', '/api/nowou/push', { cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json).toMatchObject({ error: { status: 'invalid-argument' } });
      expect(JSON.stringify(res.json)).not.toMatch(/at .*\.ts|stack/i);
    }
    const bad = await call(server(), 'GET', '/api/nowou/pull?after=-1', { cookie });
    expect(bad.status).toBe(400);
    expect((await pull(cookie)).items).toEqual([]);
  });

  test('only the owner reads and writes their items', async () => {
    const a = await owner();
    const b = await owner();
    const item = todo({ id: uid(), title: "A's secret", modifiedAt: at(0) });
    await pushOk(a.cookie, 'laptop', [{ item, baseSeq: null }]);

    expect((await push(undefined, 'laptop', [{ item, baseSeq: null }])).status).toBe(401);
    expect((await call(server(), 'GET', '/api/nowou/pull')).status).toBe(401);
    expect((await pull(b.cookie)).items).toEqual([]);

    // B pushing the same key writes B's own copy; A's stays as it was.
    const [own] = await pushOk(b.cookie, 'phone', [
      { item: { ...item, title: "B's copy", modifiedAt: at(9) }, baseSeq: 1 },
    ]);
    expect(own).toEqual({ key: keyOf(item), status: 'accepted', seq: 1 });
    expect((await pull(a.cookie)).items[0]?.value).toEqual(item);
  });

  test('pushes are rate limited per account', async () => {
    const { user, cookie } = await owner();
    await hitRateLimitMany(
      server().app.db,
      NOWOU_PUSHES_PER_USER,
      Array.from({ length: NOWOU_PUSHES_PER_USER.limit }, () => user.id),
    );
    const res = await push(cookie, 'laptop', [{ item: todo({ id: uid() }), baseSeq: null }]);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await pull(cookie)).items).toEqual([]);
  });

  test("a push reaches the owner's other open devices as a nowou event, and no one else's", async () => {
    const a = await owner();
    const b = await owner();
    const mine = await openSse(`${server().url}/api/live`, { headers: { cookie: a.cookie } });
    const theirs = await openSse(`${server().url}/api/live`, { headers: { cookie: b.cookie } });
    try {
      await mine.nextEvent('user');
      await theirs.nextEvent('user');
      const started = Date.now();
      await pushOk(a.cookie, 'laptop', [{ item: todo({ id: uid() }), baseSeq: null }]);
      expect(await mine.nextEvent('nowou', { timeoutMs: 1000 })).toEqual({});
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(theirs.blocks.some((block) => block.event === 'nowou')).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  test("the account's export holds its Nowou items, and deleting the account deletes them", async () => {
    const { user, cookie } = await owner();
    const item = todo({ id: uid(), title: 'Exported', modifiedAt: at(0) });
    await pushOk(cookie, 'laptop', [{ item, baseSeq: null }]);
    const exported = await call(server(), 'GET', '/api/me/export', { cookie });
    expect((exported.json as AccountExport).nowou).toEqual([
      { key: keyOf(item), modifiedAt: item.modifiedAt, deleted: false, value: item },
    ]);

    const res = await call(server(), 'DELETE', '/api/me', {
      cookie,
      body: { password: KNOWN_PASSWORD },
    });
    expect(res.status).toBe(204);
    for (const table of ['nowou_items', 'nowou_item_history', 'nowou_sync_state'] as const) {
      const rows = await server()
        .app.db.selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
