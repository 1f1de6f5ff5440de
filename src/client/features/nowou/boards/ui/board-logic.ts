/**
 * Every node's accessible name at once. outline.ts's `accessibleName` answers one node and reads
 * the whole board for it; a board of a thousand nodes would do that a thousand times per render,
 * so this builds the same names ("Launch, connects to Write post and Tell Ada") in one pass over
 * the edges, with the same titles, order and joining.
 */
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { byReadingOrder, joinNames, nodeTitle } from '../logic/outline';

export function accessibleNames(
  board: Brainstorm,
  nodes: readonly TextElement[],
): Map<string, string> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const targets = new Map<string, TextElement[]>();
  for (const edge of board.edges) {
    if (edge.fromNode === edge.toNode) continue;
    const target = byId.get(edge.toNode);
    if (!target || !byId.has(edge.fromNode)) continue;
    const list = targets.get(edge.fromNode) ?? [];
    if (!list.includes(target)) list.push(target);
    targets.set(edge.fromNode, list);
  }
  const names = new Map<string, string>();
  for (const node of nodes) {
    const title = nodeTitle(node);
    const list = targets.get(node.id);
    names.set(
      node.id,
      list
        ? `${title}, connects to ${joinNames([...list].sort(byReadingOrder).map(nodeTitle))}`
        : title,
    );
  }
  return names;
}
