/**
 * The items a timeline change writes, pure: a to-do or text box with a new time range, a new
 * to-do block (on its day's list, at the end) or note block, a to-do scheduled from the panel, and
 * the words that announce a change. The caller passes ids, times and `now`.
 */
import { dayOf } from '../logic/calendar-day';
import { formatClock } from '../../../lib/date-format';
import type { TextBox, Todo } from '#shared/nowou-records';
import { newTodo, orderAtEnd } from '../logic/new-todo';
import { hhmm, toLocalIso, wallMinutes } from '../logic/local-time';

export type BlockItem = Todo | TextBox;

export function rangeOf(
  timelineId: string,
  start: number,
  end: number,
): { timelineId: string; start: string; end: string } {
  return { timelineId, start: toLocalIso(start), end: toLocalIso(end) };
}

/** The item with its time range moved to [start, end) on the timeline. */
export function withRange(
  item: BlockItem,
  timelineId: string,
  start: number,
  end: number,
): BlockItem {
  const range = rangeOf(timelineId, start, end);
  return item.kind === 'todo'
    ? { ...item, schedule: range, ...timeFieldsOf(item.list, start, end) }
    : { ...item, anchor: range };
}

/**
 * What a to-do on the timeline says in its own fields, so its list and chips agree with the grid:
 * the start's time, the length as its duration, and a to-do on a day's list moves to the start's day.
 */
function timeFieldsOf(
  list: Todo['list'],
  start: number,
  end: number,
): Pick<Todo, 'list' | 'time' | 'duration'> {
  const minutes = Math.min(Math.max(Math.round((end - start) / 60_000), 1), 1440);
  return {
    list: list.startsWith('day:') ? `day:${dayOf(new Date(start))}` : list,
    time: hhmm(Math.floor(wallMinutes(start))),
    duration: minutes,
  };
}

export function newTodoBlock(
  todos: readonly Todo[],
  title: string,
  timelineId: string,
  start: number,
  end: number,
  id: string,
  now: Date,
): Todo {
  const list: Todo['list'] = `day:${dayOf(new Date(start))}`;
  return newTodo(
    {
      id,
      title,
      order: orderAtEnd(todos, list),
      ...timeFieldsOf(list, start, end),
      schedule: rangeOf(timelineId, start, end),
    },
    now,
  );
}

export function newNoteBlock(
  text: string,
  timelineId: string,
  start: number,
  end: number,
  id: string,
  now: Date,
): TextBox {
  return {
    id,
    kind: 'textBox',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    text,
    anchor: rangeOf(timelineId, start, end),
  };
}

/** A to-do's length on the grid: its own duration, or 30 minutes. */
export function todoMinutes(todo: Todo): number {
  return todo.duration ?? 30;
}

/** "10:00 to 11:30" for a block's name (the site's clock, lib/date-format). */
export function formatRange(start: number, end: number): string {
  return `${formatClock(start)} to ${formatClock(end)}`;
}
