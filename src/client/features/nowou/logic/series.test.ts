import { describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { todoSchema } from '#shared/nowou-records';
import { toLocalIso } from './local-time';
import { nextInSeries, seriesDayId, subtaskProgress, tickChanges, withSeriesId } from './series';

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
