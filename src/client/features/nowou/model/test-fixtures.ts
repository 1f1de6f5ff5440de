/**
 * For the model's tests: a Web Storage in memory that can be made to run out of space, and valid
 * items to vary.
 */
import type { KeyValueStorage } from './item-store';
import type { TextBox, Timeline, Todo } from './records';

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

export const T0 = '2026-03-01T10:00:00.000Z';

export function todo(fields: Partial<Todo> = {}): Todo {
  return {
    id: 'todo-1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'todo',
    title: 'Buy milk',
    notes: '',
    list: 'inbox',
    order: 'V',
    done: false,
    doneAt: null,
    tags: [],
    priority: 0,
    time: null,
    duration: null,
    schedule: null,
    subtasks: [],
    recurrence: null,
    ...fields,
  };
}

export function timeline(fields: Partial<Timeline> = {}): Timeline {
  return {
    id: 'tl-1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'timeline',
    name: 'Work',
    order: 'V',
    ...fields,
  };
}

export function textBox(fields: Partial<TextBox> = {}): TextBox {
  return {
    id: 'tb-1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'textBox',
    text: 'Notes for the day',
    anchor: { timelineId: 'tl-1', day: '2026-03-01' },
    ...fields,
  };
}
