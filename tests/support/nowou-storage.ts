/**
 * What Nowou has written to localStorage, for browser tests that wait for a save instead of a
 * timer. Nowou writes its changes together, a moment after the first (the store's debounce), so
 * once storage shows a change, the whole save is in.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type StorageSnapshot = Record<string, string>;

/** Every localStorage key and value as they are now. */
export const storageSnapshot = (page: Page): Promise<StorageSnapshot> =>
  page.evaluate(() => ({ ...localStorage }));

/** Keys added, changed or removed between two snapshots. */
export function changedKeys(before: StorageSnapshot, after: StorageSnapshot): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

/**
 * Waits for the save after `before` (taken when nothing was waiting to be saved) and returns
 * storage as it left it.
 */
export async function nextSave(page: Page, before: StorageSnapshot): Promise<StorageSnapshot> {
  await expect
    .poll(async () => changedKeys(before, await storageSnapshot(page)).length, {
      message: 'a save to localStorage',
    })
    .toBeGreaterThan(0);
  return storageSnapshot(page);
}

/**
 * The titles (names of lists and timelines, texts of notes) of the stored, not deleted items whose
 * keys start with `prefix`, sorted: `todo-` for to-dos (lists aside), `todo-list-` for lists,
 * `timeline-`, `textBox-`, `brainstorm-`…
 */
export function storedTitles(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(
    (start) =>
      Object.keys(localStorage)
        .filter(
          (key) => key.startsWith(start) && (start !== 'todo-' || !key.startsWith('todo-list-')),
        )
        .map(
          (key) =>
            JSON.parse(localStorage.getItem(key)!) as {
              title?: string;
              name?: string;
              text?: string;
              deleted?: boolean;
            },
        )
        .filter((item) => !item.deleted)
        .map((item) => item.title ?? item.name ?? item.text ?? '')
        .sort(),
    prefix,
  );
}
