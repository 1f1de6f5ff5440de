/**
 * Every node's accessible name at once. outline.ts's `accessibleName` answers one node and reads
 * the whole board for it; a board of a thousand nodes would do that a thousand times per render,
 * so this builds the same names ("Launch, connects to Write post (then) and Tell Ada") in one pass
 * over the edges, with the same titles, labels, order and joining.
 */
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { byReadingOrder, connectionLabels, nameWithConnections, nodeTitle } from './outline';

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
  const labels = connectionLabels(board);
  const names = new Map<string, string>();
  for (const node of nodes) {
    const list = [...(targets.get(node.id) ?? [])].sort(byReadingOrder);
    names.set(
      node.id,
      nameWithConnections(
        nodeTitle(node),
        list.map((target) => ({
          title: nodeTitle(target),
          label: labels.get(`${node.id}\n${target.id}`),
        })),
      ),
    );
  }
  return names;
}
