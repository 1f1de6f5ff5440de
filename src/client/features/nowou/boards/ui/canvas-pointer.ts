/**
 * The pointer on the canvas: where a press lands decides the gesture. Connecting, a press on a
 * node ends the connection there; on a node's side handle it starts a connecting drag, on its
 * corner a resize, elsewhere on it a move (selecting it first); on an edge it selects the edge; on
 * empty space it starts a marquee (Shift, or Select mode) or a pan. The drags themselves are
 * use-node-drag.ts's, pans and pinches use-viewport.ts's.
 */
import type { MouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import { connectingFrom, editingId, type BoardState } from './board-state';
import type { AllBoardWrites } from './board-writes';
import type { Side } from '../logic/geometry';
import type { NodeDrag } from './use-node-drag';
import type { FullViewportController } from './use-viewport';

export function createCanvasPointer(
  state: BoardState,
  writes: AllBoardWrites,
  drag: NodeDrag,
  viewport: FullViewportController,
) {
  function onNodePointerDown(event: ReactPointerEvent, target: Element, id: string) {
    const native = event.nativeEvent;
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
    const { gesture, selection } = state.get();
    if (editingId(gesture) === id) return;
    if (event.shiftKey) {
      const next = new Set(selection);
      if (next.has(id)) {
        next.delete(id);
        event.preventDefault();
      } else next.add(id);
      state.select(next);
    } else if (!selection.has(id)) {
      state.select([id]);
    }
    state.focus(id);
    drag.start(native, 'move', id);
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    const native = event.nativeEvent;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.target as Element;
    // A link in a node still moves the node when dragged (a link node is mostly its link); a
    // click on it without a drag follows it, and onClickCapture stops the click a drag ends with.
    if (target.closest('textarea, button, input, label')) return;
    const nodeEl = target.closest<HTMLElement>('[data-node-id]');
    const edgeEl = target.closest<SVGGElement>('[data-edge-id]');
    const from = connectingFrom(state.get().gesture);
    if (from && nodeEl && viewport.pointerCount() === 0) {
      // Connecting: a click (or tap) on another node ends the connection there.
      event.preventDefault();
      const id = nodeEl.dataset.nodeId!;
      if (id !== from) {
        state.connectFrom(null);
        writes.connectNodes(from, id);
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
      onNodePointerDown(event, target, nodeEl.dataset.nodeId!);
      return;
    }
    if (edgeEl) {
      state.selectEdge(edgeEl.dataset.edgeId!);
      return;
    }
    // Empty space: a marquee with Shift or in Select mode (one finger too), else a pan (or a
    // pinch: a second finger cancels the marquee through the viewport's onPinchStart).
    state.selectEdge(null);
    if (event.shiftKey || state.get().selectMode) {
      event.preventDefault();
      drag.start(native, 'marquee', null);
      return;
    }
    state.select([]);
    // A touch was tracked above: this adds it as a pan, or a pinch with a second finger.
    viewport.pointerDown(native);
  }

  function onDoubleClick(event: MouseEvent<HTMLDivElement>) {
    const target = event.target as Element;
    if (target.closest('textarea, a, button, input')) return;
    const nodeEl = target.closest<HTMLElement>('[data-node-id]');
    if (nodeEl) {
      state.select([nodeEl.dataset.nodeId!]);
      state.edit(nodeEl.dataset.nodeId!);
      return;
    }
    const at = viewport.toCanvas(event.clientX, event.clientY);
    writes.addNodeAt({ x: at.x - 120, y: at.y - 36 });
  }

  return { onPointerDown, onDoubleClick };
}
