/**
 * A selected node's connections as buttons in the selection bar ("→ Write post", "← Launch"): the
 * keyboard's way to an edge, which the pointer reaches by clicking its line. Choosing one selects
 * the edge, so its label, colour and Delete connection show.
 */
import { Button } from '../../../../ui/Button';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { nodeTitle } from '../logic/outline';

export function NodeConnections({
  board,
  node,
  byId,
  onSelectEdge,
}: {
  board: Brainstorm;
  node: TextElement;
  byId: ReadonlyMap<string, TextElement>;
  onSelectEdge: (edgeId: string) => void;
}) {
  const connections = board.edges.flatMap((edge) => {
    const outgoing = edge.fromNode === node.id;
    if (!outgoing && edge.toNode !== node.id) return [];
    const other = byId.get(outgoing ? edge.toNode : edge.fromNode);
    return other ? [{ edge, outgoing, title: nodeTitle(other) }] : [];
  });
  if (connections.length === 0) return null;
  return (
    <div className="board__connections" role="group" aria-label="Connections">
      {connections.map(({ edge, outgoing, title }) => (
        <Button key={edge.id} variant="ghost" onClick={() => onSelectEdge(edge.id)}>
          <span aria-hidden="true">{outgoing ? '→' : '←'} </span>
          <span className="visually-hidden">
            {outgoing ? 'Connection to ' : 'Connection from '}
          </span>
          {title}
        </Button>
      ))}
    </div>
  );
}
