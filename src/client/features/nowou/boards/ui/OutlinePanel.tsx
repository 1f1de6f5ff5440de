/**
 * The board as an outline (boards/logic/outline.ts): its nodes as a tree along the connections,
 * each entry named by its text and what it connects to (with a connection's label). Choosing one
 * centres and focuses that node on the canvas. A search field above narrows it to the nodes whose
 * words match, in reading order; Enter in the field chooses the first. It is the board's accessible
 * view, beside the canvas on wide screens and below it (opened from the toolbar) on narrow ones.
 */
import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { buildOutline, nodeTitle, searchNodes, type OutlineItem } from '../logic/outline';

interface EntryProps {
  node: TextElement;
  name: string;
  onChoose: (id: string) => void;
}

function EntryButton({ node, name, onChoose }: EntryProps) {
  return (
    <button
      type="button"
      className="board-outline__entry"
      data-type={node.type}
      aria-label={name}
      onClick={() => onChoose(node.id)}
    >
      {node.type === 'group' && <span className="board-outline__kind">Group · </span>}
      {nodeTitle(node)}
    </button>
  );
}

function Entry({
  item,
  names,
  onChoose,
}: {
  item: OutlineItem;
  names: ReadonlyMap<string, string>;
  onChoose: (id: string) => void;
}) {
  return (
    <li>
      <EntryButton
        node={item.node}
        name={names.get(item.node.id) ?? nodeTitle(item.node)}
        onChoose={onChoose}
      />
      {item.children.length > 0 && (
        <ul>
          {item.children.map((child) => (
            <Entry key={child.node.id} item={child} names={names} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </li>
  );
}

const NO_NODES: readonly TextElement[] = [];

export const OutlinePanel = memo(function OutlinePanel({
  board,
  nodes,
  names,
  onChoose,
}: {
  board: Brainstorm;
  nodes: readonly TextElement[];
  /** Every node's accessible name (board-logic.ts's accessibleNames). */
  names: ReadonlyMap<string, string>;
  onChoose: (id: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  // A board opens with its canvas first; the outline of a thousand nodes follows a moment later.
  const shown = useDeferredValue(nodes, NO_NODES);
  const reading = shown === NO_NODES && nodes.length > 0;
  const searching = deferred.trim() !== '';
  const outline = useMemo(
    () => (searching ? [] : buildOutline(board, shown)),
    [searching, board, shown],
  );
  const matches = useMemo(
    () => (searching ? searchNodes(board, shown, deferred) : []),
    [searching, board, shown, deferred],
  );
  return (
    <nav id="board-outline" className="board-outline" aria-label="Outline of the board">
      <h3 className="board-outline__title">Outline</h3>
      <div className="board-outline__search">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search the board
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="board__input"
          placeholder="Search nodes"
          value={query}
          maxLength={200}
          aria-describedby={`${id}-count`}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && matches[0]) {
              event.preventDefault();
              onChoose(matches[0].id);
            } else if (event.key === 'Escape' && query !== '') {
              event.preventDefault();
              event.stopPropagation();
              setQuery('');
            }
          }}
        />
        <p id={`${id}-count`} className="board-outline__count" aria-live="polite">
          {searching
            ? matches.length === 0
              ? 'No node matches.'
              : `${matches.length} ${matches.length === 1 ? 'node matches' : 'nodes match'}.`
            : ''}
        </p>
      </div>
      {searching ? (
        matches.length > 0 && (
          <ul className="board-outline__tree" aria-label="Matching nodes">
            {matches.map((node) => (
              <li key={node.id}>
                <EntryButton
                  node={node}
                  name={names.get(node.id) ?? nodeTitle(node)}
                  onChoose={onChoose}
                />
              </li>
            ))}
          </ul>
        )
      ) : outline.length === 0 ? (
        <p className="board-outline__empty">{reading ? 'Reading the board…' : 'No nodes yet.'}</p>
      ) : (
        <ul className="board-outline__tree">
          {outline.map((item) => (
            <Entry key={item.node.id} item={item} names={names} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </nav>
  );
});
