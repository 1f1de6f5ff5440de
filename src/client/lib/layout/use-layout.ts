/**
 * The one source of layout truth (docs/product/shell.md#screen-size-classes,
 * docs/product/shell.md#layout-values).
 *
 * - Screen class: thin-mobile ≤ 495 px, mobile ≤ 755, tablet ≤ 1040, desktop above; followed with
 *   matchMedia listeners, so it changes only when a breakpoint is crossed.
 * - Values: layoutValuesFor from #shared/layout, recalculated when the screen class, the hide-layout
 *   flag or the embedded flag changes. Productivity-app mode has no navigation panel.
 * - Hide layout: off by default, on by default in productivity-app mode (/productivity, /nowou in any
 *   case); the visitor's choice is remembered per mode for the page view.
 * - Embedded-app mode: open any page with `?embedded=1` to turn it on and `?embedded=0` to turn it
 *   off. It is kept in sessionStorage ('embedded' = 'true') for the browser session and shows a 30 px
 *   top menu bar, with the hide-layout button moved 50 px from the left.
 * - While the browser hydrates a prerendered page, the screen class and the embedded flag are
 *   unknown (null): the markup then holds every variant and CSS picks the one that shows
 *   (docs/architecture.md#prerendered-pages); the render after knows them.
 */
import { createContext, use } from 'react';
import type { LayoutValues, ScreenClass } from '#shared/layout';

export interface Layout {
  screen: ScreenClass | null;
  values: LayoutValues | null;
  hideLayout: boolean;
  setHideLayout: (hide: boolean) => void;
  embedded: boolean | null;
  /** Leaves embedded-app mode for the rest of the session. */
  leaveEmbedded: () => void;
  /** Productivity-app mode: no navigation panel, no fullscreen toggle, layout hidden by default. */
  productivity: boolean;
  /** Whether the navigation panel sits inline (desktop, layout shown, not productivity mode). */
  inlineNavigation: boolean | null;
}

export const LayoutContext = createContext<Layout | null>(null);

export function useLayout(): Layout {
  const layout = use(LayoutContext);
  if (!layout) throw new Error('useLayout needs a <LayoutProvider> above it');
  return layout;
}
