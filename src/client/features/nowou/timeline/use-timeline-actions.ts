/**
 * Every change the timeline makes, each one history step announced by the item's title: move,
 * resize, create, schedule from the panel, unschedule, mark done, retitle and delete a block.
 */
import { useMemo } from 'react';
import { dayOf } from '../logic/calendar-day';
import { useNowou } from '../nowou-context';
import { tickChanges } from '../logic/series';
import { noteTitle, type TimedBlock } from './grid-math';
import { atMinutes } from '../logic/local-time';
import { newNoteBlock, newTodoBlock, withRange, type BlockItem } from './block-items';
import { formatClock, formatPlanDate, formatWeekdayClock } from '../../../lib/date-format';
import { randomId } from '../../../lib/random-id';

export interface TimelineActions {
  /** Gives the block a new range; `how` words the announcement. */
  setRange(
    block: Pick<TimedBlock, 'id' | 'kind'>,
    start: number,
    end: number,
    how: 'move' | 'resize',
  ): void;
  /** Makes a block; answers its id, or null when it could not be saved. */
  create(kind: 'todo' | 'textBox', title: string, start: number, end: number): string | null;
  schedule(todoId: string, start: number, end: number): void;
  unschedule(todoId: string): void;
  /** Ticks (or unticks) a to-do block; a repeating one makes its next one, as in the list. */
  setDone(todoId: string, done: boolean): void;
  retitle(block: Pick<TimedBlock, 'id' | 'kind'>, title: string): void;
  remove(block: Pick<TimedBlock, 'id' | 'kind' | 'title'>): void;
}

export function useTimelineActions(timelineId: string | null): TimelineActions {
  const { store, history, announce } = useNowou();
  return useMemo(() => {
    const itemOf = (block: Pick<TimedBlock, 'id' | 'kind'>): BlockItem | undefined =>
      block.kind === 'todo' ? store.get('todo', block.id) : store.get('textBox', block.id);
    /** One undo step, announced; a refused write says so and changes nothing. */
    const write = (items: BlockItem[], label: string, done: string): boolean => {
      const saved = history.change(items, { label });
      announce(saved ? done : `Could not save: ${label}. Nothing was changed.`);
      return saved;
    };
    const titleOf = (item: BlockItem) => (item.kind === 'todo' ? item.title : noteTitle(item.text));

    return {
      setRange(block, start, end, how) {
        const item = itemOf(block);
        if (!item || timelineId === null) return;
        const title = titleOf(item);
        const verb = how === 'move' ? 'Moved' : 'Resized';
        write(
          [withRange(item, timelineId, start, end)],
          `${verb} ${title}`,
          how === 'move'
            ? `Moved ${title} to ${formatWeekdayClock(start)}.`
            : `${title} now ends at ${formatClock(end)}.`,
        );
      },
      create(kind, title, start, end) {
        if (timelineId === null) return null;
        const id = randomId();
        const now = new Date();
        const item =
          kind === 'todo'
            ? newTodoBlock(store.all('todo'), title, timelineId, start, end, id, now)
            : newNoteBlock(title, timelineId, start, end, id, now);
        return write([item], `Added ${title}`, `Added ${title} at ${formatWeekdayClock(start)}.`)
          ? id
          : null;
      },
      schedule(todoId, start, end) {
        const todo = store.get('todo', todoId);
        if (!todo || timelineId === null) return;
        write(
          [withRange(todo, timelineId, start, end)],
          `Scheduled ${todo.title}`,
          `Scheduled ${todo.title} at ${formatWeekdayClock(start)}.`,
        );
      },
      unschedule(todoId) {
        const todo = store.get('todo', todoId);
        if (!todo) return;
        write(
          [{ ...todo, schedule: null }],
          `Unscheduled ${todo.title}`,
          `Unscheduled ${todo.title}.`,
        );
      },
      setDone(todoId, done) {
        const todo = store.get('todo', todoId);
        if (!todo || todo.done === done) return;
        const now = new Date();
        const all = store.all('todo', { includeDeleted: true });
        const { changed, next } = tickChanges(todo, done, dayOf(now), all, now);
        const after = next
          ? `${todo.title} done. Next one on ${formatPlanDate(atMinutes(next.list.slice(4), 12 * 60))}.`
          : done
            ? `${todo.title} done.`
            : `${todo.title} is not done.`;
        write(
          next ? [changed, next] : [changed],
          done ? `Ticked ${todo.title}` : `Unticked ${todo.title}`,
          after,
        );
      },
      retitle(block, title) {
        const item = itemOf(block);
        const text = title.trim();
        if (!item || text === '') return;
        const changed = item.kind === 'todo' ? { ...item, title: text } : { ...item, text: title };
        write([changed], `Renamed ${titleOf(changed)}`, `Saved ${titleOf(changed)}.`);
      },
      remove(block) {
        history.remove([{ kind: block.kind, id: block.id }], { label: `Deleted ${block.title}` });
        announce(`Deleted ${block.title}.`);
      },
    };
  }, [store, history, announce, timelineId]);
}
