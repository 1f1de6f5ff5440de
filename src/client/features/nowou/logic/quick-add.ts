/**
 * The quick-add line: "Call Anna tomorrow 2pm 30m #work !1" becomes a to-do titled "Call Anna",
 * due tomorrow at 14:00, 30 minutes long, tagged "work", priority 1. Typing stays one line of text
 * and nothing is asked in a form; `matched` tells the UI which words were understood so it can
 * highlight them while the visitor types.
 *
 * What is understood, case-insensitively, each as whole words separated by spaces (so "email#3",
 * "today's" and "tomorrow," are left alone; a trailing comma or full stop makes a word plain text):
 *
 * - a day: `today`, `tomorrow`, `next week` (the first day of next week), a weekday of next
 *   week (`next friday`, `next week fri`, `friday next week`), a weekday name or its
 *   English short form (`monday`, `mon`: the next such day strictly after today, so `fri` on a
 *   Friday is a week later; write `today` for today; `sun`, `sat` and `wed` are everyday words, so
 *   they are days only at the end of the line or followed only by words understood here, as in
 *   "Lunch sat 12:30", never amid the title: "Watch the sun set"), `2026-12-03`, `3/12` (day/month),
 *   `dec 3`, `3 dec`, `december 3rd` (a month's name, long or short, only beside a day number). A date without a year is the next such date on or after today, so today's own
 *   date is today and a passed one is next year's. `someday` instead puts the to-do on the someday
 *   list with no day.
 * - a time: `14:30`, `9:05`, `9am`, `2pm`, `2:30pm` (`12am` is midnight, `12pm` noon).
 * - a duration from 1 minute to 24 hours: `30m`, `1h`, `1h30m`, `90min`, `1.5h`, `2hrs`.
 * - `#tag`: letters, digits, `-` and `_`, at least one letter (so "#42" stays an issue number), up
 *   to 40 characters and 20 tags; lower-cased, each once.
 * - priority `!1`, `!2`, `!3` (1 is the most urgent; none is 0).
 * - a repeat: `every day`, `every weekday`, `every mon` (or `every monday and thursday`, `every
 *   mon, wed`), `every week` (on the to-do's weekday), `every week on fri`, `every 2 weeks`,
 *   `every 3 days`, `every other week`, `every month` (on the to-do's date), `every month on the
 *   1st`, `monthly on the 15th`, `weekly on tue`; `daily`, `weekly` and `monthly` alone only after
 *   the title with nothing but understood words after them ("Pay rent monthly" repeats, "Weekly
 *   review" stays a title). English words only. A repeat with no day of its own starts on its
 *   first due day on or after today (`every mon` typed on a Monday starts today); with one, it
 *   starts there.
 *
 * Each of day-or-someday, time, duration and priority is read once: the first in the text counts
 * and a later one stays in the title ("Meet mon or tue" is due Monday, titled "Meet or tue"). A
 * time alone leaves the day null for the caller to decide. The recognised words leave the title;
 * a title that would be empty is the whole text instead.
 *
 * Days are the visitor's own calendar days (the local date of `now`, never UTC). English words are
 * always understood; `locale` adds that language's words for today and tomorrow, its weekday
 * names written out and its month names, as Intl writes them (its short weekday names are not
 * read alone: many, such as German "Do" and "So" or Spanish "mar", are everyday words).
 */
import type { Recurrence } from '#shared/nowou-records';
import { addDays, dayOf, isDay, makeDay, parseDay, weekdayOf } from './calendar-day';
import { firstOccurrence } from './recurrence';

export interface QuickAddOptions {
  /** The first day of the week, for `next week`: 0 = Sunday, 1 = Monday (the default). */
  weekStartsOn?: 0 | 1;
  /** A BCP 47 language tag such as 'sv' or 'de-DE'; English only when left out or not valid. */
  locale?: string;
}

export type QuickAddKind = 'day' | 'someday' | 'time' | 'duration' | 'tag' | 'priority' | 'repeat';

export interface QuickAddMatch {
  kind: QuickAddKind;
  /** The words as typed. */
  text: string;
  /** Where they are in the text: text.slice(start, end) === this.text. */
  start: number;
  end: number;
}

export type Priority = 0 | 1 | 2 | 3;

export interface QuickAdd {
  title: string;
  /** 'YYYY-MM-DD' */
  day: string | null;
  /** 'HH:MM', 24-hour */
  time: string | null;
  durationMinutes: number | null;
  tags: string[];
  priority: Priority;
  list: 'someday' | null;
  /** The repeat rule; a repeating line always has a day (its first due day) unless in Someday. */
  recurrence: Recurrence | null;
  /** What was understood, in the order it appears in the text. */
  matched: QuickAddMatch[];
}

/** The stored to-do's limits: longer tags, more tags or longer durations are left as text. */
export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 20;
export const MAX_DURATION_MINUTES = 24 * 60;

interface Word {
  text: string;
  /** The word normalised for comparing. */
  key: string;
  start: number;
  end: number;
}

type PhraseMeaning =
  | { type: 'daysFromToday'; days: number }
  | { type: 'weekday'; weekday: number }
  | { type: 'nextWeek' }
  | { type: 'someday' };

interface Vocabulary {
  /** Keys are lower-cased words joined by one space. */
  phrases: Map<string, PhraseMeaning>;
  longestPhrase: number;
  /** Month names, long and short, to 1..12. */
  months: Map<string, number>;
  /** English short weekday names that are everyday words, to their weekday (0 = Sunday). */
  everydayWeekdays: Map<string, number>;
}

type Reading =
  | { kind: 'day'; day: string }
  | { kind: 'someday' }
  | { kind: 'time'; time: string }
  | { kind: 'duration'; minutes: number }
  | { kind: 'tag'; tag: string }
  | { kind: 'priority'; priority: Priority }
  | { kind: 'repeat'; rule: RepeatRule; day?: string };

/**
 * A repeat as read: a rule, or one whose weekday or date is the to-do's first day's ("every week",
 * "every month"), known once the whole line is read.
 */
type RepeatRule = Recurrence | { kind: 'weeklyOnStart' } | { kind: 'monthlyOnStart' };

/** A reading and the number of words it takes. */
type Found = Reading & { words: number };

interface Context {
  today: string;
  weekStartsOn: 0 | 1;
  vocabulary: Vocabulary;
}

const ENGLISH = 'en-US';

/**
 * Lower case without a locale's special rules, so that typed words and Intl's names compare the
 * same in every language; typographic apostrophes made straight ("aujourd’hui").
 */
function normalise(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .trim()
    .toLowerCase();
}

/** Intl's name without the abbreviation's full stop: "lun." → "lun". */
const nameOf = (text: string) => normalise(text).replace(/\.$/, '');

function setOnce<V>(map: Map<string, V>, key: string, value: V): void {
  if (key !== '' && !map.has(key)) map.set(key, value);
}

/**
 * English short weekday names that are everyday words ("Watch the sun set", "sat down", "wed in
 * June"): read as days only when written out (sunday, saturday, wednesday).
 */
const EVERYDAY_SHORT_WEEKDAYS = new Set(['sun', 'sat', 'wed']);

/**
 * Adds a language's words. Short weekday names stand alone as days only in English, where the
 * few that are everyday words are known (EVERYDAY_SHORT_WEEKDAYS): in other languages many are
 * (Swedish mån, French mer and jeu, Spanish and Italian mar, Portuguese ter), so there only the
 * full names are days. Short month names count only beside a day number ("mar 5", "3 déc").
 */
function addLocaleWords(vocabulary: Vocabulary, locale: string): void {
  const { phrases, months } = vocabulary;
  const english = locale === ENGLISH;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const days of [0, 1]) {
    const phrase = normalise(relative.format(days, 'day'));
    // Only a word of its own ("today"), never a count such as "in 1 day".
    if (!/\d/.test(phrase)) setOnce(phrases, phrase, { type: 'daysFromToday', days });
  }
  for (const style of ['long', 'short'] as const) {
    const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
    for (let weekday = 0; weekday < 7; weekday += 1) {
      // 1 January 2023 was a Sunday.
      const name = nameOf(format.format(Date.UTC(2023, 0, 1 + weekday)));
      const alone = style === 'long' || (english && !EVERYDAY_SHORT_WEEKDAYS.has(name));
      if (alone) setOnce(phrases, name, { type: 'weekday', weekday });
      else if (english) vocabulary.everydayWeekdays.set(name, weekday);
    }
  }
  for (const style of ['long', 'short'] as const) {
    // Both the month alone ("januari") and the month in a date, which some languages inflect.
    const alone = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
    const inDate = new Intl.DateTimeFormat(locale, {
      month: style,
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month += 1) {
      const at = Date.UTC(2023, month - 1, 1);
      setOnce(months, nameOf(alone.format(at)), month);
      const part = inDate.formatToParts(at).find((piece) => piece.type === 'month');
      if (part) setOnce(months, nameOf(part.value), month);
    }
  }
}

const vocabularies = new Map<string, Vocabulary>();

function vocabularyFor(locale: string | undefined): Vocabulary {
  let language = ENGLISH;
  try {
    language = locale ? (Intl.getCanonicalLocales(locale)[0] ?? ENGLISH) : ENGLISH;
  } catch {
    // Not a language tag: English only.
  }
  let vocabulary = vocabularies.get(language);
  if (vocabulary) return vocabulary;
  vocabulary = {
    phrases: new Map<string, PhraseMeaning>([
      ['today', { type: 'daysFromToday', days: 0 }],
      ['tomorrow', { type: 'daysFromToday', days: 1 }],
      ['next week', { type: 'nextWeek' }],
      ['someday', { type: 'someday' }],
    ]),
    longestPhrase: 1,
    months: new Map([['sept', 9]]),
    everydayWeekdays: new Map(),
  };
  addLocaleWords(vocabulary, ENGLISH);
  if (language !== ENGLISH) addLocaleWords(vocabulary, language);
  vocabulary.longestPhrase = Math.max(
    ...[...vocabulary.phrases.keys()].map((phrase) => phrase.split(' ').length),
  );
  vocabularies.set(language, vocabulary);
  return vocabulary;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({
    text: match[0],
    key: normalise(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The first date with this month and day on or after today, or null when there is none. */
function nextDate(today: string, month: number, date: number): string | null {
  const { year } = parseDay(today) ?? { year: 0 };
  // Eight years always reach a 29 February (2096 to 2104 is the longest wait).
  for (let candidate = year; candidate <= year + 8; candidate += 1) {
    const day = makeDay(candidate, month, date);
    if (day !== null && day >= today) return day;
  }
  return null;
}

function resolvePhrase(meaning: PhraseMeaning, context: Context): Reading {
  const { today, weekStartsOn } = context;
  const daysUntil = (weekday: number) => (weekday - weekdayOf(today) + 7) % 7 || 7;
  switch (meaning.type) {
    case 'daysFromToday':
      return { kind: 'day', day: addDays(today, meaning.days) };
    case 'weekday':
      return { kind: 'day', day: addDays(today, daysUntil(meaning.weekday)) };
    case 'nextWeek':
      return { kind: 'day', day: addDays(today, daysUntil(weekStartsOn)) };
    case 'someday':
      return { kind: 'someday' };
  }
}

const DAY_OF_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?$/;

/** The weekday a phrase names, or undefined: "friday", "fri", and beside "next" also "wed". */
function weekdayAt(words: Word[], i: number, context: Context): number | undefined {
  const key = words[i]?.key;
  if (key === undefined) return undefined;
  const meaning = context.vocabulary.phrases.get(key);
  if (meaning?.type === 'weekday') return meaning.weekday;
  return context.vocabulary.everydayWeekdays.get(key);
}

/**
 * "sun", "sat" or "wed" as a day: only where no title words follow, so "Lunch sat 12:30" is due
 * Saturday and "Watch the sun set" stays a title.
 */
function readEverydayWeekday(words: Word[], i: number, context: Context): Found | null {
  const word = words[i];
  const weekday = word ? context.vocabulary.everydayWeekdays.get(word.key) : undefined;
  if (weekday === undefined || i === 0) return null;
  const titleFollows = words.slice(i + 1).some((next) => readWord(next.key, context) === null);
  if (titleFollows) return null;
  return { ...resolvePhrase({ type: 'weekday', weekday }, context), words: 1 };
}

/**
 * A weekday in next week, the week after this one: "next friday", "next week friday", "friday next
 * week" (so a plan typed for next week never reads as this week's day and leaves the rest as title).
 */
function readNextWeekWeekday(words: Word[], i: number, context: Context): Found | null {
  const isNext = (j: number) => words[j]?.key === 'next';
  const isNextWeek = (j: number) => isNext(j) && words[j + 1]?.key === 'week';
  let weekday: number | undefined;
  let length = 0;
  if (isNextWeek(i) && (weekday = weekdayAt(words, i + 2, context)) !== undefined) length = 3;
  else if (isNext(i) && (weekday = weekdayAt(words, i + 1, context)) !== undefined) length = 2;
  else if ((weekday = weekdayAt(words, i, context)) !== undefined && isNextWeek(i + 1)) length = 3;
  if (weekday === undefined || length === 0) return null;
  const { today, weekStartsOn } = context;
  const firstOfNextWeek = addDays(today, (weekStartsOn - weekdayOf(today) + 7) % 7 || 7);
  return {
    kind: 'day',
    day: addDays(firstOfNextWeek, (weekday - weekStartsOn + 7) % 7),
    words: length,
  };
}

/** "dec 3", "3 dec", "december 3rd", "3 december". */
function readMonthAndDay(words: Word[], i: number, context: Context): Found | null {
  const [first, second] = [words[i]?.key, words[i + 1]?.key];
  if (first === undefined || second === undefined) return null;
  const { months } = context.vocabulary;
  const month = months.get(first) ?? months.get(second);
  const date = DAY_OF_MONTH.exec(months.has(first) ? second : first)?.[1];
  if (month === undefined || date === undefined) return null;
  const day = nextDate(context.today, month, Number(date));
  return day === null ? null : { kind: 'day', day, words: 2 };
}

/** The longest known phrase starting at word i: "next week", "i morgon", "tomorrow", "fri". */
function readPhrase(words: Word[], i: number, context: Context): Found | null {
  const { phrases, longestPhrase } = context.vocabulary;
  for (let length = Math.min(longestPhrase, words.length - i); length >= 1; length -= 1) {
    const phrase = words
      .slice(i, i + length)
      .map((word) => word.key)
      .join(' ');
    const meaning = phrases.get(phrase);
    if (meaning) return { ...resolvePhrase(meaning, context), words: length };
  }
  return null;
}

/** 'HH:MM' of `14:30`, `9:05`, `9am`, `2:30pm` (`12am` is midnight), else null. */
function timeOf(key: string): string | null {
  const clock = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(key);
  if (clock) return `${clock[1]?.padStart(2, '0')}:${clock[2]}`;
  const twelveHour = /^(1[0-2]|0?[1-9])(?::([0-5]\d))?(am|pm)$/.exec(key);
  if (!twelveHour) return null;
  const hour = (Number(twelveHour[1]) % 12) + (twelveHour[3] === 'pm' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${twelveHour[2] ?? '00'}`;
}

/**
 * Minutes of `30m`, `1h`, `1h30m`, `90min`, `1.5h`, `2hrs`: undefined when the word is no
 * duration, null when it is one outside 1 minute to 24 hours.
 */
function durationOf(key: string): number | null | undefined {
  const duration =
    /^(?:(\d{1,3}(?:\.\d+)?)(?:h|hrs?|hours?))?(?:(\d{1,4})(?:m|mins?|minutes?))?$/.exec(key);
  if (!duration || (duration[1] === undefined && duration[2] === undefined)) return undefined;
  const minutes = Math.round(Number(duration[1] ?? 0) * 60) + Number(duration[2] ?? 0);
  return minutes >= 1 && minutes <= MAX_DURATION_MINUTES ? minutes : null;
}

/**
 * The tag of `#tag` (letters, digits, - and _, at least one letter), lower-cased: undefined when
 * the word is no tag, null when it is one longer than a stored tag may be.
 */
function tagOf(key: string): string | null | undefined {
  const tag = /^#([\p{L}\p{N}_-]+)$/u.exec(key);
  if (!tag?.[1] || !/\p{L}/u.test(tag[1])) return undefined;
  const name = tag[1].toLowerCase();
  return name.length <= MAX_TAG_LENGTH ? name : null;
}

/** A time typed on its own, as quick add reads it (`14:30`, `2pm`): 'HH:MM', or null. */
export function parseTime(text: string): string | null {
  return timeOf(normalise(text));
}

/**
 * A duration typed on its own, as quick add reads it (`30m`, `1h30m`), or a bare number of
 * minutes: 1 to 1440 minutes, or null.
 */
export function parseDuration(text: string): number | null {
  const key = normalise(text);
  if (/^\d{1,4}$/.test(key)) {
    const minutes = Number(key);
    return minutes >= 1 && minutes <= MAX_DURATION_MINUTES ? minutes : null;
  }
  return durationOf(key) ?? null;
}

/**
 * Tags typed in a field, with or without `#`, split by spaces or commas: each once, lower-cased,
 * as quick add reads them; or the first word that is no tag (or `MAX_TAGS` passed).
 */
export function parseTags(
  text: string,
): { ok: true; tags: string[] } | { ok: false; word: string } {
  const tags: string[] = [];
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const tag = tagOf(normalise(word.startsWith('#') ? word : `#${word}`));
    if (!tag) return { ok: false, word };
    if (tags.includes(tag)) continue;
    if (tags.length >= MAX_TAGS) return { ok: false, word };
    tags.push(tag);
  }
  return { ok: true, tags };
}

/** A weekday named by one word, written out or short, or as a plural ("mondays"). */
function weekdayOfKey(key: string, context: Context): number | undefined {
  const { phrases, everydayWeekdays } = context.vocabulary;
  for (const candidate of [key, key.endsWith('s') ? key.slice(0, -1) : '']) {
    const meaning = phrases.get(candidate);
    if (meaning?.type === 'weekday') return meaning.weekday;
  }
  return everydayWeekdays.get(key);
}

/**
 * Weekdays from word j: "mon", "mon and thu", "mon, wed, fri" (a comma or "and" only between two
 * weekdays): the days and how many words they take, or null when word j names none.
 */
function readWeekdayList(words: Word[], j: number, context: Context) {
  const days: number[] = [];
  let k = j;
  for (;;) {
    const key = words[k]?.key ?? '';
    const comma = key.endsWith(',');
    const weekday = weekdayOfKey(comma ? key.slice(0, -1) : key, context);
    if (weekday === undefined) break;
    if (!days.includes(weekday)) days.push(weekday);
    const next = (at: number) => weekdayOfKey((words[at]?.key ?? '').replace(/,$/, ''), context);
    if (comma && next(k + 1) !== undefined) k += 1;
    else if (!comma && words[k + 1]?.key === 'and' && next(k + 2) !== undefined) k += 2;
    else {
      k += 1;
      break;
    }
  }
  return days.length === 0 ? null : { days, words: k - j };
}

/** The day of the month of "on the 1st", "on the 15", "on day 15", "on the 31st": 1–31 and words. */
function readMonthDay(words: Word[], j: number): { day: number; words: number } | null {
  if (words[j]?.key !== 'on') return null;
  const filler = words[j + 1]?.key === 'the' || words[j + 1]?.key === 'day' ? 1 : 0;
  const date = DAY_OF_MONTH.exec(words[j + 1 + filler]?.key ?? '')?.[1];
  const day = Number(date);
  return date !== undefined && day >= 1 && day <= 31 ? { day, words: 2 + filler } : null;
}

/** A whole number of days or weeks for "every N days": 1–365 days, else null. */
function everyNDays(count: number, unit: 'day' | 'week'): Recurrence | null {
  const n = unit === 'week' ? count * 7 : count;
  return Number.isInteger(n) && n >= 1 && n <= 365 ? { kind: 'everyNDays', n } : null;
}

const UNITS = new Map<string, 'day' | 'week'>([
  ['day', 'day'],
  ['days', 'day'],
  ['week', 'week'],
  ['weeks', 'week'],
]);

/** The first day from today (on or after) with this weekday. */
function onOrAfter(today: string, weekday: number): string {
  return addDays(today, (weekday - weekdayOf(today) + 7) % 7);
}

/**
 * "every …" from word i: the rule and how many words it takes. A week-long rhythm may be followed
 * by "on <weekday>": a weekly rule on those days, or for every N weeks its first day.
 */
function readEvery(words: Word[], i: number, context: Context): Found | null {
  const next = words[i + 1]?.key;
  if (next === undefined) return null;
  const repeat = (rule: RepeatRule, length: number, day?: string): Found => ({
    kind: 'repeat',
    rule,
    ...(day === undefined ? {} : { day }),
    words: length,
  });
  if (next === 'day') return repeat({ kind: 'daily' }, 2);
  if (next === 'weekday' || next === 'weekdays') return repeat({ kind: 'weekdays' }, 2);
  if (next === 'month') {
    const on = readMonthDay(words, i + 2);
    return on
      ? repeat({ kind: 'monthly', day: on.day }, 2 + on.words)
      : repeat({ kind: 'monthlyOnStart' }, 2);
  }
  const listed = readWeekdayList(words, i + 1, context);
  if (listed) return repeat({ kind: 'weekly', days: listed.days }, 1 + listed.words);

  // "every week", "every other week", "every 2 weeks", "every 3 days", "every other day".
  let count: number;
  let unitAt = i + 2;
  if (next === 'week') [count, unitAt] = [1, i + 1];
  else if (next === 'other') count = 2;
  else if (/^\d{1,3}$/.test(next)) count = Number(next);
  else return null;
  const unit = UNITS.get(words[unitAt]?.key ?? '');
  if (unit === undefined) return null;
  const rule = everyNDays(count, unit);
  if (rule === null) return null;
  const length = unitAt - i + 1;
  const on =
    unit === 'week' && words[unitAt + 1]?.key === 'on'
      ? readWeekdayList(words, unitAt + 2, context)
      : null;
  if (count === 1 && unit === 'week') {
    return on
      ? repeat({ kind: 'weekly', days: on.days }, length + 1 + on.words)
      : repeat({ kind: 'weeklyOnStart' }, length);
  }
  if (on?.days.length === 1) {
    return repeat(rule, length + 1 + on.words, onOrAfter(context.today, on.days[0]!));
  }
  return repeat(rule, length);
}

/**
 * "daily", "weekly", "monthly": with "on …" anywhere ("monthly on the 1st", "weekly on tue"),
 * alone only after the title with nothing but understood words after them, so "Pay rent monthly"
 * repeats and "Weekly review" stays a title.
 */
function readAdverb(words: Word[], i: number, context: Context): Found | null {
  const key = words[i]?.key;
  if (key !== 'daily' && key !== 'weekly' && key !== 'monthly') return null;
  if (key === 'monthly') {
    const on = readMonthDay(words, i + 1);
    if (on) return { kind: 'repeat', rule: { kind: 'monthly', day: on.day }, words: 1 + on.words };
  }
  if (key === 'weekly' && words[i + 1]?.key === 'on') {
    const on = readWeekdayList(words, i + 2, context);
    if (on) return { kind: 'repeat', rule: { kind: 'weekly', days: on.days }, words: 2 + on.words };
  }
  const titleFollows = words.slice(i + 1).some((next) => readWord(next.key, context) === null);
  if (i === 0 || titleFollows) return null;
  const rule: RepeatRule =
    key === 'daily'
      ? { kind: 'daily' }
      : key === 'weekly'
        ? { kind: 'weeklyOnStart' }
        : { kind: 'monthlyOnStart' };
  return { kind: 'repeat', rule, words: 1 };
}

/** "every …", "daily", "weekly", "monthly": a repeat, or null. */
function readRepeat(words: Word[], i: number, context: Context): Found | null {
  return words[i]?.key === 'every' ? readEvery(words, i, context) : readAdverb(words, i, context);
}

/** The rule and first day of a repeat once the line's own day (or none) is known. */
function settleRepeat(
  repeat: Extract<Reading, { kind: 'repeat' }>,
  day: string | null,
  today: string,
): { rule: Recurrence; day: string } {
  const start = day ?? repeat.day;
  if (repeat.rule.kind === 'weeklyOnStart') {
    const first = start ?? today;
    return { rule: { kind: 'weekly', days: [weekdayOf(first)] }, day: first };
  }
  if (repeat.rule.kind === 'monthlyOnStart') {
    const first = start ?? today;
    return { rule: { kind: 'monthly', day: parseDay(first)!.date }, day: first };
  }
  return { rule: repeat.rule, day: start ?? firstOccurrence(repeat.rule, today) };
}

/** A reading of one word on its own. */
function readWord(key: string, context: Context): Reading | null {
  if (isDay(key)) return { kind: 'day', day: key };

  const dayMonth = /^(\d{1,2})\/(\d{1,2})$/.exec(key);
  if (dayMonth) {
    const day = nextDate(context.today, Number(dayMonth[2]), Number(dayMonth[1]));
    return day === null ? null : { kind: 'day', day };
  }

  const time = timeOf(key);
  if (time) return { kind: 'time', time };

  const minutes = durationOf(key);
  if (minutes !== undefined) return minutes === null ? null : { kind: 'duration', minutes };

  const tag = tagOf(key);
  if (tag !== undefined) return tag === null ? null : { kind: 'tag', tag };

  const priority = /^!([1-3])$/.exec(key);
  if (priority) return { kind: 'priority', priority: Number(priority[1]) as Priority };

  return null;
}

/** Readings of the words at i, longest first. */
function readingsAt(words: Word[], i: number, context: Context): Found[] {
  const found: (Found | null)[] = [
    readRepeat(words, i, context),
    readNextWeekWeekday(words, i, context),
    readMonthAndDay(words, i, context),
    readPhrase(words, i, context),
    readEverydayWeekday(words, i, context),
  ];
  const word = words[i];
  const single = word ? readWord(word.key, context) : null;
  if (single) found.push({ ...single, words: 1 });
  return found.filter((reading): reading is Found => reading !== null);
}

export function parseQuickAdd(text: string, now: Date, options: QuickAddOptions = {}): QuickAdd {
  const vocabulary = vocabularyFor(options.locale);
  const context: Context = {
    today: dayOf(now),
    weekStartsOn: options.weekStartsOn ?? 1,
    vocabulary,
  };
  const words = wordsOf(text);
  const result: QuickAdd = {
    title: '',
    day: null,
    time: null,
    durationMinutes: null,
    tags: [],
    priority: 0,
    list: null,
    recurrence: null,
    matched: [],
  };
  const taken = new Set<'when' | 'time' | 'duration' | 'priority'>();
  let repeat: Extract<Reading, { kind: 'repeat' }> | null = null;
  const titleWords: string[] = [];

  /** Applies a reading unless its kind was already read; false when it was. */
  function apply(reading: Reading): boolean {
    switch (reading.kind) {
      case 'day':
      case 'someday':
        if (taken.has('when')) return false;
        taken.add('when');
        if (reading.kind === 'day') result.day = reading.day;
        else result.list = 'someday';
        return true;
      case 'time':
        if (taken.has('time')) return false;
        taken.add('time');
        result.time = reading.time;
        return true;
      case 'duration':
        if (taken.has('duration')) return false;
        taken.add('duration');
        result.durationMinutes = reading.minutes;
        return true;
      case 'priority':
        if (taken.has('priority')) return false;
        taken.add('priority');
        result.priority = reading.priority;
        return true;
      case 'repeat':
        if (repeat) return false;
        repeat = reading;
        return true;
      case 'tag':
        if (result.tags.includes(reading.tag)) return true;
        if (result.tags.length >= MAX_TAGS) return false;
        result.tags.push(reading.tag);
        return true;
    }
  }

  for (let i = 0; i < words.length;) {
    const reading = readingsAt(words, i, context).find(apply);
    const first = words[i];
    const last = words[i + (reading?.words ?? 1) - 1];
    if (!first || !last) break;
    if (reading) {
      result.matched.push({
        kind: reading.kind,
        text: text.slice(first.start, last.end),
        start: first.start,
        end: last.end,
      });
      i += reading.words;
    } else {
      titleWords.push(first.text);
      i += 1;
    }
  }

  if (repeat) {
    const settled = settleRepeat(repeat, result.day, context.today);
    result.recurrence = settled.rule;
    if (result.list !== 'someday') result.day = settled.day;
  }
  result.title = titleWords.join(' ') || words.map((word) => word.text).join(' ');
  return result;
}
