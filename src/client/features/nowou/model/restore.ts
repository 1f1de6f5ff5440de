/**
 * What bringing back a deleted item writes (pure over the store's reads): the item without its
 * tombstone, with what was deleted together with it (a list's to-dos, a timeline's notes, deleted
 * in the same step) and what it cannot be seen without (a note's timeline). A to-do whose custom
 * list stays deleted goes to the Inbox, so no restored item lands where no view shows it.
 */
import type { ItemStore } from './item-store';
import type { Item } from '#shared/nowou-records';

function alive<T extends Item>(item: T): T {
  const { deletedAt: _deletedAt, ...kept } = item;
  return { ...kept, deleted: false } as T;
}

function deletedWith(item: Item, target: Item): boolean {
  return item.deleted && item.deletedAt === target.deletedAt;
}

export function restorePlan(store: ItemStore, target: Item): Item[] {
  const all = { includeDeleted: true };
  switch (target.kind) {
    case 'todo': {
      const listId = target.list.startsWith('list:') ? target.list.slice('list:'.length) : null;
      const list = listId ? store.get('list', listId, all) : undefined;
      const listGone = listId !== null && (!list || list.deleted);
      return [listGone ? { ...alive(target), list: 'inbox' } : alive(target)];
    }
    case 'list': {
      const todos = store
        .all('todo', all)
        .filter((todo) => todo.list === `list:${target.id}` && deletedWith(todo, target));
      return [alive(target), ...todos.map(alive)];
    }
    case 'timeline': {
      const notes = store
        .all('textBox', all)
        .filter((box) => box.anchor.timelineId === target.id && deletedWith(box, target));
      return [alive(target), ...notes.map(alive)];
    }
    case 'textBox': {
      const timeline = store.get('timeline', target.anchor.timelineId, all);
      return timeline?.deleted ? [alive(target), alive(timeline)] : [alive(target)];
    }
    case 'brainstorm': {
      const nodes = store
        .all('textElement', all)
        .filter((node) => node.boardId === target.id && deletedWith(node, target));
      return [alive(target), ...nodes.map(alive)];
    }
    case 'textElement':
      return [alive(target)];
  }
}
