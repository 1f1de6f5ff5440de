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
import {
  canvasFileSchema,
  nowouExtrasSchema,
  problemOf,
  quote,
  type FileEdge,
  type FileNode,
} from './canvas-file-schema';
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

const MAX_TITLE = brainstormSchema.shape.title.maxLength ?? 200;

/** Thrown inside the reader with the one line the import answers; never escapes it. */
class CanvasProblem extends Error {}

function fail(reason: string): never {
  throw new CanvasProblem(reason);
}

function titleFromFileName(fileName: string | undefined): string | undefined {
  if (fileName === undefined) return undefined;
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.canvas$/i, '');
  const title = base.trim().slice(0, MAX_TITLE).trim();
  return title === '' ? undefined : title;
}

function readExtras(value: unknown, skipped: string[]): Partial<NowouCanvasExtras> {
  const parsed = nowouExtrasSchema.safeParse(value);
  if (!parsed.success) return {};
  const { version, title, viewport, todoIds } = parsed.data;
  if (version !== NOWOU_CANVAS_VERSION) {
    skipped.push('Nowou’s own details (title, view, to-do links) come from another version.');
    return {};
  }
  const extras: Partial<NowouCanvasExtras> = {};
  if (title !== undefined) extras.title = title.slice(0, MAX_TITLE).trim();
  if (viewport !== undefined) extras.viewport = viewport;
  if (todoIds !== undefined) {
    extras.todoIds = Object.fromEntries(
      Object.entries(todoIds).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && isValidId(entry[1]),
      ),
    );
  }
  return extras;
}

type NodeFields = Pick<
  TextElement,
  'type' | 'x' | 'y' | 'width' | 'height' | 'color' | 'text' | 'url' | 'label'
>;

/** A file node as Nowou keeps it, or null for a type this version of the spec does not define. */
function nodeFields(node: FileNode, what: string, skipped: string[]): NodeFields | null {
  const { x, y, width, height, color } = node;
  const place = { x, y, width, height, ...(color === undefined ? {} : { color }) };
  switch (node.type) {
    case 'text':
      return { type: 'text', ...place, text: node.text as string };
    case 'link': {
      const url = node.url as string;
      // Nowou opens only web and mail links; another app's own links (obsidian://, a path in its
      // vault) keep their place as a text node holding the address, listed as changed, as a file
      // node does, instead of refusing the whole file.
      if (!textElementSchema.shape.url.safeParse(url).success) {
        skipped.push(
          `${what}: the link ${quote(url)} is not a web or mail link, so it is kept as a text node.`,
        );
        return { type: 'text', ...place, text: url };
      }
      return { type: 'link', ...place, url };
    }
    case 'group': {
      const label = node.label as string | undefined;
      if (node.background !== undefined) skipped.push(`${what}: its background image is left out.`);
      return { type: 'group', ...place, ...(label === undefined ? {} : { label }) };
    }
    case 'file': {
      // Nowou has no file nodes and cannot reach the file, so a file node becomes a text node
      // naming the file (and its subpath) in the same place, and `skipped` says so: the board
      // keeps its shape and its edges.
      const path = node.file as string;
      skipped.push(`${what}: the file ${quote(path)} is kept as a text node naming it.`);
      return {
        type: 'text',
        ...place,
        text: `${path}${(node.subpath as string | undefined) ?? ''}`,
      };
    }
    default:
      skipped.push(
        `${what}: its type ${quote(node.type)} is not one Nowou shows, so it is left out.`,
      );
      return null;
  }
}

/** A file edge re-pointed to the new node ids, or null when it connects a node left out. */
function edgeFields(
  edge: FileEdge,
  what: string,
  nodeIds: ReadonlyMap<string, string | null>,
  skipped: string[],
): Omit<CanvasEdge, 'id'> | null {
  const fromNode = nodeIds.get(edge.fromNode);
  const toNode = nodeIds.get(edge.toNode);
  if (fromNode === undefined || toNode === undefined) {
    fail(`${what} points to a node the file does not have.`);
  }
  if (fromNode === null || toNode === null) {
    skipped.push(`${what}: it connects a node that is left out, so it is left out too.`);
    return null;
  }
  const out: Omit<CanvasEdge, 'id'> = { fromNode, toNode };
  for (const field of ['fromSide', 'fromEnd', 'toSide', 'toEnd', 'color', 'label'] as const) {
    if (edge[field] !== undefined) Object.assign(out, { [field]: edge[field] });
  }
  return out;
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
  const read = canvasFileSchema.safeParse(json);
  if (!read.success) return { ok: false, reason: problemOf(read.error.issues[0]!, json) };
  const file = read.data;
  // Both arrays are optional in the spec, but a JSON object with neither is far likelier some other
  // file picked by mistake than an empty canvas.
  if (file.nodes === undefined && file.edges === undefined) {
    return {
      ok: false,
      reason: 'The file has no nodes or edges, so it is not a JSON Canvas file.',
    };
  }
  const skipped: string[] = [];
  const extras = readExtras(file.nowou, skipped);

  const at = new Date(options.now).toISOString();
  const boardId = options.newId();

  /** File id → new id, or null for a node left out. */
  const nodeIds = new Map<string, string | null>();
  const nodes: TextElement[] = [];
  for (const [index, node] of (file.nodes ?? []).entries()) {
    const fileId = node.id;
    // "id (required, string) is a unique ID for the node."
    if (nodeIds.has(fileId)) fail(`Node ${index + 1} repeats the id ${quote(fileId)}.`);
    const fields = nodeFields(node, `Node ${index + 1}`, skipped);
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
  for (const [index, fileEdge] of (file.edges ?? []).entries()) {
    const edge = edgeFields(fileEdge, `Edge ${index + 1}`, nodeIds, skipped);
    // "id (required, string) is a unique ID for the edge."
    if (edgeIds.has(fileEdge.id)) fail(`Edge ${index + 1} repeats the id ${quote(fileEdge.id)}.`);
    edgeIds.add(fileEdge.id);
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
