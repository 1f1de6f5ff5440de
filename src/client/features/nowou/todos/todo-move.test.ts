import { afterEach, describe, expect, test } from 'vitest';
import { T0, todo } from '#shared/nowou-record-fixtures';
import { todoSchema, type Todo } from '#shared/nowou-records';
import { RENUMBER_AT, compareOrderKeys } from '../logic/order-keys';
import { scheduleOnDay, toLocalIso } from '../logic/local-time';
import { placeTodo, rollOverTo, withList } from './todo-move';

const zoneAtStart = process.env.TZ;
afterEach(() => {
  if (zoneAtStart === undefined) delete process.env.TZ;
  else process.env.TZ = zoneAtStart;
});

const at = (day: number, hours: number, minutes = 0) =>
  toLocalIso(new Date(2026, 2, day, hours, minutes).getTime());

/** Local "D HH:MM-HH:MM" of a stored schedule. */
function clock(schedule: Todo['schedule']): string {
  if (!schedule) return 'none';
  const [start, end] = [new Date(schedule.start), new Date(schedule.end)];
  const hm = (d: Date) =>
    `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return `${start.getDate()} ${hm(start)}-${hm(end)}`;
}

const scheduledLunch = () =>
  todo({
    id: 'lunch',
    list: 'day:2026-03-10',
    time: '12:30',
    duration: 60,
    schedule: { timelineId: 'tl-1', start: at(10, 12, 30), end: at(10, 13, 30) },
  });

describe('a to-do moved to another day takes its block along', () => {
  test('to another day: the same time of day and length, on that day', () => {
    const moved = withList(scheduledLunch(), 'day:2026-03-13', 'W');
    expect(todoSchema.parse(moved)).toMatchObject({
      list: 'day:2026-03-13',
      order: 'W',
      time: '12:30',
    });
    expect(clock(moved.schedule)).toBe('13 12:30-13:30');
    expect(moved.schedule?.timelineId).toBe('tl-1');
  });

  test('off the days (Inbox, Someday, a list) the block stays; an unscheduled one just moves', () => {
    for (const list of ['inbox', 'someday', 'list:groceries'] as const) {
      const moved = withList(scheduledLunch(), list);
      expect(moved.list).toBe(list);
      expect(moved.schedule).toEqual(scheduledLunch().schedule);
    }
    const plain = withList(todo({ list: 'day:2026-03-10', time: '09:00' }), 'day:2026-03-11');
    expect(plain).toMatchObject({ list: 'day:2026-03-11', time: '09:00', schedule: null });
  });

  test('an Inbox to-do on a timeline put on a day goes to that day; the same day changes nothing', () => {
    const inbox = { ...scheduledLunch(), list: 'inbox' as const };
    expect(clock(withList(inbox, 'day:2026-03-20').schedule)).toBe('20 12:30-13:30');
    const same = withList(scheduledLunch(), 'day:2026-03-10');
    expect(same).toEqual(scheduledLunch());
  });

  test('a block that runs past midnight keeps its length', () => {
    const late = todo({
      list: 'day:2026-03-10',
      schedule: { timelineId: 'tl-1', start: at(10, 23), end: at(11, 1) },
    });
    const moved = withList(late, 'day:2026-03-12');
    expect(clock(moved.schedule)).toBe('12 23:00-01:00');
    expect(Date.parse(moved.schedule!.end) - Date.parse(moved.schedule!.start)).toBe(2 * 3600_000);
  });

  test('across a daylight-saving change the clock time stays, not the hours since', () => {
    process.env.TZ = 'Europe/Stockholm';
    const start = toLocalIso(new Date(2026, 2, 27, 9, 0).getTime());
    const end = toLocalIso(new Date(2026, 2, 27, 10, 0).getTime());
    const schedule = { timelineId: 'tl-1', start, end };
    // Clocks go forward on 29 March 2026 in Stockholm.
    const moved = scheduleOnDay(schedule, '2026-03-30');
    expect(clock(moved)).toBe('30 09:00-10:00');
    expect(moved.start).toMatch(/\+02:00$/);
  });

  test('placeTodo puts it at the end of its new list with its block moved, in one write', () => {
    const others = [todo({ id: 'a', list: 'day:2026-03-13', order: 'V' })];
    const written = placeTodo([scheduledLunch(), ...others], scheduledLunch(), 'day:2026-03-13');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ id: 'lunch', list: 'day:2026-03-13' });
    expect(written[0]!.order > 'V').toBe(true);
    expect(clock(written[0]!.schedule)).toBe('13 12:30-13:30');
  });

  test('Roll over moves every unfinished earlier to-do to the end of today, blocks with them', () => {
    const todos = [
      scheduledLunch(),
      todo({ id: 'old', list: 'day:2026-03-02', order: 'V' }),
      todo({ id: 'today', list: 'day:2026-03-12', order: 'V' }),
      todo({ id: 'done', list: 'day:2026-03-01', done: true, doneAt: T0 }),
      todo({ id: 'gone', list: 'day:2026-03-01', deleted: true, deletedAt: T0 }),
    ];
    const moved = rollOverTo(todos, '2026-03-12');
    expect(moved.map((item) => item.id)).toEqual(['old', 'lunch']);
    for (const item of moved) expect(item.list).toBe('day:2026-03-12');
    expect(moved[0]!.order > 'V' && moved[1]!.order > moved[0]!.order).toBe(true);
    expect(clock(moved[1]!.schedule)).toBe('12 12:30-13:30');
    // Only those given, when asked.
    expect(rollOverTo(todos, '2026-03-12', [todos[1]!]).map((item) => item.id)).toEqual(['old']);
  });
});

describe('order keys never near the schema’s limit', () => {
  test('moving to one spot again and again renumbers the list once keys pass the limit', () => {
    let todos: Todo[] = ['a', 'b', 'c'].map((id, i) =>
      todo({ id, list: 'inbox', order: ['U', 'V', 'W'][i] }),
    );
    let renumbered = 0;
    let longest = 0;
    for (let i = 0; i < 600; i += 1) {
      // Move the last to-do to just after the first, again and again: the worst case.
      const sorted = [...todos].sort((x, y) => compareOrderKeys(x.order, y.order));
      const last = sorted.at(-1)!;
      const written = placeTodo(todos, last, 'inbox', { after: sorted[0]!.id });
      if (written.length > 1) renumbered += 1;
      const byId = new Map(written.map((item) => [item.id, item]));
      todos = todos.map((item) => byId.get(item.id) ?? item);
      for (const item of todos) {
        longest = Math.max(longest, item.order.length);
        expect(todoSchema.safeParse(item).success).toBe(true);
      }
      const after = [...todos].sort((x, y) => compareOrderKeys(x.order, y.order));
      expect(after[1]!.id).toBe(last.id);
      expect(new Set(todos.map((item) => item.order)).size).toBe(todos.length);
    }
    expect(renumbered).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(RENUMBER_AT);
  });

  test('adding at the end of a long list renumbers it, tombstones too, in the same write', () => {
    const long = 'z'.repeat(RENUMBER_AT);
    const todos = [
      todo({ id: 'a', order: 'V' }),
      todo({ id: 'b', order: long }),
      todo({ id: 'c', order: `${long}1`, deleted: true, deletedAt: T0 }),
      todo({ id: 'other', list: 'someday', order: `${long}2` }),
    ];
    const written = placeTodo(todos, todo({ id: 'new' }), 'inbox');
    expect(written[0]!.id).toBe('new');
    expect(written.map((item) => item.id).sort()).toEqual(['a', 'b', 'c', 'new']);
    const orders = written.map((item) => item.order);
    for (const order of orders) expect(order).toHaveLength(1);
    const byId = new Map(written.map((item) => [item.id, item.order]));
    expect(byId.get('a')! < byId.get('b')!).toBe(true);
    expect(byId.get('b')! < byId.get('c')!).toBe(true);
    expect(byId.get('c')! < byId.get('new')!).toBe(true);
    // The tombstone stays one: only its key changed.
    expect(written.find((item) => item.id === 'c')).toMatchObject({ deleted: true });
  });

  test('two to-dos sharing a key (two tabs) get a renumbered list instead of no move', () => {
    const todos = [
      todo({ id: 'a', order: 'V' }),
      todo({ id: 'b', order: 'V' }),
      todo({ id: 'c', order: 'W' }),
    ];
    const written = placeTodo(todos, todos[2]!, 'inbox', { after: 'a' });
    const byId = new Map(written.map((item) => [item.id, item.order]));
    const order = (id: string) => byId.get(id) ?? todos.find((item) => item.id === id)!.order;
    expect(order('a') < order('c') && order('c') < order('b')).toBe(true);
  });
});
