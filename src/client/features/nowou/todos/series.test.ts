import { describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { todoSchema } from '#shared/nowou-records';
import { toLocalIso } from '../logic/local-time';
import { nextInSeries, seriesDayId, subtaskProgress, tickChanges, withSeriesId } from './series';
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

  test('never writes over a done or deleted copy holding the series’ id for that day', () => {
    const doneCopy = todo({
      id: 'first-2026-03-11',
      list: 'day:2026-03-11',
      seriesId: 'first',
      done: true,
      doneAt: NOW.toISOString(),
    });
    const deletedCopy = todo({
      id: 'first-2026-03-11-2',
      list: 'day:2026-03-11',
      seriesId: 'first',
      deleted: true,
      deletedAt: NOW.toISOString(),
    });
    const next = nextInSeries(first, TODAY, [first, doneCopy, deletedCopy], NOW)!;
    expect(next.id).toBe('first-2026-03-11-3');
    expect(next.list).toBe('day:2026-03-11');
    // The same to-dos give the same id in every tab.
    expect(seriesDayId('first', '2026-03-11', [doneCopy, deletedCopy])).toBe(next.id);
    expect(seriesDayId('first', '2026-03-11', [])).toBe('first-2026-03-11');
    // An id too long for a key falls back to a random one.
    expect(seriesDayId('x'.repeat(95), '2026-03-11', [])).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a to-do on a timeline puts the next one there at the same time of its day', () => {
    const at = (day: number, hours: number) => toLocalIso(new Date(2026, 2, day, hours).getTime());
    const timed = {
      ...first,
      schedule: { timelineId: 'tl-1', start: at(10, 8), end: at(10, 9) },
    };
    const next = nextInSeries(timed, TODAY, [timed], NOW)!;
    expect(next.schedule).toEqual({ timelineId: 'tl-1', start: at(11, 8), end: at(11, 9) });
    expect(todoSchema.safeParse(next).success).toBe(true);
  });

  test('ticking gives the done time and the next one; unticking gives no next one', () => {
    const ticked = tickChanges(
      todo({ id: 'r', recurrence: { kind: 'daily' } }),
      true,
      TODAY,
      [],
      NOW,
    );
    expect(ticked.changed).toMatchObject({ done: true, doneAt: NOW.toISOString(), seriesId: 'r' });
    expect(ticked.next?.list).toBe('day:2026-03-11');
    const unticked = tickChanges(ticked.changed, false, TODAY, [], NOW);
    expect(unticked).toMatchObject({ changed: { done: false, doneAt: null }, next: null });
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
