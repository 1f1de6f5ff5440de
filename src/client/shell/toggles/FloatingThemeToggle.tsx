/**
 * While a pop-up is open the page is inert, yet the product keeps the theme button usable (a click
 * outside a pop-up closes it, but not while the theme button is hovered: docs/product/shell.md#toggles).
 * This copy of the header's theme button sits above the backdrop at the very same place, so the
 * visitor sees one button that still works. The pop-up's layer keeps its card below the button
 * (--popup-top-clearance), so the button never covers a pop-up's title.
 */
import { useLayoutEffect, useState } from 'react';
import { ThemeToggle } from './ThemeToggle';

interface Place {
  top: number;
  left: number;
}

export function FloatingThemeToggle() {
  const [place, setPlace] = useState<Place | null>(null);

  // Measured before the pop-up locks scrolling and makes the page inert (child layout effects run first).
  useLayoutEffect(() => {
    const source = document.querySelector<HTMLElement>('[data-theme-toggle]:not([data-floating])');
    const rect = source?.getBoundingClientRect();
    const visible = rect && rect.width > 0 && rect.bottom > 0 && rect.top < window.innerHeight;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-off measurement of the header
    setPlace(visible ? { top: rect.top, left: rect.left } : null);
  }, []);

  if (!place) return null;
  const clearBelow = (wrapper: HTMLDivElement | null) => {
    const bottom = place.top + (wrapper?.offsetHeight ?? 0);
    wrapper?.parentElement?.style.setProperty('--popup-top-clearance', `${bottom + 8}px`);
  };
  return (
    <div
      ref={clearBelow}
      className="floating-theme-toggle"
      style={{ top: place.top, left: place.left }}
    >
      <ThemeToggle floating />
    </div>
  );
}
