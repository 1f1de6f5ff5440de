import { describe, expect, test } from 'vitest';
import { formatRatio, mirrorLevels, parseAmount, positionSize, riskReward } from './position-math';

describe('riskReward', () => {
  test('a long trade: risk below the entry, reward above', () => {
    expect(riskReward({ side: 'long', entry: 100, stop: 95, target: 115 })).toEqual({
      ok: true,
      risk: 5,
      reward: 15,
      ratio: 3,
    });
  });

  test('a short trade: risk above the entry, reward below', () => {
    const result = riskReward({ side: 'short', entry: 50, stop: 52, target: 45 });
    expect(result).toEqual({ ok: true, risk: 2, reward: 5, ratio: 2.5 });
  });

  test('a stop equal to the entry is refused on the stop (no division by zero)', () => {
    expect(riskReward({ side: 'long', entry: 100, stop: 100, target: 110 })).toEqual({
      ok: false,
      field: 'stop',
      message: 'The stop must differ from the entry.',
    });
  });

  test('levels on the wrong side of the entry are refused with the side named', () => {
    expect(riskReward({ side: 'long', entry: 100, stop: 105, target: 110 })).toMatchObject({
      ok: false,
      field: 'stop',
      message: 'For a long trade the stop goes below the entry.',
    });
    expect(riskReward({ side: 'long', entry: 100, stop: 95, target: 100 })).toMatchObject({
      field: 'target',
      message: 'For a long trade the target goes above the entry.',
    });
    expect(riskReward({ side: 'short', entry: 100, stop: 95, target: 90 })).toMatchObject({
      field: 'stop',
      message: 'For a short trade the stop goes above the entry.',
    });
    expect(riskReward({ side: 'short', entry: 100, stop: 105, target: 120 })).toMatchObject({
      field: 'target',
      message: 'For a short trade the target goes below the entry.',
    });
  });

  test('zero, negative and non-numbers are refused on the first such field', () => {
    expect(riskReward({ side: 'long', entry: 0, stop: -1, target: 5 })).toMatchObject({
      field: 'entry',
      message: 'Entry must be a price above zero.',
    });
    expect(riskReward({ side: 'long', entry: 10, stop: -1, target: 12 })).toMatchObject({
      field: 'stop',
    });
    expect(riskReward({ side: 'long', entry: 10, stop: 9, target: Number.NaN })).toMatchObject({
      field: 'target',
    });
    expect(
      riskReward({ side: 'long', entry: Number.POSITIVE_INFINITY, stop: 9, target: 12 }),
    ).toMatchObject({ field: 'entry' });
  });
});

describe('positionSize', () => {
  test('risks exactly the chosen share of the account at the stop', () => {
    const result = positionSize({ accountSize: 10_000, riskPercent: 1, entry: 100, stop: 95 });
    expect(result).toEqual({
      ok: true,
      riskAmount: 100,
      riskPerUnit: 5,
      units: 20,
      positionValue: 2000,
      accountShare: 0.2,
    });
  });

  test('works the same for a short (stop above the entry)', () => {
    const result = positionSize({ accountSize: 5000, riskPercent: 2, entry: 40, stop: 42 });
    expect(result).toMatchObject({ ok: true, riskAmount: 100, units: 50, positionValue: 2000 });
  });

  test('a tight stop can need more than the account: the share says so', () => {
    const result = positionSize({ accountSize: 1000, riskPercent: 1, entry: 100, stop: 99.9 });
    expect(result.ok && result.accountShare).toBeCloseTo(10);
  });

  test('stop = entry, zero or negative amounts and risk out of range are refused', () => {
    const base = { accountSize: 1000, riskPercent: 1, entry: 100, stop: 95 };
    expect(positionSize({ ...base, stop: 100 })).toMatchObject({
      ok: false,
      field: 'stop',
      message: 'The stop must differ from the entry.',
    });
    expect(positionSize({ ...base, accountSize: 0 })).toMatchObject({
      field: 'accountSize',
      message: 'Account size must be above zero.',
    });
    expect(positionSize({ ...base, accountSize: -500 })).toMatchObject({ field: 'accountSize' });
    for (const riskPercent of [0, -1, 100.5, Number.NaN]) {
      expect(positionSize({ ...base, riskPercent })).toMatchObject({
        field: 'riskPercent',
        message: 'Risk per trade must be more than 0 % and at most 100 %.',
      });
    }
    expect(positionSize({ ...base, riskPercent: 100 })).toMatchObject({ ok: true });
    expect(positionSize({ ...base, entry: -3 })).toMatchObject({ field: 'entry' });
    expect(positionSize({ ...base, stop: 0 })).toMatchObject({ field: 'stop' });
  });
});

test('mirrorLevels turns a long into the same-sized short', () => {
  const short = mirrorLevels({ side: 'long', entry: 100, stop: 95, target: 115 });
  expect(short).toEqual({ side: 'short', entry: 100, stop: 105, target: 85 });
  expect(riskReward(short)).toMatchObject({ ok: true, risk: 5, reward: 15 });
  expect(mirrorLevels(short)).toEqual({ side: 'long', entry: 100, stop: 95, target: 115 });
});

test('parseAmount reads what people type', () => {
  expect(parseAmount('10000')).toBe(10000);
  expect(parseAmount(' 10 000 ')).toBe(10000);
  expect(parseAmount('10,000')).toBe(10000);
  expect(parseAmount('1,234,567.5')).toBe(1234567.5);
  expect(parseAmount('1,5')).toBe(1.5);
  expect(parseAmount('1 234,5')).toBe(1234.5);
  expect(parseAmount('.5')).toBe(0.5);
  expect(parseAmount('-2')).toBe(-2);
  for (const text of ['', '  ', 'abc', '1.2.3', '1e5', '12$']) expect(parseAmount(text)).toBeNaN();
});

test('formatRatio', () => {
  expect(formatRatio(3)).toBe('1 : 3');
  expect(formatRatio(2.5)).toBe('1 : 2.5');
  expect(formatRatio(1 / 3)).toBe('1 : 0.33');
  expect(formatRatio(2.999)).toBe('1 : 3');
});
