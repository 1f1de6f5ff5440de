/** The sample series have one value per calendar day from their start date (UTC). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of the day `index` days after `start` ('YYYY-MM-DD'). */
export function dayAt(start: string, index: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "30 Sep 2026" for 'YYYY-MM-DD' (written out: Intl's abbreviations differ between versions). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}
