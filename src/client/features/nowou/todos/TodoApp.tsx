/**
 * Nowou's to-dos: views in a side list (tabs on narrow screens), quick add with what was understood,
 * search and tag filter, the rows, an Undo toast after Delete, and the store's notices.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { addDays, dayOf } from '../logic/calendar-day';
import { parseQuickAdd, type QuickAddKind } from '../logic/quick-add';
import { exportItems } from '../model/export-import';
import type { Todo } from '../model/records';
import { nextInSeries, withSeriesId } from './series';
import { TodoRow, type MoveTarget } from './TodoRow';
import {
  VIEWS,
  VIEW_LABELS,
  filterTodos,
  listOfQuickAdd,
  listOfView,
  orderAtEnd,
  orderForStep,
  rolloverCandidates,
  tagsOf,
  todoFromQuickAdd,
  todosInView,
  type TodoList,
  type View,
} from './todo-views';
import { useTodoStore } from './use-todo-store';
import './todos.css';

const UNDO_MS = 6000;

const MATCH_LABELS: Record<QuickAddKind, string> = {
  day: 'Day',
  someday: 'List',
  time: 'Time',
  duration: 'Duration',
  tag: 'Tag',
  priority: 'Priority',
};

/** `day:2026-11-27` as the reader's short weekday and date, e.g. "Fri 27 Nov". */
function dayLabelOf(list: Todo['list']): string {
  const [year, month, day] = list.slice(4).split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function listLabel(list: TodoList, today: string): string {
  if (list === 'inbox') return 'Inbox';
  if (list === 'someday') return 'Someday';
  if (list === `day:${today}`) return 'Today';
  if (list === `day:${addDays(today, 1)}`) return 'Tomorrow';
  if (list.startsWith('day:')) return list.slice(4);
  return 'a list';
}

function downloadExport(store: Parameters<typeof exportItems>[0]) {
  const now = new Date();
  const blob = new Blob([JSON.stringify(exportItems(store, now), null, 2)], {
    type: 'application/json',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `nowou-${dayOf(now)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function TodoApp() {
  const { store, todos, withDeleted, skippedCount, writeProblem, storageAvailable, persisted } =
    useTodoStore();
  const deleted = useMemo(
    () =>
      withDeleted
        .filter((todo) => todo.deleted)
        .sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '')),
    [withDeleted],
  );
  const id = useId();
  const [view, setView] = useState<View>('inbox');
  const [text, setText] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [undo, setUndo] = useState<Todo | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const quickAddRef = useRef<HTMLInputElement>(null);
  const [usage, setUsage] = useState(0);
  // Writes land a moment after a change (the store batches them): read the usage once they have.
  useEffect(() => {
    const timer = window.setTimeout(() => setUsage(store.usage()), 600);
    return () => window.clearTimeout(timer);
  }, [store, todos]);

  // Today is read at each render: a tab left open past midnight shows the new day's lists.
  const today = dayOf(new Date());
  const parsed = useMemo(() => (text.trim() ? parseQuickAdd(text, new Date()) : null), [text]);
  const inView = useMemo(() => todosInView(todos, view, today), [todos, view, today]);
  const shown = useMemo(() => filterTodos(inView, search, tagFilter), [inView, search, tagFilter]);
  const viewTags = useMemo(() => tagsOf(inView), [inView]);
  const overdue = useMemo(
    () => (view === 'today' ? rolloverCandidates(todos, today) : []),
    [todos, view, today],
  );
  const counts = useMemo(
    () => Object.fromEntries(VIEWS.map((v) => [v, todosInView(todos, v, today).length])),
    [todos, today],
  );
  const moveTargets: MoveTarget[] = [
    { label: 'Inbox', list: 'inbox' },
    { label: 'Today', list: listOfView('today', today) },
    { label: 'Tomorrow', list: listOfView('tomorrow', today) },
    { label: 'Someday', list: 'someday' },
  ];

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  // Moving a row reorders the DOM, which can take focus away: give it back to the moved row.
  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const row = rowRefs.current.get(moved);
    if (row && !row.contains(document.activeElement)) row.querySelector('input')?.focus();
  }, [shown]);

  function save(todo: Todo): boolean {
    try {
      return store.put(todo) !== null;
    } catch {
      setAnnouncement(`Could not save ${todo.title}.`);
      return false;
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const line = parseQuickAdd(text, new Date());
    if (!line.title) {
      setAddError('Type what to do first.');
      quickAddRef.current?.focus();
      return;
    }
    const list = listOfQuickAdd(line, view, today);
    const todo = todoFromQuickAdd(
      line,
      list,
      orderAtEnd(todos, list),
      crypto.randomUUID(),
      new Date(),
    );
    if (!save(todo)) return;
    setText('');
    setAddError(null);
    setAnnouncement(`Added ${todo.title} to ${listLabel(list, today)}.`);
  }

  function toggle(todo: Todo, done: boolean) {
    const now = new Date();
    // Ticking a repeating to-do makes the next one in the same write batch; unticking makes none.
    const ticked = done ? withSeriesId(todo) : todo;
    if (!save({ ...ticked, done, doneAt: done ? now.toISOString() : null })) return;
    const next =
      done && !todo.done ? nextInSeries(ticked, today, todos, crypto.randomUUID(), now) : null;
    if (next && save(next)) {
      setAnnouncement(`${todo.title} done. Next one on ${listLabel(next.list, today)}.`);
      return;
    }
    setAnnouncement(
      done ? `${todo.title} done.` : `${todo.title} back in ${listLabel(todo.list, today)}.`,
    );
  }

  function saveEdit(todo: Todo): boolean {
    if (!save(todo)) return false;
    setAnnouncement(`Saved ${todo.title}.`);
    return true;
  }

  function move(todo: Todo, list: TodoList) {
    if (save({ ...todo, list, order: orderAtEnd(todos, list) })) {
      setAnnouncement(`Moved ${todo.title} to ${listLabel(list, today)}.`);
    }
  }

  function step(todo: Todo, direction: -1 | 1) {
    const order = orderForStep(shown, shown.indexOf(todo), direction);
    if (order === null) return;
    if (save({ ...todo, order })) {
      setAnnouncement(`Moved ${todo.title}`);
      focusAfterMove.current = todo.id;
    }
  }

  function remove(todo: Todo) {
    if (store.remove('todo', todo.id)) {
      setUndo(todo);
      quickAddRef.current?.focus();
    }
  }

  function restore() {
    if (!undo) return;
    const current = store.get('todo', undo.id, { includeDeleted: true });
    if (current?.deleted) save({ ...undo, deleted: false });
    setAnnouncement(`Restored ${undo.title}.`);
    setUndo(null);
  }

  /** Brings a deleted to-do back from Recently deleted, where it was. */
  function bringBack(todo: Todo) {
    const { deletedAt: _deletedAt, ...kept } = todo;
    if (save({ ...kept, deleted: false })) setAnnouncement(`Restored ${todo.title}.`);
  }

  function rollOver() {
    let list = todos;
    const target = listOfView('today', today);
    for (const todo of rolloverCandidates(todos, today)) {
      const moved = { ...todo, list: target, order: orderAtEnd(list, target) };
      if (!save(moved)) continue;
      list = [...list, moved];
    }
    setAnnouncement('Moved the unfinished to-dos of earlier days to today.');
  }

  function toggleTag(tag: string) {
    setTagFilter((tags) => (tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]));
  }

  const activeTags = tagFilter.filter((tag) => viewTags.includes(tag));
  const filtered = search.trim() !== '' || activeTags.length > 0;

  return (
    <div className="todos">
      {!storageAvailable && (
        <p className="todos__notice" role="status">
          This browser gives Nowou no storage: your to-dos last only while this tab is open.
        </p>
      )}
      {skippedCount > 0 && (
        <p className="todos__notice" role="status">
          {skippedCount === 1
            ? '1 saved item could not be read and is left as it is.'
            : `${skippedCount} saved items could not be read and are left as they are.`}{' '}
          A newer version of Nowou or another program may have written it.
        </p>
      )}
      {writeProblem && (
        <div className="todos__notice todos__notice--problem" role="alert">
          <p>
            {writeProblem === 'quota'
              ? 'This browser’s storage is full, so the latest changes are kept only in this tab for now.'
              : 'This browser refused to save the latest changes, so they are kept only in this tab for now.'}{' '}
            Nothing is lost: download a copy to keep them safe.
          </p>
          <Button variant="primary" onClick={() => downloadExport(store)}>
            Download a copy
          </Button>
        </div>
      )}

      <div className="todos__layout">
        <nav className="todos__views" aria-label="To-do views">
          <ul>
            {VIEWS.map((v) => (
              <li key={v}>
                <button
                  type="button"
                  className="todos__view"
                  aria-current={v === view ? 'page' : undefined}
                  onClick={() => setView(v)}
                >
                  <span>{VIEW_LABELS[v]}</span>
                  <span className="todos__count">
                    <span className="visually-hidden">, </span>
                    {counts[v]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <section className="todos__main" aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} className="todos__heading">
            {VIEW_LABELS[view]}
          </h2>

          <form className="todos__add" onSubmit={add} noValidate>
            <label htmlFor={`${id}-add`} className="todos__label">
              Add a to-do
            </label>
            <input
              id={`${id}-add`}
              ref={quickAddRef}
              className="todos__input"
              type="text"
              value={text}
              maxLength={500}
              autoComplete="off"
              placeholder="Call Ada tomorrow 14:30 #work !2"
              aria-invalid={addError ? true : undefined}
              aria-describedby={`${id}-add-help${addError ? ` ${id}-add-error` : ''}`}
              onChange={(event) => {
                setText(event.target.value);
                if (addError) setAddError(null);
              }}
            />
            {addError && (
              <p id={`${id}-add-error`} className="todos__error">
                {addError}
              </p>
            )}
            <div id={`${id}-add-help`} className="todos__understood">
              {parsed && parsed.matched.length > 0 ? (
                <>
                  <span className="todos__understood-label">Understood:</span>
                  <ul aria-label="Understood" className="todos__chips">
                    {parsed.matched.map((match) => (
                      <li key={`${match.kind}-${match.start}`} className="todo-chip">
                        {MATCH_LABELS[match.kind]} {match.text}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="todos__hint">
                  Press Enter to add. A day, 14:30, 30m, #tag and !1–!3 are understood.
                </span>
              )}
            </div>
          </form>

          <div className="todos__filters">
            <label htmlFor={`${id}-search`} className="todos__label">
              Search
            </label>
            <input
              id={`${id}-search`}
              className="todos__input"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {viewTags.length > 0 && (
              <div role="group" aria-label="Filter by tag" className="todos__chips">
                {viewTags.map((tag) => (
                  <button
                    key={tag}
                    type="button"
                    className="todos__tag-filter"
                    aria-pressed={activeTags.includes(tag)}
                    onClick={() => toggleTag(tag)}
                  >
                    #{tag}
                  </button>
                ))}
              </div>
            )}
          </div>

          {overdue.length > 0 && (
            <div className="todos__rollover">
              <p>
                {overdue.length === 1
                  ? '1 unfinished to-do from an earlier day.'
                  : `${overdue.length} unfinished to-dos from earlier days.`}
              </p>
              <Button onClick={rollOver}>Roll over</Button>
            </div>
          )}

          {shown.length === 0 ? (
            <p className="todos__empty">
              {filtered
                ? 'No to-do here matches the search.'
                : view === 'done'
                  ? 'Nothing done yet.'
                  : 'Nothing here yet.'}
            </p>
          ) : (
            <ul className="todos__list" aria-label={VIEW_LABELS[view]}>
              {shown.map((todo) => (
                <TodoRow
                  key={todo.id}
                  ref={(node) => {
                    if (node) rowRefs.current.set(todo.id, node);
                    else rowRefs.current.delete(todo.id);
                  }}
                  todo={todo}
                  moveTargets={moveTargets}
                  orderable={view !== 'done' && view !== 'upcoming'}
                  dayLabel={view === 'upcoming' ? dayLabelOf(todo.list) : undefined}
                  onToggle={toggle}
                  onMove={move}
                  onStep={step}
                  onDelete={remove}
                  onSave={saveEdit}
                  today={today}
                />
              ))}
            </ul>
          )}
          {view !== 'done' && shown.length > 1 && (
            <p className="todos__hint">Alt+Up and Alt+Down move the focused to-do.</p>
          )}
        </section>
      </div>

      <div className="todos__toast-region" aria-live="polite">
        {undo && (
          <div className="todos__toast">
            <span>Deleted {undo.title}.</span>
            <Button onClick={restore}>Undo</Button>
          </div>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {deleted.length > 0 && (
        <details className="todos__deleted">
          <summary>Recently deleted ({deleted.length})</summary>
          <p className="todos__deleted-note">Kept for 30 days after they were deleted.</p>
          <ul className="todos__deleted-list" aria-label="Recently deleted">
            {deleted.map((todo) => (
              <li key={todo.id}>
                <span className="todos__deleted-title">{todo.title}</span>
                <Button variant="ghost" onClick={() => bringBack(todo)}>
                  Restore<span className="visually-hidden"> {todo.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}

      <p className="todos__footer">
        Nowou uses {sizeText(usage)} of this browser’s storage
        {persisted ? ', kept until you clear it.' : '.'}
      </p>
    </div>
  );
}
