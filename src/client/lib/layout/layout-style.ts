/** The layout values as the CSS custom properties the app root carries (shell.css reads them). */
import type { LayoutValues } from '#shared/layout';

export type LayoutCssProperties = Record<
  | '--header-height'
  | '--navigation-width'
  | '--top-menu-bar-height'
  | '--hide-layout-left'
  | '--hide-layout-top',
  string
>;

export function layoutCssProperties(values: LayoutValues): LayoutCssProperties {
  return {
    '--header-height': `${values.headerHeight}px`,
    // The navigation width is a share of the window (21 → 21vw, docs/product/departures.md#shell-readings).
    '--navigation-width': `${values.navigationWidth}vw`,
    '--top-menu-bar-height': `${values.topMenuBarHeight}px`,
    '--hide-layout-left': `${values.hideLayoutButtonLeft}px`,
    '--hide-layout-top': `${values.hideLayoutButtonTop}px`,
  };
}
