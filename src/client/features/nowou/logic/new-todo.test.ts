import { describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { todoSchema } from '#shared/nowou-records';
import { newTodo, orderAtEnd, todoFromQuickAdd } from './new-todo';
import { parseQuickAdd } from './quick-add';
import { tickChanges } from './series';

describe('a new to-do', () => {
  const now = new Date(2026, 2, 10, 9, 0);

  test('starts from the defaults: valid, not done, no time, no block, arrays of its own', () => {
    const made = newTodo({ id: 'n1', title: 'Read', list: 'inbox', order: 'V' }, now);
    expect(todoSchema.parse(made)).toMatchObject({
      kind: 'todo',
      done: false,
      time: null,
      schedule: null,
      recurrence: null,
      modifiedAt: now.toISOString(),
    });
    const other = newTodo({ id: 'n2', title: 'Write', list: 'inbox', order: 'W' }, now);
    made.tags.push('mine');
    expect(other.tags).toEqual([]);
  });

  test('a new to-do goes after every to-do of its list, done ones included', () => {
    const todos = [
      todo({ id: 'a', order: 'V' }),
      todo({ id: 'b', order: 'X', done: true, doneAt: '2026-03-01T10:00:00.000Z' }),
      todo({ id: 'c', order: 'z', list: 'someday' }),
    ];
    expect(orderAtEnd(todos, 'inbox') > 'X').toBe(true);
    expect(orderAtEnd([], 'inbox')).toBe('V');
  });

  test('a day and a time put it on the default timeline, for its duration or 30 minutes', () => {
    const timed = parseQuickAdd('Gym tomorrow 18:00 45m', now);
    const made = todoFromQuickAdd(timed, 'day:2026-03-11', 'V', 'id-2', now, 'tl-1');
    expect(todoSchema.parse(made).schedule).toMatchObject({ timelineId: 'tl-1' });
    expect(new Date(made.schedule!.start).getTime()).toBe(new Date(2026, 2, 11, 18, 0).getTime());
    expect(new Date(made.schedule!.end).getTime()).toBe(new Date(2026, 2, 11, 18, 45).getTime());
    const short = todoFromQuickAdd(
      parseQuickAdd('Call tomorrow 9:15', now),
      'day:2026-03-11',
      'V',
      'id-3',
      now,
      'tl-1',
    );
    expect(Date.parse(short.schedule!.end) - Date.parse(short.schedule!.start)).toBe(30 * 60_000);
    // No time, or no timeline: nothing on a timeline.
    expect(
      todoFromQuickAdd(parseQuickAdd('Gym tomorrow', now), 'inbox', 'V', 'x', now, 'tl-1').schedule,
    ).toBeNull();
    expect(todoFromQuickAdd(timed, 'inbox', 'V', 'x', now, null).schedule).toBeNull();
  });

  test('a repeating line starts a series that ticking continues', () => {
    // Tuesday 10 March 2026: "every mon 7:00" starts Monday 16 March, on the timeline.
    const line = parseQuickAdd('every mon 7:00 gym', now);
    const made = todoFromQuickAdd(line, `day:${line.day}`, 'V', 'gym-1', now, 'tl-1');
    expect(todoSchema.parse(made)).toMatchObject({
      title: 'gym',
      list: 'day:2026-03-16',
      time: '07:00',
      recurrence: { kind: 'weekly', days: [1] },
      seriesId: 'gym-1',
    });
    const { next } = tickChanges(made, true, '2026-03-16', [made], now);
    expect(next).toMatchObject({ list: 'day:2026-03-23', seriesId: 'gym-1', title: 'gym' });
    expect(todoFromQuickAdd(parseQuickAdd('gym', now), 'inbox', 'V', 'x', now)).not.toHaveProperty(
      'seriesId',
    );
  });
});
