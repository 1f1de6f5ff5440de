/**
 * Every change the timeline makes, each one history step announced by the item's title: move,
 * resize, create, schedule from the panel, unschedule, retitle and delete a block.
 */
import { useMemo } from 'react';
import { useNowou } from '../nowou-context';
import { noteTitle, type TimedBlock } from './grid-math';
import {
  formatDayTime,
  formatTime,
  newNoteBlock,
  newTodoBlock,
  withRange,
  type BlockItem,
} from './block-items';

export interface TimelineActions {
  /** Gives the block a new range; `how` words the announcement. */
  setRange(
    block: Pick<TimedBlock, 'id' | 'kind'>,
    start: number,
    end: number,
    how: 'move' | 'resize',
  ): void;
  create(kind: 'todo' | 'textBox', title: string, start: number, end: number): void;
  schedule(todoId: string, start: number, end: number): void;
  unschedule(todoId: string): void;
  retitle(block: Pick<TimedBlock, 'id' | 'kind'>, title: string): void;
  remove(block: Pick<TimedBlock, 'id' | 'kind' | 'title'>): void;
}

export function useTimelineActions(timelineId: string | null): TimelineActions {
  const { store, history, announce } = useNowou();
  return useMemo(() => {
    const itemOf = (block: Pick<TimedBlock, 'id' | 'kind'>): BlockItem | undefined =>
      block.kind === 'todo' ? store.get('todo', block.id) : store.get('textBox', block.id);
    /** One undo step, announced; a refused write says so and changes nothing. */
    const write = (items: BlockItem[], label: string, done: string) =>
      announce(
        history.change(items, { label }) ? done : `Could not save: ${label}. Nothing was changed.`,
      );
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
            ? `Moved ${title} to ${formatDayTime(start)}.`
            : `${title} now ends at ${formatTime(end)}.`,
        );
      },
      create(kind, title, start, end) {
        if (timelineId === null) return;
        const id = crypto.randomUUID();
        const now = new Date();
        const item =
          kind === 'todo'
            ? newTodoBlock(store.all('todo'), title, timelineId, start, end, id, now)
            : newNoteBlock(title, timelineId, start, end, id, now);
        write([item], `Added ${title}`, `Added ${title} at ${formatDayTime(start)}.`);
      },
      schedule(todoId, start, end) {
        const todo = store.get('todo', todoId);
        if (!todo || timelineId === null) return;
        write(
          [withRange(todo, timelineId, start, end)],
          `Scheduled ${todo.title}`,
          `Scheduled ${todo.title} at ${formatDayTime(start)}.`,
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
