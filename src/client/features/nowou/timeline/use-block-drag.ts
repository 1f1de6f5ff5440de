/**
 * Pointer drags on the time grid, without React state per pointermove: moving a block or its
 * bottom edge changes only that element's transform or height (through the DOM), drawing a new
 * block or dropping an unscheduled to-do moves one preview element, and the change is handed over
 * once, on pointerup. A mouse drag starts after a few pixels; on touch a block drag starts after a
 * long press (the page keeps scrolling otherwise), a to-do's grip drag after a finger's few pixels
 * (lib/pointer-gesture). Escape puts everything back and writes nothing.
 */
import {
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import {
  MINUTES_PER_DAY,
  MINUTES_PER_SLOT,
  clamp,
  minutesToY,
  snapMinutes,
  yToMinutes,
  type PlacedBlock,
} from './grid-math';
import { hhmm } from '../logic/local-time';
import { trackPointer, type DragStart, type PointerGesture } from '../../../lib/pointer-gesture';

export interface BlockDragChange {
  dayDelta: number;
  startDelta: number;
  endDelta: number;
}

export interface DragHandlers {
  /** The placed part holding a block's start, by id. */
  placedOf: (id: string) => PlacedBlock | undefined;
  dayCount: number;
  onBlockChange: (id: string, change: BlockDragChange, mode: 'move' | 'resize') => void;
  onCreate: (dayIndex: number, start: number, end: number) => void;
  onDropTodo: (todoId: string, dayIndex: number, start: number, end: number) => void;
}

type Mode = 'move' | 'resize' | 'create' | 'drop';

interface DragState {
  mode: Mode;
  gesture: PointerGesture | null;
  started: boolean;
  el: HTMLElement | null;
  placed: PlacedBlock | undefined;
  /** Pointer minutes and day at the press. */
  minute0: number;
  day0: number;
  change: BlockDragChange;
  /** create: slot range; drop: the to-do, its length and the slot under the pointer. */
  range: { dayIndex: number; start: number; end: number } | null;
  todo: { id: string; title: string; minutes: number } | null;
  ghost: HTMLElement | null;
}

export interface BlockDrag {
  /** pointerdown anywhere on the grid's layer: a block, its bottom edge, or empty space. */
  onLayerPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => void;
  /** pointerdown on an unscheduled to-do (or its grip): drag it onto the grid. */
  onTodoPointerDown: (
    event: ReactPointerEvent,
    todo: { id: string; title: string; minutes: number },
  ) => void;
  /** True right after a drag ended, so the click that follows it opens no menu. */
  justDragged: () => boolean;
}

export function useBlockDrag(
  layerRef: RefObject<HTMLDivElement | null>,
  previewRef: RefObject<HTMLDivElement | null>,
  handlers: DragHandlers,
): BlockDrag {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  // The controller reads the refs only in pointer handlers, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const [controller] = useState(() => createController(layerRef, previewRef, latest));
  useEffect(() => () => controller.cancel(), [controller]);
  return controller;
}

function createController(
  layerRef: RefObject<HTMLDivElement | null>,
  previewRef: RefObject<HTMLDivElement | null>,
  latest: RefObject<DragHandlers>,
): BlockDrag & { cancel: () => void } {
  let drag: DragState | null = null;
  let lastDragEnd = 0;

  /** Pointer position on the grid: its day column (clamped) and minutes since midnight. */
  function pointAt(x: number, y: number) {
    const layer = layerRef.current!;
    const rect = layer.getBoundingClientRect();
    // Only the part of the grid its scroll box shows can take a drop.
    const box = (layer.closest('.tl-scroller') ?? layer).getBoundingClientRect();
    const count = latest.current.dayCount;
    const width = rect.width / count;
    const within = (r: DOMRect) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    return {
      inside: within(rect) && within(box),
      dayIndex: clamp(Math.floor((x - rect.left) / width), 0, count - 1),
      minute: yToMinutes(y - rect.top),
      columnWidth: width,
    };
  }

  function showPreview(range: { dayIndex: number; start: number; end: number } | null) {
    const preview = previewRef.current;
    if (!preview) return;
    if (!range) {
      preview.hidden = true;
      return;
    }
    const count = latest.current.dayCount;
    preview.hidden = false;
    preview.style.top = `${minutesToY(range.start)}px`;
    preview.style.height = `${minutesToY(range.end - range.start)}px`;
    preview.style.left = `${(range.dayIndex / count) * 100}%`;
    preview.style.width = `${100 / count}%`;
    preview.dataset.label = `${hhmm(range.start)}–${hhmm(range.end)}`;
  }

  function update(state: DragState, x: number, y: number) {
    const at = pointAt(x, y);
    if (state.mode === 'create') {
      const a = snapMinutes(clamp(state.minute0, 0, MINUTES_PER_DAY - 1), 'floor');
      const b = snapMinutes(clamp(at.minute, 0, MINUTES_PER_DAY - 1), 'floor');
      state.range = {
        dayIndex: state.day0,
        start: Math.min(a, b),
        end: Math.max(a, b) + MINUTES_PER_SLOT,
      };
      showPreview(state.range);
      return;
    }
    if (state.mode === 'drop') {
      state.ghost!.style.transform = `translate(${x + 8}px, ${y + 8}px)`;
      if (!at.inside) {
        state.range = null;
        showPreview(null);
        return;
      }
      const length = Math.min(state.todo!.minutes, MINUTES_PER_DAY);
      const start = clamp(snapMinutes(at.minute, 'floor'), 0, MINUTES_PER_DAY - length);
      state.range = { dayIndex: at.dayIndex, start, end: start + length };
      showPreview(state.range);
      return;
    }
    const placed = state.placed!;
    const el = state.el!;
    const delta = snapMinutes(at.minute - state.minute0);
    if (state.mode === 'move') {
      const length = placed.block.end - placed.block.start;
      const span = Math.min(length / 60_000, MINUTES_PER_DAY);
      const startDelta = clamp(delta, -placed.top, MINUTES_PER_DAY - span - placed.top);
      const dayDelta = at.dayIndex - state.day0;
      state.change = { dayDelta, startDelta, endDelta: 0 };
      el.style.transform = `translate(${dayDelta * at.columnWidth}px, ${minutesToY(startDelta)}px)`;
      el.dataset.dragLabel = hhmm(placed.top + startDelta);
    } else {
      const length = (placed.block.end - placed.block.start) / 60_000;
      const endDelta = Math.max(delta, MINUTES_PER_SLOT - length);
      state.change = { dayDelta: 0, startDelta: 0, endDelta };
      el.style.height = `${minutesToY(placed.bottom - placed.top + endDelta)}px`;
      el.dataset.dragLabel = `${Math.round(length + endDelta)} min`;
    }
  }

  function begin(state: DragState) {
    state.started = true;
    state.el?.setAttribute('data-dragging', '');
    if (state.mode === 'drop') {
      const ghost = document.createElement('div');
      ghost.className = 'tl-ghost';
      ghost.textContent = state.todo!.title;
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
      state.ghost = ghost;
    }
  }

  function finish(commit: boolean) {
    const state = drag;
    if (!state) return;
    drag = null;
    state.gesture?.cancel();
    state.ghost?.remove();
    showPreview(null);
    if (state.el) {
      state.el.style.transform = '';
      state.el.style.height = state.el.dataset.height ?? '';
      state.el.removeAttribute('data-dragging');
      delete state.el.dataset.dragLabel;
    }
    const handlers = latest.current;
    if (state.started) lastDragEnd = performance.now();
    if (!commit) return;
    if (state.mode === 'create' && state.range) {
      handlers.onCreate(state.range.dayIndex, state.range.start, state.range.end);
    } else if (state.mode === 'drop' && state.started && state.range) {
      handlers.onDropTodo(state.todo!.id, state.range.dayIndex, state.range.start, state.range.end);
    } else if ((state.mode === 'move' || state.mode === 'resize') && state.started) {
      const { dayDelta, startDelta, endDelta } = state.change;
      if (dayDelta !== 0 || startDelta !== 0 || endDelta !== 0) {
        handlers.onBlockChange(state.placed!.block.id, state.change, state.mode);
      }
    }
  }

  /** Follows the press: the drag begins as `start` says and ends on pointerup or a cancel. */
  function listen(state: DragState, event: ReactPointerEvent, start: DragStart, captor: Element) {
    finish(false);
    drag = state;
    state.gesture = trackPointer(
      event,
      start,
      {
        onStart: () => begin(state),
        onMove: (moved) => update(state, moved.clientX, moved.clientY),
        onEnd(up) {
          // A click on empty space makes a one-slot block.
          if (state.mode === 'create' && !state.started) update(state, up.clientX, up.clientY);
          finish(true);
        },
        onCancel: () => finish(false),
      },
      captor,
    );
  }

  const newState = (mode: Mode): DragState => ({
    mode,
    gesture: null,
    started: false,
    el: null,
    placed: undefined,
    minute0: 0,
    day0: 0,
    change: { dayDelta: 0, startDelta: 0, endDelta: 0 },
    range: null,
    todo: null,
    ghost: null,
  });

  function onLayerPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || event.isPrimary === false) return;
    const target = event.target as HTMLElement;
    if (target.closest('[data-no-drag]')) return;
    const at = pointAt(event.clientX, event.clientY);
    const blockEl = target.closest<HTMLElement>('[data-block-id]');
    if (!blockEl) {
      if (target !== event.currentTarget && !target.closest('[data-grid-bg]')) return;
      const state = newState('create');
      state.minute0 = at.minute;
      state.day0 = at.dayIndex;
      listen(state, event, 'move', event.currentTarget);
      return;
    }
    const placed = latest.current.placedOf(blockEl.dataset.blockId!);
    if (!placed) return;
    const state = newState(target.closest('[data-resize-handle]') ? 'resize' : 'move');
    state.el = blockEl;
    state.placed = placed;
    state.minute0 = at.minute;
    state.day0 = placed.dayIndex;
    blockEl.dataset.height = blockEl.style.height;
    listen(state, event, event.pointerType === 'touch' ? 'long-press' : 'move', blockEl);
  }

  function onTodoPointerDown(
    event: ReactPointerEvent,
    todo: { id: string; title: string; minutes: number },
  ) {
    if (event.button !== 0) return;
    finish(false);
    // On touch only the grip drags; the rest of the row scrolls the page.
    if (event.pointerType === 'touch' && !(event.target as Element).closest('[data-grip]')) return;
    const state = newState('drop');
    state.todo = todo;
    listen(state, event, 'move', event.currentTarget as Element);
  }

  return {
    onLayerPointerDown,
    onTodoPointerDown,
    justDragged: () => performance.now() - lastDragEnd < 300,
    cancel: () => finish(false),
  };
}
