/**
 * One open board: its toolbar (add a node or a link, select mode, zoom, fit, outline, files), the
 * selection's bar, the canvas and the outline. The canvas is one element holding one transformed
 * layer (edges in an SVG beneath, the nodes as focusable elements above); pan, zoom and drags
 * change the DOM through refs (use-viewport.ts, use-node-drag.ts) and write once when they end.
 * Every change to nodes and edges is one history step, so Ctrl+Z undoes a whole gesture.
 *
 * Keys on a selected node (not editing): Enter or F2 edits, Tab adds a connected child, arrows
 * move the selection (Shift: 10×; a group carries the nodes inside it), Alt+arrows go to the
 * connected node that way (Alt+Shift: to the nearest node that way when none is connected, keeping
 * the selection), Space adds the focused node to the selection or takes it away, Ctrl/Cmd+arrows
 * resize (Shift: 100 px steps), C starts a connection,
 * Delete removes, Ctrl+C / Ctrl+V / Ctrl+D copy, paste and duplicate, Escape clears the selection.
 * While connecting: arrows go to the nearest node that way, Enter (or a click, or the outline)
 * connects to it, Escape cancels. While editing: Enter (without Shift) adds a sibling, Tab a
 * child, Escape leaves; Shift+Enter is a new line; a group's label ends with Enter or Tab.
 *
 * Dragging is never the only way (WCAG 2.5.7): connecting has C and Connect to… (then a click or
 * Enter on the other node), resizing the keys and the Size buttons, moving the arrows, a marquee
 * Shift-click and Ctrl+A.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Button } from '../../../../ui/Button';
import type { Brainstorm, CanvasEdge, TextElement, Todo } from '#shared/nowou-records';
import { useNowou } from '../../nowou-context';
import { orderAtEnd } from '../../logic/new-todo';
import { useItems } from '../../use-nowou-store';
import { nodeTitle } from '../logic/outline';
import {
  boundsOf,
  nearestInDirection,
  neighbourAlongEdges,
  nodesInRect,
  placeChild,
  placeSibling,
  type Direction,
} from '../logic/selection';
import { accessibleNames } from './board-logic';
import {
  GROUP_PADDING,
  NODE_HEIGHT,
  NODE_WIDTH,
  copyNodes,
  newEdge,
  newId,
  newTextNode,
  tombstone,
} from './board-items';
import { BoardFiles } from './BoardFiles';
import { EdgeLayer } from './EdgeLayer';
import { boxOf, clamp, layerTransform, withGroupContents, type Side } from './geometry';
import { NodeView, type NodeEditor } from './NodeView';
import { OutlinePanel } from './OutlinePanel';
import { SelectionBar, type EdgeActions, type NodeActions } from './SelectionBar';
import { MIN_HEIGHT, MIN_WIDTH, useNodeDrag, type NodeDrag } from './use-node-drag';
import { useViewport, type FullViewportController } from './use-viewport';

/** Copied nodes, kept for Ctrl+V within the app (any board). */
let clipboard: { nodes: TextElement[]; edges: CanvasEdge[] } | null = null;

const ARROWS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
const STEP = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] } as const;
/** Ctrl/Cmd+arrows and the Size buttons change a node's size by this (Shift: SIZE_STEP_LARGE). */
const SIZE_STEP = 20;
const SIZE_STEP_LARGE = 100;
const MAX_EXTENT = 100_000;

function ZoomLevel({ viewport }: { viewport: FullViewportController }) {
  const zoom = useSyncExternalStore(viewport.subscribe, viewport.zoom, viewport.zoom);
  return (
    <output className="board__zoom" aria-live="off" aria-label="Zoom level">
      {Math.round(zoom * 100)} %
    </output>
  );
}

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
  const [selection, setSelectionState] = useState<ReadonlySet<string>>(
    () => new Set(startEditing ? [startEditing] : []),
  );
  const [editing, setEditingState] = useState<string | null>(startEditing);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  /** The node a connection is being made from, by keyboard or by clicks (Connect to…). */
  const [connectFrom, setConnectFromState] = useState<string | null>(null);
  const connectRef = useRef<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(startEditing);
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

  // The latest values for handlers created once (drag controller, editor, key handler).
  const live = useRef({ board, nodes, byId, selection, editing });
  useEffect(() => {
    live.current = { board, nodes, byId, selection, editing };
  });
  const editingRef = useRef<string | null>(startEditing);
  const dragRef = useRef<NodeDrag | null>(null);
  const editSession = useRef(0);

  const setSelection = useCallback((ids: Iterable<string>) => {
    const next = new Set(ids);
    live.current.selection = next;
    setSelectionState(next);
    if (next.size > 0) setSelectedEdge(null);
  }, []);
  const setConnectFrom = useCallback((id: string | null) => {
    connectRef.current = id;
    setConnectFromState(id);
  }, []);
  const setEditing = useCallback((id: string | null) => {
    editingRef.current = id;
    live.current.editing = id;
    if (id !== null) editSession.current += 1;
    setEditingState(id);
  }, []);

  /** The board as stored now (a viewport saved since the render, another tab's change). */
  const fresh = useCallback(
    () => store.get('brainstorm', live.current.board.id) ?? live.current.board,
    [store],
  );
  const nodeNow = useCallback(
    (id: string) => store.get('textElement', id) ?? live.current.byId.get(id),
    [store],
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

  const focusNode = useCallback(
    (id: string, reveal = true) => {
      setFocusId(id);
      requestAnimationFrame(() => {
        const node = live.current.byId.get(id) ?? store.get('textElement', id);
        if (node && reveal) viewport.reveal(boxOf(node));
        const el = layerRef.current?.querySelector<HTMLElement>(
          `[data-node-id="${CSS.escape(id)}"]`,
        );
        el?.focus({ preventScroll: true });
      });
    },
    [store, viewport],
  );

  // ---- Writes -------------------------------------------------------------------------------

  const moveNodes = useCallback(
    (ids: readonly string[], dx: number, dy: number) => {
      const moved = ids.flatMap((id) => {
        const node = nodeNow(id);
        return node ? [{ ...node, x: node.x + dx, y: node.y + dy }] : [];
      });
      if (moved.length === 0) return;
      const title = moved.length === 1 ? nodeTitle(moved[0]!) : `${moved.length} nodes`;
      if (history.change(moved, { label: `Moved ${title}` })) announce(`Moved ${title}.`);
    },
    [history, announce, nodeNow],
  );

  /** Adds nodes (and edges) to the board in one step; groups go first, drawn behind. */
  const addNodes = useCallback(
    (added: TextElement[], edges: CanvasEdge[], label: string) => {
      const current = fresh();
      const groups = added.filter((node) => node.type === 'group').map((node) => node.id);
      const others = added.filter((node) => node.type !== 'group').map((node) => node.id);
      const ok = history.change(
        [
          ...added,
          {
            ...current,
            nodeOrder: [...groups, ...current.nodeOrder, ...others],
            edges: [...current.edges, ...edges],
          },
        ],
        { label },
      );
      if (ok) announce(`${label}.`);
      return ok;
    },
    [fresh, history, announce],
  );

  const addNodeAt = useCallback(
    (at: { x: number; y: number }, type: 'text' | 'link' = 'text') => {
      const made = newTextNode(board.id, at, new Date());
      // A new link starts as the bare scheme: the editor says what is missing until it is whole.
      const { text: _text, ...rest } = made;
      const node: TextElement = type === 'link' ? { ...rest, type: 'link', url: 'https://' } : made;
      if (!addNodes([node], [], type === 'link' ? 'Added a link' : 'Added a node')) return;
      setSelection([node.id]);
      setEditing(node.id);
      setFocusId(node.id);
      requestAnimationFrame(() => viewport.reveal(boxOf(node)));
    },
    [board.id, addNodes, setSelection, setEditing, viewport],
  );

  const addNodeInView = useCallback(
    (type: 'text' | 'link' = 'text') => {
      const canvas = canvasRef.current!.getBoundingClientRect();
      const centre = viewport.toCanvas(
        canvas.left + canvas.width / 2,
        canvas.top + canvas.height / 2,
      );
      const others = live.current.nodes;
      const spot = placeSibling(
        { x: centre.x - 120, y: centre.y - 76, width: 240, height: 72 },
        others,
      );
      addNodeAt(others.length === 0 ? { x: centre.x - 120, y: centre.y - 36 } : spot, type);
    },
    [viewport, addNodeAt],
  );

  /** Tab: a new node connected from `parentId`, to its right; Enter: one under it, from its parent. */
  const addRelated = useCallback(
    (id: string, relation: 'child' | 'sibling') => {
      const node = nodeNow(id);
      if (!node) return;
      const current = fresh();
      const all = live.current.nodes;
      const parentEdge = current.edges.find((edge) => edge.toNode === id);
      // A group's child or sibling is a node of the usual size, not one as large as the group.
      const size =
        node.type === 'group'
          ? { width: NODE_WIDTH, height: NODE_HEIGHT }
          : { width: node.width, height: node.height };
      const place =
        relation === 'child' ? placeChild(node, all, size) : placeSibling(node, all, size);
      const created = newTextNode(board.id, place, new Date(), {
        width: place.width,
        height: Math.min(place.height, 400),
        ...(node.color ? { color: node.color } : {}),
      });
      const edges =
        relation === 'child'
          ? [newEdge(id, 'right', created.id, 'left')]
          : parentEdge
            ? [
                {
                  ...parentEdge,
                  id: newId(),
                  toNode: created.id,
                  label: undefined,
                },
              ].map(({ label: _label, ...edge }) => edge)
            : [];
      const label =
        relation === 'child'
          ? `Added a child of ${nodeTitle(node)}`
          : `Added a node under ${nodeTitle(node)}`;
      if (!addNodes([created], edges, label)) return;
      setSelection([created.id]);
      setEditing(created.id);
      setFocusId(created.id);
      requestAnimationFrame(() => viewport.reveal(boxOf(created)));
    },
    [board.id, fresh, nodeNow, addNodes, setSelection, setEditing, viewport],
  );

  const deleteNodes = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      const gone = new Set(ids);
      const current = fresh();
      const now = new Date();
      const removed = ids.flatMap((id) => {
        const node = nodeNow(id);
        return node ? [tombstone(node, now)] : [];
      });
      const title = removed.length === 1 ? nodeTitle(removed[0]!) : `${removed.length} nodes`;
      const ok = history.change(
        [
          ...removed,
          {
            ...current,
            nodeOrder: current.nodeOrder.filter((id) => !gone.has(id)),
            edges: current.edges.filter((e) => !gone.has(e.fromNode) && !gone.has(e.toNode)),
          },
        ],
        { label: `Deleted ${title}` },
      );
      if (ok) announce(`Deleted ${title}.`);
      setSelection([]);
      setEditing(null);
      canvasRef.current?.focus();
    },
    [fresh, nodeNow, history, announce, setSelection, setEditing],
  );

  const copySelection = useCallback(() => {
    const ids = live.current.selection;
    const picked = live.current.nodes.filter((node) => ids.has(node.id));
    if (picked.length === 0) return;
    clipboard = {
      nodes: picked,
      edges: fresh().edges.filter((e) => ids.has(e.fromNode) && ids.has(e.toNode)),
    };
    announce(`Copied ${picked.length === 1 ? nodeTitle(picked[0]!) : `${picked.length} nodes`}.`);
  }, [fresh, announce]);

  const pasteNodes = useCallback(
    (source: { nodes: TextElement[]; edges: CanvasEdge[] } | null, label: string) => {
      if (!source || source.nodes.length === 0) return;
      const copy = copyNodes(source.nodes, source.edges, board.id, { x: 32, y: 32 }, new Date());
      if (!addNodes(copy.nodes, copy.edges, label)) return;
      // A second paste lands a step further on.
      if (source === clipboard) clipboard = { nodes: copy.nodes, edges: copy.edges };
      setSelection(copy.nodes.map((node) => node.id));
      focusNode(copy.nodes.at(-1)!.id);
    },
    [board.id, addNodes, setSelection, focusNode],
  );

  const duplicateSelection = useCallback(() => {
    const ids = live.current.selection;
    const picked = live.current.nodes.filter((node) => ids.has(node.id));
    const edges = fresh().edges.filter((e) => ids.has(e.fromNode) && ids.has(e.toNode));
    pasteNodes(
      { nodes: picked, edges },
      `Duplicated ${picked.length === 1 ? nodeTitle(picked[0]!) : `${picked.length} nodes`}`,
    );
  }, [fresh, pasteNodes]);

  const setNodeColour = useCallback(
    (ids: Iterable<string>, color: string | undefined) => {
      const changed = [...ids].flatMap((id) => {
        const node = nodeNow(id);
        if (!node) return [];
        const { color: _old, ...rest } = node;
        return [color ? { ...rest, color } : rest];
      });
      if (changed.length > 0) history.change(changed, { label: 'Changed colour' });
    },
    [nodeNow, history],
  );

  const groupSelection = useCallback(() => {
    const picked = live.current.nodes.filter((node) => live.current.selection.has(node.id));
    const bounds = boundsOf(picked);
    if (!bounds) return;
    const group: TextElement = {
      ...newTextNode(
        board.id,
        { x: bounds.x - GROUP_PADDING, y: bounds.y - GROUP_PADDING - 24 },
        new Date(),
        {
          width: Math.round(bounds.width + GROUP_PADDING * 2),
          height: Math.round(bounds.height + GROUP_PADDING * 2 + 24),
        },
      ),
      type: 'group',
      label: 'Group',
    };
    delete group.text;
    if (!addNodes([group], [], 'Grouped the selection')) return;
    setSelection([group.id]);
    setEditing(group.id);
  }, [board.id, addNodes, setSelection, setEditing]);

  const makeTodo = useCallback(
    (id: string) => {
      const node = nodeNow(id);
      if (!node || (node.todoId && store.get('todo', node.todoId))) return;
      const now = new Date();
      const title = nodeTitle(node).slice(0, 500);
      const todo: Todo = {
        id: newId(),
        kind: 'todo',
        v: 1,
        modifiedAt: now.toISOString(),
        deleted: false,
        title,
        notes: `From the board ${fresh().title}`,
        list: 'inbox',
        order: orderAtEnd(store.all('todo'), 'inbox'),
        done: false,
        doneAt: null,
        tags: [],
        priority: 0,
        time: null,
        duration: null,
        schedule: null,
        subtasks: [],
        recurrence: null,
        source: { boardId: node.boardId, nodeId: node.id },
      };
      if (
        history.change([todo, { ...node, todoId: todo.id }], { label: `Made a to-do of ${title}` })
      ) {
        announce(`Added the to-do ${title} to the Inbox.`);
      }
    },
    [nodeNow, store, fresh, history, announce],
  );

  const changeEdge = useCallback(
    (id: string, change: ((edge: CanvasEdge) => CanvasEdge) | null, label: string) => {
      const current = fresh();
      const edges = change
        ? current.edges.map((edge) => (edge.id === id ? change(edge) : edge))
        : current.edges.filter((edge) => edge.id !== id);
      history.change([{ ...current, edges }], { label, group: change ? `edge-${id}` : undefined });
      if (!change) {
        setSelectedEdge(null);
        announce(`${label}.`);
      }
    },
    [fresh, history, announce],
  );

  /**
   * Connects two nodes as one step and selects the new edge, so its label and colour are at hand
   * (`focusLabel`: focus moves to the label, for the keyboard). Without `sides` the edge names
   * none and is drawn between the sides facing each other, wherever the nodes move.
   */
  const connectNodes = useCallback(
    (fromId: string, toId: string, sides?: { from: Side; to: Side }, focusLabel = false) => {
      const from = nodeNow(fromId);
      const to = nodeNow(toId);
      if (!from || !to || fromId === toId) return;
      const current = fresh();
      const edge: CanvasEdge = sides
        ? newEdge(fromId, sides.from, toId, sides.to)
        : { id: newId(), fromNode: fromId, toNode: toId, toEnd: 'arrow' };
      const label = `Connected ${nodeTitle(from)} to ${nodeTitle(to)}`;
      if (!history.change([{ ...current, edges: [...current.edges, edge] }], { label })) return;
      announce(`${label}.`);
      setSelection([]);
      setSelectedEdge(edge.id);
      if (focusLabel) {
        requestAnimationFrame(() =>
          document.querySelector<HTMLInputElement>('.board__actions input')?.focus(),
        );
      }
    },
    [nodeNow, fresh, history, announce, setSelection],
  );

  const startConnect = useCallback(
    (id: string) => {
      const node = nodeNow(id);
      if (!node) return;
      setEditing(null);
      setConnectFrom(id);
      announce(
        `Connecting from ${nodeTitle(node)}: go to the other node and press Enter, or click it. Escape cancels.`,
      );
    },
    [nodeNow, setEditing, setConnectFrom, announce],
  );

  const cancelConnect = useCallback(() => {
    const from = connectRef.current;
    setConnectFrom(null);
    announce('No connection made.');
    if (from) focusNode(from, false);
  }, [setConnectFrom, announce, focusNode]);

  /** Ctrl/Cmd+arrows and the Size buttons: each node's width and height change by the step. */
  const resizeBy = useCallback(
    (ids: readonly string[], dw: number, dh: number) => {
      const changed = ids.flatMap((id) => {
        const node = nodeNow(id);
        if (!node) return [];
        const width = clamp(node.width + dw, MIN_WIDTH, MAX_EXTENT);
        const height = clamp(node.height + dh, MIN_HEIGHT, MAX_EXTENT);
        return width === node.width && height === node.height ? [] : [{ ...node, width, height }];
      });
      if (changed.length === 0) {
        announce('That is as small as a node goes.');
        return;
      }
      const only = changed.length === 1 ? changed[0]! : null;
      const title = only ? nodeTitle(only) : `${changed.length} nodes`;
      // Steps in a row fold into one undo step (history groups changes under a second apart).
      const ok = history.change(changed, {
        label: `Resized ${title}`,
        group: `resize-${[...ids].sort().join(',')}`,
      });
      if (ok) announce(only ? `${title}: ${only.width} by ${only.height}.` : `Resized ${title}.`);
    },
    [nodeNow, history, announce],
  );

  // A to-do's Open on board: centre the node it was made from, select and focus it.
  const revealed = useRef(onRevealed);
  useEffect(() => {
    revealed.current = onRevealed;
  });
  useEffect(() => {
    if (!reveal) return;
    const node = live.current.byId.get(reveal);
    if (node) {
      setSelection([reveal]);
      // The canvas may sit below the fold: bring it into the page's view (after the frame, so
      // after the router's scroll to the top of a new page), then the node into the canvas's.
      requestAnimationFrame(() => canvasRef.current?.scrollIntoView({ block: 'nearest' }));
      viewport.reveal(boxOf(node), true);
      focusNode(reveal, false);
    } else {
      announce('That node is no longer on this board.');
    }
    revealed.current?.();
  }, [reveal, setSelection, viewport, focusNode, announce]);

  // ---- Drags --------------------------------------------------------------------------------

  const drag = useNodeDrag(layerRef, overlayRef, canvasRef, {
    nodeOf: (id) => live.current.byId.get(id),
    edges: () => live.current.board.edges,
    nodes: () => live.current.nodes,
    movedWith: (id) => (live.current.selection.has(id) ? [...live.current.selection] : [id]),
    toCanvas: (x, y) => viewport.toCanvas(x, y),
    zoom: () => viewport.zoom(),
    onMove: moveNodes,
    onResize: (id, width, height) => {
      const node = nodeNow(id);
      if (node)
        history.change([{ ...node, width, height }], { label: `Resized ${nodeTitle(node)}` });
    },
    onConnect: (fromId, fromSide, toId, toSide) =>
      connectNodes(fromId, toId, { from: fromSide, to: toSide }),
    onMarquee: (rect, add) => {
      const picked = nodesInRect(live.current.nodes, rect).map((node) => node.id);
      const next = add ? new Set([...live.current.selection, ...picked]) : new Set(picked);
      setSelection(next);
      const first = picked[0];
      if (first) focusNode(first, false);
      announce(`${next.size} selected.`);
    },
  });

  useEffect(() => {
    dragRef.current = drag;
  }, [drag]);

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    const native = event.nativeEvent;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.target as Element;
    // A link in a node still moves the node when dragged (a link node is mostly its link); a
    // click on it without a drag follows it, and onClickCapture stops the click a drag ends with.
    if (target.closest('textarea, button, input, label')) return;
    const nodeEl = target.closest<HTMLElement>('[data-node-id]');
    const edgeEl = target.closest<SVGGElement>('[data-edge-id]');
    const from = connectRef.current;
    if (from && nodeEl && viewport.pointerCount() === 0) {
      // Connecting: a click (or tap) on another node ends the connection there.
      event.preventDefault();
      const id = nodeEl.dataset.nodeId!;
      if (id !== from) {
        setConnectFrom(null);
        connectNodes(from, id);
      }
      return;
    }
    if (event.pointerType === 'touch') {
      // A second finger anywhere makes a pinch (ending a node drag the first one started).
      if (viewport.pointerCount() > 0) {
        viewport.pointerDown(native);
        return;
      }
      viewport.track(native);
    }
    if (nodeEl) {
      const id = nodeEl.dataset.nodeId!;
      const connect = target.closest<HTMLElement>('[data-connect]');
      if (connect) {
        event.preventDefault();
        drag.start(native, 'connect', id, connect.dataset.connect as Side);
        return;
      }
      if (target.closest('[data-resize]')) {
        event.preventDefault();
        drag.start(native, 'resize', id);
        return;
      }
      if (live.current.editing === id) return;
      if (event.shiftKey) {
        const next = new Set(live.current.selection);
        if (next.has(id)) {
          next.delete(id);
          event.preventDefault();
        } else next.add(id);
        setSelection(next);
      } else if (!live.current.selection.has(id)) {
        setSelection([id]);
      }
      setFocusId(id);
      drag.start(native, 'move', id);
      return;
    }
    if (edgeEl) {
      setSelection([]);
      setSelectedEdge(edgeEl.dataset.edgeId!);
      return;
    }
    // Empty space: a marquee with Shift or in Select mode (one finger too), else a pan (or a
    // pinch: a second finger cancels the marquee through the viewport's onPinchStart).
    setSelectedEdge(null);
    if (event.shiftKey || selectMode) {
      event.preventDefault();
      drag.start(native, 'marquee', null);
      return;
    }
    if (!event.shiftKey) setSelection([]);
    if (event.pointerType === 'touch') {
      // The first finger was tracked above; this adds it as a pan, or a pinch with the second.
      viewport.pointerDown(native);
      return;
    }
    viewport.pointerDown(native);
  }

  function onDoubleClick(event: React.MouseEvent<HTMLDivElement>) {
    const target = event.target as Element;
    if (target.closest('textarea, a, button, input')) return;
    const nodeEl = target.closest<HTMLElement>('[data-node-id]');
    if (nodeEl) {
      setSelection([nodeEl.dataset.nodeId!]);
      setEditing(nodeEl.dataset.nodeId!);
      return;
    }
    const at = viewport.toCanvas(event.clientX, event.clientY);
    addNodeAt({ x: at.x - 120, y: at.y - 36 });
  }

  // ---- Editing ------------------------------------------------------------------------------

  const editorActions = useRef({ addRelated, focusNode, setEditing });
  useEffect(() => {
    editorActions.current = { addRelated, focusNode, setEditing };
  });
  const [editor] = useState<NodeEditor>(() => ({
    input(id, text, height) {
      const node = store.get('textElement', id);
      if (!node) return;
      const grown = height > node.height ? { height: Math.min(Math.ceil(height), 100_000) } : {};
      // A link's text arrives only when it is a whole link (NodeView checks it with link-url.ts).
      const changed =
        node.type === 'group'
          ? { ...node, label: text.slice(0, 500), ...grown }
          : node.type === 'link'
            ? { ...node, url: text.slice(0, 2000), ...grown }
            : { ...node, text, ...grown };
      history.change([changed], {
        label: `Edited ${nodeTitle(changed)}`,
        group: `board-edit-${id}-${editSession.current}`,
      });
    },
    key(id, event) {
      const { addRelated: relate, focusNode: focus, setEditing: edit } = editorActions.current;
      const isGroup = store.get('textElement', id)?.type === 'group';
      if (
        isGroup &&
        ((event.key === 'Tab' && !event.shiftKey) || (event.key === 'Enter' && !event.shiftKey)) &&
        !event.nativeEvent.isComposing
      ) {
        // A group's label is one line: Enter or Tab ends it, and adds no node.
        event.preventDefault();
        edit(null);
        focus(id, false);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        edit(null);
        focus(id, false);
      } else if (event.key === 'Tab' && !event.shiftKey) {
        event.preventDefault();
        relate(id, 'child');
      } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault();
        if (event.ctrlKey || event.metaKey) {
          edit(null);
          focus(id, false);
        } else relate(id, 'sibling');
      }
    },
    end(id) {
      if (editingRef.current === id) editorActions.current.setEditing(null);
    },
  }));

  // ---- Keys on the canvas -------------------------------------------------------------------

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
    if (event.nativeEvent.isComposing) return;
    const id = target.dataset.nodeId ?? null;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    const selected = live.current.selection;
    const from = connectRef.current;
    if (from) {
      // Connecting: the arrows go to the nearest node that way, Enter connects to it.
      const direction = ARROWS[key];
      if (key === 'Escape') {
        event.preventDefault();
        cancelConnect();
      } else if (direction && !mod && !event.altKey) {
        event.preventDefault();
        const here = live.current.byId.get(id ?? from) ?? live.current.byId.get(from);
        const next = here ? nearestInDirection(live.current.nodes, here, direction) : null;
        if (next) focusNode(next.id);
        else announce('No node that way.');
      } else if ((key === 'Enter' || key === ' ') && id) {
        event.preventDefault();
        if (id === from) announce('Go to another node to connect to.');
        else {
          setConnectFrom(null);
          connectNodes(from, id, undefined, true);
        }
      }
      return;
    }
    // A key on a node acts on it: it becomes the selection (Tab only moves on, or adds a child).
    if (id && !selected.has(id) && !event.shiftKey && key !== 'Tab') setSelection([id]);
    const ids = id && !selected.has(id) ? [id] : [...selected];
    if (mod && !event.altKey) {
      const lower = key.toLowerCase();
      const direction = ARROWS[key];
      if (direction && ids.length > 0) {
        // Resizing without a drag: right and down grow, left and up shrink.
        event.preventDefault();
        const [sx, sy] = STEP[direction];
        const step = event.shiftKey ? SIZE_STEP_LARGE : SIZE_STEP;
        resizeBy(ids, sx * step, sy * step);
      } else if (lower === 'c' && ids.length > 0) {
        event.preventDefault();
        copySelection();
      } else if (lower === 'v') {
        event.preventDefault();
        pasteNodes(clipboard, 'Pasted');
      } else if (lower === 'd' && ids.length > 0) {
        event.preventDefault();
        duplicateSelection();
      } else if (lower === 'a') {
        event.preventDefault();
        setSelection(live.current.nodes.map((node) => node.id));
      }
      // Ctrl+Z and the rest go on to the app's bar.
      return;
    }
    if (!id) {
      if ((key === 'Delete' || key === 'Backspace') && ids.length > 0) {
        event.preventDefault();
        deleteNodes(ids);
      }
      return;
    }
    const direction = ARROWS[key];
    if (direction) {
      event.preventDefault();
      if (event.altKey) {
        const next =
          neighbourAlongEdges(live.current.board, id, direction, live.current.nodes) ??
          (event.shiftKey
            ? nearestInDirection(live.current.nodes, live.current.byId.get(id)!, direction)
            : null);
        if (next) {
          // With Shift, focus goes on and the selection stays (Space then adds the node).
          if (!event.shiftKey) setSelection([next.id]);
          focusNode(next.id);
        } else announce('No connected node that way.');
        return;
      }
      const step = event.shiftKey ? 100 : 10;
      const [sx, sy] = STEP[direction];
      // As a drag does, a moved group carries the nodes inside it.
      moveNodes(withGroupContents(ids, live.current.nodes), sx * step, sy * step);
      return;
    }
    if (key === 'Enter' || key === 'F2') {
      event.preventDefault();
      setSelection([id]);
      if (event.shiftKey) addRelated(id, 'sibling');
      else setEditing(id);
    } else if (key === 'Tab' && !event.shiftKey && selected.has(id)) {
      event.preventDefault();
      addRelated(id, 'child');
    } else if (key === ' ' && !event.altKey) {
      // Space adds the focused node to the selection or takes it away, as Shift-click does.
      event.preventDefault();
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelection(next);
      announce(`${next.size} selected.`);
    } else if ((key === 'c' || key === 'C') && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      startConnect(id);
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      deleteNodes(ids);
    } else if (key === 'Escape') {
      if (selected.size > 0) {
        event.preventDefault();
        setSelection([]);
      }
    }
  }

  function onFocus(event: React.FocusEvent<HTMLDivElement>) {
    const id = (event.target as HTMLElement).dataset?.nodeId;
    if (!id) return;
    setFocusId(id);
    const node = live.current.byId.get(id);
    if (node && event.target.matches(':focus-visible')) viewport.reveal(boxOf(node));
  }

  /** An outline entry (or a search match): centre, select and focus it; or connect to it. */
  const chooseFromOutline = useCallback(
    (id: string) => {
      const node = live.current.byId.get(id);
      if (!node) return;
      const from = connectRef.current;
      if (from) {
        if (from === id) return;
        setConnectFrom(null);
        connectNodes(from, id, undefined, true);
        return;
      }
      setSelection([id]);
      viewport.reveal(boxOf(node), true);
      focusNode(id, false);
    },
    [setConnectFrom, connectNodes, setSelection, viewport, focusNode],
  );

  const nodeActions: NodeActions = {
    edit: (id) => setEditing(id),
    selectEdge: (edgeId) => {
      setSelection([]);
      setSelectedEdge(edgeId);
      // The button goes with the node's bar: focus moves to the edge's label.
      requestAnimationFrame(() =>
        document.querySelector<HTMLInputElement>('.board__actions input')?.focus(),
      );
    },
    connect: startConnect,
    makeTodo,
    colour: (color) => setNodeColour(live.current.selection, color),
    resize: (dw, dh) => resizeBy([...live.current.selection], dw, dh),
    group: groupSelection,
    duplicate: duplicateSelection,
    remove: () => deleteNodes([...live.current.selection]),
  };
  const edgeActions: EdgeActions = {
    label: (target, label) =>
      changeEdge(
        target.id,
        ({ label: _label, ...rest }) => (label ? { ...rest, label } : rest),
        'Labelled a connection',
      ),
    colour: (target, color) =>
      changeEdge(
        target.id,
        ({ color: _c, ...rest }) => (color ? { ...rest, color } : rest),
        'Changed a connection colour',
      ),
    remove: (target) => changeEdge(target.id, null, 'Deleted a connection'),
    done: (target) => {
      setSelectedEdge(null);
      setSelection([target.toNode]);
      focusNode(target.toNode, false);
    },
  };

  // The layer's transform is the viewport's to write; the first one comes with the layer.
  const [initialTransform] = useState(() => layerTransform(board.viewport));

  const firstId = nodes.find((node) => node.type !== 'group')?.id ?? nodes[0]?.id ?? null;
  const tabbableId = focusId && byId.has(focusId) ? focusId : firstId;
  const single = selection.size === 1 ? byId.get([...selection][0]!) : undefined;
  const edge = selectedEdge ? board.edges.find((e) => e.id === selectedEdge) : undefined;
  const singleTodo = single?.todoId ? todoState.get(single.todoId) : undefined;
  const connectingFrom = connectFrom ? byId.get(connectFrom) : undefined;

  return (
    <div className="board" data-outline={outlineOpen || undefined}>
      <div className="board__toolbar" role="toolbar" aria-label="Board">
        <Button variant="secondary" onClick={() => addNodeInView()} data-nowou-new="">
          Add node
        </Button>
        <Button variant="ghost" onClick={() => addNodeInView('link')}>
          Add link
        </Button>
        <Button
          variant={selectMode ? 'primary' : 'ghost'}
          aria-pressed={selectMode}
          onClick={() => setSelectMode((on) => !on)}
        >
          Select
        </Button>
        <div className="board__zoom-group" role="group" aria-label="Zoom">
          <Button variant="ghost" aria-label="Zoom out" onClick={() => viewport.zoomBy(1 / 1.25)}>
            −
          </Button>
          <ZoomLevel viewport={viewport} />
          <Button variant="ghost" aria-label="Zoom in" onClick={() => viewport.zoomBy(1.25)}>
            +
          </Button>
          <Button variant="ghost" onClick={() => viewport.fit(nodes)}>
            Fit
          </Button>
        </div>
        <Button
          variant="ghost"
          aria-expanded={outlineOpen}
          aria-controls="board-outline"
          onClick={() => setOutlineOpen((open) => !open)}
        >
          Outline
        </Button>
        <BoardFiles board={board} nodes={nodes} />
      </div>
      <SelectionBar
        board={board}
        byId={byId}
        selection={selection}
        connectingFrom={connectingFrom}
        onCancelConnect={cancelConnect}
        edge={edge}
        edgeActions={edgeActions}
        nodeActions={nodeActions}
        sizeStep={SIZE_STEP}
        hasTodo={singleTodo !== undefined}
      />
      <div className="board__body">
        {/* The nodes' pointer and key events are handled here, once, for all of them. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={canvasRef}
          className="board__canvas"
          data-testid="board-canvas"
          data-select-mode={selectMode || undefined}
          data-connecting={connectingFrom ? '' : undefined}
          role="region"
          aria-label={`Canvas of ${board.title}`}
          aria-describedby="board-keys"
          tabIndex={-1}
          onPointerDown={onPointerDown}
          onDoubleClick={onDoubleClick}
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
            On a node: Enter edits, Tab adds a connected node, arrows move, Alt and arrows go to a
            connected node, Control and arrows resize, C connects it to another node, Delete
            removes. While editing, Enter adds a node below, Tab a connected one, Escape stops
            editing. The outline lists every node and searches them.
          </p>
        </div>
        {outlineOpen && (
          <OutlinePanel board={board} nodes={nodes} names={names} onChoose={chooseFromOutline} />
        )}
      </div>
    </div>
  );
}
