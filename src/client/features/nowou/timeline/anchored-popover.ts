/**
 * Shows a grid popover (a block's menu, a drawn block's title) in the page's top layer, beside
 * what it belongs to: inside the grid's scroll box it was clipped, so on a phone only a menu's
 * first item showed. It goes under its anchor, above it when there is no room below, and always
 * within the window; it follows the anchor when the grid or the page scrolls.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const GAP = 4;
const EDGE = 8;

/** Puts the popover under the anchor, else above it, else as low as the window lets it. */
function placeBeside(element: HTMLElement, target: Element): void {
  const at = target.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = element;
  const room = { width: document.documentElement.clientWidth, height: window.innerHeight };
  let top = at.bottom + GAP;
  if (top + height > room.height - EDGE) {
    const above = at.top - GAP - height;
    top = above >= EDGE ? above : Math.max(EDGE, room.height - EDGE - height);
  }
  const left = Math.min(Math.max(EDGE, at.left), Math.max(EDGE, room.width - EDGE - width));
  element.style.top = `${Math.round(top)}px`;
  element.style.left = `${Math.round(left)}px`;
}

export function useAnchoredPopover(
  popover: RefObject<HTMLElement | null>,
  anchor: () => Element | null | undefined,
): void {
  const latest = useRef(anchor);
  useEffect(() => {
    latest.current = anchor;
  });

  useLayoutEffect(() => {
    const element = popover.current;
    if (!element) return;
    // A browser without popovers (before 2024) still draws it fixed, above the grid's clipping.
    if ('showPopover' in element && !element.matches(':popover-open')) element.showPopover();

    const place = () => {
      const target = latest.current();
      if (target) placeBeside(element, target);
    };

    place();
    const resize = new ResizeObserver(place);
    resize.observe(element);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      resize.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [popover]);
}
