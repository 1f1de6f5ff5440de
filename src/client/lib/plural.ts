/** "1 node", "2 nodes", "1,200 nodes": a count with the word that fits it (English). */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
