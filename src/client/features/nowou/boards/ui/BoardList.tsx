/**
 * All boards: New board, Import .canvas, and each board with a small picture of its nodes, its
 * title and last change, Open, Rename, Duplicate and Delete. Deleted boards (with their nodes) wait
 * in Recently deleted for 30 days, like to-dos, with Restore.
 */
import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../../ui/Button';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { useNowou } from '../../nowou-context';
import { boundsOf } from '../logic/selection';
import { plural } from '../../../../lib/plural';
import { formatAgo, formatDate } from '../../../../lib/date-format';
import { duplicateBoard, newBoard, newId, newTextNode } from './board-items';
import { nodesInDrawingOrder } from '../logic/drawing-order';

const WEEK = 7 * 24 * 60 * 60_000;

/** "5 min ago", "2 days ago", or the date ("29 Nov 2026") for anything a week old or older. */
export function lastChange(iso: string, now: number): string {
  return now - Date.parse(iso) < WEEK ? formatAgo(iso, new Date(now)) : formatDate(iso);
}

/** Focuses the rename field when it appears. */
function focusOnMount(field: HTMLInputElement | null) {
  field?.focus();
  field?.select();
}

function Preview({ nodes }: { nodes: readonly TextElement[] }) {
  const shown = nodes.slice(0, 300);
  const bounds = boundsOf(shown);
  if (!bounds) return <div className="board-card__preview" aria-hidden="true" />;
  const pad = Math.max(bounds.width, bounds.height) * 0.06 + 10;
  return (
    <svg
      className="board-card__preview"
      viewBox={`${bounds.x - pad} ${bounds.y - pad} ${bounds.width + pad * 2} ${bounds.height + pad * 2}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      focusable="false"
    >
      {shown.map((node) => (
        <rect
          key={node.id}
          x={node.x}
          y={node.y}
          width={node.width}
          height={node.height}
          rx={Math.min(node.width, node.height) * 0.12}
          data-type={node.type}
          data-color={node.color && !node.color.startsWith('#') ? node.color : undefined}
        />
      ))}
    </svg>
  );
}

export function BoardList({
  boards,
  deleted,
  nodes,
  onOpen,
}: {
  boards: readonly Brainstorm[];
  deleted: readonly Brainstorm[];
  nodes: readonly TextElement[];
  onOpen: (id: string, editNodeId?: string) => void;
}) {
  const { store, history, announce } = useNowou();
  const id = useId();
  const [title, setTitle] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [now] = useState(() => Date.now());
  const nodesByBoard = useMemo(() => {
    const map = new Map<string, TextElement[]>();
    for (const board of boards) map.set(board.id, nodesInDrawingOrder(board, nodes));
    return map;
  }, [boards, nodes]);

  function create(event: FormEvent) {
    event.preventDefault();
    const name = title.trim() || 'Untitled board';
    const board = newBoard(name, boards, new Date());
    const first = newTextNode(board.id, { x: 0, y: 0 }, new Date());
    if (history.change([{ ...board, nodeOrder: [first.id] }, first], { label: `Added ${name}` })) {
      announce(`Added the board ${name}.`);
      setTitle('');
      onOpen(board.id, first.id);
    }
  }

  function rename(board: Brainstorm, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    setRenaming(null);
    if (!value || value === board.title) return;
    const current = store.get('brainstorm', board.id) ?? board;
    if (
      history.change([{ ...current, title: value.slice(0, 200) }], { label: `Renamed ${value}` })
    ) {
      announce(`Renamed to ${value}.`);
    }
  }

  function duplicate(board: Brainstorm) {
    const copy = duplicateBoard(board, nodesByBoard.get(board.id) ?? [], boards, new Date());
    if (history.change([copy.board, ...copy.nodes], { label: `Duplicated ${board.title}` })) {
      announce(`Added ${copy.board.title}.`);
    }
  }

  function remove(board: Brainstorm) {
    const items = [
      { kind: 'brainstorm' as const, id: board.id },
      ...(nodesByBoard.get(board.id) ?? []).map((node) => ({
        kind: 'textElement' as const,
        id: node.id,
      })),
    ];
    if (history.remove(items, { label: `Deleted ${board.title}` })) {
      announce(`Deleted ${board.title}. It is in Recently deleted.`);
    }
  }

  function restore(board: Brainstorm) {
    const { deletedAt: _at, ...kept } = board;
    const wanted = new Set(board.nodeOrder);
    const back = store
      .all('textElement', { includeDeleted: true })
      .filter((node) => node.deleted && node.boardId === board.id && wanted.has(node.id))
      .map(({ deletedAt: _nodeAt, ...node }) => ({ ...node, deleted: false }));
    if (
      history.change([{ ...kept, deleted: false }, ...back], { label: `Restored ${board.title}` })
    ) {
      announce(`Restored ${board.title}.`);
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const last = [...boards].sort((a, b) => (a.order < b.order ? -1 : 1)).at(-1);
    const { planCanvasImport } = await import('../files/json-canvas');
    const plan = planCanvasImport(await file.text(), {
      now: new Date(),
      newId,
      fileName: file.name,
      order: newBoard('x', last ? [last] : [], new Date()).order,
    });
    if (!plan.ok) {
      setProblem(plan.reason);
      return;
    }
    setProblem(null);
    if (history.change([plan.board, ...plan.nodes], { label: `Imported ${plan.board.title}` })) {
      announce(
        `Imported ${plan.board.title}: ${plural(plan.nodes.length, 'node', 'nodes')}.${plan.skipped.length ? ` ${plan.skipped.join(' ')}` : ''}`,
      );
      onOpen(plan.board.id);
    }
  }

  return (
    <section className="boards" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="boards__title">
        Boards
      </h2>
      <div className="boards__top">
        <form className="boards__new" onSubmit={create}>
          <label htmlFor={`${id}-new`} className="visually-hidden">
            New board title
          </label>
          <input
            id={`${id}-new`}
            className="board__input"
            placeholder="New board title"
            value={title}
            maxLength={200}
            data-nowou-new=""
            onChange={(event) => setTitle(event.target.value)}
          />
          <Button type="submit" variant="primary">
            New board
          </Button>
        </form>
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Import .canvas
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".canvas,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Import a .canvas file"
          onChange={(event) => void onFile(event)}
        />
      </div>
      {problem && (
        <p className="boards__problem" role="alert">
          Nothing was imported. {problem}
        </p>
      )}
      {boards.length === 0 ? (
        <p className="boards__empty">No boards yet. Give one a title above to start.</p>
      ) : (
        <ul className="boards__list" aria-label="Your boards">
          {[...boards]
            .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
            .map((board) => (
              <li key={board.id} className="board-card">
                <Preview nodes={nodesByBoard.get(board.id) ?? []} />
                {renaming === board.id ? (
                  <form className="board-card__rename" onSubmit={(event) => rename(board, event)}>
                    <label className="visually-hidden" htmlFor={`${id}-${board.id}`}>
                      Title of {board.title}
                    </label>
                    <input
                      id={`${id}-${board.id}`}
                      name="title"
                      className="board__input"
                      defaultValue={board.title}
                      maxLength={200}
                      ref={focusOnMount}
                      onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
                    />
                    <Button type="submit" variant="primary">
                      Save
                    </Button>
                  </form>
                ) : (
                  <h3 className="board-card__title">
                    <button
                      type="button"
                      className="board-card__open"
                      onClick={() => onOpen(board.id)}
                    >
                      {board.title}
                    </button>
                  </h3>
                )}
                <p className="board-card__meta">
                  {plural((nodesByBoard.get(board.id) ?? []).length, 'node', 'nodes')} · changed{' '}
                  <time dateTime={board.modifiedAt}>{lastChange(board.modifiedAt, now)}</time>
                </p>
                <div className="board-card__actions">
                  <Button variant="ghost" onClick={() => setRenaming(board.id)}>
                    Rename<span className="visually-hidden"> {board.title}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => duplicate(board)}>
                    Duplicate<span className="visually-hidden"> {board.title}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => remove(board)}>
                    Delete<span className="visually-hidden"> {board.title}</span>
                  </Button>
                </div>
              </li>
            ))}
        </ul>
      )}
      {deleted.length > 0 && (
        <details className="boards__deleted">
          <summary>Recently deleted ({deleted.length})</summary>
          <ul aria-label="Recently deleted boards">
            {deleted.map((board) => (
              <li key={board.id}>
                <span>{board.title}</span>
                <Button variant="ghost" onClick={() => restore(board)}>
                  Restore<span className="visually-hidden"> {board.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
