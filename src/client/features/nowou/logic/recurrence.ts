/**
 * Repeating to-dos: when the next one is due and how the rule reads in a sentence. Only whole
 * calendar days ('YYYY-MM-DD'); the to-do's own time of day, if any, stays as it is.
 *
 * Finishing late skips what was missed: the next due day comes after both the due day and the day
 * the to-do was done, so a daily to-do due Monday and done on Thursday is next due on Friday, not
 * overdue since Tuesday. The rhythm stays tied to the due days, never to the day of doing: every 3
 * days from the 1st is the 4th, 7th, 10th…, and done on the 5th it is next due on the 7th (not the
 * 8th).
 */
import { recurrenceSchema, type Recurrence } from '#shared/nowou-records';
import { SITE_CALENDAR, formatWeekday } from '../../../lib/date-format';
import { addDays, daysBetween, daysInMonth, makeDay, parseDay, weekdayOf } from './calendar-day';

/** Rules are checked by the schema a to-do stores them with, nothing else. */
function requireRule(rule: Recurrence): void {
  if (!recurrenceSchema.safeParse(rule).success) {
    throw new RangeError(`not a recurrence rule: ${JSON.stringify(rule)}`);
  }
}

function requireDay(day: string): void {
  if (parseDay(day) === null) throw new RangeError(`not a YYYY-MM-DD calendar day: ${day}`);
}

/** The first day after `after` whose weekday is one of `weekdays`. */
function nextWeekday(after: string, weekdays: readonly number[]): string {
  for (let step = 1; step <= 7; step += 1) {
    const day = addDays(after, step);
    if (weekdays.includes(weekdayOf(day))) return day;
  }
  throw new RangeError('no weekday given');
}

/** The rule's day in the month that is `monthsLater` months after `after`'s month. */
function monthlyDay(after: string, dayOfMonth: number, monthsLater: number): string {
  const { year, month } = parseDay(after)!;
  const index = year * 12 + (month - 1) + monthsLater;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const day = makeDay(y, m, Math.min(dayOfMonth, daysInMonth(y, m)));
  if (day === null) throw new RangeError('the day falls outside years 0..9999');
  return day;
}

/**
 * The next due day strictly after `fromDay` (the due day just finished) and, when given, strictly
 * after `doneDay` as well. Throws a RangeError for an invalid rule or day.
 */
export function nextOccurrence(rule: Recurrence, fromDay: string, doneDay?: string): string {
  requireRule(rule);
  requireDay(fromDay);
  if (doneDay !== undefined) requireDay(doneDay);
  const after = doneDay !== undefined && doneDay > fromDay ? doneDay : fromDay;
  switch (rule.kind) {
    case 'daily':
      return addDays(after, 1);
    case 'weekdays':
      return nextWeekday(after, [1, 2, 3, 4, 5]);
    case 'weekly':
      return nextWeekday(after, rule.days);
    case 'monthly': {
      const thisMonth = monthlyDay(after, rule.day, 0);
      return thisMonth > after ? thisMonth : monthlyDay(after, rule.day, 1);
    }
    case 'everyNDays': {
      const steps = Math.floor(daysBetween(fromDay, after) / rule.n) + 1;
      return addDays(fromDay, steps * rule.n);
    }
  }
}

/**
 * The first due day on or after `day`: the day itself for a daily rule or one every N days (which
 * count from their first day), else the rule's first day from it. A new repeating to-do with no
 * day of its own (quick add's "every mon") starts there. Throws a RangeError as nextOccurrence.
 */
export function firstOccurrence(rule: Recurrence, day: string): string {
  requireRule(rule);
  requireDay(day);
  if (rule.kind === 'daily' || rule.kind === 'everyNDays') return day;
  return nextOccurrence(rule, addDays(day, -1));
}

/**
 * The rule in a few words: "Every day", "Every weekday", "Every Mon, Wed", "Monthly on day 15",
 * "Every 3 days", "Every 2 weeks", with the site's weekday names (lib/date-format) from `weekStartsOn` (the site's
 * Monday unless told). A weekly rule on all seven days reads "Every day", and one on Monday to
 * Friday reads "Every weekday", as they mean the same.
 */
export function describeRule(
  rule: Recurrence,
  weekStartsOn: 0 | 1 = SITE_CALENDAR.weekStartsOn,
): string {
  requireRule(rule);
  switch (rule.kind) {
    case 'daily':
      return 'Every day';
    case 'weekdays':
      return 'Every weekday';
    case 'weekly': {
      const days = [...rule.days].sort(
        (x, y) => ((x - weekStartsOn + 7) % 7) - ((y - weekStartsOn + 7) % 7),
      );
      if (days.length === 7) return 'Every day';
      if (days.join() === '1,2,3,4,5') return 'Every weekday';
      return `Every ${days.map(formatWeekday).join(', ')}`;
    }
    case 'monthly':
      return `Monthly on day ${rule.day}`;
    case 'everyNDays':
      if (rule.n === 1) return 'Every day';
      if (rule.n === 7) return 'Every week';
      return rule.n % 7 === 0 ? `Every ${rule.n / 7} weeks` : `Every ${rule.n} days`;
  }
}
