import { expect, test } from 'vitest';
import { mergeModules } from './adopted-styles';

test('modules keep the order they were mounted in; a new order moves the ones already there', () => {
  expect(mergeModules([], ['a', 'b'])).toEqual(['a', 'b']);
  expect(mergeModules(['a', 'b'], ['a', 'c', 'b'])).toEqual(['a', 'c', 'b']);
  expect(mergeModules(['a', 'b'], ['b', 'a'])).toEqual(['b', 'a']);
  expect(mergeModules(['a', 'b', 'c'], ['c'])).toEqual(['a', 'b', 'c']);
});
