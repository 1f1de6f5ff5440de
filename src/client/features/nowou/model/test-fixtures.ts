/**
 * For the model's tests: a Web Storage in memory that can be made to run out of space (valid items
 * to vary are in #shared/nowou-record-fixtures).
 */
import type { KeyValueStorage } from './item-store';

export class MemoryStorage implements KeyValueStorage {
  readonly entries = new Map<string, string>();
  /** While set, every write throws QuotaExceededError, as a full localStorage does. */
  full = false;
  writes = 0;

  get length(): number {
    return this.entries.size;
  }

  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.full) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.writes += 1;
    this.entries.set(key, value);
  }

  removeItem(key: string): void {
    this.entries.delete(key);
  }
}
