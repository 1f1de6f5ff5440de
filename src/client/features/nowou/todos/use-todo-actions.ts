/**
 * Every change the to-do list makes, each one history step announced by the polite status line:
 * quick add, tick, edit, move to a list, a step up or down, a drop, delete, restore and Roll over.
 * A refused write says so and changes nothing; each command answers whether it saved.
 */
import { useMemo } from 'react';
import type { Timeline, Todo, TodoListItem } from '#shared/nowou-records';
import { FIRST_TIMELINE_ID, firstTimeline } from '../logic/new-timeline';
import { todoFromQuickAdd } from '../logic/new-todo';
import type { QuickAdd } from '../logic/quick-add';
import { tickChanges } from '../logic/series';
import { restorePlan } from '../model/restore';
import { useNowou } from '../nowou-context';
import { endOfList, placeTodo, rollOverTo } from './todo-move';
import {
  listLabel,
  listOfQuickAdd,
  spotForDrop,
  spotForStep,
  type TodoList,
  type View,
} from './todo-views';
import { randomId } from '../../../lib/random-id';

export interface TodoActions {
  /** Adds the parsed line (its title not empty) to its day, Someday or the view's list. */
  /** The added to-do, or null when it was refused. */
  add(line: QuickAdd, view: View): Todo | null;
  /** Ticks or unticks; a repeating one ticked makes its next one in the same step. */
  toggle(todo: Todo, done: boolean): boolean;
  /** Saves the editor's to-do; one that changed list goes to the end of its new one. */
  saveEdit(edited: Todo, before: Todo): boolean;
  move(todo: Todo, list: TodoList): boolean;
  /** One place up (-1) or down (+1) among the shown to-dos. */
  step(todo: Todo, shown: readonly Todo[], direction: -1 | 1): boolean;
  /** A row dropped at `index` among the other shown rows. */
  drop(todo: Todo, shown: readonly Todo[], index: number): boolean;
  remove(todo: Todo): boolean;
  /** Brings a deleted to-do back (with what was deleted with it). */
  restore(todo: Todo): boolean;
  rollOver(): boolean;
  /** The timeline a to-do given a time in the editor goes onto (made on saving when missing). */
  timelineIdForEdit(): string;
}

export function useTodoActions(today: string, lists: readonly TodoListItem[]): TodoActions {
  const { store, history, announce } = useNowou();
  return useMemo(() => {
    const everyTodo = () => store.all('todo', { includeDeleted: true });
    const labelOf = (list: TodoList) => listLabel(list, today, lists);
    /** One undo step; a refused write says so. */
    const save = (changed: (Todo | Timeline)[], label: string): boolean => {
      if (history.change(changed, { label })) return true;
      announce(`Could not save: ${label}. Nothing was changed.`);
      return false;
    };
    /** The default timeline, else the first there is, else the first one to make. */
    const timelineIdForEdit = (): string => {
      const timelineId = store.getDefaultTimeline();
      if (timelineId && store.get('timeline', timelineId)) return timelineId;
      return store.all('timeline')[0]?.id ?? FIRST_TIMELINE_ID;
    };
    /**
     * Saves the to-dos, with a first "My timeline" made (and made the default) when one of them
     * went onto it before it exists, as the timeline's own first visit would.
     */
    const saveWithTimeline = (placed: Todo[], label: string): boolean => {
      const timelineId = placed[0]?.schedule?.timelineId;
      const made =
        timelineId === FIRST_TIMELINE_ID && !store.get('timeline', timelineId)
          ? firstTimeline()
          : null;
      if (!save(made ? [made, ...placed] : placed, label)) return false;
      if (made) store.setDefaultTimeline(made.id);
      return true;
    };
    const place = (todo: Todo, spot: Parameters<typeof placeTodo>[3]) =>
      save(placeTodo(everyTodo(), todo, todo.list, spot), `Moved ${todo.title}`);

    return {
      add(line, view) {
        const list = listOfQuickAdd(line, view, today);
        const timelineId = line.day && line.time ? timelineIdForEdit() : null;
        const { order, renumbered } = endOfList(everyTodo(), list);
        const todo = todoFromQuickAdd(line, list, order, randomId(), new Date(), timelineId);
        if (!saveWithTimeline([todo, ...renumbered], `Added ${todo.title}`)) return null;
        announce(`Added ${todo.title} to ${labelOf(list)}.`);
        return todo;
      },
      toggle(todo, done) {
        const { changed, next } = tickChanges(todo, done, today, everyTodo(), new Date());
        const label = done ? `Ticked ${todo.title}` : `Unticked ${todo.title}`;
        if (!save(next ? [changed, next] : [changed], label)) return false;
        if (next) announce(`${todo.title} done. Next one on ${labelOf(next.list)}.`);
        else
          announce(done ? `${todo.title} done.` : `${todo.title} back in ${labelOf(todo.list)}.`);
        return true;
      },
      saveEdit(edited, before) {
        const placed =
          edited.list === before.list ? [edited] : placeTodo(everyTodo(), edited, edited.list);
        if (!saveWithTimeline(placed, `Edited ${edited.title}`)) return false;
        announce(`Saved ${edited.title}.`);
        return true;
      },
      move(todo, list) {
        if (!save(placeTodo(everyTodo(), todo, list), `Moved ${todo.title}`)) return false;
        announce(`Moved ${todo.title} to ${labelOf(list)}.`);
        return true;
      },
      step(todo, shown, direction) {
        const spot = spotForStep(shown, shown.indexOf(todo), direction);
        if (spot === null || !place(todo, spot)) return false;
        announce(`Moved ${todo.title}`);
        return true;
      },
      drop(todo, shown, index) {
        const others = shown.filter((candidate) => candidate.id !== todo.id);
        if (!place(todo, spotForDrop(others, index))) return false;
        const before = others[index - 1];
        announce(
          before ? `Moved ${todo.title} after ${before.title}.` : `Moved ${todo.title} to the top.`,
        );
        return true;
      },
      remove(todo) {
        return history.remove([{ kind: 'todo', id: todo.id }], { label: `Deleted ${todo.title}` });
      },
      restore(todo) {
        const current = store.get('todo', todo.id, { includeDeleted: true });
        if (!current?.deleted) return false;
        if (!save(restorePlan(store, current) as Todo[], `Restored ${todo.title}`)) return false;
        announce(`Restored ${todo.title}.`);
        return true;
      },
      rollOver() {
        if (!save(rollOverTo(everyTodo(), today), 'Rolled over to today')) return false;
        announce('Moved the unfinished to-dos of earlier days to today.');
        return true;
      },
      timelineIdForEdit,
    };
  }, [store, history, announce, today, lists]);
}
