/**
 * What one account can make the server store through Nowou's sync, on SQLite and PostgreSQL
 * (docs/decisions/2026-11-29-second-probe.md): the copies kept beside the items stay within their
 * own budget, oldest first out; a copy identical to one kept is not kept again; a change dated far
 * ahead of the server's clock is refused; and pushes are limited by bytes as well as by count.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { storageKeyOf, type Item } from '#shared/nowou-records';
import { textBox, todo } from '#shared/nowou-record-fixtures';
import {
  NOWOU_SYNC_LIMITS,
  NOWOU_SYNC_MESSAGES,
  type NowouPullAnswer,
  type NowouPushAnswer,
} from '#shared/nowou-sync-schemas';
import { spendRateLimit } from '#server/plugins/rate-limit';
import { call, createUser, loginAs, type TestUser } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { purgeExpired } from './nowou-items.repository';
import { NOWOU_PUSH_KILOBYTES_PER_USER } from './nowou.routes';

const keyOf = (item: Item) => storageKeyOf(item.kind, item.id);
const uid = () => randomUUID();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A board of about `bytes` of JSON; `variant` makes copies differ. */
function board(id: string, bytes: number, modifiedAt: string, variant: number): Item {
  const edge = (index: number) => ({
    id: `edge-${index}-${'e'.repeat(40)}`,
    fromNode: `node-${index}-${'a'.repeat(30)}`,
    toNode: `node-${index + 1}-${'b'.repeat(30)}`,
    label: `copy ${variant}`,
  });
  const edgeBytes = JSON.stringify(edge(10_000)).length + 1;
  return {
    id,
    v: 1,
    kind: 'brainstorm',
    modifiedAt,
    deleted: false,
    title: 'Board',
    viewport: { x: 0, y: 0, zoom: 1 },
    nodeOrder: [],
    order: 'V',
    edges: Array.from({ length: Math.floor(bytes / edgeBytes) }, (_, index) => edge(index)),
  };
}

await onBothServers('nowou push limits', (server) => {
  async function owner(): Promise<{ user: TestUser; cookie: string }> {
    const user = await createUser(server());
    return { user, cookie: await loginAs(server(), user) };
  }

  function push(cookie: string, device: string, items: { item: Item; baseSeq: number | null }[]) {
    return call(server(), 'POST', '/api/nowou/push', {
      cookie,
      body: {
        device,
        items: items.map(({ item, baseSeq }) => ({ key: keyOf(item), value: item, baseSeq })),
      },
    });
  }

  async function pushOk(
    cookie: string,
    device: string,
    items: { item: Item; baseSeq: number | null }[],
  ): Promise<NowouPushAnswer['results']> {
    const res = await push(cookie, device, items);
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    return (res.json as NowouPushAnswer).results;
  }

  async function history(userId: string): Promise<{ value: string; seq: number | null }[]> {
    const rows = await server()
      .app.db.selectFrom('nowou_item_history')
      .select(['value', 'seq'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      value: row.value,
      seq: row.seq === null ? null : Number(row.seq),
    }));
  }

  const historyBytes = async (userId: string) =>
    (await history(userId)).reduce((sum, row) => sum + Buffer.byteLength(row.value), 0);

  test("copies that lose against a newer one stay within the account's history budget, oldest out first", async () => {
    const { user, cookie } = await owner();
    const id = uid();
    await pushOk(cookie, 'phone', [{ item: board(id, 200, minutesFromNow(60), 0), baseSeq: null }]);
    // Older copies of about 0.95 MB each, as a device that never synced the item would send them:
    // each loses and is kept, until the copies would pass the budget.
    const copies = Math.ceil(NOWOU_SYNC_LIMITS.historyBytes / 950_000) + 2;
    for (let copy = 1; copy <= copies; copy += 1) {
      const older = board(id, 950_000, minutesFromNow(-copies + copy), copy);
      const [result] = await pushOk(cookie, 'laptop', [{ item: older, baseSeq: null }]);
      expect(result).toMatchObject({ status: 'kept', seq: 1 });
    }
    const kept = await history(user.id);
    expect(await historyBytes(user.id)).toBeLessThanOrEqual(NOWOU_SYNC_LIMITS.historyBytes);
    const labels = kept.map((row) => JSON.parse(row.value) as { edges: { label: string }[] });
    const keptCopies = labels.map((copy) => copy.edges[0]!.label);
    expect(keptCopies).toContain(`copy ${copies}`);
    expect(keptCopies).not.toContain('copy 1');
    const state = await server()
      .app.db.selectFrom('nowou_sync_state')
      .select(['history_bytes', 'total_bytes'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(state.history_bytes)).toBe(await historyBytes(user.id));
    // The items' own total is untouched by the copies.
    expect(Number(state.total_bytes)).toBeLessThan(1_000);

    // After 30 days the copies are purged, and the budget is free again.
    await purgeExpired(server().app.db, new Date(Date.now() + 60_000));
    expect(await history(user.id)).toEqual([]);
    const after = await server()
      .app.db.selectFrom('nowou_sync_state')
      .select('history_bytes')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.history_bytes)).toBe(0);
  });

  test('a copy identical to one already kept is not kept again', async () => {
    const { user, cookie } = await owner();
    const id = uid();
    const newest = textBox({ id, text: 'Newest', modifiedAt: minutesFromNow(10) });
    await pushOk(cookie, 'phone', [{ item: newest, baseSeq: null }]);
    const older = textBox({ id, text: 'Older', modifiedAt: minutesFromNow(-10) });
    for (let round = 0; round < 4; round += 1) {
      const [result] = await pushOk(cookie, 'laptop', [{ item: older, baseSeq: null }]);
      expect(result).toMatchObject({ status: 'kept', value: newest });
    }
    const kept = await history(user.id);
    expect(kept.map((row) => ({ ...row, value: JSON.parse(row.value) as unknown }))).toEqual([
      { value: older, seq: null },
    ]);

    // A version replaced by a newer one is still kept, once per version, to merge on.
    const note = todo({ id: uid(), title: 'Plan', modifiedAt: minutesFromNow(-5) });
    const [created] = await pushOk(cookie, 'laptop', [{ item: note, baseSeq: null }]);
    const renamed = { ...note, title: 'Plan the week', modifiedAt: minutesFromNow(-4) };
    await pushOk(cookie, 'laptop', [{ item: renamed, baseSeq: (created as { seq: number }).seq }]);
    const versions = (await history(user.id)).map((row) => ({
      ...row,
      value: JSON.parse(row.value) as unknown,
    }));
    expect(versions).toContainEqual({ value: note, seq: (created as { seq: number }).seq });
  });

  test("a change dated more than a day ahead of the server's clock is refused with 400 and nothing is written", async () => {
    const { cookie } = await owner();
    const ahead = todo({
      id: uid(),
      title: 'From the future',
      modifiedAt: '9999-12-31T00:00:00.000Z',
    });
    const fine = todo({ id: uid(), title: 'Now', modifiedAt: minutesFromNow(0) });
    const res = await push(cookie, 'laptop', [
      { item: fine, baseSeq: null },
      { item: ahead, baseSeq: null },
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        status: 'invalid-argument',
        message: `${NOWOU_SYNC_MESSAGES.changedAhead} (${keyOf(ahead)})`,
      },
    });
    const tomorrow = todo({ id: uid(), modifiedAt: minutesFromNow(24 * 60 + 5) });
    expect((await push(cookie, 'laptop', [{ item: tomorrow, baseSeq: null }])).status).toBe(400);
    const pulled = await call(server(), 'GET', '/api/nowou/pull?after=0', { cookie });
    expect((pulled.json as NowouPullAnswer).items).toEqual([]);

    // Within a day ahead (a device whose clock runs a little fast) is accepted.
    const soon = todo({ id: uid(), modifiedAt: minutesFromNow(23 * 60) });
    expect(await pushOk(cookie, 'laptop', [{ item: soon, baseSeq: null }])).toMatchObject([
      { status: 'accepted' },
    ]);
  });

  test('pushes are limited by their bytes as well as by their count', async () => {
    const { user, cookie } = await owner();
    const small = textBox({ id: uid(), text: 'Fits', modifiedAt: minutesFromNow(0) });
    expect(await pushOk(cookie, 'laptop', [{ item: small, baseSeq: null }])).toHaveLength(1);
    // Nearly a minute's bytes already sent: a push of 0.9 MB more is refused, and not stored.
    const db = server().app.db;
    await spendRateLimit(
      db,
      NOWOU_PUSH_KILOBYTES_PER_USER,
      user.id,
      NOWOU_PUSH_KILOBYTES_PER_USER.limit - 500,
    );
    const large = board(uid(), 900_000, minutesFromNow(0), 1);
    const res = await push(cookie, 'laptop', [{ item: large, baseSeq: null }]);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const pulled = await call(server(), 'GET', '/api/nowou/pull?after=0', { cookie });
    expect((pulled.json as NowouPullAnswer).items.map((entry) => entry.key)).toEqual([
      keyOf(small),
    ]);
  });
});
