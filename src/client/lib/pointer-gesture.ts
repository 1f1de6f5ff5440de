/**
 * One pointer's press becoming a drag, the same for everything dragged in the client (Nowou's to-do
 * rows, timeline blocks, board nodes and the board's panning). A drag starts at the press, once the
 * pointer has moved past its type's threshold, or after a still long press (touch, so a swipe keeps
 * scrolling the page). While it lasts the pointer is captured, moves are the drag's own (the page
 * does not scroll under a finger) and Escape cancels it. Listens on window, so a drag goes on
 * wherever the pointer goes.
 */

/** How long a still press takes to become a drag where a drag waits for a long press. */
export const LONG_PRESS_MS = 400;

/**
 * How far a pointer moves before a press is a drag (or, waiting for a long press, a scroll or a
 * tap): a finger wobbles more than a mouse or a pen.
 */
export function dragThreshold(pointerType: string): number {
  return pointerType === 'touch' ? 8 : 4;
}

/**
 * When the drag starts: 'press' at once (a handle, a pan), 'move' past the threshold, 'long-press'
 * after LONG_PRESS_MS held within the threshold (moving further first lets the pointer go).
 */
export type DragStart = 'press' | 'move' | 'long-press';

/** The press: a pointerdown, React's or the DOM's. */
export type Press = Pick<PointerEvent, 'pointerId' | 'pointerType' | 'clientX' | 'clientY'>;

export interface GestureHandlers {
  /** The press became a drag. */
  onStart?: () => void;
  /** A move of the pointer while dragging. */
  onMove?: (event: PointerEvent) => void;
  /** The pointer went up; `dragged` is false for a press that never became a drag. */
  onEnd?: (event: PointerEvent, dragged: boolean) => void;
  /** Escape, pointercancel, cancel(), or a long press given up by moving; `dragged` as above. */
  onCancel?: (dragged: boolean) => void;
}

export interface PointerGesture {
  dragging(): boolean;
  /** Ends the gesture as cancelled (onCancel); nothing once it has ended. */
  cancel(): void;
}

/**
 * Follows the pressed pointer until it goes up or the gesture is cancelled. `captor` takes the
 * pointer's capture when the drag starts (none: the pointer is someone else's, see use-viewport).
 */
export function trackPointer(
  press: Press,
  start: DragStart,
  handlers: GestureHandlers,
  captor: Element | null = null,
): PointerGesture {
  const { pointerId } = press;
  const threshold = dragThreshold(press.pointerType);
  let dragging = false;
  let ended = false;
  let timer: number | null = null;

  function begin() {
    dragging = true;
    try {
      captor?.setPointerCapture(pointerId);
    } catch {
      // The pointer is no longer active; window still hears its events.
    }
    handlers.onStart?.();
  }

  function stop() {
    ended = true;
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onPointerCancel);
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('touchmove', onTouchMove);
    if (captor?.hasPointerCapture(pointerId)) captor.releasePointerCapture(pointerId);
  }

  function cancel() {
    if (ended) return;
    stop();
    handlers.onCancel?.(dragging);
  }

  function onMove(event: PointerEvent) {
    if (event.pointerId !== pointerId) return;
    if (!dragging) {
      const distance = Math.hypot(event.clientX - press.clientX, event.clientY - press.clientY);
      if (distance <= threshold) return;
      if (start === 'long-press') {
        cancel();
        return;
      }
      begin();
    }
    if (event.cancelable) event.preventDefault();
    handlers.onMove?.(event);
  }

  function onUp(event: PointerEvent) {
    if (event.pointerId !== pointerId) return;
    stop();
    handlers.onEnd?.(event, dragging);
  }

  function onPointerCancel(event: PointerEvent) {
    if (event.pointerId === pointerId) cancel();
  }

  /** Heard before the page's own keys: the Escape that cancels a drag does nothing else. */
  function onKey(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    if (dragging) {
      event.preventDefault();
      event.stopPropagation();
    }
    cancel();
  }

  function onTouchMove(event: TouchEvent) {
    if (dragging && event.cancelable) event.preventDefault();
  }

  window.addEventListener('pointermove', onMove, { passive: false });
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', onPointerCancel);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('touchmove', onTouchMove, { passive: false });
  if (start === 'press') begin();
  else if (start === 'long-press') {
    timer = window.setTimeout(() => {
      timer = null;
      begin();
      navigator.vibrate?.(10);
    }, LONG_PRESS_MS);
  }

  return { dragging: () => dragging, cancel };
}
