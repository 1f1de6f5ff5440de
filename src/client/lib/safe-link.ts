/**
 * The one check of which addresses may become links, for Nowou's notes (Markdown), its link
 * nodes, the board's SVG picture and its outline alike: web and mail links only, never
 * javascript:, data: or another app's scheme.
 */

const WEB_OR_MAIL = /^(?:https?:\/\/|mailto:)\S/i;

/**
 * The address as the browser reads it (URL's own spelling, so what is shown is exactly what
 * opens), or null when it is no web or mail link, or when it carries a user name or password
 * (`https://good@evil` reads as one site and opens another). Text that tries to look like
 * Markdown (`](…)`) stays in the address, where it is shown as typed.
 */
export function safeLinkHref(url: string): string | null {
  const trimmed = url.trim();
  if (!WEB_OR_MAIL.test(trimmed)) return null;
  try {
    const parsed = new URL(trimmed);
    if (!['http:', 'https:', 'mailto:'].includes(parsed.protocol)) return null;
    if (parsed.username !== '' || parsed.password !== '') return null;
    return parsed.href;
  } catch {
    return null;
  }
}

/** Whether `href`, exactly as written (no spaces around it), may become a link. */
export function isSafeHref(href: string): boolean {
  return href === href.trim() && safeLinkHref(href) !== null;
}
