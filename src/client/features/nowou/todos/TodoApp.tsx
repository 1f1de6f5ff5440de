/**
 * Nowou's to-dos: views in a side list (tabs on narrow screens), quick add with what was understood,
 * search and tag filter, the rows and an Undo toast after Delete (Recently deleted is the app's,
 * app/RecentlyDeleted.tsx). Every change goes
 * through the app's undo history as one step.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { addDays, dayOf } from '../logic/calendar-day';
import { keyBetween } from '../logic/order-keys';
import { parseQuickAdd, type QuickAddKind } from '../logic/quick-add';
import type { Timeline, Todo, TodoListItem } from '#shared/nowou-records';
import { restorePlan } from '../model/restore';
import { useNowou } from '../nowou-context';
import { firstTimeline } from '../timeline/new-timeline';
import { useItems } from '../use-nowou-store';
import { useRowDrag } from './use-row-drag';
import { CustomLists } from './CustomLists';
import { ListActions } from './ListActions';
import { nextInSeries, withSeriesId } from './series';
import { TodoRow, type MoveTarget } from './TodoRow';
import {
  VIEWS,
  VIEW_LABELS,
  filterTodos,
  isListView,
  sortedLists,
  viewLabel,
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

function listLabel(list: TodoList, today: string, lists: readonly TodoListItem[]): string {
  if (list === 'inbox') return 'Inbox';
  if (list === 'someday') return 'Someday';
  if (list === `day:${today}`) return 'Today';
  if (list === `day:${addDays(today, 1)}`) return 'Tomorrow';
  if (list.startsWith('day:')) return list.slice(4);
  return lists.find((custom) => `list:${custom.id}` === list)?.name ?? 'a list';
}

export function TodoApp({ view, onView }: { view: View; onView: (view: View) => void }) {
  const { store, history, announce } = useNowou();
  const todos = useItems(store, 'todo');
  const withDeleted = useItems(store, 'todo', true);
  const listItems = useItems(store, 'list');
  const lists = useMemo(() => sortedLists(listItems), [listItems]);
  const currentList = isListView(view)
    ? lists.find((list) => `list:${list.id}` === view)
    : undefined;
  const id = useId();
  const [text, setText] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [undo, setUndo] = useState<Todo | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const focusAfterLeave = useRef<{ id: string; index: number } | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const quickAddRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { dragProps } = useRowDrag(listRef, {
    onReorder: (todoId, index) => reorder(todoId, index),
    onMoveTo: (todoId, list) => {
      const todo = todos.find((candidate) => candidate.id === todoId);
      if (todo && todo.list !== list) move(todo, list);
    },
  });

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
  const listCounts = useMemo(() => {
    const byList = new Map<string, number>();
    for (const todo of todos) {
      if (!todo.done && todo.list.startsWith('list:')) {
        const listId = todo.list.slice('list:'.length);
        byList.set(listId, (byList.get(listId) ?? 0) + 1);
      }
    }
    return byList;
  }, [todos]);
  const moveTargets: MoveTarget[] = [
    { label: 'Inbox', list: 'inbox' },
    { label: 'Today', list: listOfView('today', today) },
    { label: 'Tomorrow', list: listOfView('tomorrow', today) },
    { label: 'Someday', list: 'someday' },
    ...lists.map((list) => ({ label: list.name, list: `list:${list.id}` as const })),
  ];
  const heading = viewLabel(view, lists);

  // A list deleted (here or in another tab) leaves its view for the Inbox.
  const listGone = isListView(view) && !currentList;
  useEffect(() => {
    if (listGone) onView('inbox');
  }, [listGone, onView]);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  // Moving a row reorders the DOM, which can take focus away: give it back to the moved row. A
  // row that left the view (done, moved elsewhere) hands focus to the row now in its place.
  useEffect(() => {
    const moved = focusAfterMove.current;
    const left = focusAfterLeave.current;
    focusAfterMove.current = null;
    focusAfterLeave.current = null;
    if (moved) {
      const row = rowRefs.current.get(moved);
      if (row && !row.contains(document.activeElement)) row.querySelector('input')?.focus();
    }
    if (
      left &&
      !shown.some((todo) => todo.id === left.id) &&
      document.activeElement === document.body
    ) {
      const next = shown[Math.min(left.index, shown.length - 1)];
      const row = next ? rowRefs.current.get(next.id) : undefined;
      (row?.querySelector('input') ?? quickAddRef.current)?.focus();
    }
  }, [shown]);

  /** Remembers where a row was, so focus can land on its neighbour if it leaves the view. */
  function rememberPlace(todo: Todo) {
    focusAfterLeave.current = { id: todo.id, index: shown.findIndex((t) => t.id === todo.id) };
  }

  /** Writes the to-dos as one undo step. */
  function save(changed: (Todo | Timeline)[], label: string): boolean {
    if (history.change(changed, { label })) return true;
    announce(`Could not save: ${label}. Nothing was changed.`);
    return false;
  }

  /**
   * The timeline a timed to-do lands on: the default one, or a first "My timeline" made with it
   * when there is none yet (as the timeline's own first visit would).
   */
  function timelineForTimedTodo(): { id: string | null; made: Timeline | null } {
    const timelineId = store.getDefaultTimeline();
    if (timelineId && store.get('timeline', timelineId)) return { id: timelineId, made: null };
    const first = store.all('timeline')[0];
    if (first) return { id: first.id, made: null };
    const made = firstTimeline();
    return { id: made.id, made };
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
    const timeline = line.day && line.time ? timelineForTimedTodo() : { id: null, made: null };
    const todo = todoFromQuickAdd(
      line,
      list,
      orderAtEnd(withDeleted, list),
      crypto.randomUUID(),
      new Date(),
      timeline.id,
    );
    if (!save(timeline.made ? [timeline.made, todo] : [todo], `Added ${todo.title}`)) return;
    if (timeline.made) store.setDefaultTimeline(timeline.made.id);
    setText('');
    setAddError(null);
    announce(`Added ${todo.title} to ${listLabel(list, today, lists)}.`);
  }

  function toggle(todo: Todo, done: boolean) {
    rememberPlace(todo);
    const now = new Date();
    // Ticking a repeating to-do makes the next one in the same write batch; unticking makes none.
    const ticked = done ? withSeriesId(todo) : todo;
    const next = done && !todo.done ? nextInSeries(ticked, today, todos, now) : null;
    const changed = { ...ticked, done, doneAt: done ? now.toISOString() : null };
    const label = done ? `Ticked ${todo.title}` : `Unticked ${todo.title}`;
    if (!save(next ? [changed, next] : [changed], label)) return;
    if (next) {
      announce(`${todo.title} done. Next one on ${listLabel(next.list, today, lists)}.`);
      return;
    }
    announce(
      done ? `${todo.title} done.` : `${todo.title} back in ${listLabel(todo.list, today, lists)}.`,
    );
  }

  function saveEdit(todo: Todo): boolean {
    if (!save([todo], `Edited ${todo.title}`)) return false;
    announce(`Saved ${todo.title}.`);
    return true;
  }

  function move(todo: Todo, list: TodoList) {
    rememberPlace(todo);
    if (save([{ ...todo, list, order: orderAtEnd(withDeleted, list) }], `Moved ${todo.title}`)) {
      announce(`Moved ${todo.title} to ${listLabel(list, today, lists)}.`);
    }
  }

  function step(todo: Todo, direction: -1 | 1) {
    const order = orderForStep(shown, shown.indexOf(todo), direction);
    if (order === null) return;
    if (save([{ ...todo, order }], `Moved ${todo.title}`)) {
      announce(`Moved ${todo.title}`);
      focusAfterMove.current = todo.id;
    }
  }

  /** A drop among the shown rows: one write, an order key between its new neighbours. */
  function reorder(todoId: string, index: number) {
    const todo = shown.find((candidate) => candidate.id === todoId);
    if (!todo) return;
    const others = shown.filter((candidate) => candidate.id !== todoId);
    let order: string;
    try {
      order = keyBetween(others[index - 1]?.order ?? null, others[index]?.order ?? null);
    } catch {
      return; // Two neighbours share a key (two tabs wrote at once): nothing fits between them.
    }
    if (save([{ ...todo, order }], `Moved ${todo.title}`)) {
      const before = others[index - 1];
      announce(
        before ? `Moved ${todo.title} after ${before.title}.` : `Moved ${todo.title} to the top.`,
      );
      focusAfterMove.current = todo.id;
    }
  }

  function remove(todo: Todo) {
    if (history.remove([{ kind: 'todo', id: todo.id }], { label: `Deleted ${todo.title}` })) {
      setUndo(todo);
      quickAddRef.current?.focus();
    }
  }

  function restore() {
    if (!undo) return;
    const current = store.get('todo', undo.id, { includeDeleted: true });
    if (current?.deleted && save(restorePlan(store, current) as Todo[], `Restored ${undo.title}`)) {
      announce(`Restored ${undo.title}.`);
    }
    setUndo(null);
  }

  function rollOver() {
    let list = withDeleted;
    const target = listOfView('today', today);
    const moved: Todo[] = [];
    for (const todo of rolloverCandidates(todos, today)) {
      const rolled = { ...todo, list: target, order: orderAtEnd(list, target) };
      moved.push(rolled);
      list = [...list, rolled];
    }
    if (!save(moved, 'Rolled over to today')) return;
    announce('Moved the unfinished to-dos of earlier days to today.');
  }

  function toggleTag(tag: string) {
    setTagFilter((tags) => (tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]));
  }

  const activeTags = tagFilter.filter((tag) => viewTags.includes(tag));
  const filtered = search.trim() !== '' || activeTags.length > 0;

  return (
    <div className="todos">
      <div className="todos__layout">
        <nav className="todos__views" aria-label="To-do views">
          <ul>
            {VIEWS.map((v) => (
              <li key={v}>
                <button
                  type="button"
                  className="todos__view"
                  aria-current={v === view ? 'page' : undefined}
                  data-drop-list={
                    v === 'upcoming' || v === 'done' ? undefined : listOfView(v, today)
                  }
                  onClick={() => onView(v)}
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
          <CustomLists lists={lists} counts={listCounts} view={view} onView={onView} />
        </nav>

        <section className="todos__main" aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} className="todos__heading">
            {heading}
          </h2>
          {currentList && (
            <ListActions
              key={currentList.id}
              list={currentList}
              todos={todos.filter((todo) => todo.list === view)}
              onDeleted={() => onView('inbox')}
            />
          )}

          <form className="todos__add" onSubmit={add} noValidate>
            <label htmlFor={`${id}-add`} className="todos__label">
              Add a to-do
            </label>
            <input
              id={`${id}-add`}
              ref={quickAddRef}
              data-nowou-new
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
            <ul ref={listRef} className="todos__list" aria-label={heading}>
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
                  drag={{
                    handle: dragProps(todo.id, 'handle'),
                    row: dragProps(todo.id, 'long-press'),
                  }}
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
            <Button onClick={restore}>
              Undo<span className="visually-hidden"> deleting {undo.title}</span>
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
