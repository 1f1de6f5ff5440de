/**
 * Which to-dos each view shows, in what order, and where a moved or quick-added to-do goes (pure:
 * the caller passes today's day). New to-dos are made in logic/new-todo.ts.
 */
import { addDays, dayOf } from '../logic/calendar-day';
import { formatClock, formatPlanDay } from '../../../lib/date-format';
import { compareOrderKeys, type Spot } from '../logic/order-keys';
import { byListThenOrder, byOrder } from '../logic/todo-queries';
import type { QuickAdd } from '../logic/quick-add';
import { isValidId, type Todo, type TodoListItem } from '#shared/nowou-records';

export const VIEWS = ['inbox', 'today', 'tomorrow', 'upcoming', 'someday', 'done'] as const;
export type BuiltInView = (typeof VIEWS)[number];
/** A built-in view, or a custom list's own view (`list:<id>`). */
export type View = BuiltInView | `list:${string}`;

export const VIEW_LABELS: Record<BuiltInView, string> = {
  inbox: 'Inbox',
  today: 'Today',
  tomorrow: 'Tomorrow',
  upcoming: 'Upcoming',
  someday: 'Someday',
  done: 'Done',
};

export type TodoList = Todo['list'];

/** A view named in the address (?view=), the Inbox for anything else. */
export function viewOf(value: string | null): View {
  if (value?.startsWith('list:') && isValidId(value.slice('list:'.length))) {
    return value as View;
  }
  return (VIEWS as readonly string[]).includes(value ?? '') ? (value as View) : 'inbox';
}

export function isListView(view: View): view is `list:${string}` {
  return view.startsWith('list:');
}

/** A view's heading: a custom list's name, or "List" for one that is gone. */
export function viewLabel(view: View, lists: readonly TodoListItem[]): string {
  if (!isListView(view)) return VIEW_LABELS[view];
  const id = view.slice('list:'.length);
  return lists.find((list) => list.id === id)?.name ?? 'List';
}

/** Custom lists in their order. */
export function sortedLists(lists: readonly TodoListItem[]): TodoListItem[] {
  return [...lists].sort(
    (a, b) => compareOrderKeys(a.order, b.order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The list a view adds to (Upcoming and Done add to the Inbox: a line with a day goes there). */
export function listOfView(view: View, today: string): TodoList {
  if (isListView(view)) return view;
  if (view === 'today') return `day:${today}`;
  if (view === 'tomorrow') return `day:${addDays(today, 1)}`;
  if (view === 'someday') return 'someday';
  return 'inbox';
}

/** A view's to-dos in their order; Done shows the latest done first. */
export function todosInView(todos: readonly Todo[], view: View, today: string): Todo[] {
  if (view === 'done') {
    return todos
      .filter((todo) => todo.done)
      .sort((a, b) => (b.doneAt ?? '').localeCompare(a.doneAt ?? '') || byOrder(a, b));
  }
  if (view === 'upcoming') {
    // Every day after tomorrow, soonest first: a to-do planned for Friday is never out of sight.
    const after = `day:${addDays(today, 1)}`;
    return todos
      .filter((todo) => !todo.done && todo.list.startsWith('day:') && todo.list > after)
      .sort((a, b) => a.list.localeCompare(b.list) || byOrder(a, b));
  }
  const list = listOfView(view, today);
  return todos.filter((todo) => !todo.done && todo.list === list).sort(byOrder);
}

/**
 * Unfinished to-dos of days before today, in day then list order: what Today shows as Overdue and
 * Roll over moves (deleted ones left out).
 */
export function rolloverCandidates(todos: readonly Todo[], today: string): Todo[] {
  return todos
    .filter(
      (todo) =>
        !todo.done && !todo.deleted && todo.list.startsWith('day:') && todo.list.slice(4) < today,
    )
    .sort((a, b) => a.list.localeCompare(b.list) || byOrder(a, b));
}

/**
 * Where `shown[index]` goes to move one place up (-1) or down (+1) among the shown to-dos: before
 * the one above it or after the one below it (see placeTodo), or null at either end.
 */
export function spotForStep(shown: readonly Todo[], index: number, step: -1 | 1): Spot | null {
  const neighbour = shown[index + step];
  if (index < 0 || index >= shown.length || !neighbour) return null;
  return step < 0 ? { before: neighbour.id } : { after: neighbour.id };
}

/**
 * Where a row dropped at `index` among the other shown rows goes: before the row now at that
 * place, or after the last one.
 */
export function spotForDrop(others: readonly Todo[], index: number): Spot {
  const next = others[index];
  if (next) return { before: next.id };
  const last = others[index - 1];
  return last ? { after: last.id } : 'end';
}

/** The list a quick-added line goes to: its day, someday, or else the view's own list. */
export function listOfQuickAdd(parsed: QuickAdd, view: View, today: string): TodoList {
  if (parsed.day) return `day:${parsed.day}`;
  if (parsed.list === 'someday') return 'someday';
  return listOfView(view, today);
}

/**
 * The view that shows a to-do of `list`, where a quick add takes the person to see it: a day before
 * today is under Today (Overdue), a day after tomorrow under Upcoming.
 */
export function viewOfList(list: TodoList, today: string): View {
  if (list === 'inbox' || list === 'someday' || list.startsWith('list:')) return list as View;
  const day = list.slice('day:'.length);
  if (day <= today) return 'today';
  return day === addDays(today, 1) ? 'tomorrow' : 'upcoming';
}

/**
 * Every to-do, for a search of them all: the unfinished ones by list (see byListThenOrder), then
 * the done ones, the latest done first.
 */
export function everyTodo(todos: readonly Todo[]): Todo[] {
  const alive = todos.filter((todo) => !todo.deleted);
  return [
    ...alive.filter((todo) => !todo.done).sort(byListThenOrder),
    ...todosInView(alive, 'done', ''),
  ];
}

/**
 * When a to-do was done, for its row: "today, 14:05", "yesterday, 09:10", or the day and time
 * ("Tue 10 Mar, 14:05"; "31 Dec 2025, 09:05" in another year), as lib/date-format writes them.
 */
export function doneWhen(doneAt: string, today: string): string {
  const at = new Date(doneAt);
  const time = formatClock(at);
  const day = dayOf(at);
  if (day === today) return `today, ${time}`;
  if (day === addDays(today, -1)) return `yesterday, ${time}`;
  return `${formatPlanDay(day, new Date(Number(today.slice(0, 4)), 0, 1))}, ${time}`;
}

/** `day:2026-11-27` as the site writes a day to plan: "Fri 27 Nov" (lib/date-format). */
export function dayLabelOf(list: Todo['list']): string {
  return formatPlanDay(list.slice(4));
}

/** A list named in a sentence: "Inbox", "Today", "2026-11-27", a custom list's name. */
export function listLabel(list: TodoList, today: string, lists: readonly TodoListItem[]): string {
  if (list === 'inbox') return 'Inbox';
  if (list === 'someday') return 'Someday';
  if (list === `day:${today}`) return 'Today';
  if (list === `day:${addDays(today, 1)}`) return 'Tomorrow';
  if (list.startsWith('day:')) return list.slice(4);
  return lists.find((custom) => `list:${custom.id}` === list)?.name ?? 'a list';
}

/** Where a to-do is, beside it in a search of every to-do: "Inbox", "Today", "Fri 27 Nov", a list. */
export function whereLabel(list: TodoList, today: string, lists: readonly TodoListItem[]): string {
  const label = listLabel(list, today, lists);
  return list.startsWith('day:') && label === list.slice(4) ? dayLabelOf(list) : label;
}
