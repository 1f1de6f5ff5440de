/**
 * Where a counted visit came from (docs/product.md#visit-sources): its `utm_source` when the
 * address had one, else the host of the site that sent the visitor (never its path or query), else
 * `Direct`. The site's own host, and anything that is not a web address, is Direct too. Nothing
 * about the visitor is kept.
 */
export const DIRECT_SOURCE = 'Direct';
/** The longest source kept; a longer campaign name is cut. */
export const SOURCE_MAX = 100;

/** A campaign name as kept: trimmed, lower-cased, control characters dropped, cut to SOURCE_MAX. */
function campaign(utmSource: string | undefined): string | null {
  const cleaned = utmSource
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .toLowerCase();
  return cleaned ? cleaned.slice(0, SOURCE_MAX) : null;
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
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return host ? host.slice(0, SOURCE_MAX) : null;
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
