/**
 * Nowou's brainstorm boards (docs/product/nowou.md#boards): the list of boards, or one board open on the
 * canvas. The open board is kept in the address (?section=boards&board=<id>), so a reload or a
 * link opens it again; `&node=<id>` (a to-do's Open on board) centres and focuses that node once
 * and leaves the address. Loaded on its own (React.lazy) so the to-dos never load the canvas.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from '../../../../lib/navigation/router';
import { Button } from '../../../../ui/Button';
import { useNowou } from '../../nowou-context';
import { useItems } from '../../use-nowou-store';
import { nodesInDrawingOrder } from '../logic/drawing-order';
import { BoardCanvas } from './BoardCanvas';
import { BoardList } from './BoardList';
import './boards.css';

export function BoardsApp() {
  const { store } = useNowou();
  const boards = useItems(store, 'brainstorm');
  const everything = useItems(store, 'brainstorm', true);
  const allNodes = useItems(store, 'textElement');
  const [params, setParams] = useSearchParams();
  const boardId = params.get('board');
  const revealId = params.get('node');
  const [editFirst, setEditFirst] = useState<string | null>(null);
  const board = boardId ? boards.find((candidate) => candidate.id === boardId) : undefined;
  const deleted = useMemo(
    () =>
      everything
        .filter((candidate) => candidate.deleted)
        .sort((a, b) => ((a.deletedAt ?? '') < (b.deletedAt ?? '') ? 1 : -1)),
    [everything],
  );
  const nodes = useMemo(
    () => (board ? nodesInDrawingOrder(board, allNodes) : []),
    [board, allNodes],
  );

  function open(id: string | null, editNodeId?: string) {
    setEditFirst(editNodeId ?? null);
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (id === null) after.delete('board');
        else after.set('board', id);
        return after;
      },
      { replace: false },
    );
  }

  if (!board) {
    return (
      <div className="boards-app">
        {boardId && (
          <p className="boards__problem">
            That board is not here (deleted or from another browser).
          </p>
        )}
        <BoardList boards={boards} deleted={deleted} nodes={allNodes} onOpen={open} />
      </div>
    );
  }

  return (
    <div className="boards-app boards-app--open">
      <div className="boards-app__head">
        <Button variant="ghost" onClick={() => open(null)}>
          ← All boards
        </Button>
        <h2 className="boards-app__title">{board.title}</h2>
      </div>
      <BoardCanvas
        key={board.id}
        board={board}
        nodes={nodes}
        startEditing={editFirst}
        reveal={revealId}
        onRevealed={() =>
          setParams(
            (before) => {
              const after = new URLSearchParams(before);
              after.delete('node');
              return after;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}

export default BoardsApp;
