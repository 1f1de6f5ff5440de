/**
 * "12,345": a whole count with its thousands separated, written out by hand: the first
 * toLocaleString call builds an Intl formatter, a long task on a slow phone while a page hydrates.
 */
export function formatCount(count: number): string {
  const digits = String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}

/** "1 node", "2 nodes", "1,200 nodes": a count with the word that fits it (English). */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
