/**
 * The to-dos' own lists under the views: each opens its view (`list:<id>`), "New list" names one
 * and opens it. A list is a record of its own (`todo-list-<id>`), so an empty list stays.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { keyBetween } from '../logic/order-keys';
import type { TodoListItem } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import type { View } from './todo-views';
import { randomId } from '../../../lib/random-id';
import { ListNameField, useListName } from './ListNameField';

export function CustomLists({
  lists,
  counts,
  view,
  onView,
}: {
  lists: readonly TodoListItem[];
  counts: ReadonlyMap<string, number>;
  view: View;
  onView: (view: View) => void;
}) {
  const { history, announce } = useNowou();
  const id = useId();
  const [naming, setNaming] = useState(false);
  const listName = useListName('');

  function create(event: FormEvent) {
    event.preventDefault();
    const name = listName.check();
    if (name === null) return;
    const list: TodoListItem = {
      id: randomId(),
      v: 1,
      kind: 'list',
      modifiedAt: new Date().toISOString(),
      deleted: false,
      name,
      order: keyBetween(lists.at(-1)?.order ?? null, null),
    };
    if (!history.change([list], { label: `Made the list ${list.name}` })) return;
    announce(`Made the list ${list.name}.`);
    setNaming(false);
    listName.reset('');
    onView(`list:${list.id}`);
  }

  return (
    <div className="todos__lists">
      <h2 className="todos__lists-heading" id={`${id}-heading`}>
        Lists
      </h2>
      {lists.length > 0 && (
        <ul aria-labelledby={`${id}-heading`}>
          {lists.map((list) => (
            <li key={list.id}>
              <button
                type="button"
                className="todos__view"
                aria-current={view === `list:${list.id}` ? 'page' : undefined}
                data-drop-list={`list:${list.id}`}
                onClick={() => onView(`list:${list.id}`)}
              >
                <span className="todos__view-name">{list.name}</span>
                <span className="todos__count">
                  <span className="visually-hidden">, </span>
                  {counts.get(list.id) ?? 0}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {naming ? (
        <form className="todos__new-list" onSubmit={create} noValidate>
          <ListNameField
            id={id}
            name={listName.name}
            problem={listName.problem}
            onName={listName.onName}
            onCancel={() => {
              setNaming(false);
              listName.clearProblem();
            }}
          />
          <div className="todos__new-list-actions">
            <Button type="submit" variant="primary">
              Add list
            </Button>
            <Button onClick={() => setNaming(false)}>Cancel</Button>
          </div>
        </form>
      ) : (
        <Button variant="ghost" onClick={() => setNaming(true)}>
          New list
        </Button>
      )}
    </div>
  );
}
