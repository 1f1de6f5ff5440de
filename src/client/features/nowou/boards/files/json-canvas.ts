/**
 * A board as a JSON Canvas 1.0 file (https://jsoncanvas.org/spec/1.0/), the open format Obsidian
 * and other canvas apps read, and the reading of such files back into a board.
 *
 * Writing: the spec's `nodes` and `edges`, plus Nowou's own fields (title, view, the to-dos made
 * from nodes) under one top-level key, `nowou`, which other readers ignore.
 *
 * Reading: like the item import, the whole file is checked first and any problem gives one line of
 * reason and no board. Everything gets fresh ids, so importing the same file twice makes two boards
 * and never touches an existing one.
 */
import {
  brainstormSchema,
  isValidId,
  textElementSchema,
  type Brainstorm,
  type CanvasEdge,
  type TextElement,
} from '#shared/nowou-records';
import { boundsOf } from '../logic/selection';
import { drawnEdges, nodesInDrawingOrder } from '../logic/drawing-order';

export const CANVAS_EXTENSION = '.canvas';
export const NOWOU_CANVAS_VERSION = 1;

/** What Nowou keeps in a .canvas file beyond the spec, under the top-level key `nowou`. */
export interface NowouCanvasExtras {
  version: typeof NOWOU_CANVAS_VERSION;
  title: string;
  viewport: Brainstorm['viewport'];
  /** The to-do made from a node, by the node's id in this file. */
  todoIds: Record<string, string>;
}

function canvasNode(node: TextElement): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: node.id,
    type: node.type,
    x: node.x,
    y: node.y,
    width: node.width,
    height: node.height,
  };
  if (node.color !== undefined) out.color = node.color;
  if (node.type === 'text') out.text = node.text ?? '';
  else if (node.type === 'link') out.url = node.url ?? '';
  else if (node.label !== undefined) out.label = node.label;
  return out;
}

function canvasEdge(edge: CanvasEdge): Record<string, unknown> {
  // Spelled out so the file has the spec's fields in the spec's order and nothing else.
  const out: Record<string, unknown> = { id: edge.id, fromNode: edge.fromNode };
  if (edge.fromSide !== undefined) out.fromSide = edge.fromSide;
  if (edge.fromEnd !== undefined) out.fromEnd = edge.fromEnd;
  out.toNode = edge.toNode;
  if (edge.toSide !== undefined) out.toSide = edge.toSide;
  if (edge.toEnd !== undefined) out.toEnd = edge.toEnd;
  if (edge.color !== undefined) out.color = edge.color;
  if (edge.label !== undefined) out.label = edge.label;
  return out;
}

/**
 * The board as a JSON Canvas 1.0 file, tab-indented as Obsidian writes them. "Nodes are placed in
 * the array in ascending order by z-index": the board's `nodeOrder`. Deleted nodes and edges
 * touching them are left out. Edges are written as stored: a missing `toEnd` means an arrow and a
 * missing `fromEnd` none, in Nowou as in the spec.
 */
export function boardToCanvas(board: Brainstorm, nodes: readonly TextElement[]): string {
  const drawn = nodesInDrawingOrder(board, nodes);
  const extras: NowouCanvasExtras = {
    version: NOWOU_CANVAS_VERSION,
    title: board.title,
    viewport: { ...board.viewport },
    todoIds: Object.fromEntries(
      drawn.flatMap((node) => (node.todoId === undefined ? [] : [[node.id, node.todoId]])),
    ),
  };
  const file = {
    nodes: drawn.map(canvasNode),
    edges: drawnEdges(board, drawn).map(canvasEdge),
    nowou: extras,
  };
  return `${JSON.stringify(file, null, '\t')}\n`;
}

/** A file name for the board's export: its title made safe for file systems. */
export function canvasFileName(board: Brainstorm): string {
  const base = board.title
    // eslint-disable-next-line no-control-regex -- control characters are no use in a file name
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'Board'}${CANVAS_EXTENSION}`;
}

export type CanvasImport =
  | { ok: true; board: Brainstorm; nodes: TextElement[]; skipped: string[] }
  | { ok: false; reason: string };

export interface CanvasImportOptions {
  now: Date | number;
  /** A fresh id for the board, each node and each edge (randomId in the app). */
  newId: () => string;
  /** The file's name, for the title when the file has no Nowou title ("Ideas.canvas" → "Ideas"). */
  fileName?: string;
  /** The new board's order key among the boards; "V" when not given. */
  order?: string;
}

/** The most nodes and edges a board stores (brainstormSchema). */
const MAX_NODES = 20_000;
const MAX_EDGES = 40_000;
/** The ranges a stored node accepts (textElementSchema). */
const MAX_COORDINATE = 10_000_000;
const MAX_EXTENT = 100_000;
const MAX_TEXT = 20_000;
const MAX_URL = 2_000;
const MAX_LABEL = 500;
const MAX_TITLE = 200;

const SIDES = new Set(['top', 'right', 'bottom', 'left']);
const ENDS = new Set(['none', 'arrow']);
const PRESET_COLOURS = new Set(['1', '2', '3', '4', '5', '6']);
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Thrown inside the reader with the one line the import answers; never escapes it. */
class CanvasProblem extends Error {}

function fail(reason: string): never {
  throw new CanvasProblem(reason);
}

/** A value for a message: JSON-quoted (so never more than one line) and cut short. */
function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * A position or size: the spec says integer; a number with a fraction (some apps write them) is
 * rounded, anything else, or one outside what a board stores, refuses the file.
 */
function readInteger(
  what: string,
  record: Record<string, unknown>,
  field: 'x' | 'y' | 'width' | 'height',
): number {
  const value = record[field];
  if (value === undefined) fail(`${what} has no ${field}.`);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(`${what}'s ${field} is not a number.`);
  }
  const rounded = Math.round(value);
  if (field === 'x' || field === 'y') {
    if (Math.abs(rounded) > MAX_COORDINATE) {
      fail(`${what} lies too far out (${field} ${quote(value)}; at most ±10,000,000).`);
    }
  } else if (rounded < 1 || rounded > MAX_EXTENT) {
    fail(`${what}'s ${field} ${quote(value)} is outside 1 to 100,000.`);
  }
  return rounded;
}

function readString(
  what: string,
  record: Record<string, unknown>,
  field: string,
  { required, max }: { required: boolean; max: number },
): string | undefined {
  const value = record[field];
  if (value === undefined) {
    if (required) fail(`${what} has no ${field}.`);
    return undefined;
  }
  if (typeof value !== 'string') fail(`${what}'s ${field} is not text.`);
  if (value.length > max) fail(`${what}'s ${field} is longer than ${formatCount(max)} characters.`);
  return value;
}

/** "Colors can be specified in hex format e.g. "#FF0000", or using one of the preset colors". */
function readColour(what: string, record: Record<string, unknown>): string | undefined {
  const value = record.color;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(PRESET_COLOURS.has(value) || HEX_COLOUR.test(value))) {
    fail(`${what}'s color ${quote(value)} is not a preset "1" to "6" or a #rrggbb colour.`);
  }
  return value;
}

function readChoice(
  what: string,
  record: Record<string, unknown>,
  field: string,
  allowed: ReadonlySet<string>,
): string | undefined {
  const value = record[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.has(value)) {
    fail(`${what}'s ${field} ${quote(value)} is not one of ${[...allowed].join(', ')}.`);
  }
  return value;
}

function readId(what: string, record: Record<string, unknown>): string {
  const value = record.id;
  if (typeof value !== 'string' || value === '') fail(`${what} has no id.`);
  return value;
}

function readList(file: Record<string, unknown>, field: 'nodes' | 'edges', max: number): unknown[] {
  const value = file[field];
  // "The top level of JSON Canvas contains two arrays: nodes (optional) … edges (optional)".
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`The file's ${field} are not a list.`);
  if (value.length > max) {
    fail(`The file has ${formatCount(value.length)} ${field}; a board holds ${formatCount(max)}.`);
  }
  return value;
}

function titleFromFileName(fileName: string | undefined): string | undefined {
  if (fileName === undefined) return undefined;
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.canvas$/i, '');
  const title = base.trim().slice(0, MAX_TITLE).trim();
  return title === '' ? undefined : title;
}

function readExtras(value: unknown, skipped: string[]): Partial<NowouCanvasExtras> {
  if (!isRecord(value)) return {};
  if (value.version !== NOWOU_CANVAS_VERSION) {
    skipped.push('Nowou’s own details (title, view, to-do links) come from another version.');
    return {};
  }
  const extras: Partial<NowouCanvasExtras> = {};
  if (typeof value.title === 'string' && value.title.trim() !== '') {
    extras.title = value.title.trim().slice(0, MAX_TITLE).trim();
  }
  const viewport = brainstormSchema.shape.viewport.safeParse(value.viewport);
  if (viewport.success) extras.viewport = viewport.data;
  if (isRecord(value.todoIds)) {
    extras.todoIds = Object.fromEntries(
      Object.entries(value.todoIds).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && isValidId(entry[1]),
      ),
    );
  }
  return extras;
}

interface ReadNode {
  fileId: string;
  /** Null for a node left out (a type this version of the spec does not define). */
  fields: Pick<
    TextElement,
    'type' | 'x' | 'y' | 'width' | 'height' | 'color' | 'text' | 'url' | 'label'
  > | null;
}

function readNode(value: unknown, index: number, skipped: string[]): ReadNode {
  const what = `Node ${index + 1}`;
  if (!isRecord(value)) fail(`${what} is not an object.`);
  const fileId = readId(what, value);
  const type = value.type;
  if (typeof type !== 'string') fail(`${what} has no type.`);
  const x = readInteger(what, value, 'x');
  const y = readInteger(what, value, 'y');
  const width = readInteger(what, value, 'width');
  const height = readInteger(what, value, 'height');
  const color = readColour(what, value);
  const place = { x, y, width, height, ...(color === undefined ? {} : { color }) };
  switch (type) {
    case 'text': {
      const text = readString(what, value, 'text', { required: true, max: MAX_TEXT });
      return { fileId, fields: { type: 'text', ...place, text } };
    }
    case 'link': {
      const url = readString(what, value, 'url', { required: true, max: MAX_URL })!;
      // Nowou opens only web and mail links; another app's own links (obsidian://, a path in its
      // vault) keep their place as a text node holding the address, listed as changed, as a file
      // node does, instead of refusing the whole file.
      if (!textElementSchema.shape.url.safeParse(url).success) {
        skipped.push(
          `${what}: the link ${quote(url)} is not a web or mail link, so it is kept as a text node.`,
        );
        return { fileId, fields: { type: 'text', ...place, text: url } };
      }
      return { fileId, fields: { type: 'link', ...place, url } };
    }
    case 'group': {
      const label = readString(what, value, 'label', { required: false, max: MAX_LABEL });
      if (value.background !== undefined)
        skipped.push(`${what}: its background image is left out.`);
      return {
        fileId,
        fields: { type: 'group', ...place, ...(label === undefined ? {} : { label }) },
      };
    }
    case 'file': {
      // Nowou has no file nodes and cannot reach the file, so a file node becomes a text node
      // naming the file (and its subpath, "a heading or a block … Always starts with a #") in
      // the same place, and `skipped` says so: the board keeps its shape and its edges.
      const path = readString(what, value, 'file', { required: true, max: MAX_TEXT - 100 });
      const subpath = readString(what, value, 'subpath', { required: false, max: 100 }) ?? '';
      skipped.push(`${what}: the file ${quote(path)} is kept as a text node naming it.`);
      return { fileId, fields: { type: 'text', ...place, text: `${path}${subpath}` } };
    }
    default:
      skipped.push(`${what}: its type ${quote(type)} is not one Nowou shows, so it is left out.`);
      return { fileId, fields: null };
  }
}

interface ReadEdge {
  fileId: string;
  /** Null for an edge left out with a node it connects. */
  edge: Omit<CanvasEdge, 'id'> | null;
}

function readEdge(
  value: unknown,
  index: number,
  nodeIds: ReadonlyMap<string, string | null>,
  skipped: string[],
): ReadEdge {
  const what = `Edge ${index + 1}`;
  if (!isRecord(value)) fail(`${what} is not an object.`);
  const fileId = readId(what, value);
  const ends: Record<'fromNode' | 'toNode', string> = { fromNode: '', toNode: '' };
  let leftOut = false;
  for (const field of ['fromNode', 'toNode'] as const) {
    const id = value[field];
    if (typeof id !== 'string') fail(`${what} has no ${field}.`);
    const newId = nodeIds.get(id);
    if (newId === undefined) fail(`${what} points to a node the file does not have.`);
    if (newId === null) leftOut = true;
    else ends[field] = newId;
  }
  const fromSide = readChoice(what, value, 'fromSide', SIDES);
  const fromEnd = readChoice(what, value, 'fromEnd', ENDS);
  const toSide = readChoice(what, value, 'toSide', SIDES);
  const toEnd = readChoice(what, value, 'toEnd', ENDS);
  const color = readColour(what, value);
  const label = readString(what, value, 'label', { required: false, max: MAX_LABEL });
  if (leftOut) {
    skipped.push(`${what}: it connects a node that is left out, so it is left out too.`);
    return { fileId, edge: null };
  }
  const edge: Omit<CanvasEdge, 'id'> = { ...ends };
  if (fromSide !== undefined) edge.fromSide = fromSide as CanvasEdge['fromSide'];
  if (fromEnd !== undefined) edge.fromEnd = fromEnd as CanvasEdge['fromEnd'];
  if (toSide !== undefined) edge.toSide = toSide as CanvasEdge['toSide'];
  if (toEnd !== undefined) edge.toEnd = toEnd as CanvasEdge['toEnd'];
  if (color !== undefined) edge.color = color;
  if (label !== undefined) edge.label = label;
  return { fileId, edge };
}

function firstIssue(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return (path ? `${path}: ${issue.message}` : issue.message).replace(/\s+/g, ' ');
}

function readCanvas(fileText: string, options: CanvasImportOptions): CanvasImport {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch {
    return { ok: false, reason: 'The file is not JSON.' };
  }
  if (!isRecord(json)) return { ok: false, reason: 'The file is not a JSON Canvas file.' };
  // Both arrays are optional in the spec, but a JSON object with neither is far likelier some other
  // file picked by mistake than an empty canvas.
  if (json.nodes === undefined && json.edges === undefined) {
    return {
      ok: false,
      reason: 'The file has no nodes or edges, so it is not a JSON Canvas file.',
    };
  }
  const skipped: string[] = [];
  const rawNodes = readList(json, 'nodes', MAX_NODES);
  const rawEdges = readList(json, 'edges', MAX_EDGES);
  const extras = readExtras(json.nowou, skipped);

  const at = new Date(options.now).toISOString();
  const boardId = options.newId();

  /** File id → new id, or null for a node left out. */
  const nodeIds = new Map<string, string | null>();
  const nodes: TextElement[] = [];
  for (const [index, value] of rawNodes.entries()) {
    const { fileId, fields } = readNode(value, index, skipped);
    // "id (required, string) is a unique ID for the node."
    if (nodeIds.has(fileId)) fail(`Node ${index + 1} repeats the id ${quote(fileId)}.`);
    if (!fields) {
      nodeIds.set(fileId, null);
      continue;
    }
    const id = options.newId();
    nodeIds.set(fileId, id);
    const todoId = extras.todoIds?.[fileId];
    const candidate = {
      id,
      v: 1,
      modifiedAt: at,
      deleted: false,
      kind: 'textElement',
      boardId,
      ...fields,
      ...(todoId === undefined ? {} : { todoId }),
    };
    const parsed = textElementSchema.safeParse(candidate);
    if (!parsed.success) fail(`Node ${index + 1} cannot be kept: ${firstIssue(parsed.error)}.`);
    nodes.push(parsed.data);
  }

  const edgeIds = new Set<string>();
  const edges: CanvasEdge[] = [];
  for (const [index, value] of rawEdges.entries()) {
    const { fileId, edge } = readEdge(value, index, nodeIds, skipped);
    // "id (required, string) is a unique ID for the edge."
    if (edgeIds.has(fileId)) fail(`Edge ${index + 1} repeats the id ${quote(fileId)}.`);
    edgeIds.add(fileId);
    if (edge) edges.push({ id: options.newId(), ...edge });
  }

  const bounds = boundsOf(nodes);
  const candidate = {
    id: boardId,
    v: 1,
    modifiedAt: at,
    deleted: false,
    kind: 'brainstorm',
    title: extras.title ?? titleFromFileName(options.fileName) ?? 'Imported board',
    // Without Nowou's own view, open at the top-left of the nodes (the canvas can fit them).
    viewport: extras.viewport ?? {
      x: bounds ? bounds.x - 48 : 0,
      y: bounds ? bounds.y - 48 : 0,
      zoom: 1,
    },
    nodeOrder: nodes.map((node) => node.id),
    edges,
    order: options.order ?? 'V',
  };
  const parsed = brainstormSchema.safeParse(candidate);
  if (!parsed.success) fail(`The board cannot be kept: ${firstIssue(parsed.error)}.`);
  return { ok: true, board: parsed.data, nodes, skipped };
}

/**
 * Reads a .canvas file, from Nowou or any JSON Canvas app, into a new board and its nodes with
 * fresh ids (edges re-pointed to them). Nothing is written: the caller stores the records (one
 * history step) when `ok`. Fields the spec or Nowou does not know are ignored; `skipped` lists, one
 * line each, what was changed or left out (file nodes and links other than web or mail as text
 * nodes, other node types, group backgrounds).
 * Any problem gives `{ ok: false, reason }` with one line saying what.
 */
export function planCanvasImport(fileText: string, options: CanvasImportOptions): CanvasImport {
  try {
    return readCanvas(fileText, options);
  } catch (error) {
    if (error instanceof CanvasProblem) return { ok: false, reason: error.message };
    throw error;
  }
}
