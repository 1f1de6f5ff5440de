/**
 * How to-dos sort and match, for every section (pure): a list's own order, many lists in one
 * order, and search with tag chips.
 */
import type { Todo } from '#shared/nowou-records';
import { compareOrderKeys } from './order-keys';

/** A list's to-dos by their order key (then id, for two tabs that wrote the same key). */
export function byOrder(a: Todo, b: Todo): number {
  return compareOrderKeys(a.order, b.order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Where a list sorts among lists: days (soonest first), the Inbox, custom lists, Someday. */
function listRank(list: Todo['list']): string {
  if (list.startsWith('day:')) return `0${list}`;
  if (list === 'inbox') return '1';
  if (list.startsWith('list:')) return `2${list}`;
  return '3';
}

/** To-dos of many lists in one order: by list (see listRank), then each list's own order. */
export function byListThenOrder(a: Todo, b: Todo): number {
  const ranks = listRank(a.list).localeCompare(listRank(b.list));
  return ranks || byOrder(a, b);
}

/** To-dos whose title, notes or tags contain the search (any case) and that carry every tag. */
export function filterTodos(
  todos: readonly Todo[],
  search: string,
  tags: readonly string[],
): Todo[] {
  const needle = search.trim().toLowerCase();
  return todos.filter(
    (todo) =>
      tags.every((tag) => todo.tags.includes(tag)) &&
      (needle === '' ||
        todo.title.toLowerCase().includes(needle) ||
        todo.notes.toLowerCase().includes(needle) ||
        todo.tags.some((tag) => tag.includes(needle))),
  );
}

/** Every tag of the given to-dos, sorted. */
export function tagsOf(todos: readonly Todo[]): string[] {
  return [...new Set(todos.flatMap((todo) => todo.tags))].sort();
}
