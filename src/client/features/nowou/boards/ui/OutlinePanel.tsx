/**
 * The board as an outline (boards/logic/outline.ts): its nodes as a tree along the connections,
 * each entry named by its text and what it connects to. Choosing one centres and focuses that node
 * on the canvas. It is the board's accessible view, beside the canvas on wide screens and below it
 * (opened from the toolbar) on narrow ones.
 */
import { memo, useMemo } from 'react';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { buildOutline, joinNames, nodeTitle, type OutlineItem } from '../logic/outline';

function Entry({ item, onChoose }: { item: OutlineItem; onChoose: (id: string) => void }) {
  const title = nodeTitle(item.node);
  const name =
    item.connectsTo.length > 0 ? `${title}, connects to ${joinNames(item.connectsTo)}` : title;
  return (
    <li>
      <button
        type="button"
        className="board-outline__entry"
        data-type={item.node.type}
        aria-label={name}
        onClick={() => onChoose(item.node.id)}
      >
        {item.node.type === 'group' && <span className="board-outline__kind">Group · </span>}
        {title}
      </button>
      {item.children.length > 0 && (
        <ul>
          {item.children.map((child) => (
            <Entry key={child.node.id} item={child} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </li>
  );
}

export const OutlinePanel = memo(function OutlinePanel({
  board,
  nodes,
  onChoose,
}: {
  board: Brainstorm;
  nodes: readonly TextElement[];
  onChoose: (id: string) => void;
}) {
  const outline = useMemo(() => buildOutline(board, nodes), [board, nodes]);
  return (
    <nav id="board-outline" className="board-outline" aria-label="Outline of the board">
      <h3 className="board-outline__title">Outline</h3>
      {outline.length === 0 ? (
        <p className="board-outline__empty">No nodes yet.</p>
      ) : (
        <ul className="board-outline__tree">
          {outline.map((item) => (
            <Entry key={item.node.id} item={item} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </nav>
  );
});
