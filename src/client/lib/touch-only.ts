/**
 * A touch-only device (a phone or tablet without mouse or trackpad): keyboard hints ("press Enter",
 * "Keys: Space…") mean nothing there. The same query hides `.keyboard-hint` and shows `.touch-hint`
 * in styles/base.css; this is for words built in code, such as an announcement.
 */
export const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

export function isTouchOnly(): boolean {
  return typeof matchMedia === 'function' && matchMedia(TOUCH_ONLY_QUERY).matches;
}
