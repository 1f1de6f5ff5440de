/** The languages the site's pages are written in. */
export type PageLang = 'en' | 'sv';

/** What Intl puts between thousands and before a negative count, per page language. */
const NUMBER_MARKS: Record<PageLang, { group: string; minus: string }> = {
  en: { group: ',', minus: '-' },
  // sv-SE: a no-break space between thousands ("30 000") and a real minus sign.
  sv: { group: '\u00a0', minus: '\u2212' },
};

/**
 * "12,345" (en) or "12 345" (sv): a whole count with its thousands separated as Intl writes it in
 * the page's language, written out by hand: the first toLocaleString call builds an Intl
 * formatter, a long task on a slow phone while a page hydrates.
 */
export function formatCount(count: number, lang: PageLang = 'en'): string {
  const { group, minus } = NUMBER_MARKS[lang];
  const digits = String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+$)/g, group);
  return count < 0 ? `${minus}${digits}` : digits;
}

/** "1 node", "2 nodes", "1,200 nodes": a count with the word that fits it (English). */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
