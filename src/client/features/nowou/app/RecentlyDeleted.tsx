/**
 * Recently deleted: every deleted to-do, list, timeline and note still kept (30 days), newest
 * first, each with Restore, which brings back what was deleted with it (model/restore.ts) as one
 * undo step. Boards keep their own list in the Boards section.
 */
import { useMemo } from 'react';
import { Button } from '../../../ui/Button';
import { restorePlan } from '../model/restore';
import type { Item } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { noteTitle } from '../timeline/grid-math';
import { useItems } from '../use-nowou-store';

type Restorable = Extract<Item, { kind: 'todo' | 'list' | 'timeline' | 'textBox' }>;

const KIND_LABELS: Record<Restorable['kind'], string> = {
  todo: 'To-do',
  list: 'List',
  timeline: 'Timeline',
  textBox: 'Note',
};

function titleOf(item: Restorable): string {
  if (item.kind === 'todo') return item.title;
  if (item.kind === 'textBox') return noteTitle(item.text);
  return item.name;
}

export function RecentlyDeleted() {
  const { store, history, announce } = useNowou();
  const todos = useItems(store, 'todo', true);
  const lists = useItems(store, 'list', true);
  const timelines = useItems(store, 'timeline', true);
  const notes = useItems(store, 'textBox', true);
  const deleted = useMemo(
    () =>
      ([...todos, ...lists, ...timelines, ...notes] as Restorable[])
        .filter((item) => item.deleted)
        .sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '')),
    [todos, lists, timelines, notes],
  );
  if (deleted.length === 0) return null;

  function restore(item: Restorable) {
    const title = titleOf(item);
    const plan = restorePlan(store, item);
    if (!history.change(plan, { label: `Restored ${title}` })) {
      announce(`Could not restore ${title}. Nothing was changed.`);
      return;
    }
    const more = plan.length - 1;
    announce(
      more > 0
        ? `Restored ${title} and ${more} ${more === 1 ? 'item' : 'items'} deleted with it.`
        : `Restored ${title}.`,
    );
  }

  return (
    <details className="nowou-deleted">
      <summary>Recently deleted ({deleted.length})</summary>
      <p className="nowou-deleted__note">Kept for 30 days after they were deleted.</p>
      <ul className="nowou-deleted__list" aria-label="Recently deleted">
        {deleted.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <span className="nowou-deleted__kind">{KIND_LABELS[item.kind]}</span>
            <span className="nowou-deleted__title">{titleOf(item)}</span>
            <Button variant="ghost" onClick={() => restore(item)}>
              Restore<span className="visually-hidden"> {titleOf(item)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
