/**
 * Repeating to-dos (pure: the caller passes today's day and the new id). Ticking a repeating to-do
 * done makes the next one of its series; unticking it makes none.
 */
import { nextOccurrence } from '../logic/recurrence';
import { isValidId, type Todo } from '#shared/nowou-records';
import { orderAtEnd } from './todo-views';

/** The day a to-do repeats from: its own day, or today for one in the Inbox, Someday or a list. */
function dueDayOf(todo: Todo, today: string): string {
  return todo.list.startsWith('day:') ? todo.list.slice(4) : today;
}

/**
 * The next to-do of `todo`'s series once it is done today, or null when it does not repeat or an
 * unfinished one of the series already waits (ticked, unticked and ticked again, on any day). The
 * copy keeps the title, notes, tags, priority, time, duration and rule, with subtasks un-ticked, at
 * the end of its day. Its id is the series' and the day's, so two tabs ticking at once make one.
 * `todo.seriesId` should already be set (see `withSeriesId`).
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
  const id = `${seriesId}-${day}`;
  return {
    id: isValidId(id) ? id : crypto.randomUUID(),
    kind: 'todo',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    title: todo.title,
    notes: todo.notes,
    list,
    order: orderAtEnd(todos, list),
    done: false,
    doneAt: null,
    tags: [...todo.tags],
    priority: todo.priority,
    time: todo.time,
    duration: todo.duration,
    schedule: null,
    subtasks: todo.subtasks.map((subtask) => ({ ...subtask, done: false })),
    recurrence: todo.recurrence,
    seriesId,
  };
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
