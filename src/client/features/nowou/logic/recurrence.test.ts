import { describe, expect, test } from 'vitest';
import type { Recurrence } from '#shared/nowou-records';
import { describeRule, firstOccurrence, nextOccurrence } from './recurrence';

/** The due days that follow `from`, one after another. */
function chain(rule: Recurrence, from: string, count: number): string[] {
  const days: string[] = [];
  let day = from;
  for (let i = 0; i < count; i += 1) {
    day = nextOccurrence(rule, day);
    days.push(day);
  }
  return days;
}

describe('nextOccurrence', () => {
  test('daily: the next day, over month ends, year ends and leap days', () => {
    const daily = { kind: 'daily' } as const;
    expect(nextOccurrence(daily, '2026-12-04')).toBe('2026-12-05');
    expect(nextOccurrence(daily, '2026-12-31')).toBe('2027-01-01');
    expect(nextOccurrence(daily, '2028-02-28')).toBe('2028-02-29');
    expect(nextOccurrence(daily, '2028-02-29')).toBe('2028-03-01');
    expect(nextOccurrence(daily, '2027-02-28')).toBe('2027-03-01');
  });

  test('weekdays: Monday to Friday, jumping the weekend', () => {
    const weekdays = { kind: 'weekdays' } as const;
    expect(nextOccurrence(weekdays, '2026-12-03')).toBe('2026-12-04'); // Thu → Fri
    expect(nextOccurrence(weekdays, '2026-12-04')).toBe('2026-12-07'); // Fri → Mon
    expect(nextOccurrence(weekdays, '2026-12-05')).toBe('2026-12-07'); // Sat → Mon
    expect(nextOccurrence(weekdays, '2026-12-06')).toBe('2026-12-07'); // Sun → Mon
    expect(nextOccurrence(weekdays, '2026-12-07')).toBe('2026-12-08'); // Mon → Tue
    expect(nextOccurrence(weekdays, '2027-12-31')).toBe('2028-01-03'); // Fri → Mon, new year
    expect(chain(weekdays, '2026-12-04', 6)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
    ]);
  });

  test('weekly on several days, in any order', () => {
    const monWed = { kind: 'weekly', days: [3, 1] } as const satisfies Recurrence;
    expect(nextOccurrence(monWed, '2026-12-07')).toBe('2026-12-09'); // Mon → Wed
    expect(nextOccurrence(monWed, '2026-12-09')).toBe('2026-12-14'); // Wed → Mon
    expect(nextOccurrence(monWed, '2026-12-05')).toBe('2026-12-07'); // Sat → Mon
    expect(chain({ kind: 'weekly', days: [5, 6, 0] }, '2026-12-03', 4)).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-11',
    ]);
  });

  test('weekly on one day is a week later from that day, and crosses the year', () => {
    expect(nextOccurrence({ kind: 'weekly', days: [5] }, '2026-12-04')).toBe('2026-12-11');
    expect(nextOccurrence({ kind: 'weekly', days: [0] }, '2026-12-31')).toBe('2027-01-03');
    expect(nextOccurrence({ kind: 'weekly', days: [4] }, '2028-02-24')).toBe('2028-03-02');
  });

  test('monthly: this month when still ahead, else next month, and over the year end', () => {
    const fifteenth = { kind: 'monthly', day: 15 } as const;
    expect(nextOccurrence(fifteenth, '2027-01-10')).toBe('2027-01-15');
    expect(nextOccurrence(fifteenth, '2027-01-15')).toBe('2027-02-15');
    expect(nextOccurrence(fifteenth, '2027-01-16')).toBe('2027-02-15');
    expect(nextOccurrence(fifteenth, '2026-12-20')).toBe('2027-01-15');
    expect(nextOccurrence({ kind: 'monthly', day: 1 }, '2026-12-01')).toBe('2027-01-01');
  });

  test('monthly on the 31st falls on the last day of shorter months and comes back to the 31st', () => {
    expect(chain({ kind: 'monthly', day: 31 }, '2026-12-31', 12)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
    ]);
    expect(nextOccurrence({ kind: 'monthly', day: 31 }, '2028-01-31')).toBe('2028-02-29');
    expect(nextOccurrence({ kind: 'monthly', day: 31 }, '2027-04-15')).toBe('2027-04-30');
  });

  test('monthly on the 29th and 30th in February, leap year or not', () => {
    expect(chain({ kind: 'monthly', day: 30 }, '2028-01-30', 2)).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(chain({ kind: 'monthly', day: 29 }, '2027-01-29', 2)).toEqual([
      '2027-02-28',
      '2027-03-29',
    ]);
    expect(nextOccurrence({ kind: 'monthly', day: 29 }, '2028-02-28')).toBe('2028-02-29');
    expect(nextOccurrence({ kind: 'monthly', day: 29 }, '2100-01-31')).toBe('2100-02-28');
  });

  test('every n days counts from the due day', () => {
    const everyThree = { kind: 'everyNDays', n: 3 } as const;
    expect(nextOccurrence(everyThree, '2026-12-01')).toBe('2026-12-04');
    expect(nextOccurrence(everyThree, '2026-12-30')).toBe('2027-01-02');
    expect(nextOccurrence({ kind: 'everyNDays', n: 2 }, '2028-02-27')).toBe('2028-02-29');
    expect(nextOccurrence({ kind: 'everyNDays', n: 1 }, '2026-12-31')).toBe('2027-01-01');
    expect(nextOccurrence({ kind: 'everyNDays', n: 365 }, '2027-03-01')).toBe('2028-02-29');
  });

  test('done late: missed days are skipped, and every n days keeps the due days rhythm', () => {
    const everyThree = { kind: 'everyNDays', n: 3 } as const;
    // Due the 1st, so due days are the 4th, 7th, 10th…; done on the 5th: the 7th, not the 8th.
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-12-05')).toBe('2026-12-07');
    // Done on a due day itself: the one after it.
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-12-04')).toBe('2026-12-07');
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-12-06')).toBe('2026-12-07');
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-12-31')).toBe('2027-01-03');
    // Daily, due Monday and done Thursday: Friday.
    expect(nextOccurrence({ kind: 'daily' }, '2026-12-07', '2026-12-10')).toBe('2026-12-11');
    expect(nextOccurrence({ kind: 'weekdays' }, '2026-12-07', '2026-12-12')).toBe('2026-12-14');
    expect(nextOccurrence({ kind: 'weekly', days: [1] }, '2026-12-07', '2026-12-15')).toBe(
      '2026-12-21',
    );
    expect(nextOccurrence({ kind: 'monthly', day: 15 }, '2027-01-15', '2027-03-20')).toBe(
      '2027-04-15',
    );
    expect(nextOccurrence({ kind: 'monthly', day: 31 }, '2027-01-31', '2027-02-28')).toBe(
      '2027-03-31',
    );
  });

  test('done early or on the due day changes nothing', () => {
    const everyThree = { kind: 'everyNDays', n: 3 } as const;
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-11-28')).toBe('2026-12-04');
    expect(nextOccurrence(everyThree, '2026-12-01', '2026-12-01')).toBe('2026-12-04');
    expect(nextOccurrence({ kind: 'daily' }, '2026-12-07', '2026-12-07')).toBe('2026-12-08');
    expect(nextOccurrence({ kind: 'monthly', day: 15 }, '2027-01-15', '2027-01-02')).toBe(
      '2027-02-15',
    );
  });

  test('an invalid rule or day throws', () => {
    expect(() => nextOccurrence({ kind: 'weekly', days: [] }, '2026-12-01')).toThrow(RangeError);
    expect(() => nextOccurrence({ kind: 'monthly', day: 32 }, '2026-12-01')).toThrow(RangeError);
    expect(() => nextOccurrence({ kind: 'daily' }, '2026-02-30')).toThrow(RangeError);
    expect(() => nextOccurrence({ kind: 'daily' }, '2026-12-01', '12/5')).toThrow(RangeError);
  });
});

describe('nextOccurrence takes exactly the rules a to-do stores', () => {
  test.each<unknown>([
    { kind: 'daily' },
    { kind: 'weekdays' },
    { kind: 'weekly', days: [1] },
    { kind: 'weekly', days: [6, 0, 3] },
    { kind: 'weekly', days: [0, 1, 2, 3, 4, 5, 6] },
    { kind: 'monthly', day: 1 },
    { kind: 'monthly', day: 31 },
    { kind: 'everyNDays', n: 1 },
    { kind: 'everyNDays', n: 365 },
  ])('valid: %j', (rule) => {
    expect(() => nextOccurrence(rule as Recurrence, '2026-03-10')).not.toThrow();
  });

  test.each<unknown>([
    null,
    undefined,
    'daily',
    [],
    {},
    { kind: 'hourly' },
    { kind: 'daily', days: [1] },
    { kind: 'weekly' },
    { kind: 'weekly', days: [] },
    { kind: 'weekly', days: [7] },
    { kind: 'weekly', days: [-1] },
    { kind: 'weekly', days: [1, 1] },
    { kind: 'weekly', days: [1.5] },
    { kind: 'weekly', days: ['1'] },
    { kind: 'weekly', days: '1,3' },
    { kind: 'monthly', day: 0 },
    { kind: 'monthly', day: 32 },
    { kind: 'monthly', day: 1.5 },
    { kind: 'monthly', day: '15' },
    { kind: 'everyNDays', n: 0 },
    { kind: 'everyNDays', n: -2 },
    { kind: 'everyNDays', n: 2.5 },
    { kind: 'everyNDays', n: 366 },
    { kind: 'everyNDays', n: Number.NaN },
  ])('invalid: %j', (rule) => {
    expect(() => nextOccurrence(rule as Recurrence, '2026-03-10')).toThrow(RangeError);
  });
});

describe('describeRule', () => {
  test.each<[Recurrence, string]>([
    [{ kind: 'daily' }, 'Every day'],
    [{ kind: 'weekdays' }, 'Every weekday'],
    [{ kind: 'weekly', days: [1, 3] }, 'Every Mon, Wed'],
    [{ kind: 'weekly', days: [3, 1] }, 'Every Mon, Wed'],
    [{ kind: 'weekly', days: [0, 6] }, 'Every Sat, Sun'],
    [{ kind: 'weekly', days: [5] }, 'Every Fri'],
    [{ kind: 'weekly', days: [5, 4, 3, 2, 1] }, 'Every weekday'],
    [{ kind: 'weekly', days: [0, 1, 2, 3, 4, 5, 6] }, 'Every day'],
    [{ kind: 'monthly', day: 15 }, 'Monthly on day 15'],
    [{ kind: 'monthly', day: 31 }, 'Monthly on day 31'],
    [{ kind: 'everyNDays', n: 3 }, 'Every 3 days'],
    [{ kind: 'everyNDays', n: 1 }, 'Every day'],
    [{ kind: 'everyNDays', n: 7 }, 'Every week'],
    [{ kind: 'everyNDays', n: 14 }, 'Every 2 weeks'],
    [{ kind: 'everyNDays', n: 15 }, 'Every 15 days'],
  ])('%j reads "%s"', (rule, text) => {
    expect(describeRule(rule)).toBe(text);
  });

  test("weekday names are the site's, whatever the browser's locale, from the first day of the week", () => {
    expect(describeRule({ kind: 'weekly', days: [0, 6] }, 0)).toBe('Every Sun, Sat');
    expect(describeRule({ kind: 'weekly', days: [0, 6] })).toBe('Every Sat, Sun');
    expect(describeRule({ kind: 'weekly', days: [3, 1] })).toBe('Every Mon, Wed');
  });

  test('an invalid rule throws', () => {
    expect(() => describeRule({ kind: 'weekly', days: [] })).toThrow(RangeError);
  });
});

describe('firstOccurrence', () => {
  // Friday 4 December 2026.
  test.each<[Recurrence, string]>([
    [{ kind: 'daily' }, '2026-12-04'],
    [{ kind: 'everyNDays', n: 14 }, '2026-12-04'],
    [{ kind: 'weekdays' }, '2026-12-04'],
    [{ kind: 'weekly', days: [5] }, '2026-12-04'],
    [{ kind: 'weekly', days: [1, 3] }, '2026-12-07'],
    [{ kind: 'monthly', day: 4 }, '2026-12-04'],
    [{ kind: 'monthly', day: 3 }, '2027-01-03'],
    [{ kind: 'monthly', day: 31 }, '2026-12-31'],
  ])('%j from Fri 4 Dec: %s', (rule, day) => {
    expect(firstOccurrence(rule, '2026-12-04')).toBe(day);
  });

  test('a weekday rule from a Saturday starts on Monday; day 31 in February on its last day', () => {
    expect(firstOccurrence({ kind: 'weekdays' }, '2026-12-05')).toBe('2026-12-07');
    expect(firstOccurrence({ kind: 'monthly', day: 31 }, '2027-02-01')).toBe('2027-02-28');
  });
});
