/**
 * The sync engine of two devices against the real server (a loopback port, a SQLite file): each
 * device is an item store over its own storage, with its own sync memory, signed in to one account.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todo, timeline } from '#shared/nowou-record-fixtures';
import type { Item } from '#shared/nowou-records';
import {
  NOWOU_SYNC_LIMITS,
  NOWOU_SYNC_MESSAGES,
  type NowouPullAnswer,
  type NowouPushAnswer,
} from '#shared/nowou-sync-schemas';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { purgeExpired } from '#server/features/nowou/nowou-items.repository';
import { memorySyncStore } from '../../../lib/nowou-sync-store';
import { createItemStore, type ItemStore } from '../model/item-store';
import { MemoryStorage } from '../model/test-fixtures';
import { firstTimeline } from '../logic/new-timeline';
import { createSyncEngine, type FailureKind, type SyncApi, type SyncStatus } from './sync-engine';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function apiFor(
  cookie: string,
  target = () => server.url,
): SyncApi & { pull(after: number, limit?: number): Promise<NowouPullAnswer> } {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${target()}${path}`, {
      method,
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new HttpError(res.status);
    return (await res.json()) as T;
  };
  return {
    push: (body) => send<NowouPushAnswer>('POST', '/api/nowou/push', body),
    pull: (after, limit?: number) =>
      send<NowouPullAnswer>(
        'GET',
        `/api/nowou/pull?after=${after}${limit === undefined ? '' : `&limit=${limit}`}`,
      ),
  };
}

function classify(error: unknown): { kind: FailureKind; message: string } {
  if (error instanceof HttpError) {
    return { kind: error.status === 401 ? 'signed-out' : 'other', message: error.message };
  }
  return { kind: 'offline', message: String(error) };
}

interface Device {
  store: ItemStore;
  statuses: SyncStatus[];
  /** The last count of items waiting for the person's word. */
  waiting: () => number | undefined;
  /** Every count reported. */
  waitingCounts: number[];
  sync: () => Promise<void>;
  last: () => SyncStatus | undefined;
  start: (consent?: boolean) => Promise<void>;
  stop: () => void;
}

function device(
  userId: string,
  cookie: string,
  target?: () => string,
  /** Gets the version each pull asks after. */
  pulls?: number[],
  /** Read at the first round, so keys may be added after the device is made. */
  keysAtSignIn?: ReadonlySet<string>,
): Device {
  const store = createItemStore({ storage: new MemoryStorage(), onProblem: () => undefined });
  store.load();
  const statuses: SyncStatus[] = [];
  let waiting: number | undefined;
  const waitingCounts: number[] = [];
  const api = apiFor(cookie, target);
  const engine = createSyncEngine({
    store,
    api: {
      push: api.push,
      pull: (after) => {
        pulls?.push(after);
        return api.pull(after);
      },
    },
    syncStore: memorySyncStore(),
    userId,
    onStatus: (status) => statuses.push(status),
    classify,
    keysAtSignIn,
    onWaiting: (count) => {
      waiting = count;
      waitingCounts.push(count);
    },
    debounceMs: 60_000,
  });
  return {
    store,
    statuses,
    waiting: () => waiting,
    waitingCounts,
    sync: () => engine.syncNow(),
    last: () => statuses.at(-1),
    async start(consent = false) {
      engine.start({ consent });
      await engine.syncNow();
    },
    stop: () => engine.stop(),
  };
}

async function account() {
  const user = await createUser(server);
  return { userId: user.id, cookie: await loginAs(server, user) };
}

const titles = (store: ItemStore) =>
  store
    .all('todo')
    .map((item) => item.title)
    .sort();

describe('two devices of one account', () => {
  test('what one device makes reaches the other; deletions too', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    const phone = device(userId, cookie);
    await laptop.start();
    await phone.start();
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Buy paint' }));
    laptop.store.put(timeline({ id: crypto.randomUUID(), name: 'Home' }));
    await laptop.sync();
    expect(laptop.last()).toMatchObject({ kind: 'synced' });
    await phone.sync();
    expect(titles(phone.store)).toEqual(['Buy paint']);
    expect(phone.store.all('timeline').map((item) => item.name)).toEqual(['Home']);

    const [paint] = phone.store.all('todo');
    phone.store.remove('todo', paint!.id);
    await phone.sync();
    await laptop.sync();
    expect(titles(laptop.store)).toEqual([]);
    expect(laptop.store.get('todo', paint!.id, { includeDeleted: true })?.deleted).toBe(true);
  });

  test('a device away longer than deletions are kept retires what was deleted meanwhile and brings nothing back but its own later edit', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    const phonePulls: number[] = [];
    const phone = device(userId, cookie, undefined, phonePulls);
    await laptop.start();
    await phone.start();
    const [oldPlan, keep, edited] = ['Old plan', 'Keep me', 'Edit me'].map((title) =>
      todo({ id: crypto.randomUUID(), title }),
    );
    for (const item of [oldPlan!, keep!, edited!]) laptop.store.put(item);
    await laptop.sync();
    await phone.sync();
    expect(titles(phone.store)).toEqual(['Edit me', 'Keep me', 'Old plan']);

    // The phone is put away. The laptop deletes two to-dos; the phone, offline, edits one of them.
    laptop.store.remove('todo', oldPlan!.id);
    laptop.store.remove('todo', edited!.id);
    await laptop.sync();
    phone.store.put({ ...phone.store.get('todo', edited!.id)!, title: 'Edited on the phone' });
    // More than 30 days pass: the server purges the deletions; the laptop adds one more to-do.
    await purgeExpired(server.app.db, new Date(Date.now() + 60_000));
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'New on the laptop' }));
    await laptop.sync();

    phonePulls.length = 0;
    await phone.sync();
    expect(phonePulls[0]).toBeGreaterThan(0);
    expect(phonePulls).toContain(0);
    expect(phone.last()).toMatchObject({ kind: 'synced' });
    // The deleted plan is gone from the phone's list, kept in its Recently deleted.
    expect(titles(phone.store)).toEqual(['Edited on the phone', 'Keep me', 'New on the laptop']);
    expect(phone.store.get('todo', oldPlan!.id, { includeDeleted: true })?.deleted).toBe(true);
    await laptop.sync();
    expect(titles(laptop.store)).toEqual(['Edited on the phone', 'Keep me', 'New on the laptop']);
    const everything = await apiFor(cookie).pull(0);
    expect(everything.items.map((entry) => entry.key)).not.toContain(`todo-${oldPlan!.id}`);

    // Caught up: the next round reads on from where it is, not everything again.
    phonePulls.length = 0;
    await phone.sync();
    expect(phonePulls).not.toContain(0);
  });

  test('two devices changing different fields of one to-do both keep their change, everywhere', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    const phone = device(userId, cookie);
    await laptop.start();
    await phone.start();
    const id = crypto.randomUUID();
    laptop.store.put(todo({ id, title: 'Draft' }));
    await laptop.sync();
    await phone.sync();

    // Both edit while neither has synced.
    const onLaptop = laptop.store.get('todo', id)!;
    laptop.store.put({ ...onLaptop, title: 'Draft the plan' });
    const onPhone = phone.store.get('todo', id)!;
    phone.store.put({ ...onPhone, priority: 2, tags: ['home'] });
    await laptop.sync();
    await phone.sync();
    await laptop.sync();
    for (const each of [laptop, phone]) {
      expect(each.store.get('todo', id)).toMatchObject({
        title: 'Draft the plan',
        priority: 2,
        tags: ['home'],
      });
    }
    expect(laptop.store.get('todo', id)?.modifiedAt).toBe(phone.store.get('todo', id)?.modifiedAt);
  });

  test('items made on both devices before they ever synced are all kept, none twice', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    const phone = device(userId, cookie);
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Laptop task' }));
    phone.store.put(todo({ id: crypto.randomUUID(), title: 'Phone task' }));
    // The same first timeline (a fixed id) made on both.
    laptop.store.put(timeline({ id: 'first', name: 'My timeline' }));
    phone.store.put(timeline({ id: 'first', name: 'My timeline' }));

    await laptop.start();
    expect(laptop.waiting()).toBe(2);
    await laptop.start(true);
    expect(laptop.waiting()).toBe(0);
    await phone.start(true);
    await laptop.sync();
    for (const each of [laptop, phone]) {
      expect(titles(each.store)).toEqual(['Laptop task', 'Phone task']);
      expect(each.store.all('timeline')).toHaveLength(1);
    }
  });

  test('what is made after signing in joins the account without asking; what was there before waits, and the account shows at once', async () => {
    const { userId, cookie } = await account();
    // Signed in on an empty browser: a to-do typed before the sync started is the account's own.
    const laptop = device(userId, cookie, undefined, undefined, new Set());
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Typed at once' }));
    await laptop.start();
    expect(laptop.last()).toMatchObject({ kind: 'synced' });
    expect(laptop.waiting()).toBe(0);
    // A browser holding one item from before signing in asks about that one only, and shows the
    // account's items and syncs what is typed meanwhile without waiting for the answer.
    const atSignIn = new Set<string>();
    const tablet = device(userId, cookie, undefined, undefined, atSignIn);
    const before = tablet.store.put(todo({ id: crypto.randomUUID(), title: 'From before' }));
    atSignIn.add(`todo-${before!.id}`);
    tablet.store.put(todo({ id: crypto.randomUUID(), title: 'Typed while asked' }));
    await tablet.start();
    expect(tablet.waiting()).toBe(1);
    expect(tablet.last()).toMatchObject({ kind: 'synced' });
    expect(titles(tablet.store)).toEqual(['From before', 'Typed at once', 'Typed while asked']);
    await laptop.sync();
    expect(titles(laptop.store)).toEqual(['Typed at once', 'Typed while asked']);
    // Still waiting after more rounds (a reload reads the same memory).
    await tablet.sync();
    expect(tablet.waiting()).toBe(1);
    await tablet.start(true);
    expect(tablet.waiting()).toBe(0);
    await laptop.sync();
    expect(titles(laptop.store)).toEqual(['From before', 'Typed at once', 'Typed while asked']);
  });

  test('a copy of the account kept in the browser (as at log out) is not asked about', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    const item = laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Kept' }))!;
    await laptop.sync();
    // The same copy in a browser that remembers nothing of the account.
    const atSignIn = new Set([`todo-${item.id}`]);
    const kept = device(userId, cookie, undefined, undefined, atSignIn);
    kept.store.put(item, { keepModifiedAt: true });
    await kept.start();
    // Never asked about, not even for a moment before the pull.
    expect(kept.waitingCounts.length).toBeGreaterThan(0);
    expect(kept.waitingCounts.every((count) => count === 0)).toBe(true);
    expect(kept.last()).toMatchObject({ kind: 'synced' });
  });

  test('the first timeline Nowou made by itself is never asked about and never overwrites the account', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    laptop.store.put({ ...firstTimeline(), name: 'Work' });
    await laptop.sync();
    // A new browser opened later makes its own "My timeline" (the same fixed id) before logging in.
    const atSignIn = new Set<string>();
    const phone = device(userId, cookie, undefined, undefined, atSignIn);
    const made = phone.store.put(firstTimeline());
    atSignIn.add(`timeline-${made!.id}`);
    await phone.start();
    expect(phone.waiting()).toBe(0);
    expect(phone.last()).toMatchObject({ kind: 'synced' });
    expect(phone.store.all('timeline').map((each) => each.name)).toEqual(['Work']);
    await laptop.sync();
    expect(laptop.store.all('timeline').map((each) => each.name)).toEqual(['Work']);
  });

  test('an item refused by a limit stays on the device, and the status says why', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Fits' }));
    await laptop.sync();
    await server.app.db
      .updateTable('nowou_sync_state')
      .set({ item_count: NOWOU_SYNC_LIMITS.items })
      .where('user_id', '=', userId)
      .execute();
    const item: Item = todo({ id: crypto.randomUUID(), title: 'One too many' });
    laptop.store.put(item);
    await laptop.sync();
    expect(laptop.last()).toEqual({ kind: 'limit', message: NOWOU_SYNC_MESSAGES.tooManyItems });
    expect(titles(laptop.store)).toEqual(['Fits', 'One too many']);
    const onServer = await call(server, 'GET', '/api/nowou/pull?after=0', { cookie });
    expect((onServer.json as NowouPullAnswer).items.map((entry) => entry.key)).not.toContain(
      `todo-${item.id}`,
    );
  });

  test('an item dated more than a day ahead stays on the device with a message, and the rest syncs', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    // As an imported file or a clock that ran fast would leave it.
    const ahead = todo({
      id: crypto.randomUUID(),
      title: 'Dated ahead',
      modifiedAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
    });
    laptop.store.put(ahead, { keepModifiedAt: true });
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Today' }));
    await laptop.sync();
    expect(laptop.last()).toEqual({ kind: 'limit', message: NOWOU_SYNC_MESSAGES.changedAhead });
    const onServer = await call(server, 'GET', '/api/nowou/pull?after=0', { cookie });
    const synced = (onServer.json as NowouPullAnswer).items.map(
      (entry) => (entry.value as { title: string }).title,
    );
    expect(synced).toEqual(['Today']);
    expect(titles(laptop.store)).toEqual(['Dated ahead', 'Today']);
  });
});

describe('a first sync of many pages', () => {
  test('asks for the next page while it writes the one it has, and ends with every item', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    for (let n = 1; n <= 5; n += 1)
      laptop.store.put(todo({ id: crypto.randomUUID(), title: `Task ${n}` }));
    await laptop.sync();

    // A new device reading pages of two items, whose sync memory records what was asked when.
    const events: string[] = [];
    const real = apiFor(cookie);
    const api: SyncApi = {
      push: real.push,
      pull: (after) => {
        events.push(`pull after ${after}`);
        return real.pull(after, 2);
      },
    };
    const memory = memorySyncStore();
    const store = createItemStore({ storage: new MemoryStorage(), onProblem: () => undefined });
    store.load();
    const statuses: SyncStatus[] = [];
    const engine = createSyncEngine({
      store,
      api,
      syncStore: {
        ...memory,
        async save(id, entries, state) {
          events.push(`save at ${state.cursor}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          await memory.save(id, entries, state);
        },
      },
      userId,
      onStatus: (status) => statuses.push(status),
      classify,
      debounceMs: 60_000,
    });
    engine.start();
    await engine.syncNow();
    engine.stop();

    expect(statuses.at(-1)).toMatchObject({ kind: 'synced' });
    expect(titles(store)).toEqual(['Task 1', 'Task 2', 'Task 3', 'Task 4', 'Task 5']);
    const cursors = events.filter((event) => event.startsWith('save')).map((e) => e.slice(8));
    // Each next page was asked for before the page before it was saved (syncNow while start's
    // round runs asks for one more round after it: only the first is looked at).
    expect(events.slice(0, 6)).toEqual([
      'pull after 0',
      `pull after ${cursors[0]}`,
      `save at ${cursors[0]}`,
      `pull after ${cursors[1]}`,
      `save at ${cursors[1]}`,
      `save at ${cursors[2]}`,
    ]);
  });
});

describe('when the server cannot be reached', () => {
  test('the status says offline, nothing is lost, and the change syncs once it is back', async () => {
    const { userId, cookie } = await account();
    let url = server.url;
    const laptop = device(userId, cookie, () => url);
    const phone = device(userId, cookie);
    await laptop.start();
    await phone.start();
    url = 'http://127.0.0.1:9';
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'Written offline' }));
    await laptop.sync();
    expect(laptop.last()).toEqual({ kind: 'offline' });
    expect(titles(laptop.store)).toEqual(['Written offline']);

    url = server.url;
    await laptop.sync();
    expect(laptop.last()).toMatchObject({ kind: 'synced' });
    await phone.sync();
    expect(titles(phone.store)).toEqual(['Written offline']);
  });

  test('a session that ended stops the sync with signed-out', async () => {
    const { userId, cookie } = await account();
    const laptop = device(userId, cookie);
    await laptop.start();
    await call(server, 'POST', '/api/auth/logout', { cookie });
    laptop.store.put(todo({ id: crypto.randomUUID(), title: 'After log-out' }));
    await laptop.sync();
    expect(laptop.last()).toEqual({ kind: 'signed-out' });
    expect(titles(laptop.store)).toEqual(['After log-out']);
  });
});
