import { describe, expect, test } from 'vitest';
import { isProductivityStorageKey } from './storage-keys';
import {
  DEFAULT_TIMELINE_KEY,
  itemKeyParts,
  itemSchema,
  parseStoredItem,
  storageKeyOf,
  type Item,
} from './nowou-records';
import { T0, textBox, timeline, todo } from './nowou-record-fixtures';

describe('storage keys', () => {
  test('each kind has its product prefix, all inside Nowou’s reserved keys', () => {
    expect(storageKeyOf('todo', 'a1')).toBe('todo-a1');
    expect(storageKeyOf('timeline', 'a1')).toBe('timeline-a1');
    expect(storageKeyOf('textBox', 'a1')).toBe('textBox-a1');
    expect(DEFAULT_TIMELINE_KEY).toBe('defaultTimeline');
    for (const key of ['todo-a1', 'timeline-a1', 'textBox-a1', DEFAULT_TIMELINE_KEY]) {
      expect(isProductivityStorageKey(key), key).toBe(true);
    }
    expect(itemKeyParts('textBox-x')).toEqual({ kind: 'textBox', id: 'x' });
    expect(itemKeyParts('defaultTimeline')).toBeNull();
    expect(itemKeyParts('brainstorm-x')).toEqual({ kind: 'brainstorm', id: 'x' });
    expect(itemKeyParts('textElement-x')).toEqual({ kind: 'textElement', id: 'x' });
    expect(itemKeyParts('brainstorms')).toBeNull();
  });
});

describe('schemas accept valid items', () => {
  const id = crypto.randomUUID();
  test.each<[string, Item]>([
    ['a plain to-do', todo({ id })],
    [
      'a to-do with every field',
      todo({
        notes: 'two litres',
        list: 'day:2024-02-29',
        done: true,
        doneAt: T0,
        tags: ['home', 'errand'],
        priority: 3,
        time: '23:59',
        duration: 1440,
        schedule: { timelineId: 'tl-1', start: T0, end: '2026-03-01T12:00:00+01:00' },
        subtasks: [{ id: 's1', title: 'Find bag', done: true }],
        recurrence: { kind: 'weekly', days: [0, 6] },
        seriesId: 'series-1',
        source: { boardId: 'board-1', nodeId: 'node-1' },
      }),
    ],
    ['a to-do on a list', todo({ list: 'list:abc-1', recurrence: { kind: 'everyNDays', n: 365 } })],
    [
      'a someday to-do repeating monthly',
      todo({ list: 'someday', recurrence: { kind: 'monthly', day: 31 } }),
    ],
    ['a tombstone', todo({ deleted: true, deletedAt: T0 })],
    ['a timeline', timeline({ color: '#aa00FF' })],
    ['a text box on a day', textBox()],
    [
      'a text box on a time range',
      textBox({ anchor: { timelineId: 'tl-1', start: T0, end: '2026-03-01T10:30:00.000Z' } }),
    ],
  ])('%s', (_, item) => {
    expect(itemSchema.safeParse(item).error?.issues).toBeUndefined();
  });
});

describe('schemas reject bad values', () => {
  test.each<[string, unknown, string]>([
    ['an id with a space', todo({ id: 'a b' }), 'id'],
    ['another version', { ...todo(), v: 0 }, 'v'],
    ['a modifiedAt that is not ISO', todo({ modifiedAt: 'yesterday' }), 'modifiedAt'],
    ['deleted without deletedAt', todo({ deleted: true }), 'deletedAt'],
    ['deletedAt on a live item', todo({ deletedAt: T0 }), 'deletedAt'],
    ['an unknown field', { ...todo(), colour: 'red' }, ''],
    ['a source without its node', { ...todo(), source: { boardId: 'board-1' } }, 'source.nodeId'],
    ['an empty title', todo({ title: '' }), 'title'],
    ['a title of 501 characters', todo({ title: 'x'.repeat(501) }), 'title'],
    ['notes of 10,001 characters', todo({ notes: 'x'.repeat(10_001) }), 'notes'],
    ['an unknown list', todo({ list: 'later' as never }), 'list'],
    ['a day list that is no day', todo({ list: 'day:2023-02-29' }), 'list'],
    ['a list without an id', todo({ list: 'list:' }), 'list'],
    ['an empty order key', todo({ order: '' }), 'order'],
    ['an order key ending in 0', todo({ order: 'V0' }), 'order'],
    ['an order key with a dot', timeline({ order: 'V.1' }), 'order'],
    ['done without doneAt', todo({ done: true }), 'doneAt'],
    ['doneAt while not done', todo({ doneAt: T0 }), 'doneAt'],
    ['21 tags', todo({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 'tags'],
    ['a tag of 41 characters', todo({ tags: ['x'.repeat(41)] }), 'tags.0'],
    ['an upper-case tag', todo({ tags: ['Home'] }), 'tags.0'],
    ['a tag twice', todo({ tags: ['home', 'home'] }), 'tags'],
    ['priority 4', todo({ priority: 4 }), 'priority'],
    ['priority 1.5', todo({ priority: 1.5 }), 'priority'],
    ['time 24:00', todo({ time: '24:00' }), 'time'],
    ['time 9:00', todo({ time: '9:00' }), 'time'],
    ['duration 0', todo({ duration: 0 }), 'duration'],
    ['duration 1441', todo({ duration: 1441 }), 'duration'],
    [
      'a schedule ending at its start',
      todo({ schedule: { timelineId: 'tl', start: T0, end: T0 } }),
      'schedule.end',
    ],
    [
      'a schedule without a timeline',
      { ...todo(), schedule: { start: T0, end: T0 } },
      'schedule.timelineId',
    ],
    [
      '101 subtasks',
      todo({
        subtasks: Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, title: 'x', done: false })),
      }),
      'subtasks',
    ],
    [
      'a subtask without a title',
      todo({ subtasks: [{ id: 's', title: '', done: false }] }),
      'subtasks.0.title',
    ],
    ['an unknown recurrence', { ...todo(), recurrence: { kind: 'yearly' } }, 'recurrence.kind'],
    ['weekly on day 7', todo({ recurrence: { kind: 'weekly', days: [7] } }), 'recurrence.days.0'],
    ['weekly on no day', todo({ recurrence: { kind: 'weekly', days: [] } }), 'recurrence.days'],
    ['monthly on day 32', todo({ recurrence: { kind: 'monthly', day: 32 } }), 'recurrence.day'],
    ['every 0 days', todo({ recurrence: { kind: 'everyNDays', n: 0 } }), 'recurrence.n'],
    ['every 366 days', todo({ recurrence: { kind: 'everyNDays', n: 366 } }), 'recurrence.n'],
    ['a timeline without a name', timeline({ name: '' }), 'name'],
    ['a timeline name of 101 characters', timeline({ name: 'x'.repeat(101) }), 'name'],
    ['a timeline colour by name', timeline({ color: 'red' }), 'color'],
    ['a text of 20,001 characters', textBox({ text: 'x'.repeat(20_001) }), 'text'],
    [
      'a text box on no day',
      textBox({ anchor: { timelineId: 'tl', day: '2026-13-01' } }),
      'anchor.day',
    ],
    ['a text box anchored nowhere', { ...textBox(), anchor: { timelineId: 'tl' } }, 'anchor'],
    ['an unknown kind', { ...todo(), kind: 'note' }, 'kind'],
  ])('%s', (_, value, path) => {
    const result = itemSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});

describe('parseStoredItem', () => {
  test('reads a valid value', () => {
    expect(parseStoredItem('todo-todo-1', JSON.stringify(todo()))).toEqual({
      ok: true,
      item: todo(),
    });
  });

  test('reports, never throws, on values it cannot read', () => {
    expect(parseStoredItem('todo-todo-1', '{oops')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseStoredItem('todo-todo-1', 'null')).toEqual({ ok: false, reason: 'not a record' });
    const bad = parseStoredItem('todo-todo-1', JSON.stringify(todo({ priority: 9 })));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/^priority: /);
  });

  test('a newer version is reported as such, whatever its fields', () => {
    expect(
      parseStoredItem('todo-todo-1', JSON.stringify({ id: 'todo-1', v: 2, shape: 'new' })),
    ).toEqual({
      ok: false,
      reason: 'version 2 is newer than this app reads',
    });
  });

  test('the key must name the item’s own kind and id', () => {
    expect(parseStoredItem('todo-other', JSON.stringify(todo()))).toEqual({
      ok: false,
      reason: 'holds todo-todo-1',
    });
    expect(parseStoredItem('timeline-todo-1', JSON.stringify(todo())).ok).toBe(false);
    expect(parseStoredItem('brainstorm-1', JSON.stringify(todo())).ok).toBe(false);
    expect(parseStoredItem('textElement-todo-1', JSON.stringify(todo())).ok).toBe(false);
  });
});

describe('custom lists', () => {
  const list = {
    id: 'groceries',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'list',
    name: 'Groceries',
    order: 'V',
  } as const;

  test('live under todo-list-<id>, inside the to-dos’ prefix, and read back as lists', () => {
    const key = storageKeyOf('list', 'groceries');
    expect(key).toBe('todo-list-groceries');
    expect(isProductivityStorageKey(key)).toBe(true);
    expect(itemKeyParts(key)).toEqual({ kind: 'list', id: 'groceries' });
    expect(parseStoredItem(key, JSON.stringify(list))).toEqual({ ok: true, item: list });
    // A to-do never takes such a key: no to-do id starts with list-.
    expect(itemSchema.safeParse(todo({ id: 'list-x' })).success).toBe(false);
    expect(parseStoredItem(key, JSON.stringify(todo())).ok).toBe(false);
  });

  test('a list needs a name of 1 to 60 characters', () => {
    expect(itemSchema.safeParse({ ...list, name: '  ' }).success).toBe(false);
    expect(itemSchema.safeParse({ ...list, name: 'x'.repeat(61) }).success).toBe(false);
    expect(itemSchema.safeParse({ ...list, name: 'Ärenden för jul' }).success).toBe(true);
  });
});

describe('brainstorm boards and their nodes', () => {
  const board = {
    id: 'b1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'brainstorm',
    title: 'Launch plan',
    viewport: { x: 0, y: 0, zoom: 1 },
    nodeOrder: ['n1', 'n2'],
    edges: [
      {
        id: 'e1',
        fromNode: 'n1',
        fromSide: 'right',
        toNode: 'n2',
        toEnd: 'arrow',
        color: '4',
        label: 'then',
      },
    ],
    order: 'V',
  } as const;
  const node = {
    id: 'n1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'textElement',
    boardId: 'b1',
    type: 'text',
    x: -120,
    y: 40,
    width: 250,
    height: 60,
    text: 'Launch',
  } as const;

  test('live under brainstorm-<id> and textElement-<id> in the JSON Canvas shapes', () => {
    expect(parseStoredItem('brainstorm-b1', JSON.stringify(board))).toEqual({
      ok: true,
      item: board,
    });
    expect(parseStoredItem('textElement-n1', JSON.stringify(node))).toEqual({
      ok: true,
      item: node,
    });
    expect(
      itemSchema.safeParse({
        ...node,
        type: 'group',
        text: undefined,
        label: 'Ideas',
        color: '#aabbcc',
      }).success,
    ).toBe(true);
  });

  test('refuse what JSON Canvas does not allow', () => {
    expect(itemSchema.safeParse({ ...node, x: 1.5 }).success).toBe(false);
    expect(itemSchema.safeParse({ ...node, width: 0 }).success).toBe(false);
    expect(itemSchema.safeParse({ ...node, color: '7' }).success).toBe(false);
    expect(itemSchema.safeParse({ ...node, text: undefined }).success).toBe(false);
    expect(itemSchema.safeParse({ ...node, type: 'link', text: undefined }).success).toBe(false);
    const link = { ...node, type: 'link', text: undefined };
    expect(itemSchema.safeParse({ ...link, url: 'https://example.com' }).success).toBe(true);
    expect(itemSchema.safeParse({ ...link, url: 'JavaScript:alert(1)' }).success).toBe(false);
    expect(itemSchema.safeParse({ ...link, url: 'data:text/html,x' }).success).toBe(false);
    expect(
      itemSchema.safeParse({ ...board, edges: [{ ...board.edges[0], toSide: 'middle' }] }).success,
    ).toBe(false);
    expect(itemSchema.safeParse({ ...board, title: ' ' }).success).toBe(false);
  });
});
