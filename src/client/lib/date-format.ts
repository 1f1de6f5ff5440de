/**
 * Dates and times as the whole site writes them (docs/product/shell.md#dates-and-times): times on the
 * 24-hour clock ("14:30"), dates as day, short month, year ("29 Nov 2026", "21 Nov 2026, 14:02"),
 * and a day to plan as "Fri 27 Nov" within the current year ("27 Nov 2027" otherwise), in the
 * visitor's own time zone; "5 Sep 2026" for a calendar day 'YYYY-MM-DD'. Written out by hand rather
 * than with Intl, whose English names differ between locales and versions ("Sep"/"Sept",
 * "Wed"/"Wed,"), so every browser and the server's prerender write the same text. Plain functions,
 * so the browser tests can write the dates they expect with them.
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The site's language and first day of the week, for code that reads dates people type (Nowou's
 * quick add): English, as the pages are (<html lang="en">), with weeks from Monday as Nowou's week
 * grid shows them.
 */
export const SITE_CALENDAR = { locale: 'en', weekStartsOn: 1 } as const;

/** "Mon": a weekday's short name, 0 = Sunday (as Date.getDay counts). */
export function formatWeekday(day: number): string {
  return WEEKDAYS[((day % 7) + 7) % 7]!;
}

/** A moment as a Date: a Date, epoch milliseconds, or an ISO time. */
type Moment = Date | number | string;

const dateOf = (at: Moment) => (at instanceof Date ? at : new Date(at));

/** A calendar day 'YYYY-MM-DD' as numbers (month 1–12), or null when it is not written so. */
function dayParts(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) } : null;
}

/** "14:30", "09:05": the 24-hour clock in local time; '' when it is not a time. */
export function formatClock(at: Moment): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return '';
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** "10:00 – 11:30": a span of time on one day, for a block on Nowou's timeline. */
export function formatClockRange(start: Moment, end: Moment): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

/** "Tue 10:00": a weekday and a time, for a moment in the week on show. */
export function formatWeekdayClock(at: Moment): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return '';
  return `${WEEKDAYS[date.getDay()]} ${formatClock(date)}`;
}

/**
 * A day to plan, local time: "Fri 27 Nov" within the year of `now`, "27 Nov 2027" in any other
 * year (Nowou's lists, timeline and to-dos); '' when it is not a time.
 */
export function formatPlanDate(at: Moment, now: Date = new Date()): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.getDate();
  const month = MONTHS[date.getMonth()];
  return date.getFullYear() === now.getFullYear()
    ? `${WEEKDAYS[date.getDay()]} ${day} ${month}`
    : `${day} ${month} ${date.getFullYear()}`;
}

/** formatPlanDate for a calendar day 'YYYY-MM-DD' (a to-do's day); the input when it is not one. */
export function formatPlanDay(day: string, now: Date = new Date()): string {
  const parts = dayParts(day);
  if (!parts) return day;
  return formatPlanDate(new Date(parts.year, parts.month - 1, parts.date), now);
}

/** "21 Nov 2026, 14:02" in local time; the input unchanged when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(iso)}, ${formatClock(date)}`;
}

/** "29 Nov 2026" in local time; the input unchanged when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "5 Sep 2026" for a day 'YYYY-MM-DD' (the traffic series and the sample prices count days). */
export function formatDay(day: string): string {
  const parts = dayParts(day);
  if (!parts) return day;
  const { year, month, date } = parts;
  return `${date} ${MONTHS[month - 1] ?? day.slice(5, 7)} ${year}`;
}

/**
 * A chart's axis mark for a day 'YYYY-MM-DD': its year ("2026") where the year turns, its month
 * ("Nov") where the month does, else the date ("27"); '' when it is not a day.
 */
export function formatDayTick(day: string, mark: 'year' | 'month' | 'date'): string {
  const parts = dayParts(day);
  if (!parts) return '';
  if (mark === 'year') return String(parts.year);
  if (mark === 'month') return MONTHS[parts.month - 1] ?? '';
  return String(parts.date);
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
