import { afterEach, describe, expect, test } from 'vitest';
import { recurrenceSchema, type Recurrence } from '#shared/nowou-records';
import {
  parseDuration,
  parseQuickAdd,
  parseTags,
  parseTime,
  type QuickAdd,
  type QuickAddOptions,
} from './quick-add';

/** Friday 4 December 2026, 10:00 local time. */
const FRIDAY = new Date(2026, 11, 4, 10, 0);

function parse(text: string, now = FRIDAY, options?: QuickAddOptions): QuickAdd {
  const result = parseQuickAdd(text, now, options);
  // Every match names exactly the text it came from.
  for (const match of result.matched) expect(text.slice(match.start, match.end)).toBe(match.text);
  return result;
}

const zoneAtStart = process.env.TZ;
afterEach(() => {
  if (zoneAtStart === undefined) delete process.env.TZ;
  else process.env.TZ = zoneAtStart;
});

test('a whole line: day, time, duration, tags and priority leave a plain title', () => {
  expect(parse('Call Anna tomorrow 2pm 30m #work #Calls !1')).toEqual({
    title: 'Call Anna',
    day: '2026-12-05',
    time: '14:00',
    durationMinutes: 30,
    tags: ['work', 'calls'],
    priority: 1,
    list: null,
    recurrence: null,
    matched: [
      { kind: 'day', text: 'tomorrow', start: 10, end: 18 },
      { kind: 'time', text: '2pm', start: 19, end: 22 },
      { kind: 'duration', text: '30m', start: 23, end: 26 },
      { kind: 'tag', text: '#work', start: 27, end: 32 },
      { kind: 'tag', text: '#Calls', start: 33, end: 39 },
      { kind: 'priority', text: '!1', start: 40, end: 42 },
    ],
  });
});

test('tokens are understood anywhere in the text, and the title keeps the rest in order', () => {
  const result = parse('!2 #home Fix the 14:30 leaking dec 9 tap 1h30m');
  expect(result).toMatchObject({
    title: 'Fix the leaking tap',
    day: '2026-12-09',
    time: '14:30',
    durationMinutes: 90,
    tags: ['home'],
    priority: 2,
  });
  expect(result.matched.map((match) => match.kind)).toEqual([
    'priority',
    'tag',
    'time',
    'day',
    'duration',
  ]);
});

test('plain text is all title', () => {
  expect(parse('Buy milk')).toEqual({
    title: 'Buy milk',
    day: null,
    time: null,
    durationMinutes: null,
    tags: [],
    priority: 0,
    list: null,
    recurrence: null,
    matched: [],
  });
  expect(parse('').title).toBe('');
});

describe('days', () => {
  test.each([
    ['today', '2026-12-04'],
    ['TODAY', '2026-12-04'],
    ['Tomorrow', '2026-12-05'],
    ['2026-12-25', '2026-12-25'],
    // An explicit year is taken as written, even when it has passed.
    ['2026-12-03', '2026-12-03'],
    ['2028-02-29', '2028-02-29'],
  ])('%s → %s', (word, day) => {
    expect(parse(`Dentist ${word}`)).toMatchObject({ title: 'Dentist', day, list: null });
  });

  test.each([
    ['monday', '2026-12-07'],
    ['Mon', '2026-12-07'],
    ['tue', '2026-12-08'],
    ['Wednesday', '2026-12-09'],
    ['thu', '2026-12-10'],
    ['saturday', '2026-12-05'],
    ['SUNDAY', '2026-12-06'],
    // On a Friday, "fri" is next week's Friday; "today" is today.
    ['fri', '2026-12-11'],
    ['friday', '2026-12-11'],
  ])('on Friday 4 December, %s → %s', (word, day) => {
    expect(parse(`Gym ${word}`)).toMatchObject({ title: 'Gym', day });
  });

  test('weekdays and tomorrow roll over months and years', () => {
    const wednesday = new Date(2026, 11, 30, 9, 0);
    expect(parse('mon', wednesday).day).toBe('2027-01-04');
    expect(parse('thu', wednesday).day).toBe('2026-12-31');
    expect(parse('tomorrow', new Date(2026, 11, 31, 22, 0)).day).toBe('2027-01-01');
    expect(parse('tomorrow', new Date(2028, 1, 28, 9, 0)).day).toBe('2028-02-29');
    expect(parse('tomorrow', new Date(2027, 1, 28, 9, 0)).day).toBe('2027-03-01');
    expect(parse('sunday', new Date(2026, 10, 30, 9, 0)).day).toBe('2026-12-06');
  });

  test.each([
    ['Watch the sun set', 'Watch the sun set'],
    ['Sun cream', 'Sun cream'],
    ['sat down with Ada', 'sat down with Ada'],
    ['The sun is out', 'The sun is out'],
    ['Wed in June', 'Wed in June'],
    ['May I go', 'May I go'],
    ['mar the table', 'mar the table'],
    ['Buy may flowers', 'Buy may flowers'],
  ])('short names that are everyday words stay words: %s', (text, title) => {
    expect(parse(text)).toMatchObject({ title, day: null, matched: [] });
  });

  test.each([
    ['Gym mon', 'Gym', '2026-12-07'],
    ['Gym tue', 'Gym', '2026-12-08'],
    ['Gym wed', 'Gym', '2026-12-09'],
    ['Gym thu', 'Gym', '2026-12-10'],
    ['Gym fri', 'Gym', '2026-12-11'],
    ['Gym sat', 'Gym', '2026-12-05'],
    ['Gym sun', 'Gym', '2026-12-06'],
    ['Lunch on sat', 'Lunch on', '2026-12-05'],
    ['Lunch with Ada Wed 12:30 #food', 'Lunch with Ada', '2026-12-09'],
    ['Call next wed', 'Call', '2026-12-09'],
  ])('every weekday abbreviation ending the line is a day: %s', (text, title, day) => {
    expect(parse(text)).toMatchObject({ title, day });
  });

  test('a month’s short name beside a day number, and the full weekday names, are days', () => {
    expect(parse('Dentist mar 5')).toMatchObject({ title: 'Dentist', day: '2027-03-05' });
    expect(parse('Party may 5')).toMatchObject({ title: 'Party', day: '2027-05-05' });
    expect(parse('Party 5 may')).toMatchObject({ title: 'Party', day: '2027-05-05' });
    expect(parse('Watch the sun set sunday')).toMatchObject({
      title: 'Watch the sun set',
      day: '2026-12-06',
    });
    expect(parse('Lunch saturday').day).toBe('2026-12-05');
    expect(parse('Call mum wednesday').day).toBe('2026-12-09');
    // Short forms that are no everyday word still count.
    expect(parse('Gym mon').day).toBe('2026-12-07');
  });

  test.each([
    // Day/month without a year: the next such date on or after today.
    ['25/12', '2026-12-25'],
    ['4/12', '2026-12-04'],
    ['3/12', '2027-12-03'],
    ['1/1', '2027-01-01'],
    ['05/01', '2027-01-05'],
    ['29/2', '2028-02-29'],
    ['dec 25', '2026-12-25'],
    ['Dec 4', '2026-12-04'],
    ['dec 3', '2027-12-03'],
    ['3 dec', '2027-12-03'],
    ['25 December', '2026-12-25'],
    ['december 31st', '2026-12-31'],
    ['1st jan', '2027-01-01'],
    ['Jan 2nd', '2027-01-02'],
    ['mar 3rd', '2027-03-03'],
    ['sep 9', '2027-09-09'],
    ['Sept 9', '2027-09-09'],
    ['feb 29', '2028-02-29'],
    ['29 february', '2028-02-29'],
  ])('%s → %s', (words, day) => {
    expect(parse(`Pay rent ${words} now`)).toMatchObject({ title: 'Pay rent now', day });
  });

  test('a date that does not exist stays in the title', () => {
    for (const words of [
      '31/4',
      '30/2',
      '3/13',
      '0/5',
      'feb 30',
      '31 april',
      '2027-02-29',
      '32 dec',
    ]) {
      expect(parse(`Plan ${words}`)).toMatchObject({ title: `Plan ${words}`, day: null });
    }
  });

  test('a month name without a day, or a number alone, is not a date', () => {
    expect(parse('May I go')).toMatchObject({ title: 'May I go', day: null });
    expect(parse('Buy 3 apples')).toMatchObject({ title: 'Buy 3 apples', day: null });
  });

  test('someday puts the to-do on the someday list with no day', () => {
    expect(parse('Learn the cello someday')).toMatchObject({
      title: 'Learn the cello',
      day: null,
      list: 'someday',
      matched: [{ kind: 'someday', text: 'someday', start: 16, end: 23 }],
    });
    expect(parse('Someday read Proust').list).toBe('someday');
  });

  test('next week is the first day of next week, Monday unless told', () => {
    expect(parse('Plan next week')).toMatchObject({ title: 'Plan', day: '2026-12-07' });
    expect(parse('Plan Next Week', FRIDAY, { weekStartsOn: 0 }).day).toBe('2026-12-06');
    const sunday = new Date(2026, 11, 6, 9, 0);
    expect(parse('next week', sunday, { weekStartsOn: 1 }).day).toBe('2026-12-07');
    expect(parse('next week', sunday, { weekStartsOn: 0 }).day).toBe('2026-12-13');
    const monday = new Date(2026, 11, 7, 9, 0);
    expect(parse('next week', monday).day).toBe('2026-12-14');
    expect(parse('next time', FRIDAY)).toMatchObject({ title: 'next time', day: null });
  });

  test('a weekday of next week: next friday, next week sun, sunday next week', () => {
    // FRIDAY is 4 December 2026: next week runs Monday 7 to Sunday 13 December.
    expect(parse('Plan next week sunday 17:00', FRIDAY)).toMatchObject({
      title: 'Plan',
      day: '2026-12-13',
      time: '17:00',
      matched: [
        { kind: 'day', text: 'next week sunday' },
        { kind: 'time', text: '17:00' },
      ],
    });
    expect(parse('Review next monday', FRIDAY)).toMatchObject({
      title: 'Review',
      day: '2026-12-07',
    });
    expect(parse('Review friday next week', FRIDAY).day).toBe('2026-12-11');
    // On a Monday, next Wednesday is nine days on, not this week's.
    const monday = new Date(2026, 11, 7, 9, 0);
    expect(parse('Call next wednesday', monday).day).toBe('2026-12-16');
    expect(parse('next sunday', monday, { weekStartsOn: 0 }).day).toBe('2026-12-13');
    // "next" before anything else is plain text.
    expect(parse('next steps friday', monday)).toMatchObject({
      title: 'next steps',
      day: '2026-12-11',
    });
  });
});

describe('times', () => {
  test.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['09:05', '09:05'],
    ['0:00', '00:00'],
    ['23:59', '23:59'],
    ['9am', '09:00'],
    ['9AM', '09:00'],
    ['2pm', '14:00'],
    ['2:30pm', '14:30'],
    ['11:59pm', '23:59'],
    ['12am', '00:00'],
    ['12:15am', '00:15'],
    ['12pm', '12:00'],
    ['12:45pm', '12:45'],
  ])('%s → %s', (word, time) => {
    expect(parse(`Stand-up ${word}`)).toMatchObject({ title: 'Stand-up', time, day: null });
  });

  test('times that do not exist stay in the title', () => {
    for (const word of ['24:00', '9:60', '9:5', '13pm', '0am', '123:00', '9 am']) {
      expect(parse(`Call ${word}`)).toMatchObject({ title: `Call ${word}`, time: null });
    }
  });
});

describe('durations', () => {
  test.each([
    ['30m', 30],
    ['1h', 60],
    ['1h30m', 90],
    ['90min', 90],
    ['45mins', 45],
    ['1.5h', 90],
    ['0.25h', 15],
    ['2hrs', 120],
    ['2H', 120],
    ['24h', 1440],
  ])('%s → %i minutes', (word, minutes) => {
    expect(parse(`Write ${word}`)).toMatchObject({ title: 'Write', durationMinutes: minutes });
  });

  test('no duration of nothing or of more than a day', () => {
    for (const word of ['0m', '0h', '25h', '1441m', 'h', 'm', '1.h', '30s']) {
      expect(parse(`Write ${word}`)).toMatchObject({
        title: `Write ${word}`,
        durationMinutes: null,
      });
    }
  });
});

describe('tags', () => {
  test('lower-cased, each once, with letters, digits, - and _', () => {
    const result = parse('Plan #Work #trip-2027 #a_b #work #WORK #möte');
    expect(result.tags).toEqual(['work', 'trip-2027', 'a_b', 'möte']);
    expect(result.title).toBe('Plan');
    expect(result.matched.filter((match) => match.kind === 'tag')).toHaveLength(6);
  });

  test('a tag must start its own word and hold a letter', () => {
    for (const text of [
      'email#3',
      'Fix issue #42',
      'C# course',
      '##double',
      '#',
      '#tag,',
      '#a.b',
    ]) {
      expect(parse(text)).toMatchObject({ title: text, tags: [] });
    }
  });

  test('tags longer than 40 characters, or past the twentieth, stay in the title', () => {
    const long = `#${'a'.repeat(41)}`;
    expect(parse(`Note ${long}`)).toMatchObject({ title: `Note ${long}`, tags: [] });
    expect(parse(`Note #${'a'.repeat(40)}`).tags).toEqual(['a'.repeat(40)]);
    const many = Array.from({ length: 21 }, (_, i) => `#t${i}`).join(' ');
    const result = parse(`Note ${many}`);
    expect(result.tags).toHaveLength(20);
    expect(result.title).toBe('Note #t20');
  });
});

describe('priority', () => {
  test.each([
    ['!1', 1],
    ['!2', 2],
    ['!3', 3],
  ])('%s → %i', (word, priority) => {
    expect(parse(`Taxes ${word}`)).toMatchObject({ title: 'Taxes', priority });
  });

  test('other marks are text', () => {
    for (const text of ['Wow !4', 'Zero !0', 'wow!1', 'Hey !!1', '!1!']) {
      expect(parse(text)).toMatchObject({ title: text, priority: 0 });
    }
  });
});

test('each kind is read once: the first counts and later ones stay in the title', () => {
  expect(parse('Meet mon or tue')).toMatchObject({ title: 'Meet or tue', day: '2026-12-07' });
  expect(parse('Call 9am or 10am')).toMatchObject({ title: 'Call or 10am', time: '09:00' });
  expect(parse('Run 30m 1h')).toMatchObject({ title: 'Run 1h', durationMinutes: 30 });
  expect(parse('Bills !1 !3')).toMatchObject({ title: 'Bills !3', priority: 1 });
  expect(parse('Read someday tomorrow')).toMatchObject({
    title: 'Read tomorrow',
    day: null,
    list: 'someday',
  });
  expect(parse('Read tomorrow someday')).toMatchObject({
    title: 'Read someday',
    day: '2026-12-05',
    list: null,
    recurrence: null,
  });
  // With the day taken, "3 dec" is not a day; the 3 is not a time either.
  expect(parse('Party today 3 dec')).toMatchObject({ title: 'Party 3 dec', day: '2026-12-04' });
});

test('tokens inside words, or with punctuation stuck to them, are plain text', () => {
  for (const text of [
    'todays plan',
    "today's plan",
    'Mondays are long',
    'Call tomorrow, maybe',
    'yesterday',
    '9am-ish walk',
    'the 30min-talk',
    'someday/maybe',
    'mon-fri',
  ]) {
    expect(parse(text)).toMatchObject({ title: text, day: null, time: null, list: null });
  }
});

test('whitespace collapses, and a title that would be empty is the whole text', () => {
  expect(parse('   Buy \t milk   tomorrow  ').title).toBe('Buy milk');
  expect(parse('tomorrow 9am')).toMatchObject({
    title: 'tomorrow 9am',
    day: '2026-12-05',
    time: '09:00',
  });
  expect(parse('  #work   !1 ')).toMatchObject({ title: '#work !1', tags: ['work'], priority: 1 });
});

test('a two-word match keeps the spaces typed between its words', () => {
  expect(parse('Gift dec   24').matched).toEqual([
    { kind: 'day', text: 'dec   24', start: 5, end: 13 },
  ]);
});

test('the day is the local calendar day of now, in any time zone', () => {
  for (const zone of ['Pacific/Auckland', 'Pacific/Honolulu', 'Europe/Stockholm', 'UTC']) {
    process.env.TZ = zone;
    expect(parse('today', new Date(2026, 11, 4, 0, 30)).day).toBe('2026-12-04');
    expect(parse('today', new Date(2026, 11, 4, 23, 30)).day).toBe('2026-12-04');
    expect(parse('tomorrow', new Date(2026, 11, 31, 23, 59)).day).toBe('2027-01-01');
    expect(parse('fri', new Date(2026, 11, 4, 23, 59)).day).toBe('2026-12-11');
    expect(parse('4/12', new Date(2026, 11, 4, 0, 1)).day).toBe('2026-12-04');
  }
});

describe('other languages', () => {
  test('Swedish adds its words for today, tomorrow, weekdays and months', () => {
    const sv = { locale: 'sv-SE' } as const;
    expect(parse('Fika i morgon', FRIDAY, sv)).toMatchObject({ title: 'Fika', day: '2026-12-05' });
    expect(parse('Fika I MORGON', FRIDAY, sv).day).toBe('2026-12-05');
    expect(parse('Städa i dag', FRIDAY, sv)).toMatchObject({ title: 'Städa', day: '2026-12-04' });
    expect(parse('Möte måndag', FRIDAY, sv).day).toBe('2026-12-07');
    expect(parse('Möte torsdag', FRIDAY, sv).day).toBe('2026-12-10');
    // Other languages' short weekday names are often words ("mån", a degree): not days alone.
    expect(parse('Möte tors', FRIDAY, sv).day).toBeNull();
    expect(parse('Till 1 mån', FRIDAY, sv).day).toBeNull();
    expect(parse('Kalas 5 januari', FRIDAY, sv).day).toBe('2027-01-05');
    expect(parse('Kalas 24 dec.', FRIDAY, sv).day).toBe(null);
    expect(parse('Kalas 24 dec', FRIDAY, sv).day).toBe('2026-12-24');
    // English is still understood.
    expect(parse('Fika tomorrow', FRIDAY, sv).day).toBe('2026-12-05');
    // Without the locale, "i morgon" is just words.
    expect(parse('Fika i morgon').day).toBeNull();
  });

  test('German two-letter weekday abbreviations are everyday words, not days', () => {
    const de = { locale: 'de' } as const;
    expect(parse('Arzt heute', FRIDAY, de).day).toBe('2026-12-04');
    expect(parse('Arzt morgen', FRIDAY, de).day).toBe('2026-12-05');
    expect(parse('Arzt Montag', FRIDAY, de).day).toBe('2026-12-07');
    expect(parse('Arzt 3 März', FRIDAY, de).day).toBe('2027-03-03');
    expect(parse('Do it so', FRIDAY, de)).toMatchObject({ title: 'Do it so', day: null });
  });

  test('French words match with a straight or a curly apostrophe', () => {
    const fr = { locale: 'fr' } as const;
    expect(parse("Courses aujourd'hui", FRIDAY, fr).day).toBe('2026-12-04');
    expect(parse('Courses aujourd’hui', FRIDAY, fr).day).toBe('2026-12-04');
    expect(parse('Courses demain', FRIDAY, fr).day).toBe('2026-12-05');
    expect(parse('Courses lundi', FRIDAY, fr).day).toBe('2026-12-07');
    expect(parse('Courses 3 déc', FRIDAY, fr).day).toBe('2027-12-03');
  });

  test('a locale that is not a language tag gives English only', () => {
    expect(parse('Walk tomorrow', FRIDAY, { locale: 'not a locale!' }).day).toBe('2026-12-05');
  });
});

describe('fields read as quick add reads them', () => {
  test('a time', () => {
    expect(parseTime('14:30')).toBe('14:30');
    expect(parseTime(' 9:05 ')).toBe('09:05');
    expect(parseTime('2pm')).toBe('14:00');
    expect(parseTime('12am')).toBe('00:00');
    for (const bad of ['', '25:00', '14.30', 'noon', '9']) expect(parseTime(bad)).toBeNull();
  });

  test('a duration, or a bare number of minutes', () => {
    expect(parseDuration('30m')).toBe(30);
    expect(parseDuration('1h30m')).toBe(90);
    expect(parseDuration('1.5h')).toBe(90);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('24h')).toBe(1440);
    for (const bad of ['', '0', '25h', '1441', 'soon', '-5']) expect(parseDuration(bad)).toBeNull();
  });

  test('tags, with or without #, each once, lower-cased; the first bad word is named', () => {
    expect(parseTags('#Work home, #work  errands')).toEqual({
      ok: true,
      tags: ['work', 'home', 'errands'],
    });
    expect(parseTags('')).toEqual({ ok: true, tags: [] });
    expect(parseTags('work #42')).toEqual({ ok: false, word: '#42' });
    expect(parseTags('a.b')).toEqual({ ok: false, word: 'a.b' });
    expect(parseTags('x'.repeat(41))).toEqual({ ok: false, word: 'x'.repeat(41) });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(parseTags(many.join(' '))).toEqual({ ok: false, word: 't20' });
  });
});

describe('repeats', () => {
  // FRIDAY is Friday 4 December 2026.
  test.each<[string, string, Recurrence, string]>([
    ['every mon 7:00 gym', 'gym', { kind: 'weekly', days: [1] }, '2026-12-07'],
    ['Stretch every day', 'Stretch', { kind: 'daily' }, '2026-12-04'],
    ['Standup every weekday 9:30', 'Standup', { kind: 'weekdays' }, '2026-12-04'],
    ['Water plants every 2 weeks', 'Water plants', { kind: 'everyNDays', n: 14 }, '2026-12-04'],
    ['Pay rent monthly on the 1st', 'Pay rent', { kind: 'monthly', day: 1 }, '2027-01-01'],
    ['Invoice every month on the 4th', 'Invoice', { kind: 'monthly', day: 4 }, '2026-12-04'],
    ['Report monthly on day 31', 'Report', { kind: 'monthly', day: 31 }, '2026-12-31'],
    ['Swim every mon and thu', 'Swim', { kind: 'weekly', days: [1, 4] }, '2026-12-07'],
    ['Run every mon, wed, fri', 'Run', { kind: 'weekly', days: [1, 3, 5] }, '2026-12-04'],
    ['Market every saturday', 'Market', { kind: 'weekly', days: [6] }, '2026-12-05'],
    ['Church every sun', 'Church', { kind: 'weekly', days: [0] }, '2026-12-06'],
    ['Bins every tuesdays', 'Bins', { kind: 'weekly', days: [2] }, '2026-12-08'],
    ['Review every week', 'Review', { kind: 'weekly', days: [5] }, '2026-12-04'],
    ['Review every week tomorrow', 'Review', { kind: 'weekly', days: [6] }, '2026-12-05'],
    ['Review every week on tue', 'Review', { kind: 'weekly', days: [2] }, '2026-12-08'],
    ['Weekly on wed', 'Weekly on wed', { kind: 'weekly', days: [3] }, '2026-12-09'],
    ['Sync every other week on mon', 'Sync', { kind: 'everyNDays', n: 14 }, '2026-12-07'],
    ['Feed fish every 3 days', 'Feed fish', { kind: 'everyNDays', n: 3 }, '2026-12-04'],
    ['Call mum every other day', 'Call mum', { kind: 'everyNDays', n: 2 }, '2026-12-04'],
    ['Backup every month', 'Backup', { kind: 'monthly', day: 4 }, '2026-12-04'],
    ['Backup every month dec 20', 'Backup', { kind: 'monthly', day: 20 }, '2026-12-20'],
    ['Pay rent monthly', 'Pay rent', { kind: 'monthly', day: 4 }, '2026-12-04'],
    ['Vitamins daily 8am', 'Vitamins', { kind: 'daily' }, '2026-12-04'],
    ['Gym every mon next week', 'Gym', { kind: 'weekly', days: [1] }, '2026-12-07'],
  ])('%s', (text, title, recurrence, day) => {
    expect(parse(text)).toMatchObject({ title, recurrence, day });
  });

  test('the whole line of the issue: the repeat, its day and time, and each chip', () => {
    const result = parse('every mon 7:00 gym');
    expect(result).toMatchObject({ title: 'gym', day: '2026-12-07', time: '07:00' });
    expect(result.matched).toEqual([
      { kind: 'repeat', text: 'every mon', start: 0, end: 9 },
      { kind: 'time', text: '7:00', start: 10, end: 14 },
    ]);
  });

  test('a repeat typed on its own first day starts that day', () => {
    const monday = new Date(2026, 11, 7, 6, 0);
    expect(parse('Gym every mon', monday).day).toBe('2026-12-07');
    expect(parse('Rent every month on the 7th', monday).day).toBe('2026-12-07');
    const saturday = new Date(2026, 11, 5, 9, 0);
    expect(parse('Standup every weekday', saturday).day).toBe('2026-12-07');
  });

  test('someday keeps its list: the rule is kept without a day', () => {
    expect(parse('Clean gutters every 3 weeks someday')).toMatchObject({
      title: 'Clean gutters',
      day: null,
      list: 'someday',
      recurrence: { kind: 'everyNDays', n: 21 },
    });
  });

  test.each([
    'Every plant needs water',
    'Weekly review',
    'Daily standup notes',
    'Do the monthly report',
    'every',
    'Read every 500 pages',
    'every 400 days',
    'every 60 weeks',
    'Bake every other cake',
  ])('no repeat in: %s', (text) => {
    expect(parse(text)).toMatchObject({ recurrence: null, title: text });
  });

  test('one repeat a line: a second stays in the title', () => {
    expect(parse('Gym every mon every day')).toMatchObject({
      title: 'Gym every day',
      recurrence: { kind: 'weekly', days: [1] },
    });
  });

  test('each rule is a valid stored rule', () => {
    for (const text of ['every day', 'every 52 weeks', 'every 365 days', 'monthly on the 31st']) {
      expect(recurrenceSchema.safeParse(parse(`x ${text}`).recurrence).success).toBe(true);
    }
  });
});
