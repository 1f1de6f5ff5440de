/**
 * The breakpoints of docs/product/shell.md#screen-size-classes as media queries, so the hook follows the
 * same ranges the CSS uses (shell.css mirrors them with the same range syntax) and updates only
 * when a range is crossed.
 */
import { BREAKPOINTS, type ScreenClass } from '#shared/layout';

export const SCREEN_QUERIES = {
  thinMobile: `(width <= ${BREAKPOINTS.thinMobile}px)`,
  mobile: `(width <= ${BREAKPOINTS.mobile}px)`,
  tablet: `(width <= ${BREAKPOINTS.tablet}px)`,
} as const;

/** The narrowest range that matches wins; nothing matching means desktop. */
export function screenClassFromQueries(matches: (query: string) => boolean): ScreenClass {
  if (matches(SCREEN_QUERIES.thinMobile)) return 'thin-mobile';
  if (matches(SCREEN_QUERIES.mobile)) return 'mobile';
  if (matches(SCREEN_QUERIES.tablet)) return 'tablet';
  return 'desktop';
}
