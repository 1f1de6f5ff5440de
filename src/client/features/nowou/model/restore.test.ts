import { beforeEach, expect, test } from 'vitest';
import { createHistory, type History } from './history';
import { createItemStore, type ItemStore } from './item-store';
import { restorePlan } from './restore';
import { T0, textBox, timeline, todo } from '#shared/nowou-record-fixtures';
import { MemoryStorage } from './test-fixtures';

let store: ItemStore;
let history: History;

const groceries = {
  id: 'groceries',
  v: 1,
  modifiedAt: T0,
  deleted: false,
  kind: 'list',
  name: 'Groceries',
  order: 'V',
} as const;

let clock = Date.parse('2026-04-01T08:00:00.000Z');

beforeEach(() => {
  clock = Date.parse('2026-04-01T08:00:00.000Z');
  // Each read of the clock is a millisecond later: items deleted together must still match.
  const tick = () => new Date((clock += 1));
  store = createItemStore({ storage: new MemoryStorage(), now: tick, onProblem: () => {} });
  store.load();
  history = createHistory(store, { now: () => (clock += 1) });
});

test('a list comes back with the to-dos deleted with it, not with one deleted before', () => {
  history.change(
    [
      groceries,
      todo({ id: 'a', list: 'list:groceries' }),
      todo({ id: 'b', list: 'list:groceries' }),
    ],
    { label: 'Made' },
  );
  history.remove([{ kind: 'todo', id: 'b' }], { label: 'Deleted b' });
  // Later, the list and what is left in it go in one step.
  history.remove(
    [
      { kind: 'list', id: 'groceries' },
      { kind: 'todo', id: 'a' },
    ],
    { label: 'Deleted the list' },
  );
  const plan = restorePlan(store, store.get('list', 'groceries', { includeDeleted: true })!);
  expect(plan.map((item) => item.id)).toEqual(['groceries', 'a']);
  expect(plan.every((item) => !item.deleted && item.deletedAt === undefined)).toBe(true);
});

test('a to-do whose list stays deleted comes back to the Inbox', () => {
  const deletedAt = new Date().toISOString();
  store.put({ ...groceries, deleted: true, deletedAt });
  store.put(todo({ id: 'a', list: 'list:groceries', deleted: true, deletedAt }));
  const [back] = restorePlan(store, store.get('todo', 'a', { includeDeleted: true })!);
  expect(back).toMatchObject({ id: 'a', list: 'inbox', deleted: false });
  // While its list is there, it goes back to it.
  store.put(todo({ id: 'b', list: 'inbox', deleted: true, deletedAt }));
  expect(restorePlan(store, store.get('todo', 'b', { includeDeleted: true })!)[0]).toMatchObject({
    list: 'inbox',
  });
});

test('a timeline brings its notes deleted with it; a note brings back its deleted timeline', () => {
  const deletedAt = new Date().toISOString();
  store.put(timeline({ id: 'tl-1', deleted: true, deletedAt }));
  store.put(textBox({ id: 'n1', deleted: true, deletedAt }));
  const other = new Date(Date.now() - 5000).toISOString();
  store.put(textBox({ id: 'n0', deleted: true, deletedAt: other }));
  const plan = restorePlan(store, store.get('timeline', 'tl-1', { includeDeleted: true })!);
  expect(plan.map((item) => item.id)).toEqual(['tl-1', 'n1']);
  const fromNote = restorePlan(store, store.get('textBox', 'n0', { includeDeleted: true })!);
  expect(fromNote.map((item) => item.id)).toEqual(['n0', 'tl-1']);
});
