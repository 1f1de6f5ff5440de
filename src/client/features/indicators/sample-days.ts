/** The sample series have one value per calendar day from their start date (UTC). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of the day `index` days after `start` ('YYYY-MM-DD'). */
export function dayAt(start: string, index: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10);
}
