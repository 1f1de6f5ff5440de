import { expect, test } from 'vitest';
import {
  commonLength,
  holdingResults,
  isValidQuantity,
  maxDrawdown,
  portfolioSeries,
  type PricedAsset,
} from './portfolio-math';

const ASSETS: PricedAsset[] = [
  { symbol: 'A', name: 'Alpha', kind: 'Coin', closes: [10, 12, 15, 9] },
  { symbol: 'B', name: 'Beta', kind: 'Fund', closes: [100, 100, 90, 110] },
];

test('each holding is bought at the first close and valued at the chosen day', () => {
  const rows = holdingResults(
    ASSETS,
    [
      { symbol: 'A', quantity: 10 },
      { symbol: 'B', quantity: 1 },
    ],
    2,
  );
  expect(rows).toEqual([
    {
      symbol: 'A',
      name: 'Alpha',
      kind: 'Coin',
      quantity: 10,
      buyPrice: 10,
      price: 15,
      cost: 100,
      value: 150,
      pnl: 50,
      pnlRatio: 0.5,
      weight: 150 / 240,
    },
    {
      symbol: 'B',
      name: 'Beta',
      kind: 'Fund',
      quantity: 1,
      buyPrice: 100,
      price: 90,
      cost: 100,
      value: 90,
      pnl: -10,
      pnlRatio: -0.1,
      weight: 90 / 240,
    },
  ]);
  expect(rows.reduce((sum, row) => sum + row.weight, 0)).toBeCloseTo(1);
});

test('the day is clamped to the data, and a missing or invalid holding counts as none', () => {
  const last = holdingResults(ASSETS, [{ symbol: 'A', quantity: 1 }], 99);
  expect(last.map((r) => r.price)).toEqual([9, 110]);
  expect(last[1]).toMatchObject({ quantity: 0, value: 0, pnlRatio: null, weight: 0 });
  expect(last[0]!.weight).toBe(1);
  const negative = holdingResults(ASSETS, [{ symbol: 'A', quantity: -5 }], 0);
  expect(negative[0]).toMatchObject({ quantity: 0, value: 0 });
});

test('nothing held: every weight is 0 and no ratio is made up', () => {
  const rows = holdingResults(ASSETS, [], 1);
  expect(rows.map((r) => [r.weight, r.pnlRatio])).toEqual([
    [0, null],
    [0, null],
  ]);
  expect(portfolioSeries(ASSETS, [])).toEqual({ cost: 0, value: [0, 0, 0, 0], pnl: [0, 0, 0, 0] });
});

test('portfolioSeries: the value and profit or loss of the whole on every day', () => {
  const series = portfolioSeries(ASSETS, [
    { symbol: 'A', quantity: 10 },
    { symbol: 'B', quantity: 1 },
  ]);
  expect(series).toEqual({
    cost: 200,
    value: [200, 220, 240, 200],
    pnl: [0, 20, 40, 0],
  });
});

test('series of different lengths are cut to the days every asset has', () => {
  const uneven = [...ASSETS, { symbol: 'C', name: 'Gamma', kind: 'Coin', closes: [1, 2] }];
  expect(commonLength(uneven)).toBe(2);
  expect(portfolioSeries(uneven, [{ symbol: 'C', quantity: 1 }]).value).toEqual([1, 2]);
  expect(commonLength([])).toBe(0);
  expect(holdingResults([], [], 0)).toEqual([]);
});

test('maxDrawdown is the largest fall from a high, as a share of that high', () => {
  expect(maxDrawdown([100, 120, 90, 130, 117])).toBeCloseTo(0.25);
  expect(maxDrawdown([1, 2, 3])).toBe(0);
  expect(maxDrawdown([])).toBe(0);
  expect(maxDrawdown([0, 0])).toBe(0);
});

test('isValidQuantity', () => {
  expect([0, 1.5, 1000].every(isValidQuantity)).toBe(true);
  expect([-1, Number.NaN, Number.POSITIVE_INFINITY].some(isValidQuantity)).toBe(false);
});
