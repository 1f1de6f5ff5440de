import { describe, expect, test } from 'vitest';
import { timeline, todo } from '#shared/nowou-record-fixtures';
import { isLaterChange, resolveConflict } from './conflicts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

describe('resolveConflict', () => {
  const base = todo({ title: 'Plan', modifiedAt: at(0) });

  test('copies that differ only in their time are the same', () => {
    expect(
      resolveConflict(
        { item: { ...base, modifiedAt: at(1) }, device: 'a' },
        { item: { ...base, modifiedAt: at(2) }, device: 'b' },
        base,
      ),
    ).toEqual({ kind: 'same' });
  });

  test('without the version both started from, the later copy wins whole', () => {
    const server = { item: { ...base, title: 'Server', modifiedAt: at(5) }, device: 'a' };
    const pushed = { item: { ...base, priority: 2, modifiedAt: at(3) }, device: 'b' };
    expect(resolveConflict(server, pushed, null)).toEqual({ kind: 'server-wins' });
    expect(resolveConflict(pushed, server, null)).toEqual({ kind: 'pushed-wins' });
  });

  test('items other than to-dos are never merged', () => {
    const start = timeline({ name: 'Start', modifiedAt: at(0) });
    const server = { item: { ...start, name: 'Renamed', modifiedAt: at(2) }, device: 'a' };
    const pushed = { item: { ...start, color: '#336699', modifiedAt: at(1) }, device: 'b' };
    expect(resolveConflict(server, pushed, start)).toEqual({ kind: 'server-wins' });
  });

  test('a deletion on one side and an edit on the other: deleted, with the edit kept inside', () => {
    const server = {
      item: { ...base, deleted: true, deletedAt: at(4), modifiedAt: at(4) },
      device: 'a',
    };
    const pushed = { item: { ...base, notes: 'Bring slides', modifiedAt: at(6) }, device: 'b' };
    const outcome = resolveConflict(server, pushed, base);
    expect(outcome).toMatchObject({
      kind: 'merged',
      item: { deleted: true, deletedAt: at(4), notes: 'Bring slides' },
    });
  });

  test('fields that belong together come from one side: done with its time, a day with its schedule', () => {
    const server = { item: { ...base, done: true, doneAt: at(9), modifiedAt: at(9) }, device: 'a' };
    const pushed = {
      item: { ...base, list: 'day:2026-11-02' as const, time: '10:00', modifiedAt: at(8) },
      device: 'b',
    };
    expect(resolveConflict(server, pushed, base)).toMatchObject({
      kind: 'merged',
      item: { done: true, doneAt: at(9), list: 'day:2026-11-02', time: '10:00' },
    });
  });

  test('any other field is merged on its own: one taken away on one side stays away', () => {
    const linked = { ...base, source: { boardId: 'b1', nodeId: 'n1' } } as unknown as typeof base;
    const server = { item: { ...linked, title: 'Server title', modifiedAt: at(3) }, device: 'a' };
    const pushed = { item: { ...base, priority: 1, modifiedAt: at(4) }, device: 'b' };
    const outcome = resolveConflict(server, pushed, linked);
    expect(outcome).toMatchObject({ kind: 'merged', item: { title: 'Server title', priority: 1 } });
    expect(outcome.kind === 'merged' && 'source' in outcome.item).toBe(false);
  });
});

describe('isLaterChange', () => {
  test('the later time wins; at the same time the larger device id', () => {
    const early = { item: todo({ modifiedAt: at(1) }), device: 'z' };
    const late = { item: todo({ modifiedAt: at(2) }), device: 'a' };
    expect(isLaterChange(late, early)).toBe(true);
    expect(isLaterChange(early, late)).toBe(false);
    const b = { item: todo({ modifiedAt: at(1) }), device: 'b' };
    const a = { item: todo({ modifiedAt: at(1) }), device: 'a' };
    expect(isLaterChange(b, a)).toBe(true);
    expect(isLaterChange(a, b)).toBe(false);
  });
});
