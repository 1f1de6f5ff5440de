/**
 * What Nowou keeps in browser storage (docs/product/data.md#nowou-keys): one item per key, each a record
 * with a shared envelope (id, schema version, modification time, tombstone) around its own fields.
 * Everything read back is parsed here, so a broken or newer value is reported and left alone
 * instead of crashing the app or being written over.
 */
import { z } from 'zod';
import type { PRODUCTIVITY_KEY_PREFIXES } from './storage-keys';

export const SCHEMA_VERSION = 1;

export const ITEM_KINDS = [
  'todo',
  'list',
  'timeline',
  'textBox',
  'brainstorm',
  'textElement',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * A custom to-do list lives under `todo-list-<id>`: inside the to-dos' own prefix, since the product
 * fixes the prefixes, and told apart from a to-do because no to-do id starts with `list-`.
 */
const LIST_PREFIX = 'todo-list-';

const KEY_PREFIXES = {
  todo: 'todo-',
  list: LIST_PREFIX,
  timeline: 'timeline-',
  textBox: 'textBox-',
  brainstorm: 'brainstorm-',
  textElement: 'textElement-',
} as const satisfies Record<ItemKind, `${(typeof PRODUCTIVITY_KEY_PREFIXES)[number]}${string}`>;

/** Longest prefix first, so `todo-list-…` is read as a list, not as a to-do. */
const KINDS_BY_PREFIX = [...ITEM_KINDS].sort(
  (a, b) => KEY_PREFIXES[b].length - KEY_PREFIXES[a].length,
);

/** Holds just the id of the timeline opened first, as a plain string. */
export const DEFAULT_TIMELINE_KEY =
  'defaultTimeline' satisfies (typeof PRODUCTIVITY_KEY_PREFIXES)[number];

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** Ids are crypto.randomUUID() for new items; any short key-safe string is read. */
export const idSchema = z.string().regex(ID_PATTERN, 'not a valid id');

export function isValidId(value: string): boolean {
  return ID_PATTERN.test(value);
}

const isoTime = z.iso.datetime({ offset: true });

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string()
  .regex(dayPattern, 'not a YYYY-MM-DD day')
  .refine(isCalendarDay, 'not a calendar day');

/**
 * A fractional order key (base-62 digits, never ending in 0, compared by code units): sorting the
 * strings gives the order, and one fits between any two.
 */
export const orderSchema = z
  .string()
  .max(500)
  .regex(/^[0-9A-Za-z]*[1-9A-Za-z]$/, 'not an order key');

function isAfter(start: string, end: string): boolean {
  return Date.parse(end) > Date.parse(start);
}

type RefineParams = { error: string; path: string[] };

const timeRange = {
  timelineId: idSchema,
  start: isoTime,
  end: isoTime,
};
const endAfterStart: [(range: { start: string; end: string }) => boolean, RefineParams] = [
  (range) => isAfter(range.start, range.end),
  { error: 'end is not after start', path: ['end'] },
];

const envelope = {
  id: idSchema,
  v: z.literal(SCHEMA_VERSION),
  modifiedAt: isoTime,
  deleted: z.boolean(),
  deletedAt: isoTime.optional(),
};
const tombstoneHasTime: [
  (record: { deleted: boolean; deletedAt?: string | undefined }) => boolean,
  RefineParams,
] = [
  (record) => record.deleted === (record.deletedAt !== undefined),
  { error: 'deletedAt is set exactly when deleted is true', path: ['deletedAt'] },
];

const listSchema = z.union(
  [
    z.literal('inbox'),
    z.literal('someday'),
    z.templateLiteral(['day:', z.string()]).refine((list) => {
      const day = list.slice('day:'.length);
      return dayPattern.test(day) && isCalendarDay(day);
    }, 'not a calendar day'),
    z
      .templateLiteral(['list:', z.string()])
      .refine((list) => isValidId(list.slice('list:'.length)), 'not a list id'),
  ],
  { error: 'not inbox, someday, day:YYYY-MM-DD or list:<id>' },
);

const tagSchema = z
  .string()
  .min(1)
  .max(40)
  .refine((tag) => tag === tag.toLowerCase(), 'tags are lower-case');

const weekdaySchema = z.int().min(0).max(6);

export const recurrenceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('daily') }),
  z.strictObject({ kind: z.literal('weekdays') }),
  z.strictObject({
    kind: z.literal('weekly'),
    days: z
      .array(weekdaySchema)
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'a day is listed twice'),
  }),
  z.strictObject({ kind: z.literal('monthly'), day: z.int().min(1).max(31) }),
  z.strictObject({ kind: z.literal('everyNDays'), n: z.int().min(1).max(365) }),
]);

export const todoSchema = z
  .strictObject({
    ...envelope,
    id: idSchema.refine((id) => !id.startsWith('list-'), 'a to-do id cannot start with list-'),
    kind: z.literal('todo'),
    title: z.string().min(1).max(500),
    notes: z.string().max(10_000),
    list: listSchema,
    order: orderSchema,
    done: z.boolean(),
    doneAt: isoTime.nullable(),
    tags: z
      .array(tagSchema)
      .max(20)
      .refine((tags) => new Set(tags).size === tags.length, 'a tag is listed twice'),
    priority: z.int().min(0).max(3),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'not an HH:MM time')
      .nullable(),
    duration: z.int().min(1).max(1440).nullable(),
    schedule: z
      .strictObject(timeRange)
      .refine(...endAfterStart)
      .nullable(),
    subtasks: z
      .array(z.strictObject({ id: idSchema, title: z.string().min(1).max(500), done: z.boolean() }))
      .max(100),
    recurrence: recurrenceSchema.nullable(),
    seriesId: idSchema.optional(),
    /**
     * The board node this to-do was made from (Make a to-do on a board), so the to-do can open the
     * board at it; the node names the to-do back with `todoId`.
     */
    source: z.strictObject({ boardId: idSchema, nodeId: idSchema }).optional(),
  })
  .refine(...tombstoneHasTime)
  .refine((todo) => todo.done === (todo.doneAt !== null), {
    error: 'doneAt is set exactly when done is true',
    path: ['doneAt'],
  });

/**
 * A new to-do's fields until its maker says otherwise: not done, no time, no block, no rule. The
 * app's `newTodo` starts from these (with fresh arrays), as do the tests' and the bench's records.
 */
export const TODO_DEFAULTS: Readonly<Omit<Todo, 'id' | 'title' | 'list' | 'order' | 'modifiedAt'>> =
  {
    kind: 'todo',
    v: 1,
    deleted: false,
    notes: '',
    done: false,
    doneAt: null,
    tags: [],
    priority: 0,
    time: null,
    duration: null,
    schedule: null,
    subtasks: [],
    recurrence: null,
  };

/** A custom to-do list: its to-dos name it as `list:<id>`. */
export const todoListSchema = z
  .strictObject({
    ...envelope,
    kind: z.literal('list'),
    name: z.string().trim().min(1).max(60),
    order: orderSchema,
  })
  .refine(...tombstoneHasTime);

export const timelineSchema = z
  .strictObject({
    ...envelope,
    kind: z.literal('timeline'),
    name: z.string().min(1).max(100),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'not a #rrggbb colour')
      .optional(),
    order: orderSchema,
  })
  .refine(...tombstoneHasTime);

export const textBoxSchema = z
  .strictObject({
    ...envelope,
    kind: z.literal('textBox'),
    text: z.string().max(20_000),
    anchor: z.union([
      z.strictObject({ timelineId: idSchema, day: daySchema }),
      z.strictObject(timeRange).refine(...endAfterStart),
    ]),
  })
  .refine(...tombstoneHasTime);

/** JSON Canvas 1.0 colours: a preset "1"–"6" or a #rrggbb hex. */
const canvasColor = z.union([
  z.enum(['1', '2', '3', '4', '5', '6']),
  z.string().regex(/^#[0-9a-fA-F]{6}$/, 'not a preset or #rrggbb colour'),
]);
const canvasSide = z.enum(['top', 'right', 'bottom', 'left']);
const canvasEnd = z.enum(['none', 'arrow']);
/** Canvas coordinates: integers, within a range no board reaches by accident. */
const coordinate = z.int().min(-10_000_000).max(10_000_000);
const extent = z.int().min(1).max(100_000);

/** A connection between two nodes of a board, in the JSON Canvas edge shape. */
export const canvasEdgeSchema = z.strictObject({
  id: idSchema,
  fromNode: idSchema,
  fromSide: canvasSide.optional(),
  fromEnd: canvasEnd.optional(),
  toNode: idSchema,
  toSide: canvasSide.optional(),
  toEnd: canvasEnd.optional(),
  color: canvasColor.optional(),
  label: z.string().max(500).optional(),
});

/**
 * A brainstorm board (`brainstorm-<id>`): its title, where it was last looked at, the order its
 * nodes are drawn in (later on top) and its edges. Its nodes are records of their own.
 */
export const brainstormSchema = z
  .strictObject({
    ...envelope,
    kind: z.literal('brainstorm'),
    title: z.string().trim().min(1).max(200),
    viewport: z.strictObject({ x: z.number(), y: z.number(), zoom: z.number().min(0.05).max(8) }),
    nodeOrder: z.array(idSchema).max(20_000),
    edges: z.array(canvasEdgeSchema).max(40_000),
    order: orderSchema,
  })
  .refine(...tombstoneHasTime);

/**
 * One node of a board (`textElement-<id>`), in the JSON Canvas node shape: a text, link or group
 * node with integer position and size. `todoId` links a node turned into a to-do.
 */
export const textElementSchema = z
  .strictObject({
    ...envelope,
    kind: z.literal('textElement'),
    boardId: idSchema,
    type: z.enum(['text', 'link', 'group']),
    x: coordinate,
    y: coordinate,
    width: extent,
    height: extent,
    color: canvasColor.optional(),
    text: z.string().max(20_000).optional(),
    url: z
      .string()
      .max(2_000)
      .regex(/^\s*(https?:|mailto:)/i, 'a link is http, https or mailto')
      .optional(),
    label: z.string().max(500).optional(),
    todoId: idSchema.optional(),
  })
  .refine(...tombstoneHasTime)
  .refine((node) => node.type !== 'text' || node.text !== undefined, {
    error: 'a text node has text',
    path: ['text'],
  })
  .refine((node) => node.type !== 'link' || node.url !== undefined, {
    error: 'a link node has a url',
    path: ['url'],
  });

export const itemSchema = z.discriminatedUnion('kind', [
  todoSchema,
  todoListSchema,
  timelineSchema,
  textBoxSchema,
  brainstormSchema,
  textElementSchema,
]);

export type Todo = z.infer<typeof todoSchema>;
export type TodoListItem = z.infer<typeof todoListSchema>;
export type Timeline = z.infer<typeof timelineSchema>;
export type TextBox = z.infer<typeof textBoxSchema>;
export type Brainstorm = z.infer<typeof brainstormSchema>;
export type TextElement = z.infer<typeof textElementSchema>;
export type CanvasEdge = z.infer<typeof canvasEdgeSchema>;
export type Item = z.infer<typeof itemSchema>;
export type ItemOf<K extends ItemKind> = Extract<Item, { kind: K }>;
export type Recurrence = z.infer<typeof recurrenceSchema>;

export type ParseResult = { ok: true; item: Item } | { ok: false; reason: string };

export function storageKeyOf(kind: ItemKind, id: string): string {
  return `${KEY_PREFIXES[kind]}${id}`;
}

/** The kind and id a key names, or null for a key that is not an item of these kinds. */
export function itemKeyParts(key: string): { kind: ItemKind; id: string } | null {
  for (const kind of KINDS_BY_PREFIX) {
    if (key.startsWith(KEY_PREFIXES[kind]))
      return { kind, id: key.slice(KEY_PREFIXES[kind].length) };
  }
  return null;
}

/** One line naming the first problem, e.g. `title: Too big: expected string to have <=500 characters`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Checks an already decoded record: a newer schema version is reported as such, never coerced. */
export function parseRecord(value: unknown): ParseResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'not a record' };
  }
  const version = (value as { v?: unknown }).v;
  if (typeof version === 'number' && version > SCHEMA_VERSION) {
    return { ok: false, reason: `version ${version} is newer than this app reads` };
  }
  const parsed = itemSchema.safeParse(value);
  return parsed.success
    ? { ok: true, item: parsed.data }
    : { ok: false, reason: firstIssue(parsed.error) };
}

/** Reads the raw value of one storage key; never throws. */
export function parseStoredItem(key: string, raw: string): ParseResult {
  const parts = itemKeyParts(key);
  if (!parts) return { ok: false, reason: 'not a Nowou item key' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = parseRecord(value);
  if (!result.ok) return result;
  if (result.item.kind !== parts.kind || result.item.id !== parts.id) {
    return { ok: false, reason: `holds ${storageKeyOf(result.item.kind, result.item.id)}` };
  }
  return result;
}

/** Exactly what the store writes for an item. */
export function serialiseItem(item: Item): string {
  return JSON.stringify(item);
}
