/**
 * Every change a board's actions, drags and editor make: each is one history step (so Ctrl+Z
 * undoes a whole gesture) and says what it did in the live region. Made once per open board
 * (createBoardWrites), reading the board's state and its latest content from `state`.
 */
import type { RefObject } from 'react';
import type { CanvasEdge, TextElement } from '#shared/nowou-records';
import type { NowouContextValue } from '../../nowou-context';
import { newTodo, orderAtEnd } from '../../logic/new-todo';
import type { BoardWrites } from '../actions/types';
import { nodeTitle } from '../logic/outline';
import {
  boundsOf,
  nearestInDirection,
  neighbourAlongEdges,
  placeChild,
  placeSibling,
  type Direction,
} from '../logic/selection';
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
import { connectingFrom, type BoardState } from './board-state';
import { boxOf, clamp, withGroupContents, type Side } from '../logic/geometry';
import { MIN_HEIGHT, MIN_WIDTH } from './use-node-drag';
import type { FullViewportController } from './use-viewport';
import { isTouchOnly } from '../../../../lib/touch-only';

/** Copied nodes, kept for Ctrl+V within the app (any board). */
let clipboard: { nodes: TextElement[]; edges: CanvasEdge[] } | null = null;

const MAX_EXTENT = 100_000;

const titleOf = (nodes: readonly TextElement[]) =>
  nodes.length === 1 ? nodeTitle(nodes[0]!) : `${nodes.length} nodes`;

/** Focus moves to the selected edge's label field in the selection bar. */
export function focusEdgeLabel() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLInputElement>('.board__actions input')?.focus(),
  );
}

export interface BoardDeps extends NowouContextValue {
  state: BoardState;
  viewport: FullViewportController;
  canvasRef: RefObject<HTMLDivElement | null>;
  layerRef: RefObject<HTMLDivElement | null>;
}

export type AllBoardWrites = ReturnType<typeof createBoardWrites>;

export function createBoardWrites({
  store,
  history,
  announce,
  state,
  viewport,
  canvasRef,
  layerRef,
}: BoardDeps) {
  /** The board as stored now (a viewport saved since the render, another tab's change). */
  const fresh = () => store.get('brainstorm', state.doc().board.id) ?? state.doc().board;
  const nodeNow = (id: string) => store.get('textElement', id) ?? state.doc().byId.get(id);

  function focusNode(id: string, reveal = true) {
    state.focus(id);
    requestAnimationFrame(() => {
      const node = state.doc().byId.get(id) ?? store.get('textElement', id);
      if (node && reveal) viewport.reveal(boxOf(node));
      const el = layerRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
      el?.focus({ preventScroll: true });
    });
  }

  /** Selects, edits and shows a node just made. */
  function editNew(node: TextElement) {
    state.select([node.id]);
    state.edit(node.id);
    state.focus(node.id);
    requestAnimationFrame(() => viewport.reveal(boxOf(node)));
  }

  function moveNodes(ids: readonly string[], dx: number, dy: number) {
    const moved = ids.flatMap((id) => {
      const node = nodeNow(id);
      return node ? [{ ...node, x: node.x + dx, y: node.y + dy }] : [];
    });
    if (moved.length === 0) return;
    const title = titleOf(moved);
    if (history.change(moved, { label: `Moved ${title}` })) announce(`Moved ${title}.`);
  }

  /** Adds nodes (and edges) to the board in one step; groups go first, drawn behind. */
  function addNodes(added: TextElement[], edges: CanvasEdge[], label: string) {
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
  }

  function addNodeAt(at: { x: number; y: number }, type: 'text' | 'link' = 'text') {
    const made = newTextNode(state.doc().board.id, at, new Date());
    // A new link starts as the bare scheme: the editor says what is missing until it is whole.
    const { text: _text, ...rest } = made;
    const node: TextElement = type === 'link' ? { ...rest, type: 'link', url: 'https://' } : made;
    if (addNodes([node], [], type === 'link' ? 'Added a link' : 'Added a node')) editNew(node);
  }

  function addNodeInView(type: 'text' | 'link' = 'text') {
    const canvas = canvasRef.current!.getBoundingClientRect();
    const centre = viewport.toCanvas(
      canvas.left + canvas.width / 2,
      canvas.top + canvas.height / 2,
    );
    const others = state.doc().nodes;
    const spot = placeSibling(
      { x: centre.x - 120, y: centre.y - 76, width: 240, height: 72 },
      others,
    );
    addNodeAt(others.length === 0 ? { x: centre.x - 120, y: centre.y - 36 } : spot, type);
  }

  /** Child: a new node connected from `id`, to its right; sibling: one under it, from its parent. */
  function addRelated(id: string, relation: 'child' | 'sibling') {
    const node = nodeNow(id);
    if (!node) return;
    const current = fresh();
    const all = state.doc().nodes;
    const parentEdge = current.edges.find((edge) => edge.toNode === id);
    // A group's child or sibling is a node of the usual size, not one as large as the group.
    const size =
      node.type === 'group'
        ? { width: NODE_WIDTH, height: NODE_HEIGHT }
        : { width: node.width, height: node.height };
    const place =
      relation === 'child' ? placeChild(node, all, size) : placeSibling(node, all, size);
    const created = newTextNode(current.id, place, new Date(), {
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
    if (addNodes([created], edges, label)) editNew(created);
  }

  function remove(ids: readonly string[]) {
    if (ids.length === 0) return;
    const gone = new Set(ids);
    const current = fresh();
    const now = new Date();
    const removed = ids.flatMap((id) => {
      const node = nodeNow(id);
      return node ? [tombstone(node, now)] : [];
    });
    const title = titleOf(removed);
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
    state.select([]);
    state.edit(null);
    canvasRef.current?.focus();
  }

  /** The nodes of `ids` on this board, and the edges between them. */
  function picked(ids: readonly string[]) {
    const wanted = new Set(ids);
    return {
      nodes: state.doc().nodes.filter((node) => wanted.has(node.id)),
      edges: fresh().edges.filter((e) => wanted.has(e.fromNode) && wanted.has(e.toNode)),
    };
  }

  function pasteNodes(source: { nodes: TextElement[]; edges: CanvasEdge[] } | null, label: string) {
    if (!source || source.nodes.length === 0) return;
    const copy = copyNodes(source.nodes, source.edges, fresh().id, { x: 32, y: 32 }, new Date());
    if (!addNodes(copy.nodes, copy.edges, label)) return;
    // A second paste lands a step further on.
    if (source === clipboard) clipboard = { nodes: copy.nodes, edges: copy.edges };
    state.select(copy.nodes.map((node) => node.id));
    focusNode(copy.nodes.at(-1)!.id);
  }

  function connectNodes(
    fromId: string,
    toId: string,
    sides?: { from: Side; to: Side },
    focusLabel = false,
  ) {
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
    state.selectEdge(edge.id);
    if (focusLabel) focusEdgeLabel();
  }

  function changeEdge(
    id: string,
    change: ((edge: CanvasEdge) => CanvasEdge) | null,
    label: string,
  ) {
    const current = fresh();
    const edges = change
      ? current.edges.map((edge) => (edge.id === id ? change(edge) : edge))
      : current.edges.filter((edge) => edge.id !== id);
    history.change([{ ...current, edges }], { label, group: change ? `edge-${id}` : undefined });
    if (!change) {
      state.selectEdge(null);
      announce(`${label}.`);
    }
  }

  function neighbour(id: string, direction: Direction, orNearest: boolean) {
    const { board, nodes } = state.doc();
    return (
      neighbourAlongEdges(board, id, direction, nodes) ??
      (orNearest ? nearest(id, direction) : null)
    );
  }

  function nearest(id: string, direction: Direction) {
    const { byId, nodes } = state.doc();
    const here = byId.get(id) ?? byId.get(connectingFrom(state.get().gesture) ?? '');
    return here ? nearestInDirection(nodes, here, direction) : null;
  }

  const writes = {
    select: (ids: Iterable<string>) => state.select(ids),
    edit: (id: string | null) => state.edit(id),
    focusNode,
    announce,
    /** As a drag does, a moved group carries the nodes inside it. */
    move: (ids: readonly string[], dx: number, dy: number) =>
      moveNodes(withGroupContents(ids, state.doc().nodes), dx, dy),
    resize(ids: readonly string[], dw: number, dh: number) {
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
      const title = titleOf(changed);
      // Steps in a row fold into one undo step (history groups changes under a second apart).
      const ok = history.change(changed, {
        label: `Resized ${title}`,
        group: `resize-${[...ids].sort().join(',')}`,
      });
      if (ok) announce(only ? `${title}: ${only.width} by ${only.height}.` : `Resized ${title}.`);
    },
    addRelated,
    remove,
    copy(ids: readonly string[]) {
      const chosen = picked(ids);
      if (chosen.nodes.length === 0) return;
      clipboard = chosen;
      announce(`Copied ${titleOf(chosen.nodes)}.`);
    },
    paste: () => pasteNodes(clipboard, 'Pasted'),
    duplicate(ids: readonly string[]) {
      const chosen = picked(ids);
      pasteNodes(chosen, `Duplicated ${titleOf(chosen.nodes)}`);
    },
    selectAll: () => state.select(state.doc().nodes.map((node) => node.id)),
    group(ids: readonly string[]) {
      const bounds = boundsOf(picked(ids).nodes);
      if (!bounds) return;
      const group: TextElement = {
        ...newTextNode(
          fresh().id,
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
      state.select([group.id]);
      state.edit(group.id);
    },
    makeTodo(id: string) {
      const node = nodeNow(id);
      if (!node || (node.todoId && store.get('todo', node.todoId))) return;
      const now = new Date();
      const title = nodeTitle(node).slice(0, 500);
      const todo = newTodo(
        {
          id: newId(),
          title,
          notes: `From the board ${fresh().title}`,
          list: 'inbox',
          order: orderAtEnd(store.all('todo'), 'inbox'),
          source: { boardId: node.boardId, nodeId: node.id },
        },
        now,
      );
      if (
        history.change([todo, { ...node, todoId: todo.id }], { label: `Made a to-do of ${title}` })
      ) {
        announce(`Added the to-do ${title} to the Inbox.`);
      }
    },
    startConnect(id: string) {
      const node = nodeNow(id);
      if (!node) return;
      state.connectFrom(id);
      announce(
        isTouchOnly()
          ? `Connecting from ${nodeTitle(node)}: tap the other node, or Cancel.`
          : `Connecting from ${nodeTitle(node)}: go to the other node and press Enter, or click it. Escape cancels.`,
      );
    },
    cancelConnect() {
      const from = connectingFrom(state.get().gesture);
      state.connectFrom(null);
      announce('No connection made.');
      if (from) focusNode(from, false);
    },
    /** Ends connecting at `toId`, focus going to the new edge's label (keyboard, outline). */
    connect(fromId: string, toId: string) {
      state.connectFrom(null);
      connectNodes(fromId, toId, undefined, true);
    },
    neighbour,
    nearest,
  } satisfies BoardWrites;

  return {
    ...writes,
    nodeNow,
    moveNodes,
    addNodeAt,
    addNodeInView,
    connectNodes,
    changeEdge,
    setColour(ids: Iterable<string>, color: string | undefined) {
      const changed = [...ids].flatMap((id) => {
        const node = nodeNow(id);
        if (!node) return [];
        const { color: _old, ...rest } = node;
        return [color ? { ...rest, color } : rest];
      });
      if (changed.length > 0) history.change(changed, { label: 'Changed colour' });
    },
  };
}
