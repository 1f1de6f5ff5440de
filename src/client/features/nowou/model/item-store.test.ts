import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createItemStore, type StoreProblem } from './item-store';
import { storageKeyOf, type Item } from '#shared/nowou-records';
import { T0, textBox, timeline, todo } from '#shared/nowou-record-fixtures';
import { MemoryStorage } from './test-fixtures';

const NOW = new Date('2026-04-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

let storage: MemoryStorage;
let problems: StoreProblem[];
let clock: Date;

function seed(...items: Item[]): void {
  for (const item of items)
    storage.entries.set(storageKeyOf(item.kind, item.id), JSON.stringify(item));
}

function stored(key: string): unknown {
  const raw = storage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

function openStore() {
  const store = createItemStore({
    storage,
    now: () => clock,
    onProblem: (problem) => problems.push(problem),
  });
  store.load();
  return store;
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  problems = [];
  clock = NOW;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('load', () => {
  test('keeps every valid item by kind and ignores keys that are not its own', () => {
    seed(todo(), todo({ id: 'todo-2', title: 'Call Ann' }), timeline(), textBox());
    storage.entries.set('settings', '{"theme":"dark"}');
    storage.entries.set('brainstorm', 'not a key of any kind: no id after the prefix');
    const store = openStore();
    expect(store.all('todo').map((t) => t.title)).toEqual(['Buy milk', 'Call Ann']);
    expect(store.get('timeline', 'tl-1')).toEqual(timeline());
    expect(store.get('textBox', 'tb-1')).toEqual(textBox());
    expect(store.get('todo', 'tl-1')).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('reports bad JSON, a bad schema and a newer version, and never writes over them', () => {
    const newer = JSON.stringify({ id: 'n1', v: 2, kind: 'todo', shape: 'of the future' });
    const entries = {
      'todo-broken': '{"id":"broken",',
      'todo-bad': JSON.stringify(todo({ id: 'bad', priority: 7 })),
      'todo-n1': newer,
      'timeline-elsewhere': JSON.stringify(timeline()),
    };
    for (const [key, value] of Object.entries(entries)) storage.entries.set(key, value);
    const store = openStore();

    expect(problems).toEqual([
      { kind: 'skipped', key: 'todo-broken', reason: 'not JSON' },
      { kind: 'skipped', key: 'todo-bad', reason: expect.stringMatching(/^priority: /) },
      { kind: 'skipped', key: 'todo-n1', reason: 'version 2 is newer than this app reads' },
      { kind: 'skipped', key: 'timeline-elsewhere', reason: 'holds timeline-tl-1' },
    ]);
    expect([...store.skippedKeys().keys()]).toEqual(Object.keys(entries));
    expect(store.all('todo')).toEqual([]);

    expect(store.put(todo({ id: 'n1', title: 'Mine now' }))).toBeNull();
    expect(store.put(todo({ id: 'bad' }))).toBeNull();
    store.flush();
    vi.runAllTimers();
    expect(Object.fromEntries(storage.entries)).toEqual(entries);
    expect(store.get('todo', 'n1')).toBeUndefined();
  });
});

describe('writes', () => {
  test('land together after the debounce, stamped with the time of the change', () => {
    const store = openStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.put(todo({ modifiedAt: T0 }));
    clock = new Date(NOW.getTime() + 100);
    store.put(timeline());
    expect(first?.modifiedAt).toBe(NOW.toISOString());
    expect(store.get('todo', 'todo-1')?.modifiedAt).toBe(NOW.toISOString());
    expect(listener).toHaveBeenCalledTimes(2);
    expect(storage.entries.size).toBe(0);
    expect(store.hasPendingWrites()).toBe(true);

    vi.advanceTimersByTime(299);
    expect(storage.entries.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect(stored('todo-todo-1')).toEqual({ ...todo(), modifiedAt: NOW.toISOString() });
    expect(stored('timeline-tl-1')).toEqual({
      ...timeline(),
      modifiedAt: '2026-04-01T08:00:00.100Z',
    });
    expect(storage.writes).toBe(2);
    expect(store.hasPendingWrites()).toBe(false);
  });

  test('flush writes what is pending at once, and a store opened later reads it back', () => {
    const store = openStore();
    store.put(todo({ title: 'Draft' }));
    store.put(todo({ title: 'Final' }));
    store.flush();
    expect(storage.writes).toBe(1);
    expect(openStore().get('todo', 'todo-1')?.title).toBe('Final');
    vi.runAllTimers();
    expect(storage.writes).toBe(1);
  });

  test('a change to an item dated later than now (a clock ahead, an import) is still the later copy', () => {
    seed(todo({ modifiedAt: '2099-01-01T00:00:00.000Z' }));
    const store = openStore();
    const edited = store.put({ ...store.get('todo', 'todo-1')!, title: 'Edited here' })!;
    expect(edited.modifiedAt).toBe('2099-01-01T00:00:00.001Z');
    store.flush();
    expect(stored(storageKeyOf('todo', 'todo-1'))).toMatchObject({ title: 'Edited here' });
    expect(openStore().get('todo', 'todo-1')?.title).toBe('Edited here');
  });

  test('an invalid item is refused before anything changes', () => {
    const store = openStore();
    expect(() => store.put(todo({ title: '' }))).toThrow(/Invalid todo todo-1/);
    store.flush();
    expect(store.all('todo')).toEqual([]);
    expect(storage.entries.size).toBe(0);
  });

  test('all() gives the same array until that kind changes', () => {
    seed(todo(), timeline());
    const store = openStore();
    const todos = store.all('todo');
    const timelines = store.all('timeline');
    expect(store.all('todo')).toBe(todos);
    store.put(todo({ id: 'todo-2' }));
    expect(store.all('todo')).not.toBe(todos);
    expect(store.all('todo')).toHaveLength(2);
    expect(store.all('timeline')).toEqual(timelines);
  });

  test('an unsubscribed listener hears nothing more', () => {
    const store = openStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.put(todo());
    unsubscribe();
    store.put(todo({ title: 'Again' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('tombstones', () => {
  test('remove keeps a deleted record that reads stay clear of', () => {
    seed(todo());
    const store = openStore();
    expect(store.remove('todo', 'todo-1')).toBe(true);
    expect(store.remove('todo', 'todo-1')).toBe(false);
    expect(store.remove('todo', 'missing')).toBe(false);
    expect(store.get('todo', 'todo-1')).toBeUndefined();
    expect(store.all('todo')).toEqual([]);
    const tombstone = {
      ...todo(),
      deleted: true,
      deletedAt: NOW.toISOString(),
      modifiedAt: NOW.toISOString(),
    };
    expect(store.get('todo', 'todo-1', { includeDeleted: true })).toEqual(tombstone);
    expect(store.all('todo', { includeDeleted: true })).toEqual([tombstone]);
    store.flush();
    expect(stored('todo-todo-1')).toEqual(tombstone);
  });

  test('put on a tombstone brings the item back without its deletedAt', () => {
    seed(todo({ deleted: true, deletedAt: T0 }));
    const store = openStore();
    const back = store.put({
      ...store.get('todo', 'todo-1', { includeDeleted: true })!,
      deleted: false,
    });
    expect(back).not.toHaveProperty('deletedAt');
    expect(store.get('todo', 'todo-1')?.deleted).toBe(false);
  });

  test('purging drops tombstones older than 30 days from memory and storage, nothing else', () => {
    const old = new Date(NOW.getTime() - 31 * DAY).toISOString();
    const recent = new Date(NOW.getTime() - 29 * DAY).toISOString();
    seed(
      todo({ id: 'old', deleted: true, deletedAt: old, modifiedAt: old }),
      todo({ id: 'recent', deleted: true, deletedAt: recent, modifiedAt: recent }),
      todo({ id: 'alive', modifiedAt: old }),
      timeline({ deleted: true, deletedAt: old, modifiedAt: old }),
    );
    const store = openStore();
    expect(store.purgeTombstones()).toBe(2);
    expect([...storage.entries.keys()].sort()).toEqual(['todo-alive', 'todo-recent']);
    expect(store.get('todo', 'old', { includeDeleted: true })).toBeUndefined();
    expect(store.get('todo', 'recent', { includeDeleted: true })?.deleted).toBe(true);
    expect(store.purgeTombstones(new Date(NOW.getTime() + DAY))).toBe(1);
    expect([...storage.entries.keys()]).toEqual(['todo-alive']);
  });
  test('a tombstone another tab has brought back since is read, not purged', () => {
    const old = new Date(NOW.getTime() - 31 * DAY).toISOString();
    seed(todo({ deleted: true, deletedAt: old, modifiedAt: old }));
    const store = openStore();
    seed(todo({ title: 'Back again', modifiedAt: NOW.toISOString() }));
    expect(store.purgeTombstones()).toBe(0);
    expect(store.get('todo', 'todo-1')?.title).toBe('Back again');
    expect(storage.getItem('todo-todo-1')).not.toBeNull();
  });
});

describe('another tab', () => {
  test('a changed or new key is read into memory and listeners hear of it', () => {
    seed(todo());
    const store = openStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const theirs = todo({ title: 'Oat milk', modifiedAt: NOW.toISOString() });
    store.applyExternalChange('todo-todo-1', JSON.stringify(theirs));
    store.applyExternalChange('timeline-tl-1', JSON.stringify(timeline()));
    expect(store.get('todo', 'todo-1')).toEqual(theirs);
    expect(store.get('timeline', 'tl-1')).toEqual(timeline());
    expect(listener).toHaveBeenCalledTimes(2);
    store.flush();
    expect(storage.writes).toBe(0);
  });

  test('a removed key is gone from memory', () => {
    seed(todo());
    const store = openStore();
    storage.entries.clear();
    store.applyExternalChange('todo-todo-1', null);
    expect(store.get('todo', 'todo-1', { includeDeleted: true })).toBeUndefined();
  });

  test('cleared storage is read again', () => {
    seed(todo());
    const store = openStore();
    storage.entries.clear();
    store.applyExternalChange(null, null);
    expect(store.all('todo')).toEqual([]);
  });

  test('a value it cannot read is reported, the item stays as it was, and the key is never written', () => {
    seed(todo());
    const store = openStore();
    store.put(todo({ title: 'Local edit' }));
    const newer = JSON.stringify({ id: 'todo-1', v: 2, kind: 'todo' });
    storage.entries.set('todo-todo-1', newer);
    store.applyExternalChange('todo-todo-1', newer);
    expect(problems).toEqual([
      { kind: 'skipped', key: 'todo-todo-1', reason: 'version 2 is newer than this app reads' },
    ]);
    expect(store.get('todo', 'todo-1')?.title).toBe('Local edit');
    expect(store.put(todo({ title: 'Another edit' }))).toBeNull();
    store.flush();
    vi.runAllTimers();
    expect(storage.getItem('todo-todo-1')).toBe(newer);
  });

  test('a later local change that is still pending wins over an older value from the other tab', () => {
    seed(todo());
    const store = openStore();
    store.put(todo({ title: 'Mine, later' }));
    const theirs = todo({
      title: 'Theirs, earlier',
      modifiedAt: new Date(NOW.getTime() - 1000).toISOString(),
    });
    storage.entries.set('todo-todo-1', JSON.stringify(theirs));
    store.applyExternalChange('todo-todo-1', JSON.stringify(theirs));
    expect(store.get('todo', 'todo-1')?.title).toBe('Mine, later');
    store.flush();
    expect((stored('todo-todo-1') as Item & { title: string }).title).toBe('Mine, later');
  });

  test('a flush that finds a later value its event has not brought yet takes it instead', () => {
    const store = openStore();
    store.put(todo({ title: 'Mine' }));
    const theirs = todo({ title: 'Theirs, later', modifiedAt: '2026-04-01T09:00:00.000Z' });
    seed(theirs);
    store.flush();
    expect(stored('todo-todo-1')).toEqual(theirs);
    expect(store.get('todo', 'todo-1')).toEqual(theirs);
    expect(storage.writes).toBe(0);
  });

  test('a flush that finds an unreadable value its event has not brought yet leaves it', () => {
    const store = openStore();
    store.put(todo());
    storage.entries.set('todo-todo-1', '{"v": 3}');
    store.flush();
    expect(storage.getItem('todo-todo-1')).toBe('{"v": 3}');
    expect(problems).toEqual([
      { kind: 'skipped', key: 'todo-todo-1', reason: 'version 3 is newer than this app reads' },
    ]);
  });
});

describe('full storage', () => {
  test('the problem is reported once, nothing saved is lost, and the next flush retries', () => {
    seed(todo({ title: 'Saved before' }));
    const store = openStore();
    storage.full = true;
    store.put(todo({ title: 'Edited' }));
    store.put(timeline());
    vi.runAllTimers();
    store.flush();
    expect(problems).toEqual([{ kind: 'quota' }]);
    expect((stored('todo-todo-1') as { title: string }).title).toBe('Saved before');
    expect(store.get('todo', 'todo-1')?.title).toBe('Edited');
    expect(store.hasPendingWrites()).toBe(true);

    storage.full = false;
    store.flush();
    expect((stored('todo-todo-1') as { title: string }).title).toBe('Edited');
    expect(stored('timeline-tl-1')).toMatchObject({ name: 'Work' });
    expect(store.hasPendingWrites()).toBe(false);

    storage.full = true;
    store.put(todo({ title: 'Edited again' }));
    store.flush();
    expect(problems).toEqual([{ kind: 'quota' }, { kind: 'quota' }]);
  });

  test('legacy browsers’ DOMException code 22 counts as full storage', () => {
    const store = openStore();
    storage.setItem = () => {
      throw Object.assign(new Error('full'), { code: 22 });
    };
    store.put(todo());
    store.flush();
    expect(problems).toEqual([{ kind: 'quota' }]);
  });

  test('another failed write is reported with its reason and kept pending', () => {
    const store = openStore();
    storage.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    store.put(todo());
    store.flush();
    expect(problems).toEqual([{ kind: 'write-failed', reason: 'The operation is insecure.' }]);
    expect(store.hasPendingWrites()).toBe(true);
  });
});

describe('defaultTimeline', () => {
  test('is stored as the bare id under its own key, and read back', () => {
    const store = openStore();
    expect(store.getDefaultTimeline()).toBeNull();
    expect(store.setDefaultTimeline('tl-1')).toBe(true);
    expect(store.getDefaultTimeline()).toBe('tl-1');
    store.flush();
    expect(storage.getItem('defaultTimeline')).toBe('tl-1');
    expect(openStore().getDefaultTimeline()).toBe('tl-1');
    store.setDefaultTimeline(null);
    store.flush();
    expect(storage.getItem('defaultTimeline')).toBeNull();
  });

  test('follows another tab', () => {
    const store = openStore();
    store.applyExternalChange('defaultTimeline', 'tl-9');
    expect(store.getDefaultTimeline()).toBe('tl-9');
    store.applyExternalChange('defaultTimeline', null);
    expect(store.getDefaultTimeline()).toBeNull();
  });

  test('a value that is no id is reported and kept', () => {
    storage.entries.set('defaultTimeline', '{"id":"tl-1"}');
    const store = openStore();
    expect(problems).toEqual([
      { kind: 'skipped', key: 'defaultTimeline', reason: 'not a timeline id' },
    ]);
    expect(store.getDefaultTimeline()).toBeNull();
    expect(store.setDefaultTimeline('tl-2')).toBe(false);
    store.flush();
    expect(storage.getItem('defaultTimeline')).toBe('{"id":"tl-1"}');
  });
});

test('usage counts the UTF-16 bytes of Nowou’s keys and values only', () => {
  storage.entries.set('todo-a', '12345');
  storage.entries.set('defaultTimeline', 'tl');
  storage.entries.set('brainstorm-b', 'x');
  storage.entries.set('settings', 'not counted');
  expect(openStore().usage()).toBe((6 + 5 + 15 + 2 + 12 + 1) * 2);
});
