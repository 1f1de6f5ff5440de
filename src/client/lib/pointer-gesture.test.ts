import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LONG_PRESS_MS, dragThreshold, trackPointer, type DragStart } from './pointer-gesture';

// The unit tests run in Node: window is an EventTarget with the timers, events carry their fields,
// and navigator only vibrates.
beforeEach(() => {
  vi.useFakeTimers();
  const fakeWindow = Object.assign(new EventTarget(), {
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  });
  vi.stubGlobal('window', fakeWindow);
  vi.stubGlobal('navigator', { vibrate: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function send(type: string, fields: Record<string, unknown>): Event {
  const event = Object.assign(new Event(type, { cancelable: true }), fields);
  window.dispatchEvent(event);
  return event;
}

const pointer = (type: string, x: number, y: number, pointerId = 1) =>
  send(type, { pointerId, clientX: x, clientY: y });

function fakeCaptor() {
  const captured = new Set<number>();
  return {
    captured,
    element: {
      setPointerCapture: (id: number) => captured.add(id),
      releasePointerCapture: (id: number) => captured.delete(id),
      hasPointerCapture: (id: number) => captured.has(id),
    } as unknown as Element,
  };
}

function track(start: DragStart, pointerType = 'mouse') {
  const calls: string[] = [];
  const captor = fakeCaptor();
  const gesture = trackPointer(
    { pointerId: 1, pointerType, clientX: 100, clientY: 100 },
    start,
    {
      onStart: () => calls.push(`start captured=${captor.captured.has(1)}`),
      onMove: (event) => calls.push(`move ${event.clientX},${event.clientY}`),
      onEnd: (_event, dragged) => calls.push(`end dragged=${dragged}`),
      onCancel: (dragged) => calls.push(`cancel dragged=${dragged}`),
    },
    captor.element,
  );
  return { calls, captor, gesture };
}

test('a touch needs to move further than a mouse or a pen before a press is a drag', () => {
  expect(dragThreshold('touch')).toBeGreaterThan(dragThreshold('mouse'));
  expect(dragThreshold('pen')).toBe(dragThreshold('mouse'));
});

test('a mouse press becomes a drag past the threshold, with the pointer captured, and ends on up', () => {
  const { calls, captor, gesture } = track('move');
  pointer('pointermove', 102, 101);
  expect(calls).toEqual([]);
  const move = pointer('pointermove', 110, 100);
  expect(move.defaultPrevented).toBe(true);
  expect(gesture.dragging()).toBe(true);
  pointer('pointermove', 120, 90, 2); // another pointer: not this gesture's
  pointer('pointerup', 120, 100);
  expect(calls).toEqual(['start captured=true', 'move 110,100', 'end dragged=true']);
  expect(captor.captured.size).toBe(0);
  pointer('pointermove', 130, 100);
  expect(calls).toHaveLength(3);
});

test('a press that never moves far enough ends as a click, not a drag', () => {
  const { calls } = track('move', 'touch');
  pointer('pointermove', 106, 100); // within a finger's wobble
  pointer('pointerup', 106, 100);
  expect(calls).toEqual(['end dragged=false']);
});

test("a 'press' drag starts at once", () => {
  const { calls, gesture } = track('press');
  expect(gesture.dragging()).toBe(true);
  pointer('pointermove', 101, 100);
  expect(calls).toEqual(['start captured=true', 'move 101,100']);
});

test('a still long press becomes a drag; moving first lets the pointer go (a scroll)', () => {
  const held = track('long-press', 'touch');
  vi.advanceTimersByTime(LONG_PRESS_MS - 1);
  expect(held.gesture.dragging()).toBe(false);
  vi.advanceTimersByTime(1);
  expect(held.calls).toEqual(['start captured=true']);
  expect(navigator.vibrate).toHaveBeenCalled();
  const touchMove = send('touchmove', {});
  expect(touchMove.defaultPrevented).toBe(true);
  held.gesture.cancel();

  const swiped = track('long-press', 'touch');
  pointer('pointermove', 100, 130);
  vi.advanceTimersByTime(LONG_PRESS_MS);
  expect(swiped.calls).toEqual(['cancel dragged=false']);
  expect(send('touchmove', {}).defaultPrevented).toBe(false);
});

test('Escape cancels a drag and goes no further; pointercancel cancels too', () => {
  const { calls, captor } = track('move');
  pointer('pointermove', 120, 100);
  const stopPropagation = vi.fn();
  const key = send('keydown', { key: 'Escape', stopPropagation });
  expect(key.defaultPrevented).toBe(true);
  expect(stopPropagation).toHaveBeenCalled();
  expect(calls).toEqual(['start captured=true', 'move 120,100', 'cancel dragged=true']);
  expect(captor.captured.size).toBe(0);
  pointer('pointerup', 120, 100);
  expect(calls).toHaveLength(3);

  const other = track('move');
  send('keydown', { key: 'Enter' });
  pointer('pointercancel', 100, 100);
  expect(other.calls).toEqual(['cancel dragged=false']);
});
