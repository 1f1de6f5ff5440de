import { expect, test } from 'vitest';
import { plural } from './plural';

test('one takes the singular; zero, many and thousands the plural', () => {
  expect(plural(1, 'node', 'nodes')).toBe('1 node');
  expect(plural(0, 'node', 'nodes')).toBe('0 nodes');
  expect(plural(2, 'node', 'nodes')).toBe('2 nodes');
  expect(plural(1200, 'node', 'nodes')).toBe('1,200 nodes');
});
