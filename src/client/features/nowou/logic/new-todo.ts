/**
 * The one way a new to-do is made (pure: the caller passes the id, the order and `now`): every
 * field starts from TODO_DEFAULTS, and the maker gives what differs. Quick add, the next one of a
 * series, a block drawn on the timeline and a board's node made a to-do all come through here.
 */
import { TODO_DEFAULTS, type Todo } from '#shared/nowou-records';
import { atMinutes, toLocalIso } from './local-time';
import { compareOrderKeys, keyBetween } from './order-keys';
import type { QuickAdd } from './quick-add';

/** What a maker gives: always the id, title, list and order, and any other field it sets. */
export type NewTodoFields = Pick<Todo, 'id' | 'title' | 'list' | 'order'> &
  Partial<Omit<Todo, 'kind' | 'v' | 'modifiedAt' | 'deleted' | 'deletedAt' | 'done' | 'doneAt'>>;

export function newTodo(fields: NewTodoFields, now: Date): Todo {
  // Fresh arrays: no two to-dos share the defaults' own.
  return { ...TODO_DEFAULTS, tags: [], subtasks: [], ...fields, modifiedAt: now.toISOString() };
}

/**
 * An order key after every to-do already in `list`: done and deleted ones too (pass them), so a
 * restored or undone to-do never shares its key with a new one.
 */
export function orderAtEnd(todos: readonly Todo[], list: Todo['list']): string {
  let last: string | null = null;
  for (const todo of todos) {
    if (todo.list === list && (last === null || compareOrderKeys(todo.order, last) > 0)) {
      last = todo.order;
    }
  }
  return keyBetween(last, null);
}

/**
 * A new to-do from a parsed line (the title must not be empty). A line with a day and a time is
 * also put on `timelineId` (the default timeline) at that time, for its duration or 30 minutes.
 * A repeating line starts its series (the first one names it, as the editor's Repeat does).
 */
export function todoFromQuickAdd(
  parsed: QuickAdd,
  list: Todo['list'],
  order: string,
  id: string,
  now: Date,
  timelineId: string | null = null,
): Todo {
  let schedule: Todo['schedule'] = null;
  if (timelineId && parsed.day && parsed.time) {
    const [hours, minutes] = parsed.time.split(':').map(Number);
    const start = atMinutes(parsed.day, hours! * 60 + minutes!);
    const end = start + (parsed.durationMinutes ?? 30) * 60_000;
    schedule = { timelineId, start: toLocalIso(start), end: toLocalIso(end) };
  }
  return newTodo(
    {
      id,
      title: parsed.title,
      list,
      order,
      tags: parsed.tags,
      priority: parsed.priority,
      time: parsed.time,
      duration: parsed.durationMinutes,
      schedule,
      recurrence: parsed.recurrence,
      ...(parsed.recurrence ? { seriesId: id } : {}),
    },
    now,
  );
}
