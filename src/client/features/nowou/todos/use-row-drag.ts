/**
 * Reordering to-dos by dragging: from a row's handle at once, or by a long press anywhere on the row
 * on touch screens (so a swipe still scrolls). While dragging only styles change (the row follows
 * the pointer, the rows it passes make room); the drop is one write: a new order key, or a move to
 * the view or list the pointer is over in the side list (`data-drop-list`). Escape cancels.
 */
import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { TodoList } from './todo-views';

const LONG_PRESS_MS = 400;
/** A touch that moves this far before the long press is a scroll, not a drag. */
const SLOP_PX = 8;

export interface RowDropHandlers {
  /** The dragged to-do lands at `index` among the other shown rows. */
  onReorder: (id: string, index: number) => void;
  onMoveTo: (id: string, list: TodoList) => void;
}

interface Drag {
  id: string;
  row: HTMLElement;
  rows: { element: HTMLElement; top: number; height: number }[];
  from: number;
  startY: number;
  target: number;
  list: HTMLElement | null;
  captor: HTMLElement;
  pointerId: number;
}

function listTargetAt(x: number, y: number): HTMLElement | null {
  const element = document.elementFromPoint(x, y);
  return element instanceof HTMLElement ? element.closest<HTMLElement>('[data-drop-list]') : null;
}

export function useRowDrag(
  listRef: React.RefObject<HTMLElement | null>,
  handlers: RowDropHandlers,
) {
  const drag = useRef<Drag | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const pressTimer = useRef<number | null>(null);
  const pressStart = useRef<{ x: number; y: number } | null>(null);

  const clearStyles = useCallback((current: Drag) => {
    for (const { element } of current.rows) {
      element.style.transform = '';
      element.classList.remove('todo-row--dragging', 'todo-row--shifting');
    }
    current.list?.classList.remove('todos__view--drop');
    document.body.classList.remove('todos-dragging');
  }, []);

  const end = useCallback(
    (commit: boolean) => {
      const current = drag.current;
      if (!current) return;
      drag.current = null;
      clearStyles(current);
      if (current.captor.hasPointerCapture(current.pointerId)) {
        current.captor.releasePointerCapture(current.pointerId);
      }
      if (!commit) return;
      const list = current.list?.dataset.dropList as TodoList | undefined;
      if (list) latest.current.onMoveTo(current.id, list);
      else if (current.target !== current.from)
        latest.current.onReorder(current.id, current.target);
    },
    [clearStyles],
  );

  const move = useCallback((x: number, y: number) => {
    const current = drag.current;
    if (!current) return;
    const dy = y - current.startY;
    current.row.style.transform = `translateY(${dy}px)`;
    const dragged = current.rows[current.from]!;
    const centre = dragged.top + dragged.height / 2 + dy;
    // The index among the other rows: how many of them have their middle above the dragged centre.
    let target = 0;
    current.rows.forEach((row, index) => {
      if (index !== current.from && row.top + row.height / 2 < centre) target += 1;
    });
    current.target = target;
    current.rows.forEach((row, index) => {
      if (index === current.from) return;
      const shift =
        index > current.from && index <= target
          ? -dragged.height
          : index < current.from && index >= target
            ? dragged.height
            : 0;
      row.element.style.transform = shift ? `translateY(${shift}px)` : '';
    });
    const list = listTargetAt(x, y);
    if (list !== current.list) {
      current.list?.classList.remove('todos__view--drop');
      list?.classList.add('todos__view--drop');
      current.list = list;
    }
  }, []);

  const begin = useCallback(
    (id: string, captor: HTMLElement, pointerId: number, y: number) => {
      const container = listRef.current;
      if (!container) return;
      const elements = [...container.querySelectorAll<HTMLElement>(':scope > [data-todo-id]')];
      const from = elements.findIndex((element) => element.dataset.todoId === id);
      if (from < 0) return;
      const rows = elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { element, top: box.top, height: box.height };
      });
      const row = elements[from]!;
      row.classList.add('todo-row--dragging');
      for (const other of elements) if (other !== row) other.classList.add('todo-row--shifting');
      document.body.classList.add('todos-dragging');
      captor.setPointerCapture(pointerId);
      drag.current = {
        id,
        row,
        rows,
        from,
        startY: y,
        target: from,
        list: null,
        captor,
        pointerId,
      };
    },
    [listRef],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && drag.current) {
        event.preventDefault();
        end(false);
      }
    };
    // A long-pressed touch drag must not scroll the page underneath.
    const onTouchMove = (event: TouchEvent) => {
      if (drag.current && event.cancelable) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('touchmove', onTouchMove);
    };
  }, [end]);

  const cancelPress = () => {
    if (pressTimer.current !== null) window.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };

  /** Pointer handlers for an element that starts a drag: the handle at once, a row on long press. */
  function dragProps(id: string, mode: 'handle' | 'long-press') {
    return {
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        if (mode === 'handle') {
          event.preventDefault();
          begin(id, event.currentTarget, event.pointerId, event.clientY);
          return;
        }
        // The handle drags at once (its own handlers); a control keeps its own press.
        if (event.pointerType !== 'touch' || drag.current) return;
        if ((event.target as Element).closest('button, input, textarea, select, a')) return;
        const target = event.currentTarget;
        const { pointerId, clientX, clientY } = event;
        pressStart.current = { x: clientX, y: clientY };
        cancelPress();
        pressTimer.current = window.setTimeout(() => {
          pressTimer.current = null;
          begin(id, target, pointerId, clientY);
          navigator.vibrate?.(10);
        }, LONG_PRESS_MS);
      },
      onPointerMove(event: ReactPointerEvent<HTMLElement>) {
        if (drag.current) {
          move(event.clientX, event.clientY);
        } else if (
          pressStart.current &&
          Math.hypot(event.clientX - pressStart.current.x, event.clientY - pressStart.current.y) >
            SLOP_PX
        ) {
          cancelPress();
        }
      },
      onPointerUp() {
        cancelPress();
        end(true);
      },
      onPointerCancel() {
        cancelPress();
        end(false);
      },
    };
  }

  return { dragProps };
}
