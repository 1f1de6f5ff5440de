/**
 * One open board: its toolbar, the selection's bar, the canvas and the outline. The canvas is one
 * element holding one transformed layer (edges in an SVG beneath, the nodes as focusable elements
 * above); pan, zoom and drags change the DOM through refs (use-viewport.ts, use-node-drag.ts) and
 * write once when they end. This file renders and dispatches: the board's state and gestures are
 * board-state.ts's, its changes board-writes.ts's, its keys and the bar's buttons the board
 * actions (actions/registry.ts, which also describe them), the pointer canvas-pointer.ts's.
 *
 * Dragging is never the only way (WCAG 2.5.7): connecting has C and Connect to… (then a click or
 * Enter on the other node), resizing the keys and the Size buttons, moving the arrows, a marquee
 * Shift-click and Ctrl+A.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Brainstorm, TextElement, Todo } from '#shared/nowou-records';
import { useNowou } from '../../nowou-context';
import { useItems } from '../../use-nowou-store';
import { boardAction } from '../actions/registry';
import { boardKeysText } from '../actions/help';
import { paletteCommands } from '../actions/palette';
import { useOfferedCommands } from '../../kit/section-commands';
import { nodeTitle } from '../logic/outline';
import { nodesInRect } from '../logic/selection';
import { accessibleNames } from '../logic/accessible-names';
import { connectingFrom, createBoardState, editingId } from './board-state';
import { createBoardWrites, focusEdgeLabel } from './board-writes';
import { BoardToolbar } from './BoardToolbar';
import { createCanvasKeys } from './canvas-keys';
import { createCanvasPointer } from './canvas-pointer';
import { EdgeLayer } from './EdgeLayer';
import { boxOf, layerTransform } from '../logic/geometry';
import { createNodeEditor } from './node-editor';
import { NodeView } from './NodeView';
import { OutlinePanel } from './OutlinePanel';
import { SelectionBar, type EdgeActions, type NodeActions } from './SelectionBar';
import { useNodeDrag, type NodeDrag } from './use-node-drag';
import { useViewport } from './use-viewport';

const BOARD_KEYS = boardKeysText();

export function BoardCanvas({
  board,
  nodes,
  startEditing = null,
  reveal = null,
  onRevealed,
}: {
  board: Brainstorm;
  nodes: readonly TextElement[];
  /** A node to edit at once (the first node of a new board). */
  startEditing?: string | null;
  /** A node to centre, select and focus (a to-do's Open on board); `onRevealed` follows. */
  reveal?: string | null;
  onRevealed?: () => void;
}) {
  const { store, history, announce } = useNowou();
  const todos = useItems(store, 'todo');
  const canvasRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<{ marquee: HTMLDivElement | null; preview: SVGPathElement | null }>({
    marquee: null,
    preview: null,
  });
  const dragRef = useRef<NodeDrag | null>(null);
  const [outlineOpen, setOutlineOpen] = useState(
    () => typeof window === 'undefined' || !window.matchMedia?.('(max-width: 719.98px)').matches,
  );

  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const names = useMemo(() => accessibleNames(board, nodes), [board, nodes]);
  const todoState = useMemo(() => {
    const map = new Map<string, Todo>();
    for (const todo of todos) map.set(todo.id, todo);
    return map;
  }, [todos]);

  const [state] = useState(() => createBoardState({ board, nodes, byId }, startEditing));
  // Handlers read the board as last rendered.
  useLayoutEffect(() => state.setDoc({ board, nodes, byId }), [state, board, nodes, byId]);
  const { gesture, selection, selectedEdge, focusId, selectMode } = useSyncExternalStore(
    state.subscribe,
    state.get,
    state.get,
  );

  const viewport = useViewport(
    canvasRef,
    layerRef,
    board.viewport,
    (view) => {
      // The view is not a change anyone undoes: written straight to the store, outside history,
      // keeping the board's modification time so undoing an earlier step still finds it as left.
      const current = store.get('brainstorm', board.id);
      if (current) store.put({ ...current, viewport: view }, { keepModifiedAt: true });
    },
    () => dragRef.current?.cancel(),
  );

  const writes = useMemo(
    // The writes read the refs only in handlers, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    () => createBoardWrites({ store, history, announce, state, viewport, canvasRef, layerRef }),
    [store, history, announce, state, viewport],
  );
  const editor = useMemo(
    () => createNodeEditor({ store, history }, state, writes),
    [store, history, state, writes],
  );
  const hasTodo = (id: string) => {
    const todoId = state.doc().byId.get(id)?.todoId;
    return todoId !== undefined && todoState.has(todoId);
  };
  const onKeyDown = createCanvasKeys(state, writes, hasTodo);
  useOfferedCommands((mod) =>
    paletteCommands({ state, writes, hasTodo, canvas: () => canvasRef.current }, mod),
  );

  // A to-do's Open on board: centre the node it was made from, select and focus it.
  const revealed = useRef(onRevealed);
  useEffect(() => {
    revealed.current = onRevealed;
  });
  useEffect(() => {
    if (!reveal) return;
    const node = state.doc().byId.get(reveal);
    if (node) {
      state.select([reveal]);
      // The canvas may sit below the fold: bring it into the page's view (after the frame, so
      // after the router's scroll to the top of a new page), then the node into the canvas's.
      requestAnimationFrame(() => canvasRef.current?.scrollIntoView({ block: 'nearest' }));
      viewport.reveal(boxOf(node), true);
      writes.focusNode(reveal, false);
    } else {
      announce('That node is no longer on this board.');
    }
    revealed.current?.();
  }, [reveal, state, viewport, writes, announce]);

  const drag = useNodeDrag(layerRef, overlayRef, canvasRef, {
    nodeOf: (id) => state.doc().byId.get(id),
    edges: () => state.doc().board.edges,
    nodes: () => state.doc().nodes,
    movedWith: (id) => (state.get().selection.has(id) ? [...state.get().selection] : [id]),
    toCanvas: (x, y) => viewport.toCanvas(x, y),
    zoom: () => viewport.zoom(),
    onMove: writes.moveNodes,
    onResize: (id, width, height) => {
      const node = writes.nodeNow(id);
      if (node)
        history.change([{ ...node, width, height }], { label: `Resized ${nodeTitle(node)}` });
    },
    onConnect: (fromId, fromSide, toId, toSide) =>
      writes.connectNodes(fromId, toId, { from: fromSide, to: toSide }),
    onMarquee: (rect, add) => {
      const picked = nodesInRect(state.doc().nodes, rect).map((node) => node.id);
      const next = add ? new Set([...state.get().selection, ...picked]) : new Set(picked);
      state.select(next);
      const first = picked[0];
      if (first) writes.focusNode(first, false);
      announce(`${next.size} selected.`);
    },
  });
  useEffect(() => {
    dragRef.current = drag;
  }, [drag]);
  const pointer = createCanvasPointer(state, writes, drag, viewport);

  function onFocus(event: React.FocusEvent<HTMLDivElement>) {
    const id = (event.target as HTMLElement).dataset?.nodeId;
    if (!id) return;
    state.focus(id);
    const node = state.doc().byId.get(id);
    if (node && event.target.matches(':focus-visible')) viewport.reveal(boxOf(node));
  }

  /** An outline entry (or a search match): centre, select and focus it; or connect to it. */
  function chooseFromOutline(id: string) {
    const node = state.doc().byId.get(id);
    if (!node) return;
    const from = connectingFrom(state.get().gesture);
    if (from) {
      if (from !== id) writes.connect(from, id);
      return;
    }
    state.select([id]);
    viewport.reveal(boxOf(node), true);
    writes.focusNode(id, false);
  }

  const single = selection.size === 1 ? byId.get([...selection][0]!) : undefined;
  const singleTodo = single?.todoId ? todoState.get(single.todoId) : undefined;
  const barState = {
    node: single,
    selection,
    targets: [...selection],
    connectingFrom: connectingFrom(gesture),
    hasTodo: singleTodo !== undefined,
  };
  const nodeActions: NodeActions = {
    state: barState,
    run: (id) =>
      boardAction(id).perform({ state: barState, writes, input: { key: '', shift: false } }),
    selectEdge: (edgeId) => {
      state.selectEdge(edgeId);
      // The button goes with the node's bar: focus moves to the edge's label.
      focusEdgeLabel();
    },
    colour: (color) => writes.setColour(state.get().selection, color),
    resize: (dw, dh) => writes.resize([...state.get().selection], dw, dh),
  };
  const edgeActions: EdgeActions = {
    label: (target, label) =>
      writes.changeEdge(
        target.id,
        ({ label: _label, ...rest }) => (label ? { ...rest, label } : rest),
        'Labelled a connection',
      ),
    colour: (target, color) =>
      writes.changeEdge(
        target.id,
        ({ color: _c, ...rest }) => (color ? { ...rest, color } : rest),
        'Changed a connection colour',
      ),
    remove: (target) => writes.changeEdge(target.id, null, 'Deleted a connection'),
    done: (target) => {
      state.selectEdge(null);
      state.select([target.toNode]);
      writes.focusNode(target.toNode, false);
    },
  };

  // The layer's transform is the viewport's to write; the first one comes with the layer.
  const [initialTransform] = useState(() => layerTransform(board.viewport));

  const firstId = nodes.find((node) => node.type !== 'group')?.id ?? nodes[0]?.id ?? null;
  const tabbableId = focusId && byId.has(focusId) ? focusId : firstId;
  const edge = selectedEdge ? board.edges.find((e) => e.id === selectedEdge) : undefined;
  const fromId = connectingFrom(gesture);
  const connectingNode = fromId ? byId.get(fromId) : undefined;
  const editing = editingId(gesture);

  return (
    <div className="board" data-outline={outlineOpen || undefined}>
      <BoardToolbar
        board={board}
        nodes={nodes}
        viewport={viewport}
        onAdd={(type) => writes.addNodeInView(type)}
        selectMode={selectMode}
        onSelectMode={state.setSelectMode}
        outlineOpen={outlineOpen}
        onOutline={setOutlineOpen}
      />
      <SelectionBar
        board={board}
        byId={byId}
        selection={selection}
        connectingFrom={connectingNode}
        onCancelConnect={writes.cancelConnect}
        edge={edge}
        edgeActions={edgeActions}
        nodeActions={nodeActions}
      />
      <div className="board__body">
        {/* The nodes' pointer and key events are handled here, once, for all of them. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={canvasRef}
          className="board__canvas"
          data-testid="board-canvas"
          data-select-mode={selectMode || undefined}
          data-connecting={connectingNode ? '' : undefined}
          role="region"
          aria-label={`Canvas of ${board.title}`}
          aria-describedby="board-keys"
          tabIndex={-1}
          onPointerDown={pointer.onPointerDown}
          onDoubleClick={pointer.onDoubleClick}
          // No native drag of a node's link (or its text): a drag moves the node.
          onDragStart={(event) => event.preventDefault()}
          onClickCapture={(event) => {
            if (drag.justDragged() && (event.target as Element).closest('a'))
              event.preventDefault();
          }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <div
            ref={layerRef}
            className="board__layer"
            data-testid="board-layer"
            style={{ transform: initialTransform }}
          >
            <EdgeLayer
              edges={board.edges}
              nodes={byId}
              selectedEdge={selectedEdge}
              previewRef={(el) => {
                overlayRef.current.preview = el;
              }}
            />
            {nodes.map((node) => (
              <NodeView
                key={node.id}
                node={node}
                name={names.get(node.id) ?? nodeTitle(node)}
                selected={selection.has(node.id)}
                editing={editing === node.id}
                tabbable={node.id === tabbableId}
                todo={
                  node.todoId && todoState.has(node.todoId)
                    ? todoState.get(node.todoId)!.done
                      ? 'done'
                      : 'open'
                    : null
                }
                editor={editor}
              />
            ))}
          </div>
          <div
            ref={(el) => {
              overlayRef.current.marquee = el;
            }}
            className="board__marquee"
            hidden
          />
          {nodes.length === 0 && (
            <p className="board__hint">Double-click the canvas or choose Add node to start.</p>
          )}
          <p id="board-keys" className="visually-hidden">
            {BOARD_KEYS}
          </p>
        </div>
        {outlineOpen && (
          <OutlinePanel board={board} nodes={nodes} names={names} onChoose={chooseFromOutline} />
        )}
      </div>
    </div>
  );
}
