/** Calls `onEscape` when Escape is pressed inside the element (a native listener, so forms and groups need no key handler of their own). */
import { useEffect, useRef, type RefObject } from 'react';

export function useEscape(ref: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      latest.current();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
