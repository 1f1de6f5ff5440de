/**
 * Pointer gestures on a board's nodes, without React state per pointermove (the timeline's
 * discipline): moving nodes changes only their transforms and their edges' paths through the DOM,
 * resizing one node its width and height, connecting draws one preview path, and a marquee moves
 * one rectangle. Moving a group moves the nodes inside its box with it. The change is handed over
 * once, on pointerup, as one history step. A drag starts past a pointer's threshold
 * (lib/pointer-gesture); Escape puts everything back.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CanvasEdge, TextElement } from '#shared/nowou-records';
import { trackPointer, type PointerGesture } from '../../../../lib/pointer-gesture';
import { rectFromPoints as rectOf } from '../logic/selection';
import {
  edgeGeometry,
  nearestSide,
  anchorOf,
  withGroupContents,
  type Box,
  type Point,
  type Side,
} from '../logic/geometry';

export const MIN_WIDTH = 60;
export const MIN_HEIGHT = 40;

export interface NodeDragHandlers {
  nodeOf: (id: string) => TextElement | undefined;
  edges: () => readonly CanvasEdge[];
  /** The board's nodes as shown (the frame a group carries is read from them). */
  nodes: () => readonly TextElement[];
  /** The ids a drag of this node moves: the selection when it holds the node. */
  movedWith: (id: string) => string[];
  toCanvas: (clientX: number, clientY: number) => Point;
  zoom: () => number;
  onMove: (ids: string[], dx: number, dy: number) => void;
  onResize: (id: string, width: number, height: number) => void;
  onConnect: (fromId: string, fromSide: Side, toId: string, toSide: Side) => void;
  /** A marquee's rectangle in canvas coordinates; `add` keeps the selection. */
  onMarquee: (rect: Box, add: boolean) => void;
}

type Mode = 'move' | 'resize' | 'connect' | 'marquee';

interface DragState {
  mode: Mode;
  gesture: PointerGesture | null;
  x0: number;
  y0: number;
  started: boolean;
  ids: string[];
  els: HTMLElement[];
  side: Side;
  /** Edges touching a moved node, with their DOM group. */
  edges: { edge: CanvasEdge; el: SVGGElement | null }[];
  dx: number;
  dy: number;
  add: boolean;
}

export interface NodeDrag {
  start(event: PointerEvent, mode: Mode, nodeId: string | null, side?: Side): void;
  cancel(): void;
  /** True right after a drag ended, so the click that follows selects nothing. */
  justDragged(): boolean;
}

export function useNodeDrag(
  layerRef: RefObject<HTMLDivElement | null>,
  overlayRef: RefObject<{ marquee: HTMLDivElement | null; preview: SVGPathElement | null }>,
  canvasRef: RefObject<HTMLDivElement | null>,
  handlers: NodeDragHandlers,
): NodeDrag {
  const latestRef = useRef(handlers);
  useEffect(() => {
    latestRef.current = handlers;
  });
  // The controller reads the refs only in pointer handlers, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const [controller] = useState(() => createDrag(layerRef, overlayRef, canvasRef, latestRef));
  useEffect(() => () => controller.cancel(), [controller]);
  return controller;
}

/** Moves an edge's path and label to follow nodes shown at other places. */
export function redrawEdge(
  el: SVGGElement,
  edge: CanvasEdge,
  boxOf: (id: string) => Box | undefined,
) {
  const from = boxOf(edge.fromNode);
  const to = boxOf(edge.toNode);
  if (!from || !to) return;
  const { d, mid } = edgeGeometry(from, edge.fromSide, to, edge.toSide);
  for (const path of el.querySelectorAll('path')) path.setAttribute('d', d);
  const label = el.querySelector('text');
  if (label) {
    label.setAttribute('x', String(mid.x));
    label.setAttribute('y', String(mid.y));
  }
}

function createDrag(
  layerRef: RefObject<HTMLDivElement | null>,
  overlayRef: RefObject<{ marquee: HTMLDivElement | null; preview: SVGPathElement | null }>,
  canvasRef: RefObject<HTMLDivElement | null>,
  latest: { current: NodeDragHandlers },
): NodeDrag {
  let drag: DragState | null = null;
  let lastDragEnd = 0;
  let frame = 0;
  let pending: PointerEvent | null = null;

  const elOf = (id: string) =>
    layerRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`) ?? null;

  function begin(state: DragState) {
    state.started = true;
    const h = latest.current;
    if (state.mode === 'move') {
      const moving = new Set(state.ids);
      state.els = state.ids.flatMap((id) => elOf(id) ?? []);
      const svg = layerRef.current?.querySelector('svg[data-edges]');
      state.edges = h
        .edges()
        .filter((edge) => moving.has(edge.fromNode) || moving.has(edge.toNode))
        .map((edge) => ({
          edge,
          el: svg?.querySelector<SVGGElement>(`[data-edge-id="${CSS.escape(edge.id)}"]`) ?? null,
        }));
    }
    for (const el of state.els) el.setAttribute('data-dragging', '');
  }

  function update(state: DragState, event: PointerEvent) {
    const h = latest.current;
    const zoom = h.zoom();
    const dx = (event.clientX - state.x0) / zoom;
    const dy = (event.clientY - state.y0) / zoom;
    if (state.mode === 'move') {
      state.dx = Math.round(dx);
      state.dy = Math.round(dy);
      const moving = new Set(state.ids);
      state.els.forEach((el) => {
        const node = h.nodeOf(el.dataset.nodeId!);
        if (node) el.style.transform = `translate(${node.x + state.dx}px, ${node.y + state.dy}px)`;
      });
      const shown = (id: string): Box | undefined => {
        const node = h.nodeOf(id);
        if (!node) return undefined;
        const shift = moving.has(id);
        return {
          x: node.x + (shift ? state.dx : 0),
          y: node.y + (shift ? state.dy : 0),
          width: node.width,
          height: node.height,
        };
      };
      for (const { edge, el } of state.edges) if (el) redrawEdge(el, edge, shown);
    } else if (state.mode === 'resize') {
      const node = h.nodeOf(state.ids[0]!);
      const el = state.els[0];
      if (!node || !el) return;
      state.dx = Math.max(MIN_WIDTH, Math.round(node.width + dx));
      state.dy = Math.max(MIN_HEIGHT, Math.round(node.height + dy));
      el.style.width = `${state.dx}px`;
      el.style.height = `${state.dy}px`;
    } else if (state.mode === 'connect') {
      const node = h.nodeOf(state.ids[0]!);
      const preview = overlayRef.current.preview;
      if (!node || !preview) return;
      const a = anchorOf(node, state.side);
      const b = h.toCanvas(event.clientX, event.clientY);
      preview.setAttribute('d', `M${a.x} ${a.y}L${b.x} ${b.y}`);
      preview.style.display = '';
    } else {
      const marquee = overlayRef.current.marquee;
      const canvas = canvasRef.current;
      if (!marquee || !canvas) return;
      const box = canvas.getBoundingClientRect();
      const r = rectOf(
        { x: state.x0 - box.left, y: state.y0 - box.top },
        { x: event.clientX - box.left, y: event.clientY - box.top },
      );
      marquee.hidden = false;
      marquee.style.transform = `translate(${r.x}px, ${r.y}px)`;
      marquee.style.width = `${r.width}px`;
      marquee.style.height = `${r.height}px`;
    }
  }

  /** `keep`: leave the dragged places, React's render with the written ones comes next. */
  function cleanUp(state: DragState, keep = false) {
    state.gesture?.cancel();
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    pending = null;
    const h = latest.current;
    for (const el of state.els) {
      el.removeAttribute('data-dragging');
      const node = h.nodeOf(el.dataset.nodeId!);
      if (keep || !node) continue;
      el.style.transform = `translate(${node.x}px, ${node.y}px)`;
      el.style.width = `${node.width}px`;
      el.style.height = `${node.height}px`;
    }
    const overlay = overlayRef.current;
    if (overlay.marquee) overlay.marquee.hidden = true;
    if (overlay.preview) overlay.preview.style.display = 'none';
  }

  function finish(event: PointerEvent | null) {
    const state = drag;
    if (!state) return;
    drag = null;
    if (event && state.started) update(state, event);
    const h = latest.current;
    const commit = event !== null && state.started;
    if (state.started) lastDragEnd = performance.now();
    if (!commit) {
      cleanUp(state);
      for (const { edge, el } of state.edges) if (el) redrawEdge(el, edge, (id) => h.nodeOf(id));
      return;
    }
    if (state.mode === 'move') {
      const moved = state.dx !== 0 || state.dy !== 0;
      cleanUp(state, moved);
      if (moved) h.onMove(state.ids, state.dx, state.dy);
      else
        for (const { edge, el } of state.edges) if (el) redrawEdge(el, edge, (id) => h.nodeOf(id));
    } else if (state.mode === 'resize') {
      cleanUp(state, true);
      h.onResize(state.ids[0]!, state.dx, state.dy);
    } else if (state.mode === 'connect') {
      cleanUp(state);
      const target = document
        .elementsFromPoint(event.clientX, event.clientY)
        .map((el) => el.closest<HTMLElement>('[data-node-id]'))
        .find((el) => el && el.dataset.nodeId !== state.ids[0]);
      const toId = target?.dataset.nodeId;
      const from = h.nodeOf(state.ids[0]!);
      const to = toId ? h.nodeOf(toId) : undefined;
      if (from && to) {
        h.onConnect(from.id, state.side, to.id, nearestSide(to, anchorOf(from, state.side)));
      }
    } else {
      cleanUp(state);
      const a = h.toCanvas(state.x0, state.y0);
      const b = h.toCanvas(event.clientX, event.clientY);
      h.onMarquee(rectOf(a, b), state.add);
    }
  }

  function onMove(event: PointerEvent) {
    // At most one DOM update per frame, with the latest pointer.
    pending = event;
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (drag && pending) update(drag, pending);
        pending = null;
      });
    }
  }

  function start(event: PointerEvent, mode: Mode, nodeId: string | null, side: Side = 'right') {
    finish(null);
    const h = latest.current;
    // A moved group carries the nodes inside its box as they stand when the drag starts.
    const ids =
      nodeId === null
        ? []
        : mode === 'move'
          ? withGroupContents(h.movedWith(nodeId), h.nodes())
          : [nodeId];
    const state: DragState = {
      mode,
      gesture: null,
      x0: event.clientX,
      y0: event.clientY,
      started: false,
      ids,
      els: mode === 'resize' && nodeId ? [elOf(nodeId)].filter((el) => el !== null) : [],
      side,
      edges: [],
      dx: 0,
      dy: 0,
      add: event.shiftKey,
    };
    drag = state;
    state.gesture = trackPointer(
      event,
      'move',
      {
        onStart: () => begin(state),
        onMove,
        onEnd: (up) => finish(up),
        onCancel: () => finish(null),
      },
      event.target instanceof Element ? event.target : null,
    );
  }

  return {
    start,
    cancel: () => finish(null),
    justDragged: () => performance.now() - lastDragEnd < 250,
  };
}
