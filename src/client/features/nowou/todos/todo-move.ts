/**
 * Where a to-do goes and what that writes (pure). Once a to-do is on a timeline its day is said
 * twice: by its list (`day:YYYY-MM-DD`) and by its schedule. Every change of list goes through
 * `withList`, so a to-do moved to another day (Move to…, a drop on a view, Roll over, the editor,
 * the next one of a series) takes its block along, at the same time of day and for as long; the
 * timeline's own moves keep the list in step the other way (timeline/block-items.ts).
 */
import { placeAmong, type Spot } from '../logic/order-keys';
import { hhmm, scheduleOnDay, wallMinutes } from '../logic/local-time';
import type { Todo } from '#shared/nowou-records';
import { rolloverCandidates } from './todo-views';

/** The day a to-do's list names, or null for the Inbox, Someday and custom lists. */
export function dayOfList(list: Todo['list']): string | null {
  return list.startsWith('day:') ? list.slice('day:'.length) : null;
}

/**
 * The to-do on `list` (at `order`, or its own): a to-do put on a day takes its block to that day,
 * and its time follows the block's start. Off the days (the Inbox, Someday, a custom list) the
 * block stays where it is, as a to-do scheduled from the Unscheduled panel keeps its list.
 */
export function withList(todo: Todo, list: Todo['list'], order: string = todo.order): Todo {
  const day = dayOfList(list);
  if (!todo.schedule || day === null) return { ...todo, list, order };
  const schedule = scheduleOnDay(todo.schedule, day);
  if (schedule === todo.schedule) return { ...todo, list, order };
  const time = hhmm(Math.floor(wallMinutes(Date.parse(schedule.start))));
  return { ...todo, list, order, schedule, time };
}

/**
 * What putting `todo` (new or not) on `list` at `spot` writes: the to-do itself first (through
 * `withList`), then any of the list's to-dos renumbered because the keys grew long (see
 * placeAmong). `todos` is every to-do, done and deleted ones too, so no two share a key.
 */
export function placeTodo(
  todos: readonly Todo[],
  todo: Todo,
  list: Todo['list'],
  spot: Spot = 'end',
): Todo[] {
  const { order, renumbered } = placement(todos, todo.id, list, spot);
  return [withList(todo, list, order), ...renumbered];
}

/**
 * The order key of a new to-do at the end of `list`, and the list's to-dos renumbered for it when
 * the keys grew long (see placeTodo, which does the same for a to-do that already exists).
 */
export function endOfList(
  todos: readonly Todo[],
  list: Todo['list'],
): { order: string; renumbered: Todo[] } {
  return placement(todos, null, list, 'end');
}

function placement(
  todos: readonly Todo[],
  todoId: string | null,
  list: Todo['list'],
  spot: Spot,
): { order: string; renumbered: Todo[] } {
  const siblings = todos.filter((other) => other.list === list);
  const { key, renumbered } = placeAmong(siblings, todoId, spot);
  const others = siblings.flatMap((other) => {
    const order = other.id === todoId ? undefined : renumbered.get(other.id);
    return order === undefined ? [] : [{ ...other, order }];
  });
  return { order: key, renumbered: others };
}

/**
 * What Roll over writes: every unfinished to-do of an earlier day (or those of them given) moved
 * to the end of today, the earliest day first, each taking its block along (see withList).
 * `todos` is every to-do, done and deleted ones too.
 */
export function rollOverTo(
  todos: readonly Todo[],
  today: string,
  which: readonly Todo[] = rolloverCandidates(todos, today),
): Todo[] {
  const target: Todo['list'] = `day:${today}`;
  const written = new Map<string, Todo>();
  let all = todos;
  for (const todo of which) {
    for (const changed of placeTodo(all, written.get(todo.id) ?? todo, target)) {
      written.set(changed.id, changed);
    }
    all = todos.map((other) => written.get(other.id) ?? other);
  }
  return [...written.values()];
}
