/**
 * The timeline's geometry, pure: minutes of a day to pixels and back, 15-minute snapping, the days
 * of a Day or Week view (weeks start on Monday), the
 * blocks of a timeline and where each falls in a shown range, with overlapping blocks laid out side
 * by side in columns. No React, no storage, no clock of its own.
 */
import { plainFirstLine } from '../textboxes/markdown';
import { addDays, dayOf, weekdayOf } from '../logic/calendar-day';
import { atMinutes, wallMinutes } from '../logic/local-time';
import type { TextBox, Todo } from '#shared/nowou-records';

/** One grid slot. */
export const MINUTES_PER_SLOT = 15;
/** The pixel height of one slot (15 minutes). */
export const SLOT_PX = 12;
export const MINUTES_PER_DAY = 1440;
/** The pixel height of a whole day. */
export const DAY_PX = (MINUTES_PER_DAY / MINUTES_PER_SLOT) * SLOT_PX;
const MS_PER_MINUTE = 60_000;

export type ViewKind = 'day' | 'week';

export function minutesToY(minutes: number): number {
  return (minutes / MINUTES_PER_SLOT) * SLOT_PX;
}

export function yToMinutes(y: number): number {
  return (y / SLOT_PX) * MINUTES_PER_SLOT;
}

/** To the nearest slot boundary (or the one at or before, with 'floor'). */
export function snapMinutes(minutes: number, mode: 'round' | 'floor' = 'round'): number {
  const slots = minutes / MINUTES_PER_SLOT;
  return (mode === 'floor' ? Math.floor(slots) : Math.round(slots)) * MINUTES_PER_SLOT;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The Monday on or before the day. */
export function weekStart(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** Monday to Sunday of the day's week. */
export function weekDays(day: string): string[] {
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The days a view shows around `anchor`. */
export function daysOfView(view: ViewKind, anchor: string): string[] {
  return view === 'day' ? [anchor] : weekDays(anchor);
}

/** The anchor day one step (a day or a week) before (-1) or after (+1). */
export function stepAnchor(view: ViewKind, anchor: string, step: -1 | 1): string {
  return addDays(anchor, view === 'day' ? step : 7 * step);
}

export interface TimedBlock {
  id: string;
  kind: 'todo' | 'textBox';
  title: string;
  /** ms */
  start: number;
  end: number;
  done: boolean;
}

/** A text box's title: its first line of text without Markdown marks, or "Note". */
export function noteTitle(text: string): string {
  return plainFirstLine(text, 60) || 'Note';
}

/** The timeline's blocks (scheduled to-dos and time-range text boxes), earliest first. */
export function blocksOfTimeline(
  todos: readonly Todo[],
  boxes: readonly TextBox[],
  timelineId: string,
): TimedBlock[] {
  const blocks: TimedBlock[] = [];
  for (const todo of todos) {
    const range = todo.schedule;
    if (!range || range.timelineId !== timelineId || todo.deleted) continue;
    blocks.push({
      id: todo.id,
      kind: 'todo',
      title: todo.title,
      start: Date.parse(range.start),
      end: Date.parse(range.end),
      done: todo.done,
    });
  }
  for (const box of boxes) {
    const anchor = box.anchor;
    if (!('start' in anchor) || anchor.timelineId !== timelineId || box.deleted) continue;
    blocks.push({
      id: box.id,
      kind: 'textBox',
      title: noteTitle(box.text),
      start: Date.parse(anchor.start),
      end: Date.parse(anchor.end),
      done: false,
    });
  }
  return blocks.sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : 1));
}

export interface Segment {
  /** Minutes since the day's midnight. */
  top: number;
  bottom: number;
}

/**
 * Side-by-side columns for one day's segments: overlapping segments form a cluster, each takes the
 * first column free at its top, and every member of a cluster gets the cluster's column count.
 */
export function overlapColumns(
  segments: readonly Segment[],
): { column: number; columns: number }[] {
  const order = segments
    .map((segment, index) => ({ segment, index }))
    .sort((a, b) => a.segment.top - b.segment.top || b.segment.bottom - a.segment.bottom);
  const result = segments.map(() => ({ column: 0, columns: 1 }));
  let cluster: number[] = [];
  let columnEnds: number[] = [];
  let clusterBottom = -Infinity;
  const close = () => {
    for (const index of cluster) result[index]!.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const { segment, index } of order) {
    if (segment.top >= clusterBottom) close();
    let column = columnEnds.findIndex((end) => end <= segment.top);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(segment.bottom);
    } else columnEnds[column] = segment.bottom;
    result[index]!.column = column;
    cluster.push(index);
    clusterBottom = cluster.length === 1 ? segment.bottom : Math.max(clusterBottom, segment.bottom);
  }
  close();
  return result;
}

export interface PlacedBlock extends Segment {
  block: TimedBlock;
  dayIndex: number;
  day: string;
  column: number;
  columns: number;
  /** True for the part holding the block's start (the one that is dragged and focused). */
  first: boolean;
}

/**
 * Where each block falls in the shown days: one part per day it touches, clipped to that day, with
 * its overlap column. Blocks outside the days are left out.
 */
export function visibleBlocks(
  blocks: readonly TimedBlock[],
  days: readonly string[],
): PlacedBlock[] {
  if (days.length === 0) return [];
  const bounds = days.map((day) => ({
    day,
    start: atMinutes(day, 0),
    end: atMinutes(day, MINUTES_PER_DAY),
  }));
  const rangeStart = bounds[0]!.start;
  const rangeEnd = bounds.at(-1)!.end;
  const placed: PlacedBlock[] = [];
  const perDay: number[][] = days.map(() => []);
  for (const block of blocks) {
    if (block.end <= rangeStart || block.start >= rangeEnd) continue;
    bounds.forEach((bound, dayIndex) => {
      if (block.end <= bound.start || block.start >= bound.end) return;
      const top = block.start <= bound.start ? 0 : wallMinutes(block.start);
      const bottom = block.end >= bound.end ? MINUTES_PER_DAY : wallMinutes(block.end);
      perDay[dayIndex]!.push(placed.length);
      placed.push({
        block,
        dayIndex,
        day: bound.day,
        top,
        bottom: Math.max(bottom, top + 1),
        column: 0,
        columns: 1,
        first: block.start >= bound.start,
      });
    });
  }
  for (const indexes of perDay) {
    const columns = overlapColumns(indexes.map((index) => placed[index]!));
    indexes.forEach((index, at) => Object.assign(placed[index]!, columns[at]));
  }
  return placed;
}

/** The block's duration in whole minutes. */
export function durationMinutes(block: { start: number; end: number }): number {
  return Math.round((block.end - block.start) / MS_PER_MINUTE);
}

/**
 * A block moved by whole days and minutes (its wall-clock start shifted, its length kept) and its
 * end moved by `endDelta` minutes, never shorter than one slot.
 */
export function shiftedRange(
  block: { start: number; end: number },
  {
    dayDelta = 0,
    startDelta = 0,
    endDelta = 0,
  }: { dayDelta?: number; startDelta?: number; endDelta?: number },
): { start: number; end: number } {
  const startDay = dayOf(new Date(block.start));
  const start = atMinutes(addDays(startDay, dayDelta), wallMinutes(block.start) + startDelta);
  const length = block.end - block.start + endDelta * MS_PER_MINUTE;
  return { start, end: start + Math.max(length, MINUTES_PER_SLOT * MS_PER_MINUTE) };
}

export type BlockKey = 'up' | 'down' | 'grow' | 'shrink' | 'left' | 'right';

/**
 * What an arrow key does to a block's part: up/down move it a slot within its day, grow/shrink move
 * its end a slot (never below one slot), left/right move it a day within the shown week. Null
 * when the key does nothing there.
 */
export function keyboardChange(
  part: Pick<PlacedBlock, 'block' | 'dayIndex'>,
  key: BlockKey,
  view: ViewKind,
  dayCount: number,
): { dayDelta: number; startDelta: number; endDelta: number } | null {
  const { block } = part;
  if (key === 'grow' || key === 'shrink') {
    const endDelta = key === 'grow' ? MINUTES_PER_SLOT : -MINUTES_PER_SLOT;
    if (durationMinutes(block) + endDelta < MINUTES_PER_SLOT) return null;
    return { dayDelta: 0, startDelta: 0, endDelta };
  }
  if (key === 'left' || key === 'right') {
    const dayDelta = key === 'left' ? -1 : 1;
    const day = part.dayIndex + dayDelta;
    if (view !== 'week' || day < 0 || day >= dayCount) return null;
    return { dayDelta, startDelta: 0, endDelta: 0 };
  }
  const top = wallMinutes(block.start);
  const step = key === 'up' ? -MINUTES_PER_SLOT : MINUTES_PER_SLOT;
  const next = clamp(snapMinutes(top + step), 0, MINUTES_PER_DAY - MINUTES_PER_SLOT);
  return next === top ? null : { dayDelta: 0, startDelta: next - top, endDelta: 0 };
}
