import { beforeEach, describe, expect, test } from 'vitest';
import { applyImport, exportItems, planImport } from './export-import';
import { createHistory } from './history';
import { createItemStore, type ItemStore, type StoreProblem } from './item-store';
import { storageKeyOf, type Item } from '#shared/nowou-records';
import { T0, textBox, timeline, todo } from '#shared/nowou-record-fixtures';
import { MemoryStorage } from './test-fixtures';

const EXPORTED_AT = new Date('2026-04-01T08:00:00.000Z');
const LATER = '2026-03-05T10:00:00.000Z';
const EARLIER = '2026-02-01T10:00:00.000Z';

let problems: StoreProblem[];

function storeWith(...items: Item[]): { store: ItemStore; storage: MemoryStorage } {
  const storage = new MemoryStorage();
  for (const item of items) {
    storage.entries.set(storageKeyOf(item.kind, item.id), JSON.stringify(item));
  }
  const store = createItemStore({
    storage,
    now: () => EXPORTED_AT,
    onProblem: (problem) => problems.push(problem),
  });
  store.load();
  return { store, storage };
}

function fileOf(items: unknown[], fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'nowou',
    version: 1,
    exportedAt: EXPORTED_AT.toISOString(),
    items,
    ...fields,
  });
}

beforeEach(() => {
  problems = [];
});

test('the export holds every item, tombstones included, and survives JSON', () => {
  const items = [todo(), todo({ id: 'gone', deleted: true, deletedAt: T0 }), timeline(), textBox()];
  const { store } = storeWith(...items);
  const file = exportItems(store, EXPORTED_AT);
  expect(file).toEqual({
    format: 'nowou',
    version: 1,
    exportedAt: EXPORTED_AT.toISOString(),
    items,
    defaultTimeline: null,
  });
  expect(JSON.parse(JSON.stringify(file))).toEqual(file);
});

test('export then import into an empty browser gives the same items', () => {
  const items = [
    todo({ recurrence: { kind: 'weekdays' }, tags: ['work'] }),
    todo({ id: 'gone', deleted: true, deletedAt: T0 }),
    timeline({ color: '#336699' }),
    textBox({ anchor: { timelineId: 'tl-1', start: T0, end: LATER } }),
  ];
  const source = storeWith(...items).store;
  source.setDefaultTimeline('tl-1');
  const fileText = JSON.stringify(exportItems(source));

  const { store, storage } = storeWith();
  const plan = planImport(store, fileText);
  expect(plan).toEqual({ ok: true, add: items, change: [], unchanged: 0, defaultTimeline: 'tl-1' });
  if (!plan.ok) return;
  expect(applyImport(store, createHistory(store), plan, 'Imported')).toBe(4);
  expect(exportItems(store, EXPORTED_AT)).toEqual(exportItems(source, EXPORTED_AT));
  expect(storage.entries.size).toBe(5);
  expect(storage.entries.get('defaultTimeline')).toBe('tl-1');
  expect(planImport(store, fileText)).toEqual({
    ok: true,
    add: [],
    change: [],
    unchanged: 4,
    defaultTimeline: null,
  });
});

test('the file’s first timeline is taken only where this browser has none of its own standing', () => {
  const work = timeline({ id: 'work', name: 'Work' });
  const fileText = fileOf([work, timeline({ id: 'gone', deleted: true, deletedAt: T0 })], {
    defaultTimeline: 'work',
  });
  const plan = (store: ItemStore) =>
    (planImport(store, fileText) as { defaultTimeline: unknown }).defaultTimeline;

  // This browser's own default stands: kept.
  const mine = storeWith(timeline({ id: 'home' })).store;
  mine.setDefaultTimeline('home');
  expect(plan(mine)).toBeNull();
  // Its own default is deleted: the file's is taken.
  const stale = storeWith(timeline({ id: 'home', deleted: true, deletedAt: T0 })).store;
  stale.setDefaultTimeline('home');
  expect(plan(stale)).toBe('work');
  // A file naming a deleted or missing timeline, or none (an older file), sets nothing.
  const empty = storeWith().store;
  expect(planImport(empty, fileOf([], { defaultTimeline: 'gone' }))).toMatchObject({
    defaultTimeline: null,
  });
  expect(planImport(empty, fileOf([work]))).toMatchObject({ ok: true, defaultTimeline: null });
  expect(planImport(empty, fileOf([work], { defaultTimeline: 'not an id!' }))).toMatchObject({
    ok: true,
    defaultTimeline: null,
  });
});

describe('a file that cannot be imported changes nothing', () => {
  test.each([
    ['bad JSON', '{"format": "nowou",', 'The file is not JSON.'],
    ['another app’s file', JSON.stringify({ todos: [] }), 'The file is not a Nowou export.'],
    ['a list of items alone', JSON.stringify([todo()]), 'The file is not a Nowou export.'],
    [
      'a newer file version',
      fileOf([todo()], { version: 2 }),
      'The file comes from a newer version of Nowou.',
    ],
    [
      'one invalid item among valid ones',
      fileOf([todo({ id: 'new-1' }), { ...todo({ id: 'new-2' }), priority: 5 }]),
      'Item 2 is invalid: priority: Too big: expected number to be <=3.',
    ],
    [
      'an item of a newer version',
      fileOf([{ ...todo(), v: 2 }]),
      'Item 1 is invalid: version 2 is newer than this app reads.',
    ],
    ['an item twice', fileOf([todo({ id: 'x' }), todo({ id: 'x' })]), 'Item 2 repeats todo-x.'],
  ])('%s', (_, fileText, reason) => {
    const { store, storage } = storeWith(todo({ title: 'Mine' }));
    const before = new Map(storage.entries);
    const plan = planImport(store, fileText);
    expect(plan).toEqual({ ok: false, reason });
    expect(reason).not.toContain('\n');
    expect(store.hasPendingWrites()).toBe(false);
    expect(storage.entries).toEqual(before);
    expect(store.all('todo')).toEqual([todo({ title: 'Mine' })]);
  });

  test('an item that would replace a key this version cannot read', () => {
    const { store, storage } = storeWith();
    storage.entries.set('todo-todo-1', '{"v": 2}');
    store.load();
    expect(planImport(store, fileOf([todo()]))).toEqual({
      ok: false,
      reason: 'Item 1 would replace todo-todo-1, which this version cannot read.',
    });
  });
});

describe('merging by id and modification time', () => {
  test('the later modifiedAt wins; equal or earlier leaves the browser’s item', () => {
    const { store, storage } = storeWith(
      todo({ id: 'older-here', title: 'Old here' }),
      todo({ id: 'same', title: 'Same here' }),
      todo({ id: 'newer-here', title: 'New here', modifiedAt: LATER }),
      timeline({ id: 'deleted-here', deleted: true, deletedAt: T0 }),
    );
    const incoming = [
      todo({ id: 'older-here', title: 'From file', modifiedAt: LATER }),
      todo({ id: 'same', title: 'File, same time' }),
      todo({ id: 'newer-here', title: 'File, earlier', modifiedAt: EARLIER }),
      timeline({ id: 'deleted-here', name: 'Back from file', modifiedAt: LATER }),
      todo({ id: 'only-in-file', title: 'New from file' }),
    ];
    const plan = planImport(store, fileOf(incoming));
    expect(plan).toEqual({
      ok: true,
      add: [incoming[4]],
      change: [incoming[0], incoming[3]],
      unchanged: 2,
      defaultTimeline: null,
    });
    if (!plan.ok) return;
    applyImport(store, createHistory(store), plan, 'Imported');

    expect(store.get('todo', 'older-here')).toEqual(incoming[0]);
    expect(store.get('todo', 'same')?.title).toBe('Same here');
    expect(store.get('todo', 'newer-here')?.title).toBe('New here');
    expect(store.get('timeline', 'deleted-here')?.name).toBe('Back from file');
    expect(store.get('todo', 'only-in-file')).toEqual(incoming[4]);
    expect(JSON.parse(storage.getItem('todo-older-here')!)).toEqual(incoming[0]);
    expect(problems).toEqual([]);
  });

  test('a tombstone in the file deletes the browser’s older item', () => {
    const { store } = storeWith(todo());
    const plan = planImport(
      store,
      fileOf([todo({ deleted: true, deletedAt: LATER, modifiedAt: LATER })]),
    );
    expect(plan.ok && plan.change).toHaveLength(1);
    if (plan.ok) applyImport(store, createHistory(store), plan, 'Imported');
    expect(store.get('todo', 'todo-1')).toBeUndefined();
    expect(store.get('todo', 'todo-1', { includeDeleted: true })?.deletedAt).toBe(LATER);
  });

  test('an item edited after the plan was made keeps the edit', () => {
    const { store } = storeWith(todo());
    const plan = planImport(store, fileOf([todo({ title: 'From file', modifiedAt: LATER })]));
    store.put(todo({ title: 'Edited meanwhile' }));
    if (plan.ok) expect(applyImport(store, createHistory(store), plan, 'Imported')).toBe(0);
    expect(store.get('todo', 'todo-1')?.title).toBe('Edited meanwhile');
  });
});
