/**
 * Dates as the site writes them: "21 Nov 2026, 14:02" and "29 Nov 2026" in the visitor's own time
 * zone, and "5 Sep 2026" for a calendar day 'YYYY-MM-DD'. Written out by hand rather than with Intl,
 * whose English month abbreviations differ between locales and versions ("Sep"/"Sept"). Plain
 * functions, so the browser tests can write the dates they expect with them.
 */
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "21 Nov 2026, 14:02" in local time; the input unchanged when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(iso)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** "29 Nov 2026" in local time; the input unchanged when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "5 Sep 2026" for a day 'YYYY-MM-DD' (the traffic series and the sample prices count days). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}
