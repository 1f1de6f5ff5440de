/**
 * The canvas's pan and zoom without a React render per frame: the viewport lives in a ref, every
 * change writes the layer's transform (and the dot grid's offset) straight to the DOM, and only the
 * zoom label listens. Wheel pans, Ctrl/Cmd+wheel and a two-finger pinch zoom around the pointer,
 * dragging empty space pans (each finger followed through lib/pointer-gesture; Escape stops a pan
 * where it is). The viewport is saved to the board after half a second of quiet.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { trackPointer, type PointerGesture } from '../../../../lib/pointer-gesture';
import {
  boundsOf,
  clampZoom,
  panBy,
  screenToCanvas,
  zoomAt,
  zoomToFit,
  type Point,
  type Rect,
  type Viewport,
} from '../logic/selection';
import { clamp, layerTransform } from '../logic/geometry';

type Box = Rect;

const SAVE_AFTER_MS = 500;
/** Fit never draws a node's text smaller than this (docs/product/nowou.md#boards). */
export const READABLE_TEXT_PX = 12;

export function useViewport(
  canvasRef: RefObject<HTMLDivElement | null>,
  layerRef: RefObject<HTMLDivElement | null>,
  initial: Viewport,
  save: (viewport: Viewport) => void,
  onPinchStart: () => void,
): FullViewportController {
  const handlersRef = useRef({ save, onPinchStart });
  useEffect(() => {
    handlersRef.current = { save, onPinchStart };
  });
  // The controller reads the refs only in events and effects, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const [controller] = useState(() => createViewport(canvasRef, layerRef, initial, handlersRef));
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    controller.apply();
    const onWheel = (event: WheelEvent) => controller.wheel(event);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      canvas.removeEventListener('wheel', onWheel);
      controller.flush();
      controller.stop();
    };
  }, [canvasRef, controller]);
  return controller;
}

function createViewport(
  canvasRef: RefObject<HTMLDivElement | null>,
  layerRef: RefObject<HTMLDivElement | null>,
  initial: Viewport,
  handlers: { current: { save: (viewport: Viewport) => void; onPinchStart: () => void } },
) {
  let viewport = { ...initial };
  let saveTimer: number | null = null;
  let frame = 0;
  const listeners = new Set<() => void>();
  /** The pointers down on the canvas, where each is, and the gesture following it. */
  const pointers = new Map<number, { at: Point; gesture: PointerGesture }>();
  let gesture:
    | { kind: 'pan'; id: number; start: Point; from: Viewport }
    | { kind: 'pinch'; distance: number; mid: Point; from: Viewport }
    | null = null;

  const rect = () => canvasRef.current!.getBoundingClientRect();

  function apply() {
    const layer = layerRef.current;
    const canvas = canvasRef.current;
    if (!layer || !canvas) return;
    const { x, y, zoom } = viewport;
    layer.style.transform = layerTransform(viewport);
    // The dot grid: 24 canvas px, doubled while its dots would sit closer than 12 screen px, so a
    // zoomed-out board is not a grey mesh (every step stays a multiple of 24, on the same dots).
    let step = 24 * zoom;
    while (step < 12) step *= 2;
    canvas.style.backgroundSize = `${step}px ${step}px`;
    canvas.style.backgroundPosition = `${-x * zoom}px ${-y * zoom}px`;
  }

  function flush() {
    if (saveTimer === null) return;
    window.clearTimeout(saveTimer);
    saveTimer = null;
    handlers.current.save({ ...viewport });
  }

  function set(next: Viewport) {
    const zoomChanged = next.zoom !== viewport.zoom;
    viewport = { ...next, zoom: clampZoom(next.zoom) };
    // One DOM write per frame however many events come in.
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        apply();
      });
    }
    if (zoomChanged) for (const listener of listeners) listener();
    if (saveTimer !== null) window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => {
      saveTimer = null;
      handlers.current.save({ ...viewport });
    }, SAVE_AFTER_MS);
  }

  function local(clientX: number, clientY: number): Point {
    const box = rect();
    return { x: clientX - box.left, y: clientY - box.top };
  }

  function wheel(event: WheelEvent) {
    // Inside the canvas the wheel and the pinch (Ctrl+wheel) never scroll or zoom the page.
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      const factor = Math.exp(-clamp(delta, -100, 100) / 200);
      set(zoomAt(viewport, local(event.clientX, event.clientY), factor));
      return;
    }
    const unit = event.deltaMode === 1 ? 16 : 1;
    const dx = (event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX) * unit;
    const dy = (event.shiftKey && event.deltaX === 0 ? 0 : event.deltaY) * unit;
    set(panBy(viewport, { x: -dx, y: -dy }));
  }

  function onMove(event: PointerEvent) {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    pointer.at = { x: event.clientX, y: event.clientY };
    if (!gesture) return;
    if (gesture.kind === 'pan') {
      if (event.pointerId !== gesture.id) return;
      set(
        panBy(gesture.from, {
          x: event.clientX - gesture.start.x,
          y: event.clientY - gesture.start.y,
        }),
      );
      return;
    }
    const [a, b] = [...pointers.values()].map((one) => one.at);
    if (!a || !b) return;
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const start = local(gesture.mid.x, gesture.mid.y);
    const zoomed = zoomAt(gesture.from, start, distance / Math.max(gesture.distance, 1));
    set(panBy(zoomed, { x: mid.x - gesture.mid.x, y: mid.y - gesture.mid.y }));
  }

  function onUp(pointerId: number) {
    if (!pointers.delete(pointerId)) return;
    if (gesture?.kind === 'pinch' && pointers.size === 1) {
      // One finger stays down after a pinch: it pans on from here.
      const [id, { at }] = [...pointers.entries()][0]!;
      gesture = { kind: 'pan', id, start: at, from: { ...viewport } };
      return;
    }
    if (pointers.size === 0) stop();
  }

  function stop() {
    gesture = null;
    const following = [...pointers.values()];
    pointers.clear();
    for (const { gesture: followed } of following) followed.cancel();
  }

  /** Follows a pointer until it goes up; `captor` takes its capture (none when a node drag has it). */
  function follow(event: PointerEvent, captor: Element | null) {
    const gesture = trackPointer(
      event,
      'press',
      { onMove, onEnd: () => onUp(event.pointerId), onCancel: () => onUp(event.pointerId) },
      captor,
    );
    pointers.set(event.pointerId, { at: { x: event.clientX, y: event.clientY }, gesture });
  }

  function pointerDown(event: PointerEvent): 'pan' | 'pinch' {
    if (!pointers.has(event.pointerId)) follow(event, canvasRef.current);
    if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()].map((one) => one.at);
      handlers.current.onPinchStart();
      gesture = {
        kind: 'pinch',
        distance: Math.hypot(a!.x - b!.x, a!.y - b!.y),
        mid: { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 },
        from: { ...viewport },
      };
      return 'pinch';
    }
    gesture = {
      kind: 'pan',
      id: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      from: { ...viewport },
    };
    return 'pan';
  }

  /** Registers a pointer that another gesture (a node drag) owns, so a second finger pinches. */
  function track(event: PointerEvent) {
    if (!pointers.has(event.pointerId)) follow(event, null);
  }

  const size = () => {
    const box = rect();
    return { width: box.width, height: box.height };
  };

  return {
    get: () => ({ ...viewport }),
    set,
    apply,
    wheel,
    flush,
    stop,
    track,
    pointerDown,
    zoom: () => viewport.zoom,
    pointerCount: () => pointers.size,
    zoomBy(factor: number, anchor?: Point) {
      const box = size();
      set(zoomAt(viewport, anchor ?? { x: box.width / 2, y: box.height / 2 }, factor));
    },
    /**
     * Fits the board, at no zoom that makes a node's text smaller than READABLE_TEXT_PX; answers
     * false when the whole board did not fit at that zoom (its first nodes show instead).
     */
    fit(boxes: readonly Box[]): boolean {
      const bounds = boundsOf(boxes);
      const node = layerRef.current?.querySelector('.bn:not([data-type="group"])');
      const textPx = (node && parseFloat(getComputedStyle(node).fontSize)) || 14;
      const readable = READABLE_TEXT_PX / textPx;
      const view = zoomToFit(bounds, size(), undefined, undefined, readable);
      set(view);
      return zoomToFit(bounds, size()).zoom >= view.zoom;
    },
    reveal(box: Box, always = false) {
      const { width, height } = size();
      const { x, y, zoom } = viewport;
      const left = (box.x - x) * zoom;
      const top = (box.y - y) * zoom;
      const inside =
        left >= 0 &&
        top >= 0 &&
        left + box.width * zoom <= width &&
        top + box.height * zoom <= height;
      if (inside && !always) return;
      set({
        zoom,
        x: box.x + box.width / 2 - width / 2 / zoom,
        y: box.y + box.height / 2 - height / 2 / zoom,
      });
    },
    toCanvas(clientX: number, clientY: number) {
      return screenToCanvas(viewport, local(clientX, clientY));
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FullViewportController = ReturnType<typeof createViewport>;
