import { describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { toLocalIso } from '../logic/local-time';
import { draftOf, todoFromDraft, type TodoDraft } from './todo-edit';

const TODAY = '2026-03-10'; // a Tuesday

describe('todoFromDraft', () => {
  const base = todo({ id: 'e1', title: 'Old', list: `day:${TODAY}` });
  const draft = (patch: Partial<TodoDraft>): TodoDraft => ({ ...draftOf(base, TODAY), ...patch });

  test('a draft starts from the to-do, with its day for weekly and monthly', () => {
    expect(draftOf(base, TODAY)).toMatchObject({
      title: 'Old',
      repeat: 'none',
      weekDays: [2],
      monthDay: '10',
    });
  });

  test('saves a trimmed title, notes, subtasks and the rule, naming the series', () => {
    const result = todoFromDraft(
      base,
      draft({
        title: '  New  ',
        notes: '<b>plain</b>',
        subtasks: [{ id: 's', title: ' Step ', done: true }],
        repeat: 'weekly',
        weekDays: [5, 1],
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      todo: {
        title: 'New',
        notes: '<b>plain</b>',
        subtasks: [{ id: 's', title: 'Step', done: true }],
        recurrence: { kind: 'weekly', days: [1, 5] },
        seriesId: 'e1',
      },
    });
    const none = todoFromDraft(base, draft({ repeat: 'none' }));
    expect(none.ok && none.todo.recurrence).toBe(null);
  });

  test('each rule kind', () => {
    const rule = (patch: Partial<TodoDraft>) => {
      const result = todoFromDraft(base, draft(patch));
      return result.ok ? result.todo.recurrence : result.message;
    };
    expect(rule({ repeat: 'daily' })).toEqual({ kind: 'daily' });
    expect(rule({ repeat: 'weekdays' })).toEqual({ kind: 'weekdays' });
    expect(rule({ repeat: 'monthly', monthDay: '31' })).toEqual({ kind: 'monthly', day: 31 });
    expect(rule({ repeat: 'everyNDays', everyN: '3' })).toEqual({ kind: 'everyNDays', n: 3 });
    expect(rule({ repeat: 'weekly', weekDays: [] })).toBe('Pick at least one day of the week.');
    expect(rule({ repeat: 'monthly', monthDay: '32' })).toMatch(/1 to 31/);
    expect(rule({ repeat: 'monthly', monthDay: '2.5' })).toMatch(/1 to 31/);
    expect(rule({ repeat: 'everyNDays', everyN: '0' })).toMatch(/1 to 365/);
  });

  test('refuses an empty or too long title and too long notes', () => {
    expect(todoFromDraft(base, draft({ title: '   ' }))).toEqual({
      ok: false,
      field: 'title',
      message: 'Give the to-do a title.',
    });
    expect(todoFromDraft(base, draft({ title: 'x'.repeat(501) }))).toMatchObject({
      ok: false,
      field: 'title',
    });
    expect(todoFromDraft(base, draft({ notes: 'x'.repeat(10_001) }))).toMatchObject({
      ok: false,
      field: 'notes',
    });
    expect(todoFromDraft(base, draft({ notes: 'x'.repeat(10_000) })).ok).toBe(true);
  });

  test('a draft shows where the to-do is, its time, duration, priority and tags as typed', () => {
    const full = todo({
      list: 'someday',
      time: '09:05',
      duration: 90,
      priority: 2,
      tags: ['work', 'home'],
    });
    expect(draftOf(full, TODAY)).toMatchObject({
      place: 'someday',
      day: TODAY,
      time: '09:05',
      duration: '1h30m',
      priority: '2',
      tags: '#work #home',
    });
    expect(draftOf(base, TODAY)).toMatchObject({ place: 'day', day: TODAY, time: '', tags: '' });
  });

  test('saves list, day, time, duration, priority and tags read as quick add reads them', () => {
    const result = todoFromDraft(
      base,
      draft({
        place: 'list:errands',
        time: '2pm',
        duration: '45',
        priority: '1',
        tags: '#Work, home',
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      todo: {
        list: 'list:errands',
        time: '14:00',
        duration: 45,
        priority: 1,
        tags: ['work', 'home'],
        schedule: null,
      },
    });
    const day = todoFromDraft(base, draft({ place: 'day', day: '2026-03-20' }));
    expect(day.ok && day.todo.list).toBe('day:2026-03-20');
    const cleared = todoFromDraft(
      todo({ time: '10:00', duration: 30, tags: ['a'], priority: 3 }),
      draft({ place: 'inbox', time: ' ', duration: '', tags: '', priority: '0' }),
    );
    expect(cleared).toMatchObject({
      ok: true,
      todo: { time: null, duration: null, tags: [], priority: 0 },
    });
  });

  test('bad input names its field with a clear message and saves nothing', () => {
    const problem = (patch: Partial<TodoDraft>) => {
      const result = todoFromDraft(base, draft(patch));
      return result.ok ? 'saved' : `${result.field}: ${result.message}`;
    };
    expect(problem({ time: '25:00' })).toBe(
      'time: Write the time as 14:30 or 2pm, or leave it empty.',
    );
    expect(problem({ duration: '25h' })).toBe(
      'duration: Write the duration as 30m, 1h or 1h30m (1 minute to 24 hours), or leave it empty.',
    );
    expect(problem({ tags: 'ok #42' })).toMatch(/^tags: #42 is not a tag: use letters/);
    expect(problem({ place: 'day', day: '' })).toBe('day: Pick a day.');
    expect(problem({ place: 'day', day: '2026-02-30' })).toBe('day: Pick a day.');
    expect(problem({ priority: '7' })).toBe('priority: Pick a priority.');
  });

  test('a day, time or duration change keeps the block on the timeline in step', () => {
    const at = (day: number, hours: number, minutes = 0) =>
      toLocalIso(new Date(2026, 2, day, hours, minutes).getTime());
    const onGrid = todo({
      id: 'g',
      list: `day:${TODAY}`,
      time: '10:00',
      duration: 60,
      schedule: { timelineId: 'tl-1', start: at(10, 10), end: at(10, 11) },
    });
    const edit = (patch: Partial<TodoDraft>, timelineId: string | null = null) => {
      const result = todoFromDraft(onGrid, { ...draftOf(onGrid, TODAY), ...patch }, timelineId);
      if (!result.ok) throw new Error(result.message);
      return result.todo;
    };
    // Another day: the block goes along at the same time.
    expect(edit({ day: '2026-03-12' }).schedule).toMatchObject({
      start: at(12, 10),
      end: at(12, 11),
    });
    // A new time moves it on its day; a new duration moves its end.
    expect(edit({ time: '14:15' }).schedule).toMatchObject({
      start: at(10, 14, 15),
      end: at(10, 15, 15),
    });
    expect(edit({ duration: '1h30m' }).schedule).toMatchObject({
      start: at(10, 10),
      end: at(10, 11, 30),
    });
    expect(edit({ day: '2026-03-11', time: '8:00', duration: '15m' })).toMatchObject({
      list: 'day:2026-03-11',
      time: '08:00',
      duration: 15,
      schedule: { start: at(11, 8), end: at(11, 8, 15) },
    });
    // No time, no block.
    expect(edit({ time: '' }).schedule).toBeNull();
    // A to-do on a day given a time goes onto the default timeline, as quick add puts it.
    const plain = todo({ id: 'p', list: `day:${TODAY}` });
    const timed = todoFromDraft(plain, { ...draftOf(plain, TODAY), time: '9am' }, 'tl-9');
    expect(timed.ok && timed.todo.schedule).toEqual({
      timelineId: 'tl-9',
      start: at(10, 9),
      end: at(10, 9, 30),
    });
    // An untouched time on a to-do taken off the grid leaves it off.
    const off = todo({ id: 'o', list: `day:${TODAY}`, time: '09:00' });
    const kept = todoFromDraft(off, { ...draftOf(off, TODAY), title: 'Renamed' }, 'tl-9');
    expect(kept.ok && kept.todo.schedule).toBeNull();
  });

  test('the schema has the last word: an empty subtask is refused', () => {
    const result = todoFromDraft(base, draft({ subtasks: [{ id: 's', title: ' ', done: false }] }));
    expect(result).toMatchObject({ ok: false, field: 'subtasks' });
  });
});
