/**
 * Where a counted visit came from (docs/product/visits.md#visit-sources): its `utm_source` when the
 * address had one, else the host of the site that sent the visitor (never its path or query), else
 * `Direct`. The site's own host, and anything that is not a web address, is Direct too. Nothing
 * about the visitor is kept.
 */
export const DIRECT_SOURCE = 'Direct';
/** The longest source kept, in characters; a longer campaign name is cut. */
export const SOURCE_MAX = 100;

/**
 * Characters that show nothing or turn the text around: controls, format characters (zero-width
 * spaces and joiners, the bidi embeddings, overrides and isolates, the soft hyphen) and the other
 * default-ignorable ones (variation selectors, fillers). `goo\u200bgle.com` read as google.com.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** A host name as the URL parser writes it: `xn--` (punycode) for every label beyond ASCII. */
const HOST_LIKE = /^[^\s/?#@:\\]+\.[^\s/?#@:\\.]+$/u;

/** Compatibility-folded (`𝐃irect` is Direct), invisible characters out, spaces as one, cut. */
function cleaned(text: string): string {
  const folded = text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  // Cut by code point, so a character beyond the BMP is never split in half.
  return Array.from(folded).slice(0, SOURCE_MAX).join('');
}

/** A host beyond ASCII as punycode, the way a referrer's host arrives; null when it is not one. */
function asciiHost(name: string): string | null {
  if (!HOST_LIKE.test(name)) return null;
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
}

/** A campaign name as kept: folded and cleaned, lower-cased; a host beyond ASCII as punycode. */
function campaign(utmSource: string | undefined): string | null {
  if (!utmSource) return null;
  const name = cleaned(utmSource).toLowerCase();
  if (!name) return null;
  if (name === DIRECT_SOURCE.toLowerCase()) return DIRECT_SOURCE;
  // eslint-disable-next-line no-control-regex -- anything beyond ASCII
  if (/[^\u0000-\u007f]/u.test(name)) return asciiHost(name) ?? name;
  return name;
}

/** The referrer's host without `www.`, or null when it is not an http(s) address. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The parser already wrote the host in ASCII (punycode), folded and without invisible characters.
  const host = cleaned(url.hostname.toLowerCase().replace(/^www\./, ''));
  return host || null;
}

export function visitSource(
  visit: { referrer?: string; utmSource?: string },
  ownHost: string,
): string {
  const named = campaign(visit.utmSource);
  if (named) return named;
  const host = referrerHost(visit.referrer);
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, '')) return DIRECT_SOURCE;
  return host;
}

/**
 * How the desk marks a source that may imitate another: `punycode` for a host with a label beyond
 * ASCII (`xn--…`), `non-ASCII` for a name with letters beyond ASCII; null for plain ASCII.
 */
export function sourceMark(source: string): 'punycode' | 'non-ASCII' | null {
  // eslint-disable-next-line no-control-regex -- anything beyond ASCII
  if (/[^\u0000-\u007f]/u.test(source)) return 'non-ASCII';
  if (/(^|\.)xn--/iu.test(source)) return 'punycode';
  return null;
}
