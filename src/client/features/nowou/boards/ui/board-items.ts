/**
 * Making board records: a new board, a new node, copies with new ids (duplicate, paste).
 * Pure apart from the ids it is handed.
 */
import { keyBetween } from '../../logic/order-keys';
import type { Brainstorm, CanvasEdge, TextElement } from '#shared/nowou-records';
import type { Point, Side } from '../logic/geometry';
import { randomId } from '../../../../lib/random-id';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 72;
export const GROUP_PADDING = 32;

export const newId = () => randomId();

export function newBoard(title: string, boards: readonly Brainstorm[], now: Date): Brainstorm {
  const last = [...boards].sort((a, b) => (a.order < b.order ? -1 : 1)).at(-1);
  return {
    id: newId(),
    kind: 'brainstorm',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    title: title.trim().slice(0, 200),
    // The view's corner is the canvas point shown top-left: the first node, at 0,0, sits 32 px in.
    viewport: { x: -32, y: -32, zoom: 1 },
    nodeOrder: [],
    edges: [],
    order: keyBetween(last?.order ?? null, null),
  };
}

export function newTextNode(
  boardId: string,
  at: Point,
  now: Date,
  fields: Partial<Pick<TextElement, 'text' | 'width' | 'height' | 'color'>> = {},
): TextElement {
  return {
    id: newId(),
    kind: 'textElement',
    v: 1,
    modifiedAt: now.toISOString(),
    deleted: false,
    boardId,
    type: 'text',
    x: Math.round(at.x),
    y: Math.round(at.y),
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    text: '',
    ...fields,
  };
}

export function newEdge(from: string, fromSide: Side, to: string, toSide: Side): CanvasEdge {
  return { id: newId(), fromNode: from, fromSide, toNode: to, toSide, toEnd: 'arrow' };
}

/**
 * Copies of nodes (and the edges among them) with new ids, moved by `offset`, for another or the
 * same board.
 */
export function copyNodes(
  nodes: readonly TextElement[],
  edges: readonly CanvasEdge[],
  boardId: string,
  offset: Point,
  now: Date,
): { nodes: TextElement[]; edges: CanvasEdge[]; ids: Map<string, string> } {
  const ids = new Map<string, string>();
  const copies = nodes.map((node) => {
    const id = newId();
    ids.set(node.id, id);
    const { todoId: _todoId, deletedAt: _deletedAt, ...kept } = node;
    return {
      ...kept,
      id,
      boardId,
      deleted: false,
      modifiedAt: now.toISOString(),
      x: node.x + Math.round(offset.x),
      y: node.y + Math.round(offset.y),
    };
  });
  const edgeCopies = edges
    .filter((edge) => ids.has(edge.fromNode) && ids.has(edge.toNode))
    .map((edge) => ({
      ...edge,
      id: newId(),
      fromNode: ids.get(edge.fromNode)!,
      toNode: ids.get(edge.toNode)!,
    }));
  return { nodes: copies, edges: edgeCopies, ids };
}

/** A whole board copied: new ids for the board, its nodes and its edges. */
export function duplicateBoard(
  board: Brainstorm,
  nodes: readonly TextElement[],
  boards: readonly Brainstorm[],
  now: Date,
): { board: Brainstorm; nodes: TextElement[] } {
  // The title is cut, not the mark, so a long title's copy is still told apart.
  const mark = ' (copy)';
  const fresh = newBoard(
    `${board.title.slice(0, 200 - mark.length).trimEnd()}${mark}`,
    boards,
    now,
  );
  const copied = copyNodes(nodes, board.edges, fresh.id, { x: 0, y: 0 }, now);
  return {
    board: {
      ...fresh,
      viewport: board.viewport,
      nodeOrder: board.nodeOrder.flatMap((id) => copied.ids.get(id) ?? []),
      edges: copied.edges,
    },
    nodes: copied.nodes,
  };
}

/** A tombstone written through history.change, so a delete is one step with the board's change. */
export function tombstone(node: TextElement, now: Date): TextElement {
  return { ...node, deleted: true, deletedAt: now.toISOString() };
}
