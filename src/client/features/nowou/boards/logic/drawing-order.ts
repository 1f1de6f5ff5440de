/** What a board draws, for the canvas and every export alike: its live nodes and their edges. */
import type { Brainstorm, CanvasEdge, TextElement } from '#shared/nowou-records';

/** The board's live nodes, in drawing order: `nodeOrder` first, any node it misses on top. */
export function nodesInDrawingOrder(
  board: Brainstorm,
  nodes: readonly TextElement[],
): TextElement[] {
  const live = new Map(
    nodes
      .filter((node) => !node.deleted && node.boardId === board.id)
      .map((node) => [node.id, node]),
  );
  const ordered: TextElement[] = [];
  for (const id of board.nodeOrder) {
    const node = live.get(id);
    if (node) {
      ordered.push(node);
      live.delete(id);
    }
  }
  return [...ordered, ...live.values()];
}

/** The board's edges whose two nodes are both drawn (an edge to a deleted node is left out). */
export function drawnEdges(board: Brainstorm, drawn: readonly TextElement[]): CanvasEdge[] {
  const ids = new Set(drawn.map((node) => node.id));
  return board.edges.filter((edge) => ids.has(edge.fromNode) && ids.has(edge.toNode));
}
