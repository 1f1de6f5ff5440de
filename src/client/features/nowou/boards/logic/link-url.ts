/**
 * What a link node may hold while it is typed: the stored record accepts any http, https or
 * mailto value (textElementSchema), but a half-typed "https://exa" is no link yet. The editor saves
 * a value only once it reads as a whole link and says what is missing until then.
 */
import { textElementSchema } from '#shared/nowou-records';
import { safeLinkHref } from '../../../../lib/safe-link';

export const LINK_PROBLEM =
  'Not a link yet: type a web address such as https://example.com, or mailto: and an email address.';

export type LinkCheck = { ok: true; url: string } | { ok: false; message: string };

/** The link to save for `text`, trimmed, or why it is not one. */
export function checkLinkUrl(text: string): LinkCheck {
  const url = text.trim();
  if (url.length > 2_000) return { ok: false, message: 'A link is at most 2,000 characters.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: LINK_PROBLEM };
  }
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  const mail = parsed.protocol === 'mailto:';
  const whole = web
    ? /^https?:\/\/[^/?#\s]/i.test(url) && parsed.hostname.length > 0
    : mail && /^mailto:[^@\s]+@[^@\s]+$/i.test(url.split('?')[0]!);
  if (!whole || !textElementSchema.shape.url.safeParse(url).success || !safeLinkHref(url)) {
    return { ok: false, message: LINK_PROBLEM };
  }
  return { ok: true, url };
}
