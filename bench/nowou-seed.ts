/**
 * The Nowou store the bench loads (docs/product/data.md#nowou-keys): one timeline and `defaultTimeline`,
 * NOWOU_STORE.todos to-dos over Inbox, the past 14 days, the next 30 days and Someday, of which
 * NOWOU_STORE.scheduledTodos sit on the timeline, and NOWOU_STORE.textBoxes text boxes on it too.
 * Everything comes from a fixed seed number, so two runs on the same day hold the same store; the
 * days and times are relative to the day the bench runs, on this machine's calendar (the browser
 * shares its time zone). Every record is checked with the app's own `itemSchema`: a seed the app
 * would skip is an error, never a figure.
 */
import { keysBetween } from '../src/client/features/nowou/logic/order-keys.ts';
import {
  DEFAULT_TIMELINE_KEY,
  itemSchema,
  type Brainstorm,
  type CanvasEdge,
  type TextElement,
  serialiseItem,
  storageKeyOf,
  type Item,
  type TextBox,
  type Timeline,
  type Todo,
} from '#shared/nowou-records';
import { NOWOU_BOARD, NOWOU_STORE } from './nowou-results.ts';

/** localStorage entries, key and value, in the order they are written. */
export type StorageEntries = [key: string, value: string][];

export interface NowouSeed {
  entries: StorageEntries;
  /** Characters of keys and values together (localStorage counts UTF-16 code units). */
  chars: number;
  timelineId: string;
  todos: number;
  scheduledTodos: number;
  textBoxes: number;
}

/** mulberry32: small, fast and the same on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of a local date. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** ISO time with this machine's offset, e.g. 2026-03-02T09:15:00+01:00. */
export function localIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${dayOf(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export const WORDS = [
  'call',
  'write',
  'review',
  'plan',
  'fix',
  'send',
  'draft',
  'book',
  'pay',
  'tidy',
  'sketch',
  'record',
  'invoice',
  'backup',
  'reply',
  'order',
];
export const THINGS = [
  'the mixing notes',
  'Ada about the print run',
  'the newsletter',
  'gallery photos',
  'the studio rent',
  'chart indicator docs',
  'guitar strings',
  'the release plan',
  'tax papers',
  'the portfolio page',
  'Lin’s feedback',
  'album artwork',
  'the dentist',
  'train tickets',
];
export const TAGS = ['work', 'home', 'music', 'art', 'errand', 'admin', 'deep', 'quick'];

export function seedNowouStore(now: Date, seed = NOWOU_STORE.seed): NowouSeed {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (share: number) => next() < share;
  const id = () =>
    [8, 4, 4, 4, 12]
      .map((length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''))
      .join('-');
  const modifiedAt = new Date(now.getTime() - 60_000).toISOString();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());

  const timeline: Timeline = {
    id: id(),
    v: 1,
    modifiedAt,
    deleted: false,
    kind: 'timeline',
    name: 'Work',
    color: '#3b82f6',
    order: 'V',
  };

  // Blocks go on the current week (Monday first) and the week either side, 07:00–20:00.
  const weekStart = addDays(today, -((today.getDay() + 6) % 7) - 7);
  const block = () => {
    const slots = Math.floor(next() * 12) + 1; // 15–180 min
    const startSlot = Math.floor(next() * (13 * 4 - slots + 1)); // within 07:00–20:00
    const day = addDays(weekStart, Math.floor(next() * 21));
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 7, startSlot * 15);
    const end = new Date(start.getTime() + slots * 15 * 60_000);
    return { day, start, end, minutes: slots * 15 };
  };

  const lists: string[] = [];
  for (let i = 0; i < NOWOU_STORE.todos; i += 1) {
    const roll = next();
    if (roll < 0.15) lists.push('inbox');
    else if (roll < 0.25) lists.push('someday');
    else if (roll < 0.5) lists.push(`day:${dayOf(addDays(today, -1 - Math.floor(next() * 14)))}`);
    else lists.push(`day:${dayOf(addDays(today, Math.floor(next() * 31)))}`);
  }
  // Every fifth to-do (400 of 2,000) sits on the timeline, its day list the block’s day.
  const scheduledEvery = Math.floor(NOWOU_STORE.todos / NOWOU_STORE.scheduledTodos);

  const todos: Todo[] = lists.map((list, index) => {
    const scheduled = index % scheduledEvery === 0 ? block() : null;
    const ownList = scheduled ? `day:${dayOf(scheduled.day)}` : list;
    const past = ownList.startsWith('day:') && ownList.slice(4) < dayOf(today);
    const done = chance(past ? 0.6 : 0.08);
    const tags = chance(0.3)
      ? [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(TAGS)))]
      : [];
    const timed = !scheduled && ownList.startsWith('day:') && chance(0.2);
    return {
      id: id(),
      v: 1,
      modifiedAt,
      deleted: false,
      kind: 'todo',
      title: `${pick(WORDS)} ${pick(THINGS)}`.replace(/^./, (first) => first.toUpperCase()),
      notes: chance(0.1) ? 'Check the shared folder first; the older draft is in Archive.' : '',
      list: ownList as Todo['list'],
      order: 'V', // set per list below
      done,
      doneAt: done
        ? new Date(now.getTime() - Math.floor(next() * 14 * 86_400_000)).toISOString()
        : null,
      tags,
      priority: chance(0.25) ? 1 + Math.floor(next() * 3) : 0,
      time: scheduled
        ? `${pad(scheduled.start.getHours())}:${pad(scheduled.start.getMinutes())}`
        : timed
          ? `${pad(8 + Math.floor(next() * 10))}:${pick(['00', '15', '30', '45'])}`
          : null,
      duration: scheduled ? scheduled.minutes : timed && chance(0.5) ? 30 : null,
      schedule: scheduled
        ? {
            timelineId: timeline.id,
            start: localIso(scheduled.start),
            end: localIso(scheduled.end),
          }
        : null,
      subtasks: chance(0.12)
        ? Array.from({ length: 1 + Math.floor(next() * 5) }, (_, n) => ({
            id: id(),
            title: `Step ${n + 1}`,
            done: chance(0.4),
          }))
        : [],
      recurrence: null,
    };
  });

  // Order keys per list, spread evenly, in the order the to-dos were made.
  const byList = new Map<string, Todo[]>();
  for (const todo of todos) byList.set(todo.list, [...(byList.get(todo.list) ?? []), todo]);
  for (const members of byList.values()) {
    const keys = keysBetween(null, null, members.length);
    members.forEach((todo, index) => (todo.order = keys[index]!));
  }

  const textBoxes: TextBox[] = Array.from({ length: NOWOU_STORE.textBoxes }, () => {
    const { start, end } = block();
    return {
      id: id(),
      v: 1,
      modifiedAt,
      deleted: false,
      kind: 'textBox',
      text: `${pick(WORDS)} ${pick(THINGS)}: notes`,
      anchor: { timelineId: timeline.id, start: localIso(start), end: localIso(end) },
    };
  });

  const items: Item[] = [timeline, ...todos, ...textBoxes];
  const entries: StorageEntries = items.map((item) => {
    const parsed = itemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `the seed made an invalid ${item.kind} ${item.id}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      );
    }
    return [storageKeyOf(item.kind, item.id), serialiseItem(parsed.data)];
  });
  entries.push([DEFAULT_TIMELINE_KEY, timeline.id]);

  const scheduledTodos = todos.filter((todo) => todo.schedule).length;
  if (
    todos.length !== NOWOU_STORE.todos ||
    scheduledTodos !== NOWOU_STORE.scheduledTodos ||
    textBoxes.length !== NOWOU_STORE.textBoxes ||
    new Set(entries.map(([key]) => key)).size !== entries.length
  ) {
    throw new Error(
      `the seed made ${todos.length} to-dos (${scheduledTodos} scheduled) and ${textBoxes.length} text boxes in ${entries.length} entries, some key twice or a count off`,
    );
  }
  return {
    entries,
    chars: entries.reduce((total, [key, value]) => total + key.length + value.length, 0),
    timelineId: timeline.id,
    todos: todos.length,
    scheduledTodos,
    textBoxes: textBoxes.length,
  };
}

/** Checks one record with the app's own schema and returns its localStorage entry. */
function entryOf(item: Item): [string, string] {
  const parsed = itemSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the seed made an invalid ${item.kind} ${item.id}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  return [storageKeyOf(item.kind, item.id), serialiseItem(parsed.data)];
}

export interface BoardSeed {
  entries: StorageEntries;
  chars: number;
  boardId: string;
  textNodes: number;
  groups: number;
  edges: number;
  /** Width and height of the area the nodes cover, in canvas pixels. */
  area: { width: number; height: number };
}

const BOARD_TOPICS = [
  'Album launch',
  'Tour merch',
  'Video ideas',
  'Newsletter',
  'Print shop',
  'Portfolio',
  'Course outline',
  'Studio setup',
];
export const BOARD_PHRASES = [
  'ask Ada',
  'cheaper option?',
  'by Friday',
  'needs a sketch',
  'check the budget',
  '**important**',
  'maybe later',
  'two versions',
  'see notes',
  '_rough idea_',
];
const NODE_W = 220;
const NODE_GAP_X = 90;
const NODE_GAP_Y = 70;

/**
 * One brainstorm board (docs/product/data.md#nowou-keys) of NOWOU_BOARD.textNodes text nodes with short,
 * varied texts (some on two lines, some with Markdown emphasis), about a fifth coloured, laid out
 * on a grid with jitter over a large area; NOWOU_BOARD.groups groups behind some of them; and
 * NOWOU_BOARD.edges edges: a tree (each node but the first from a node placed shortly before it)
 * plus cross links between random pairs. The view starts at the first nodes, zoom 0.6. Same
 * fixed-seed generator as the store, every record checked with `itemSchema`.
 */
export function seedNowouBoard(now: Date, seed = NOWOU_BOARD.seed): BoardSeed {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (share: number) => next() < share;
  const id = () =>
    [8, 4, 4, 4, 12]
      .map((length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''))
      .join('-');
  const modifiedAt = new Date(now.getTime() - 60_000).toISOString();
  const boardId = id();
  const envelope = { v: 1, modifiedAt, deleted: false, boardId } as const;

  const columns = NOWOU_BOARD.columns;
  const texts: TextElement[] = Array.from({ length: NOWOU_BOARD.textNodes }, (_, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    const twoLines = chance(0.3);
    const text =
      index === 0
        ? '# Next season'
        : `${pick(WORDS)} ${pick(THINGS)}`.replace(/^./, (first) => first.toUpperCase()) +
          (twoLines ? `\n${pick(BOARD_PHRASES)}` : '');
    const roll = next();
    const color =
      roll < 0.15
        ? pick(['1', '2', '3', '4', '5', '6'] as const)
        : roll < 0.2
          ? pick(['#e11d48', '#0ea5e9', '#84cc16'])
          : undefined;
    return {
      ...envelope,
      id: id(),
      kind: 'textElement',
      type: 'text',
      x: column * (NODE_W + NODE_GAP_X) + Math.floor(next() * 40),
      y: row * (72 + NODE_GAP_Y) + Math.floor(next() * 30),
      width: NODE_W,
      height: twoLines ? 96 : 72,
      text,
      ...(color ? { color } : {}),
    };
  });

  // Groups around blocks of 4×3 nodes here and there, drawn behind (first in the node order).
  const groups: TextElement[] = Array.from({ length: NOWOU_BOARD.groups }, (_, index) => {
    const column = 2 + index * 7;
    const row = 1 + index * 4;
    const first = texts[row * columns + column]!;
    return {
      ...envelope,
      id: id(),
      kind: 'textElement',
      type: 'group',
      x: first.x - 30,
      y: first.y - 54,
      width: 4 * (NODE_W + NODE_GAP_X) + 30,
      height: 3 * (72 + NODE_GAP_Y) + 60,
      label: pick(BOARD_TOPICS),
      ...(index % 2 ? { color: '4' } : {}),
    };
  });

  const edges: CanvasEdge[] = [];
  const seen = new Set<string>();
  const connect = (from: TextElement, to: TextElement) => {
    const key = `${from.id}>${to.id}`;
    if (from === to || seen.has(key) || seen.has(`${to.id}>${from.id}`)) return false;
    seen.add(key);
    const right = to.x >= from.x + NODE_W;
    edges.push({
      id: id(),
      fromNode: from.id,
      fromSide: right ? 'right' : 'bottom',
      toNode: to.id,
      toSide: right ? 'left' : 'top',
      ...(chance(0.1) ? { color: pick(['1', '4', '6'] as const) } : {}),
      ...(chance(0.05) ? { label: pick(BOARD_PHRASES).replace(/[*_]/g, '') } : {}),
    });
    return true;
  };
  // The tree: a parent among the nodes placed up to about a row and a half before.
  for (let index = 1; index < texts.length; index += 1) {
    const back = 1 + Math.floor(next() * Math.min(index, Math.round(columns * 1.5)));
    connect(texts[index - back]!, texts[index]!);
  }
  // Cross links: mostly near each other, some across the board.
  while (edges.length < NOWOU_BOARD.edges) {
    const from = Math.floor(next() * texts.length);
    const to = chance(0.8)
      ? Math.min(texts.length - 1, Math.max(0, from + Math.floor((next() - 0.5) * columns * 4)))
      : Math.floor(next() * texts.length);
    connect(texts[from]!, texts[to]!);
  }

  const nodes = [...groups, ...texts];
  const board: Brainstorm = {
    id: boardId,
    v: 1,
    modifiedAt,
    deleted: false,
    kind: 'brainstorm',
    title: 'Bench board',
    viewport: { x: -40, y: -60, zoom: 0.6 },
    nodeOrder: nodes.map((node) => node.id),
    edges,
    order: 'V',
  };
  const entries: StorageEntries = [board, ...nodes].map(entryOf);
  if (
    texts.length !== NOWOU_BOARD.textNodes ||
    edges.length !== NOWOU_BOARD.edges ||
    new Set(entries.map(([key]) => key)).size !== entries.length
  )
    throw new Error(
      `the board seed made ${texts.length} text nodes and ${edges.length} edges in ${entries.length} entries, some key twice or a count off`,
    );
  return {
    entries,
    chars: entries.reduce((total, [key, value]) => total + key.length + value.length, 0),
    boardId,
    textNodes: texts.length,
    groups: groups.length,
    edges: edges.length,
    area: {
      width: Math.max(...nodes.map((node) => node.x + node.width)),
      height: Math.max(...nodes.map((node) => node.y + node.height)),
    },
  };
}
