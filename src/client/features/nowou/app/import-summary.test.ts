import { expect, test } from 'vitest';
import { T0, textBox, timeline, todo } from '#shared/nowou-record-fixtures';
import type { Item } from '#shared/nowou-records';
import { itemName, summarise } from './import-summary';

test('items are named as their views show them', () => {
  expect(itemName(todo({ title: 'Pay rent' }))).toBe('Pay rent');
  expect(itemName(timeline({ name: 'Work' }))).toBe('Work');
  expect(itemName(textBox({ text: '**Plan** the week\nmore' }))).toBe('Plan the week');
  expect(itemName(textBox({ text: '' }))).toBe('Note');
});

test('a summary lists a few names per kind in the app’s order, with how many more', () => {
  const todos = Array.from({ length: 8 }, (_, i) => todo({ id: `t${i}`, title: `To-do ${i}` }));
  const items: Item[] = [timeline({ name: 'Work' }), ...todos];
  expect(summarise(items, () => undefined, 3)).toEqual([
    { kind: 'todo', label: 'To-dos', names: ['To-do 0', 'To-do 1', 'To-do 2'], more: 5 },
    { kind: 'timeline', label: 'Timelines', names: ['Work'], more: 0 },
  ]);
});

test('a change that deletes an item says so; an item deleted on both sides does not', () => {
  const mine = todo({ id: 'a', title: 'Call Ada' });
  const deleting = { ...mine, deleted: true, deletedAt: T0 };
  expect(summarise([deleting], () => mine)[0]!.names).toEqual(['Call Ada (deleted)']);
  expect(summarise([deleting], () => deleting)[0]!.names).toEqual(['Call Ada']);
});
