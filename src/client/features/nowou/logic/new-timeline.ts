/** A new timeline record; the first one ever made is named "My timeline" and becomes the default. */
import { keyBetween } from './order-keys';
import type { Timeline } from '#shared/nowou-records';
import { randomId } from '../../../lib/random-id';

export const FIRST_TIMELINE_NAME = 'My timeline';

/**
 * The first timeline has a fixed id: two tabs opened at once, or quick add and the timeline, make
 * the same item instead of two "My timeline"s.
 */
export const FIRST_TIMELINE_ID = 'my-timeline';

export function newTimeline(
  name: string,
  after: string | null,
  now: Date = new Date(),
  id: string = randomId(),
): Timeline {
  return {
    id,
    kind: 'timeline',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    name,
    order: keyBetween(after, null),
  };
}

/** The first timeline, made the same way wherever it is first needed. */
export function firstTimeline(now: Date = new Date()): Timeline {
  return newTimeline(FIRST_TIMELINE_NAME, null, now, FIRST_TIMELINE_ID);
}

/**
 * True for the first timeline exactly as Nowou made it by itself (never renamed, coloured, moved or
 * deleted): not the person's own work, so logging in never asks about it and it never overwrites
 * the account's copy (docs/product/nowou.md#nowou-sync).
 */
export function isUntouchedFirstTimeline(item: { kind: string; id: string }): boolean {
  if (item.kind !== 'timeline' || item.id !== FIRST_TIMELINE_ID) return false;
  const timeline = item as Timeline;
  const made = firstTimeline();
  return (
    !timeline.deleted &&
    timeline.name === made.name &&
    timeline.order === made.order &&
    timeline.color === undefined
  );
}
