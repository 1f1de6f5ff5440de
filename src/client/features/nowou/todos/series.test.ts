import { describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { todoSchema } from '#shared/nowou-records';
import { nextInSeries, subtaskProgress, withSeriesId } from './series';
import { draftOf, todoFromDraft, type TodoDraft } from './todo-edit';

const TODAY = '2026-03-10'; // a Tuesday
const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('nextInSeries', () => {
  const first = withSeriesId(
    todo({
      id: 'first',
      title: 'Water plants',
      notes: 'the big ones',
      list: `day:${TODAY}`,
      tags: ['home'],
      priority: 2,
      time: '08:00',
      duration: 15,
      subtasks: [{ id: 's1', title: 'Fern', done: true }],
      recurrence: { kind: 'daily' },
    }),
  );

  test('copies the to-do onto the next due day, at the end of that day, subtasks un-ticked', () => {
    const other = todo({ id: 'x', list: 'day:2026-03-11', order: 'V' });
    const next = nextInSeries(first, TODAY, [first, other], NOW)!;
    expect(next).toMatchObject({
      id: 'first-2026-03-11',
      title: 'Water plants',
      notes: 'the big ones',
      list: 'day:2026-03-11',
      tags: ['home'],
      priority: 2,
      time: '08:00',
      duration: 15,
      done: false,
      doneAt: null,
      recurrence: { kind: 'daily' },
      seriesId: 'first',
      subtasks: [{ id: 's1', title: 'Fern', done: false }],
    });
    expect(next.order > other.order).toBe(true);
    expect(todoSchema.safeParse(next).success).toBe(true);
  });

  test('a late finish skips the missed days; weekly rules follow their days', () => {
    const late = { ...first, list: 'day:2026-03-05' as const };
    expect(nextInSeries(late, TODAY, [late], NOW)?.list).toBe('day:2026-03-11');
    const weekly = { ...first, recurrence: { kind: 'weekly' as const, days: [1, 5] } };
    expect(nextInSeries(weekly, TODAY, [weekly], NOW)?.list).toBe('day:2026-03-13');
  });

  test('a repeating to-do in the Inbox or Someday repeats from today', () => {
    const inbox = { ...first, list: 'inbox' as const };
    expect(nextInSeries(inbox, TODAY, [inbox], NOW)?.list).toBe('day:2026-03-11');
    const someday = {
      ...first,
      list: 'someday' as const,
      recurrence: { kind: 'everyNDays' as const, n: 3 },
    };
    expect(nextInSeries(someday, TODAY, [someday], NOW)?.list).toBe('day:2026-03-13');
  });

  test('no copy without a rule, nor when an unfinished one of the series waits on any day', () => {
    expect(nextInSeries(todo({ id: 'plain' }), TODAY, [], NOW)).toBeNull();
    const waiting = todo({ id: 'w', list: 'day:2026-03-11', seriesId: 'first' });
    expect(nextInSeries(first, TODAY, [first, waiting], NOW)).toBeNull();
    const doneOne = { ...waiting, done: true, doneAt: NOW.toISOString() };
    expect(nextInSeries(first, TODAY, [first, doneOne], NOW)).not.toBeNull();
    // Ticked, unticked, and ticked again days later: the next one made then still waits.
    const later = todo({ id: 'l', list: 'day:2026-03-20', seriesId: 'first' });
    expect(nextInSeries(first, '2026-03-15', [first, later], NOW)).toBeNull();
  });

  test('the first of a series gives its id; later ones keep theirs', () => {
    expect(withSeriesId(todo({ id: 'a', recurrence: { kind: 'daily' } })).seriesId).toBe('a');
    expect(withSeriesId(todo({ id: 'b' })).seriesId).toBeUndefined();
    const later = todo({ id: 'c', recurrence: { kind: 'daily' }, seriesId: 'a' });
    expect(withSeriesId(later).seriesId).toBe('a');
    const copy = nextInSeries(later, TODAY, [later], NOW)!;
    expect(copy.seriesId).toBe('a');
  });

  test('subtask progress', () => {
    expect(subtaskProgress(todo())).toBeNull();
    expect(
      subtaskProgress(
        todo({
          subtasks: [
            { id: 'a', title: 'A', done: true },
            { id: 'b', title: 'B', done: false },
          ],
        }),
      ),
    ).toBe('1/2');
  });
});

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

  test('the schema has the last word: an empty subtask is refused', () => {
    const result = todoFromDraft(base, draft({ subtasks: [{ id: 's', title: ' ', done: false }] }));
    expect(result).toMatchObject({ ok: false, field: 'subtasks' });
  });
});
