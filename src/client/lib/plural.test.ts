import { expect, test } from 'vitest';
import { formatCount, plural } from './plural';

test('one takes the singular; zero, many and thousands the plural', () => {
  expect(plural(1, 'node', 'nodes')).toBe('1 node');
  expect(plural(0, 'node', 'nodes')).toBe('0 nodes');
  expect(plural(2, 'node', 'nodes')).toBe('2 nodes');
  expect(plural(1200, 'node', 'nodes')).toBe('1,200 nodes');
});

const COUNTS = [0, 7, 999, 1000, 12_345, 30_000, 999_999, 1_234_567, -1200];

test('a count is written with its thousands separated, as Intl writes it in English', () => {
  for (const count of COUNTS) {
    expect(formatCount(count)).toBe(count.toLocaleString('en'));
    expect(formatCount(count, 'en')).toBe(count.toLocaleString('en'));
  }
  expect(formatCount(1_234_567)).toBe('1,234,567');
});

test('on a Swedish page a count is written as Intl writes it in sv-SE, with a no-break space', () => {
  for (const count of COUNTS) {
    expect(formatCount(count, 'sv')).toBe(count.toLocaleString('sv-SE'));
  }
  expect(formatCount(30_000, 'sv')).toBe('30\u00a0000');
});
