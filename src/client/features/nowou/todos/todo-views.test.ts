import { describe, expect, test } from 'vitest';
import { parseQuickAdd } from '../logic/quick-add';
import { T0, todo } from '#shared/nowou-record-fixtures';
import { todoSchema } from '#shared/nowou-records';
import {
  doneWhen,
  everyTodo,
  listOfQuickAdd,
  rolloverCandidates,
  spotForDrop,
  spotForStep,
  todosInView,
} from './todo-views';
import { todoFromQuickAdd } from '../logic/new-todo';

const TODAY = '2026-03-10';

describe('views', () => {
  const todos = [
    todo({ id: 'a', list: 'inbox', order: 'W' }),
    todo({ id: 'b', list: 'inbox', order: 'V' }),
    todo({ id: 'c', list: `day:${TODAY}` }),
    todo({ id: 'd', list: 'day:2026-03-11' }),
    todo({ id: 'e', list: 'someday' }),
    todo({ id: 'f', list: 'inbox', done: true, doneAt: '2026-03-09T10:00:00.000Z' }),
    todo({ id: 'g', list: 'someday', done: true, doneAt: '2026-03-10T10:00:00.000Z' }),
    todo({ id: 'h', list: 'day:2026-03-09' }),
  ];
  const ids = (view: Parameters<typeof todosInView>[1]) =>
    todosInView(todos, view, TODAY).map((item) => item.id);

  test('each view shows its own list, unfinished, in order; Done shows the latest done first', () => {
    expect(ids('inbox')).toEqual(['b', 'a']);
    expect(ids('today')).toEqual(['c']);
    expect(ids('tomorrow')).toEqual(['d']);
    expect(ids('someday')).toEqual(['e']);
    expect(ids('done')).toEqual(['g', 'f']);
  });

  test('Upcoming shows every unfinished to-do after tomorrow, soonest day first', () => {
    const later = [
      ...todos,
      todo({ id: 'x', list: 'day:2026-03-20' }),
      todo({ id: 'y', list: 'day:2026-03-13', order: 'W' }),
      todo({ id: 'z', list: 'day:2026-03-13', order: 'V' }),
      todo({ id: 'w', list: 'day:2026-03-12', done: true, doneAt: '2026-03-10T09:00:00.000Z' }),
    ];
    expect(todosInView(later, 'upcoming', TODAY).map((item) => item.id)).toEqual(['z', 'y', 'x']);
  });

  test('roll over takes unfinished to-dos of earlier days only, earliest day first', () => {
    const more = [
      ...todos,
      todo({ id: 'i', list: 'day:2026-02-28' }),
      todo({ id: 'j', list: 'day:2026-03-01', done: true, doneAt: '2026-03-01T10:00:00.000Z' }),
    ];
    expect(rolloverCandidates(more, TODAY).map((item) => item.id)).toEqual(['i', 'h']);
    const gone = todo({ id: 'k', list: 'day:2026-03-02', deleted: true, deletedAt: T0 });
    expect(rolloverCandidates([...more, gone], TODAY).map((item) => item.id)).toEqual(['i', 'h']);
  });

  test('a search of every to-do: unfinished ones by list, then the done ones, latest first', () => {
    const gone = todo({ id: 'x', deleted: true, deletedAt: T0 });
    expect(everyTodo([...todos, gone]).map((item) => item.id)).toEqual([
      'h',
      'c',
      'd',
      'b',
      'a',
      'e',
      'g',
      'f',
    ]);
  });
});

describe('order', () => {
  test('a step up goes before the row above, down after the row below; null at the ends', () => {
    const shown = [todo({ id: 'a' }), todo({ id: 'b' }), todo({ id: 'c' })];
    expect(spotForStep(shown, 2, -1)).toEqual({ before: 'b' });
    expect(spotForStep(shown, 0, 1)).toEqual({ after: 'b' });
    expect(spotForStep(shown, 0, -1)).toBeNull();
    expect(spotForStep(shown, 2, 1)).toBeNull();
    expect(spotForStep(shown, 5, -1)).toBeNull();
  });

  test('a drop goes before the row at its place, or after the last', () => {
    const others = [todo({ id: 'a' }), todo({ id: 'b' })];
    expect(spotForDrop(others, 0)).toEqual({ before: 'a' });
    expect(spotForDrop(others, 1)).toEqual({ before: 'b' });
    expect(spotForDrop(others, 2)).toEqual({ after: 'b' });
    expect(spotForDrop([], 0)).toBe('end');
  });
});

describe('quick add', () => {
  const now = new Date(2026, 2, 10, 9, 0);

  test('a day goes to that day, someday to Someday, else the view’s list; the to-do is valid', () => {
    const parsed = parseQuickAdd('Call Ada tomorrow 14:30 #work !2', now);
    const list = listOfQuickAdd(parsed, 'inbox', TODAY);
    expect(list).toBe('day:2026-03-11');
    const made = todoFromQuickAdd(parsed, list, 'V', 'id-1', now);
    expect(todoSchema.parse(made)).toMatchObject({
      title: 'Call Ada',
      tags: ['work'],
      priority: 2,
      time: '14:30',
    });
    expect(listOfQuickAdd(parseQuickAdd('Read someday', now), 'today', TODAY)).toBe('someday');
    expect(listOfQuickAdd(parseQuickAdd('Read 30m', now), 'today', TODAY)).toBe(`day:${TODAY}`);
    expect(listOfQuickAdd(parseQuickAdd('Read', now), 'done', TODAY)).toBe('inbox');
  });
});

test('when a to-do was done reads today, yesterday, or its day, with the 24-hour time', () => {
  const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 5).toISOString();
  expect(doneWhen(at(10, 14), TODAY)).toBe('today, 14:05');
  expect(doneWhen(at(9, 9), TODAY)).toBe('yesterday, 09:05');
  expect(doneWhen(at(3, 9), TODAY)).toBe('Tue 3 Mar, 09:05');
  expect(doneWhen(new Date(2025, 11, 31, 9, 5).toISOString(), TODAY)).toBe('31 Dec 2025, 09:05');
});
