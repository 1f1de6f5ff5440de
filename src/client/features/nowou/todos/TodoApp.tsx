/**
 * Nowou's to-dos: views in a side list (tabs on narrow screens), quick add with what was understood,
 * search (of the view or of every to-do) and tag filter, Today's overdue to-dos with Roll over, the
 * rows and an Undo toast after Delete (Recently deleted is the app's, app/RecentlyDeleted.tsx).
 * Every change goes through the app's undo history as one step.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { addDays, dayOf } from '../logic/calendar-day';
import { parseQuickAdd, type QuickAddKind } from '../logic/quick-add';
import type { Timeline, Todo, TodoListItem } from '#shared/nowou-records';
import { restorePlan } from '../model/restore';
import { useNowou } from '../nowou-context';
import { FIRST_TIMELINE_ID, firstTimeline } from '../timeline/new-timeline';
import { useSetting } from '../app/settings';
import { useItems } from '../use-nowou-store';
import { useRowDrag } from './use-row-drag';
import { CustomLists } from './CustomLists';
import { ListActions } from './ListActions';
import { tickChanges } from './series';
import { placeTodo, rollOverTo } from './todo-move';
import { TodoRow, type MoveTarget } from './TodoRow';
import {
  VIEWS,
  VIEW_LABELS,
  everyTodo,
  filterTodos,
  isListView,
  sortedLists,
  viewLabel,
  listOfQuickAdd,
  listOfView,
  rolloverCandidates,
  spotForDrop,
  spotForStep,
  tagsOf,
  todoFromQuickAdd,
  todosInView,
  type TodoList,
  type View,
} from './todo-views';
import './todos.css';
import { randomId } from '../../../lib/random-id';
import { SITE_CALENDAR, formatPlanDay } from '../../../lib/date-format';

const UNDO_MS = 6000;

const MATCH_LABELS: Record<QuickAddKind, string> = {
  day: 'Day',
  someday: 'List',
  time: 'Time',
  duration: 'Duration',
  tag: 'Tag',
  priority: 'Priority',
};

/** `day:2026-11-27` as the site writes a day to plan: "Fri 27 Nov" (lib/date-format). */
function dayLabelOf(list: Todo['list']): string {
  return formatPlanDay(list.slice(4));
}

function listLabel(list: TodoList, today: string, lists: readonly TodoListItem[]): string {
  if (list === 'inbox') return 'Inbox';
  if (list === 'someday') return 'Someday';
  if (list === `day:${today}`) return 'Today';
  if (list === `day:${addDays(today, 1)}`) return 'Tomorrow';
  if (list.startsWith('day:')) return list.slice(4);
  return lists.find((custom) => `list:${custom.id}` === list)?.name ?? 'a list';
}

/** Where a to-do is, beside it in a search of every to-do: "Inbox", "Today", "Fri 27 Nov", a list. */
function whereLabel(list: TodoList, today: string, lists: readonly TodoListItem[]): string {
  const label = listLabel(list, today, lists);
  return list.startsWith('day:') && label === list.slice(4) ? dayLabelOf(list) : label;
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
  const [searchAll, setSearchAll] = useState(false);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [autoRollover, setAutoRollover] = useSetting('autoRollover');
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
  const parsed = useMemo(
    () => (text.trim() ? parseQuickAdd(text, new Date(), SITE_CALENDAR) : null),
    [text],
  );
  const inView = useMemo(
    () => (searchAll ? everyTodo(todos) : todosInView(todos, view, today)),
    [todos, view, today, searchAll],
  );
  const shown = useMemo(() => filterTodos(inView, search, tagFilter), [inView, search, tagFilter]);
  const viewTags = useMemo(() => tagsOf(inView), [inView]);
  const allOverdue = useMemo(() => rolloverCandidates(todos, today), [todos, today]);
  const overdue = view === 'today' && !searchAll ? allOverdue : [];
  const counts = useMemo(() => {
    const byView = Object.fromEntries(
      VIEWS.map((v) => [v, todosInView(todos, v, today).length]),
    ) as Record<(typeof VIEWS)[number], number>;
    // Today shows the overdue to-dos too, so its count includes them.
    byView.today += allOverdue.length;
    return byView;
  }, [todos, today, allOverdue]);
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
  const heading = searchAll ? 'All to-dos' : viewLabel(view, lists);
  const editorLists = lists.map((list) => ({ label: list.name, list: `list:${list.id}` as const }));
  const defaultTimelineId = timelineIdForEdit();

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

  /** The timeline a to-do given a time in the editor goes onto (made on saving when missing). */
  function timelineIdForEdit(): string {
    const timelineId = store.getDefaultTimeline();
    if (timelineId && store.get('timeline', timelineId)) return timelineId;
    return store.all('timeline')[0]?.id ?? FIRST_TIMELINE_ID;
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
    const line = parseQuickAdd(text, new Date(), SITE_CALENDAR);
    if (!line.title) {
      setAddError('Type what to do first.');
      quickAddRef.current?.focus();
      return;
    }
    const list = listOfQuickAdd(line, view, today);
    const timeline = line.day && line.time ? timelineForTimedTodo() : { id: null, made: null };
    const made = todoFromQuickAdd(line, list, 'V', randomId(), new Date(), timeline.id);
    const placed = placeTodo(withDeleted, made, list);
    const todo = placed[0]!;
    if (!save(timeline.made ? [timeline.made, ...placed] : placed, `Added ${todo.title}`)) return;
    if (timeline.made) store.setDefaultTimeline(timeline.made.id);
    setText('');
    setAddError(null);
    announce(`Added ${todo.title} to ${listLabel(list, today, lists)}.`);
  }

  function toggle(todo: Todo, done: boolean) {
    rememberPlace(todo);
    // Ticking a repeating to-do makes the next one in the same write batch; unticking makes none.
    const { changed, next } = tickChanges(todo, done, today, withDeleted, new Date());
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

  /**
   * Saves an edited to-do: one that changed list goes to the end of its new one (its block, if
   * any, already follows its day: see todo-edit.ts), and a first timeline is made when the to-do
   * went onto one that does not exist yet.
   */
  function saveEdit(edited: Todo, before: Todo): boolean {
    const placed =
      edited.list === before.list ? [edited] : placeTodo(withDeleted, edited, edited.list);
    const timelineId = edited.schedule?.timelineId;
    // As quick add does: the first timeline is made (or brought back) when the to-do needs it.
    const made =
      timelineId === FIRST_TIMELINE_ID && !store.get('timeline', timelineId)
        ? firstTimeline()
        : null;
    if (!save(made ? [made, ...placed] : placed, `Edited ${edited.title}`)) return false;
    if (made) store.setDefaultTimeline(made.id);
    if (edited.list !== before.list) rememberPlace(before);
    announce(`Saved ${edited.title}.`);
    return true;
  }

  function move(todo: Todo, list: TodoList) {
    rememberPlace(todo);
    if (save(placeTodo(withDeleted, todo, list), `Moved ${todo.title}`)) {
      announce(`Moved ${todo.title} to ${listLabel(list, today, lists)}.`);
    }
  }

  function step(todo: Todo, direction: -1 | 1) {
    const spot = spotForStep(shown, shown.indexOf(todo), direction);
    if (spot === null) return;
    if (save(placeTodo(withDeleted, todo, todo.list, spot), `Moved ${todo.title}`)) {
      announce(`Moved ${todo.title}`);
      focusAfterMove.current = todo.id;
    }
  }

  /** A drop among the shown rows: one write (or a renumbered list when keys grew long). */
  function reorder(todoId: string, index: number) {
    const todo = shown.find((candidate) => candidate.id === todoId);
    if (!todo) return;
    const others = shown.filter((candidate) => candidate.id !== todoId);
    const placed = placeTodo(withDeleted, todo, todo.list, spotForDrop(others, index));
    if (save(placed, `Moved ${todo.title}`)) {
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
    if (!save(rollOverTo(withDeleted, today), 'Rolled over to today')) return;
    announce('Moved the unfinished to-dos of earlier days to today.');
  }

  async function chooseAutoRollover(on: boolean) {
    const saved = await setAutoRollover(on);
    if (!saved) {
      announce('This browser did not keep the setting: it lasts while Nowou is open.');
      return;
    }
    announce(
      on
        ? 'Unfinished to-dos of earlier days now move to today by themselves.'
        : 'Unfinished to-dos of earlier days now wait under Overdue.',
    );
  }

  function toggleTag(tag: string) {
    setTagFilter((tags) => (tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]));
  }

  const activeTags = tagFilter.filter((tag) => viewTags.includes(tag));
  const orderable = !searchAll && view !== 'done' && view !== 'upcoming';
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
            <div className="todos__search">
              <input
                id={`${id}-search`}
                className="todos__input"
                type="search"
                placeholder="Search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <label className="todos__scope">
                <input
                  type="checkbox"
                  checked={searchAll}
                  onChange={(event) => setSearchAll(event.target.checked)}
                />
                All to-dos
              </label>
            </div>
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

          {view === 'today' && !searchAll && allOverdue.length > 0 && (
            <section className="todos__overdue" aria-labelledby={`${id}-overdue`}>
              <div className="todos__overdue-head">
                <h3 id={`${id}-overdue`} className="todos__subheading">
                  Overdue <span className="todos__count">{allOverdue.length}</span>
                </h3>
                {allOverdue.length > 0 && (
                  <Button onClick={rollOver}>
                    Roll over<span className="visually-hidden"> to today</span>
                  </Button>
                )}
              </div>
              {overdue.length > 0 && (
                <ul className="todos__list" aria-label="Overdue">
                  {overdue.map((todo) => (
                    <TodoRow
                      key={todo.id}
                      todo={todo}
                      moveTargets={moveTargets}
                      orderable={false}
                      dayLabel={dayLabelOf(todo.list)}
                      onToggle={toggle}
                      onMove={move}
                      onStep={step}
                      onDelete={remove}
                      onSave={saveEdit}
                      today={today}
                      lists={editorLists}
                      timelineId={defaultTimelineId}
                    />
                  ))}
                </ul>
              )}
            </section>
          )}

          {view === 'today' && !searchAll && overdue.length > 0 && (
            <h3 className="todos__subheading">Today</h3>
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
                  orderable={orderable}
                  dayLabel={
                    searchAll
                      ? whereLabel(todo.list, today, lists)
                      : view === 'upcoming'
                        ? dayLabelOf(todo.list)
                        : undefined
                  }
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
                  lists={editorLists}
                  timelineId={defaultTimelineId}
                />
              ))}
            </ul>
          )}
          {orderable && shown.length > 1 && (
            <p className="todos__hint todos__hint--keys">
              Alt+Up and Alt+Down move the focused to-do.
            </p>
          )}
          {view === 'today' && !searchAll && (
            <label className="todos__scope todos__setting">
              <input
                type="checkbox"
                checked={autoRollover ?? false}
                disabled={autoRollover === undefined}
                onChange={(event) => void chooseAutoRollover(event.target.checked)}
              />
              Roll over by itself each day
            </label>
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
