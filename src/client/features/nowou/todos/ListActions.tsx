/**
 * Under a custom list's heading: Rename (in place) and Delete list, which asks first and then
 * deletes the list with its to-dos as one undo step (they wait in Recently deleted).
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import type { Todo, TodoListItem } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { ListNameField, useListName } from './ListNameField';

export function ListActions({
  list,
  todos,
  onDeleted,
}: {
  list: TodoListItem;
  /** Every to-do of the list, done ones too. */
  todos: readonly Todo[];
  onDeleted: () => void;
}) {
  const { history, announce } = useNowou();
  const id = useId();
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  const listName = useListName(list.name);

  function rename(event: FormEvent) {
    event.preventDefault();
    const name = listName.check();
    if (name === null) return;
    if (history.change([{ ...list, name }], { label: `Renamed ${list.name}` })) {
      announce(`Renamed the list to ${name}.`);
      setMode('idle');
    }
  }

  function remove() {
    const items = [
      { kind: 'list' as const, id: list.id },
      ...todos.map((todo) => ({ kind: 'todo' as const, id: todo.id })),
    ];
    if (history.remove(items, { label: `Deleted the list ${list.name}` })) {
      announce(`Deleted the list ${list.name}. Undo brings it back.`);
      onDeleted();
    }
  }

  if (mode === 'renaming') {
    return (
      <form className="todos__list-actions" onSubmit={rename} noValidate>
        <ListNameField
          id={id}
          name={listName.name}
          problem={listName.problem}
          onName={listName.onName}
          onCancel={() => setMode('idle')}
        />
        <Button type="submit" variant="primary">
          Save
        </Button>
        <Button onClick={() => setMode('idle')}>Cancel</Button>
      </form>
    );
  }

  if (mode === 'deleting') {
    return (
      <div className="todos__list-actions" role="group" aria-label="Delete the list">
        <p>
          {todos.length === 0
            ? `Delete ${list.name}?`
            : `Delete ${list.name} and its ${todos.length === 1 ? 'to-do' : `${todos.length} to-dos`}?`}
        </p>
        <Button variant="primary" onClick={remove}>
          Delete list
        </Button>
        <Button onClick={() => setMode('idle')}>Cancel</Button>
      </div>
    );
  }

  return (
    <div className="todos__list-actions">
      <Button
        variant="ghost"
        onClick={() => {
          listName.reset(list.name);
          setMode('renaming');
        }}
      >
        Rename list
      </Button>
      <Button variant="ghost" onClick={() => setMode('deleting')}>
        Delete list…
      </Button>
    </div>
  );
}
