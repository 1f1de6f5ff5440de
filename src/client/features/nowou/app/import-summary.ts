/**
 * What an import adds and changes, by name, for the preview (pure): the items of each kind with a
 * readable name (a to-do's title, a note's first line, a board node's text), a few of each with
 * how many more, and which change is a deletion.
 */
import type { Item, ItemKind } from '#shared/nowou-records';
import { plainFirstLine } from '../textboxes/markdown';

const KIND_LABELS: Record<ItemKind, string> = {
  todo: 'To-dos',
  list: 'Lists',
  timeline: 'Timelines',
  textBox: 'Notes',
  brainstorm: 'Boards',
  textElement: 'Board nodes',
};

const KIND_ORDER: ItemKind[] = ['todo', 'list', 'timeline', 'textBox', 'brainstorm', 'textElement'];

/** An item's name as its own view shows it. */
export function itemName(item: Item): string {
  switch (item.kind) {
    case 'todo':
      return item.title;
    case 'list':
    case 'timeline':
      return item.name;
    case 'textBox':
      return plainFirstLine(item.text, 60) || 'Note';
    case 'brainstorm':
      return item.title;
    case 'textElement':
      if (item.type === 'link') return item.url ?? 'Link';
      if (item.type === 'group') return item.label ?? 'Group';
      return plainFirstLine(item.text ?? '', 60) || 'Text';
  }
}

export interface SummaryGroup {
  kind: ItemKind;
  /** "To-dos", "Notes", … */
  label: string;
  /** The first names, "(deleted)" after those the import deletes or adds as deleted. */
  names: string[];
  /** How many more there are beyond `names`. */
  more: number;
}

/**
 * The items by kind, in the app's order, at most `shown` names of each in alphabetical order.
 * `current` gives this browser's copy of an item, so a change that deletes it says so.
 */
export function summarise(
  items: readonly Item[],
  current: (item: Item) => Item | undefined,
  shown = 6,
): SummaryGroup[] {
  return KIND_ORDER.flatMap((kind) => {
    const ofKind = items.filter((item) => item.kind === kind);
    if (ofKind.length === 0) return [];
    const names = ofKind
      .map((item) => {
        const deletes = item.deleted && !current(item)?.deleted;
        return deletes ? `${itemName(item)} (deleted)` : itemName(item);
      })
      .sort((a, b) => a.localeCompare(b))
      .slice(0, shown);
    return [{ kind, label: KIND_LABELS[kind], names, more: ofKind.length - names.length }];
  });
}
