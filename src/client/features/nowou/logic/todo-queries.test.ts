import { expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { byListThenOrder, filterTodos, tagsOf } from './todo-queries';

test('search looks in title, notes and tags; tag chips must all match', () => {
  const todos = [
    todo({ id: 'a', title: 'Call Ada', tags: ['work'] }),
    todo({ id: 'b', title: 'Buy milk', notes: 'oat', tags: ['home', 'work'] }),
  ];
  expect(filterTodos(todos, 'ADA', []).map((item) => item.id)).toEqual(['a']);
  expect(filterTodos(todos, 'oat', []).map((item) => item.id)).toEqual(['b']);
  expect(filterTodos(todos, '', ['work', 'home']).map((item) => item.id)).toEqual(['b']);
  expect(tagsOf(todos)).toEqual(['home', 'work']);
});

test('to-dos of many lists sort by day, then Inbox, custom lists and Someday, each in its order', () => {
  const todos = [
    todo({ id: 's', list: 'someday' }),
    todo({ id: 'l', list: 'list:groceries' }),
    todo({ id: 'i2', list: 'inbox', order: 'b' }),
    todo({ id: 'i1', list: 'inbox', order: 'a' }),
    todo({ id: 'd2', list: 'day:2026-03-12' }),
    todo({ id: 'd1', list: 'day:2026-03-10' }),
  ];
  expect([...todos].sort(byListThenOrder).map((item) => item.id)).toEqual([
    'd1',
    'd2',
    'i1',
    'i2',
    'l',
    's',
  ]);
});
