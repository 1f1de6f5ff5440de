/** A new timeline record; the first one ever made is named "My timeline" and becomes the default. */
import { keyBetween } from '../logic/order-keys';
import type { Timeline } from '../model/records';

export const FIRST_TIMELINE_NAME = 'My timeline';

export function newTimeline(name: string, after: string | null, now: Date = new Date()): Timeline {
  return {
    id: crypto.randomUUID(),
    kind: 'timeline',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    name,
    order: keyBetween(after, null),
  };
}
