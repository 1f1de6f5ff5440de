import { expect, test } from 'vitest';
import { latestEntry, pushEntry, removeEntry, type LoadingEntry } from './loading-stack';

const entry = (id: number, message = `m${id}`): LoadingEntry => ({ id, message, blurred: false });

test('an empty stack shows nothing', () => {
  expect(latestEntry([])).toBeNull();
});

test('the latest pushed message is displayed', () => {
  const stack = pushEntry(pushEntry([], entry(1, 'Loading')), entry(2, 'Saving'));
  expect(latestEntry(stack)?.message).toBe('Saving');
});

test('each hide removes its own entry, wherever it is in the stack', () => {
  let stack = [entry(1), entry(2), entry(3)];
  stack = removeEntry(stack, 2);
  expect(stack.map((e) => e.id)).toEqual([1, 3]);
  expect(latestEntry(stack)?.id).toBe(3);
  stack = removeEntry(stack, 3);
  expect(latestEntry(stack)?.id).toBe(1);
  stack = removeEntry(stack, 1);
  expect(latestEntry(stack)).toBeNull();
});

test('removing an unknown entry leaves the stack unchanged', () => {
  const stack = [entry(1)];
  expect(removeEntry(stack, 9)).toBe(stack);
});
