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

/**
 * A typed day back as 'YYYY-MM-DD': the site's own "5 Sep 2026" (any case, the month's name at
 * least three letters) or 'YYYY-MM-DD'; null when it is not a day of the calendar. For the desk's
 * date fields, which show and take days the way the site writes them.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  let year: number;
  let month: number;
  let date: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const written = /^(\d{1,2})\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/.exec(trimmed);
  if (iso) {
    [year, month, date] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (written) {
    const name = written[2]!.toLowerCase();
    const index = MONTHS.findIndex((abbr) => name.startsWith(abbr.toLowerCase()));
    if (index === -1) return null;
    [year, month, date] = [Number(written[3]), index + 1, Number(written[1])];
  } else {
    return null;
  }
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  return `${year}-${twoDigits(month)}-${twoDigits(date)}`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago": how long before `now` a time was. */
export function formatAgo(iso: string, now = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(ms)) return iso;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
