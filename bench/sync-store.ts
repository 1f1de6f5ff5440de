/**
 * The account a new device syncs in the sync part (docs/product/data.md#nowou-keys): SYNC_STORE.items
 * items of every kind, as a year of use leaves them: mostly to-dos, most of them on the past year's
 * day lists and done, the rest in Inbox (3 %), Someday, custom lists and the next two months (some
 * tagged, with a priority, subtasks, notes, a time, a block on a timeline or a repeat rule); text
 * boxes on the timelines; and two brainstorm boards with their nodes and edges. Each item is small, as people's are, so that all of them fit in Chromium's
 * localStorage beside each other. From a fixed seed number, relative to the day of the run, and
 * every record checked with the app's own `itemSchema`: a seed the app would skip is an error.
 */
import { keysBetween } from '../src/client/features/nowou/logic/order-keys.ts';
import {
  itemSchema,
  serialiseItem,
  storageKeyOf,
  type Brainstorm,
  type CanvasEdge,
  type Item,
  type TextBox,
  type TextElement,
  type Timeline,
  type Todo,
  type TodoListItem,
} from '#shared/nowou-records';
import {
  addDays,
  BOARD_PHRASES,
  dayOf,
  localIso,
  random,
  TAGS,
  THINGS,
  WORDS,
} from './nowou-seed.ts';
import { SYNC_STORE } from './sync-results.ts';

export interface SyncStoreItem {
  key: string;
  item: Item;
}

export interface SyncStore {
  items: SyncStoreItem[];
  /** Characters of keys and values together (localStorage counts UTF-16 code units). */
  chars: number;
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

export function seedSyncStore(now: Date, seed = SYNC_STORE.seed): SyncStore {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (share: number) => next() < share;
  const id = () =>
    [8, 4, 4, 4, 12]
      .map((length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''))
      .join('-');
  // Modified over the past two months, as a store that has been used for a while.
  const modified = () => new Date(now.getTime() - Math.floor(next() * 60 * DAY_MS)).toISOString();
  const envelope = () => ({ id: id(), v: 1 as const, modifiedAt: modified(), deleted: false });
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const title = () => `${pick(WORDS)} ${pick(THINGS)}`.replace(/^./, (c) => c.toUpperCase());

  const timelines: Timeline[] = ['Work', 'Studio', 'Home'].map((name, index) => ({
    ...envelope(),
    kind: 'timeline',
    name,
    color: ['#3b82f6', '#e11d48', '#84cc16'][index]!,
    order: keysBetween(null, null, SYNC_STORE.timelines)[index]!,
  }));
  const lists: TodoListItem[] = ['Album', 'Shop', 'Reading', 'Travel'].map((name, index) => ({
    ...envelope(),
    kind: 'list',
    name,
    order: keysBetween(null, null, SYNC_STORE.lists)[index]!,
  }));

  // A block of 15–180 minutes between 07:00 and 20:00, within three weeks either side of today.
  const range = () => {
    const slots = 1 + Math.floor(next() * 12);
    const day = addDays(today, Math.floor(next() * 43) - 21);
    const start = new Date(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      7,
      Math.floor(next() * (52 - slots)) * 15,
    );
    const end = new Date(start.getTime() + slots * 15 * 60_000);
    return { day, start, end, minutes: slots * 15 };
  };

  const nodeItems = SYNC_STORE.boards * (1 + SYNC_STORE.nodesPerBoard);
  const todoCount =
    SYNC_STORE.items - SYNC_STORE.timelines - SYNC_STORE.lists - SYNC_STORE.textBoxes - nodeItems;
  const todos: Todo[] = Array.from({ length: todoCount }, () => {
    const roll = next();
    const block = chance(0.08) ? range() : null;
    const list: Todo['list'] = block
      ? `day:${dayOf(block.day)}`
      : roll < 0.03
        ? 'inbox'
        : roll < 0.09
          ? 'someday'
          : roll < 0.17
            ? `list:${pick(lists).id}`
            : roll < 0.87
              ? `day:${dayOf(addDays(today, -1 - Math.floor(next() * 365)))}`
              : `day:${dayOf(addDays(today, Math.floor(next() * 61)))}`;
    const past = list.startsWith('day:') && list.slice(4) < dayOf(today);
    const done = chance(past ? 0.85 : 0.05);
    const timed = !block && list.startsWith('day:') && chance(0.15);
    return {
      ...envelope(),
      kind: 'todo',
      title: title(),
      notes: chance(0.1) ? pick(BOARD_PHRASES).replace(/[*_]/g, '') : '',
      list,
      order: 'V', // set per list below
      done,
      doneAt: done
        ? new Date(now.getTime() - Math.floor(next() * 30 * DAY_MS)).toISOString()
        : null,
      tags: chance(0.3) ? [...new Set([pick(TAGS), pick(TAGS)])] : [],
      priority: chance(0.25) ? 1 + Math.floor(next() * 3) : 0,
      time: block
        ? `${pad(block.start.getHours())}:${pad(block.start.getMinutes())}`
        : timed
          ? `${pad(8 + Math.floor(next() * 10))}:${pick(['00', '15', '30', '45'])}`
          : null,
      duration: block ? block.minutes : null,
      schedule: block
        ? { timelineId: pick(timelines).id, start: localIso(block.start), end: localIso(block.end) }
        : null,
      subtasks: chance(0.06)
        ? Array.from({ length: 1 + Math.floor(next() * 3) }, (_, n) => ({
            id: `s${n + 1}`,
            title: `Step ${n + 1}`,
            done: chance(0.4),
          }))
        : [],
      recurrence: chance(0.03) ? pick([{ kind: 'daily' }, { kind: 'weekdays' }] as const) : null,
    };
  });
  const byList = new Map<string, Todo[]>();
  for (const todo of todos) byList.set(todo.list, [...(byList.get(todo.list) ?? []), todo]);
  for (const members of byList.values()) {
    const keys = keysBetween(null, null, members.length);
    members.forEach((todo, index) => (todo.order = keys[index]!));
  }

  const textBoxes: TextBox[] = Array.from({ length: SYNC_STORE.textBoxes }, () => {
    const { day, start, end } = range();
    const timelineId = pick(timelines).id;
    return {
      ...envelope(),
      kind: 'textBox',
      text: `${title()}: notes`,
      anchor: chance(0.5)
        ? { timelineId, day: dayOf(day) }
        : { timelineId, start: localIso(start), end: localIso(end) },
    };
  });

  const boardItems: Item[] = [];
  for (let board = 0; board < SYNC_STORE.boards; board += 1) {
    const boardId = id();
    const nodes: TextElement[] = Array.from({ length: SYNC_STORE.nodesPerBoard }, (_, index) => ({
      ...envelope(),
      kind: 'textElement',
      boardId,
      type: 'text',
      x: (index % 12) * 310 + Math.floor(next() * 40),
      y: Math.floor(index / 12) * 142 + Math.floor(next() * 30),
      width: 220,
      height: 72,
      text: title(),
      ...(chance(0.2) ? { color: pick(['1', '2', '3', '4', '5', '6'] as const) } : {}),
    }));
    // A tree: each node from one placed shortly before it.
    const edges: CanvasEdge[] = nodes.slice(1).map((node, index) => ({
      id: `e${index + 1}`,
      fromNode: nodes[Math.max(0, index - Math.floor(next() * 12))]!.id,
      toNode: node.id,
    }));
    const brainstorm: Brainstorm = {
      ...envelope(),
      kind: 'brainstorm',
      title: `Board ${board + 1}`,
      viewport: { x: 0, y: 0, zoom: 0.8 },
      nodeOrder: nodes.map((node) => node.id),
      edges,
      order: keysBetween(null, null, SYNC_STORE.boards)[board]!,
    };
    boardItems.push(brainstorm, ...nodes);
  }

  const all: Item[] = [...timelines, ...lists, ...todos, ...textBoxes, ...boardItems];
  const counts: Record<string, number> = {};
  let chars = 0;
  const items = all.map((item) => {
    const parsed = itemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `the sync seed made an invalid ${item.kind} ${item.id}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      );
    }
    const key = storageKeyOf(item.kind, item.id);
    counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    chars += key.length + serialiseItem(parsed.data).length;
    return { key, item: parsed.data };
  });
  if (items.length !== SYNC_STORE.items || new Set(items.map((i) => i.key)).size !== items.length)
    throw new Error(`the sync seed made ${items.length} items, some key twice or a count off`);
  return { items, chars, counts };
}
