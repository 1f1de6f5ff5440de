/**
 * Repeating to-dos (pure: the caller passes today's day and the new id). Ticking a repeating to-do
 * done makes the next one of its series; unticking it makes none.
 */
import { isValidId, type Todo } from '#shared/nowou-records';
import { scheduleOnDay } from './local-time';
import { newTodo, orderAtEnd } from './new-todo';
import { nextOccurrence } from './recurrence';
import { randomId } from '../../../lib/random-id';

/** The day a to-do repeats from: its own day, or today for one in the Inbox, Someday or a list. */
function dueDayOf(todo: Todo, today: string): string {
  return todo.list.startsWith('day:') ? todo.list.slice(4) : today;
}

/**
 * The id of the series' one for `day`: the series' and the day's, so two tabs ticking at once make
 * one. An id already held by any to-do (a done or deleted copy of that day: ticked, its next one
 * deleted, ticked again) is never reused, which would write over it; the next free `-2`, `-3`…
 * is taken instead, the same in every tab that sees the same to-dos.
 */
export function seriesDayId(seriesId: string, day: string, todos: readonly Todo[]): string {
  const taken = new Set(todos.map((other) => other.id));
  const base = `${seriesId}-${day}`;
  for (let n = 1; n <= 1000; n += 1) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!isValidId(id)) break;
    if (!taken.has(id)) return id;
  }
  return randomId();
}

/**
 * The next to-do of `todo`'s series once it is done today, or null when it does not repeat or an
 * unfinished one of the series already waits (ticked, unticked and ticked again, on any day). The
 * copy keeps the title, notes, tags, priority, time, duration and rule, with subtasks un-ticked, at
 * the end of its day; a to-do on a timeline puts its copy there at the same time of that day.
 * `todos` is every to-do, done and deleted ones too (see seriesDayId). `todo.seriesId` should
 * already be set (see `withSeriesId`).
 */
export function nextInSeries(
  todo: Todo,
  today: string,
  todos: readonly Todo[],
  now: Date,
): Todo | null {
  if (!todo.recurrence) return null;
  const seriesId = todo.seriesId ?? todo.id;
  const day = nextOccurrence(todo.recurrence, dueDayOf(todo, today), today);
  const list: Todo['list'] = `day:${day}`;
  const waiting = todos.some(
    (other) =>
      other.id !== todo.id &&
      !other.deleted &&
      !other.done &&
      (other.seriesId ?? other.id) === seriesId,
  );
  if (waiting) return null;
  return newTodo(
    {
      id: seriesDayId(seriesId, day, todos),
      title: todo.title,
      notes: todo.notes,
      list,
      order: orderAtEnd(todos, list),
      tags: [...todo.tags],
      priority: todo.priority,
      time: todo.time,
      duration: todo.duration,
      schedule: todo.schedule ? scheduleOnDay(todo.schedule, day) : null,
      subtasks: todo.subtasks.map((subtask) => ({ ...subtask, done: false })),
      recurrence: todo.recurrence,
      seriesId,
    },
    now,
  );
}

/**
 * What ticking (or unticking) a to-do writes, in one step: the to-do with its done time, and when
 * a repeating one is ticked, the next one of its series (see nextInSeries). `todos` is every
 * to-do, done and deleted ones too.
 */
export function tickChanges(
  todo: Todo,
  done: boolean,
  today: string,
  todos: readonly Todo[],
  now: Date,
): { changed: Todo; next: Todo | null } {
  const ticked = done ? withSeriesId(todo) : todo;
  const next = done && !todo.done ? nextInSeries(ticked, today, todos, now) : null;
  return { changed: { ...ticked, done, doneAt: done ? now.toISOString() : null }, next };
}

/** The to-do with its series named: the first of a series gives its own id. */
export function withSeriesId(todo: Todo): Todo {
  return todo.recurrence && !todo.seriesId ? { ...todo, seriesId: todo.id } : todo;
}

/** "1/2" for a to-do with subtasks, else null. */
export function subtaskProgress(todo: Todo): string | null {
  if (todo.subtasks.length === 0) return null;
  return `${todo.subtasks.filter((subtask) => subtask.done).length}/${todo.subtasks.length}`;
}
