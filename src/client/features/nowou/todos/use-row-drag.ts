/**
 * Reordering to-dos by dragging: from a row's handle at once, or by a long press anywhere on the row
 * on touch screens (so a swipe still scrolls). While dragging only styles change (the row follows
 * the pointer, the rows it passes make room); the drop is one write: a new order key, or a move to
 * the view or list the pointer is over in the side list (`data-drop-list`). Escape cancels.
 */
import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { trackPointer, type PointerGesture } from '../../../lib/pointer-gesture';
import type { TodoList } from './todo-views';

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
  const gesture = useRef<PointerGesture | null>(null);

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
    (id: string, y: number) => {
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
      drag.current = {
        id,
        row,
        rows,
        from,
        startY: y,
        target: from,
        list: null,
      };
    },
    [listRef],
  );

  useEffect(() => () => gesture.current?.cancel(), []);

  /** Pointer handlers for an element that starts a drag: the handle at once, a row on long press. */
  function dragProps(id: string, mode: 'handle' | 'long-press') {
    return {
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        if (mode === 'handle') {
          event.preventDefault();
        } else if (
          // The row drags on a touch's long press only: the handle inside it has begun at once,
          // and a control keeps its own press.
          event.pointerType !== 'touch' ||
          drag.current ||
          (event.target as Element).closest('button, input, textarea, select, a')
        ) {
          return;
        }
        const { clientY } = event;
        gesture.current?.cancel();
        gesture.current = trackPointer(
          event,
          mode === 'handle' ? 'press' : 'long-press',
          {
            onStart: () => begin(id, clientY),
            onMove: (moved) => move(moved.clientX, moved.clientY),
            onEnd: () => end(true),
            onCancel: () => end(false),
          },
          event.currentTarget,
        );
      },
    };
  }

  return { dragProps };
}
