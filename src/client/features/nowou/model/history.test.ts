import { beforeEach, describe, expect, test } from 'vitest';
import { createHistory } from './history';
import { createItemStore, type ItemStore } from './item-store';
import { storageKeyOf } from '#shared/nowou-records';
import { todo } from '#shared/nowou-record-fixtures';
import { MemoryStorage } from './test-fixtures';

let storage: MemoryStorage;
let store: ItemStore;
let clock: number;

function openStore(): ItemStore {
  const opened = createItemStore({
    storage,
    now: () => new Date(clock),
    onProblem: () => {},
  });
  opened.load();
  return opened;
}

beforeEach(() => {
  storage = new MemoryStorage();
  clock = Date.parse('2026-04-01T08:00:00.000Z');
  store = openStore();
});

function tick(ms = 10) {
  clock += ms;
}

describe('createHistory', () => {
  test('undo of a new item deletes it, redo brings it back', () => {
    const history = createHistory(store, { now: () => clock });
    history.change([todo({ id: 'a', title: 'Call mum' })], { label: 'Added Call mum' });
    tick();
    expect(history.undo()).toEqual({ label: 'Added Call mum' });
    expect(store.get('todo', 'a')).toBeUndefined();
    expect(store.get('todo', 'a', { includeDeleted: true })?.deleted).toBe(true);
    tick();
    expect(history.redo()).toEqual({ label: 'Added Call mum' });
    expect(store.get('todo', 'a')?.title).toBe('Call mum');
  });

  test('undo of a change writes the earlier copy with a later modification time', () => {
    store.put(todo({ id: 'a', title: 'Old' }));
    tick();
    const history = createHistory(store, { now: () => clock });
    history.change([{ ...store.get('todo', 'a')!, title: 'New' }], { label: 'Renamed' });
    const changedAt = store.get('todo', 'a')!.modifiedAt;
    tick();
    history.undo();
    const undone = store.get('todo', 'a')!;
    expect(undone.title).toBe('Old');
    expect(Date.parse(undone.modifiedAt)).toBeGreaterThan(Date.parse(changedAt));
    store.flush();
    expect(JSON.parse(storage.getItem(storageKeyOf('todo', 'a'))!).title).toBe('Old');
  });

  test('undo of a delete restores the item; a new change clears redo', () => {
    store.put(todo({ id: 'a' }));
    const history = createHistory(store, { now: () => clock });
    expect(history.remove([{ kind: 'todo', id: 'a' }], { label: 'Deleted' })).toBe(true);
    expect(store.get('todo', 'a')).toBeUndefined();
    tick();
    history.undo();
    expect(store.get('todo', 'a')?.deleted).toBe(false);
    expect(history.canRedo()).toBe(true);
    tick();
    history.change([todo({ id: 'b' })], { label: 'Added' });
    expect(history.canRedo()).toBe(false);
  });

  test('one step holds several items: a gesture moving two undoes both', () => {
    store.put(todo({ id: 'a', order: 'a' }));
    store.put(todo({ id: 'b', order: 'b' }));
    const history = createHistory(store, { now: () => clock });
    tick();
    history.change(
      [
        { ...store.get('todo', 'a')!, order: 'c' },
        { ...store.get('todo', 'b')!, order: 'd' },
      ],
      { label: 'Moved' },
    );
    tick();
    history.undo();
    expect(store.get('todo', 'a')?.order).toBe('a');
    expect(store.get('todo', 'b')?.order).toBe('b');
  });

  test('a typing burst in one group is one step; a pause or another group starts a new one', () => {
    store.put(todo({ id: 'a', notes: '' }));
    const history = createHistory(store, { now: () => clock, groupMs: 1000 });
    for (const notes of ['h', 'he', 'hel', 'hell', 'hello']) {
      tick(200);
      history.change([{ ...store.get('todo', 'a')!, notes }], { label: 'Typed', group: 'notes-a' });
    }
    tick(1500);
    history.change([{ ...store.get('todo', 'a')!, notes: 'hello!' }], {
      label: 'Typed',
      group: 'notes-a',
    });
    tick();
    history.undo();
    expect(store.get('todo', 'a')?.notes).toBe('hello');
    tick();
    history.undo();
    expect(store.get('todo', 'a')?.notes).toBe('');
    expect(history.canUndo()).toBe(false);
  });

  test('a step whose item another tab changed since is skipped, not half-applied', () => {
    store.put(todo({ id: 'a', title: 'One' }));
    const history = createHistory(store, { now: () => clock });
    tick();
    history.change([{ ...store.get('todo', 'a')!, title: 'Two' }], { label: 'Renamed' });
    tick();
    // Another tab writes a later copy.
    const theirs = {
      ...store.get('todo', 'a')!,
      title: 'Theirs',
      modifiedAt: new Date(clock + 5000).toISOString(),
    };
    store.applyExternalChange(storageKeyOf('todo', 'a'), JSON.stringify(theirs));
    expect(history.undo()).toBeNull();
    expect(store.get('todo', 'a')?.title).toBe('Theirs');
    expect(history.canUndo()).toBe(false);
  });

  test('undo, redo and undo again keep alternating on the same item', () => {
    const history = createHistory(store, { now: () => clock });
    history.change([todo({ id: 'a', title: 'x' })], { label: 'Added' });
    for (let round = 0; round < 3; round += 1) {
      tick();
      expect(history.undo()).not.toBeNull();
      expect(store.get('todo', 'a')).toBeUndefined();
      tick();
      expect(history.redo()).not.toBeNull();
      expect(store.get('todo', 'a')?.title).toBe('x');
    }
  });

  test('subscribers hear each step, undo and redo', () => {
    const history = createHistory(store, { now: () => clock });
    let heard = 0;
    history.subscribe(() => (heard += 1));
    history.change([todo({ id: 'a' })], { label: 'Added' });
    history.undo();
    history.redo();
    expect(heard).toBe(3);
  });

  test('a change with one item the store would refuse writes none of them', () => {
    store.put(todo({ id: 'a', title: 'Kept' }));
    const history = createHistory(store, { now: () => clock });
    tick();
    const ok = history.change(
      [{ ...store.get('todo', 'a')!, title: 'Changed' }, todo({ id: 'b', priority: 9 })],
      { label: 'Both' },
    );
    expect(ok).toBe(false);
    expect(store.get('todo', 'a')?.title).toBe('Kept');
    expect(store.get('todo', 'b')).toBeUndefined();
    expect(history.canUndo()).toBe(false);
  });
});
