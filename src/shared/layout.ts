/**
 * Screen classes, breakpoints and layout values (docs/product/shell.md#screen-size-classes,
 * docs/product/shell.md#layout-values).
 */
export const BREAKPOINTS = { thinMobile: 495, mobile: 755, tablet: 1040 } as const;

export const SCREEN_CLASSES = ['thin-mobile', 'mobile', 'tablet', 'desktop'] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/**
 * Thin mobile up to 495, mobile up to 755, tablet up to 1040, desktop above
 * (docs/product/shell.md#screen-size-classes).
 */
export function screenClassFor(width: number): ScreenClass {
  if (width <= BREAKPOINTS.thinMobile) return 'thin-mobile';
  if (width <= BREAKPOINTS.mobile) return 'mobile';
  if (width <= BREAKPOINTS.tablet) return 'tablet';
  return 'desktop';
}

export const HEADER_HEIGHT_MOBILE = 280;
export const HEADER_HEIGHT_WIDE = 135;
export const NAVIGATION_WIDTH_DESKTOP = 21;
export const TOP_MENU_BAR_HEIGHT_EMBEDDED = 30;
export const HIDE_LAYOUT_LEFT_EMBEDDED = 50;
export const LOADING_OVERLAY_Z_INDEX = 100;

export interface LayoutFlags {
  screen: ScreenClass;
  hideLayout: boolean;
  embedded: boolean;
}

export interface LayoutValues {
  headerHeight: number;
  navigationWidth: number;
  topMenuBarHeight: number;
  topToolbarHeight: number;
  hideLayoutButtonTop: number;
  hideLayoutButtonLeft: number;
}

export function layoutValuesFor({ screen, hideLayout, embedded }: LayoutFlags): LayoutValues {
  const wide = screen === 'tablet' || screen === 'desktop';
  const topMenuBarHeight = embedded ? TOP_MENU_BAR_HEIGHT_EMBEDDED : 0;
  return {
    headerHeight: hideLayout ? 0 : wide ? HEADER_HEIGHT_WIDE : HEADER_HEIGHT_MOBILE,
    navigationWidth: hideLayout ? 0 : screen === 'desktop' ? NAVIGATION_WIDTH_DESKTOP : 0,
    topMenuBarHeight,
    topToolbarHeight: 0,
    hideLayoutButtonTop: topMenuBarHeight,
    hideLayoutButtonLeft: embedded ? HIDE_LAYOUT_LEFT_EMBEDDED : 0,
  };
}
