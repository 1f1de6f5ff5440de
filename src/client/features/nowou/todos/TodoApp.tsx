/**
 * Nowou's to-dos: views in a side list (tabs on narrow screens), quick add with what was understood,
 * search (of the view or of every to-do) and tag filter, Today's overdue to-dos with Roll over, the
 * rows and an Undo toast after Delete (Recently deleted is the app's, app/RecentlyDeleted.tsx).
 * Every change goes through the app's undo history as one step.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStateThatClears } from '../../../lib/use-state-that-clears';
import { Button } from '../../../ui/Button';
import { dayOf } from '../logic/calendar-day';
import {
  parseQuickAdd,
  type QuickAdd,
  type QuickAddKind,
  type QuickAddMatch,
} from '../logic/quick-add';
import { describeRule } from '../logic/recurrence';
import { filterTodos, tagsOf } from '../logic/todo-queries';
import type { Todo } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { useSetting } from '../kit/settings';
import { useItems } from '../use-nowou-store';
import { useRowDrag } from './use-row-drag';
import { useTodoActions } from './use-todo-actions';
import { CustomLists } from './CustomLists';
import { ListActions } from './ListActions';
import { TodoRow, type MoveTarget } from './TodoRow';
import {
  VIEWS,
  VIEW_LABELS,
  dayLabelOf,
  everyTodo,
  isListView,
  sortedLists,
  viewLabel,
  listOfView,
  rolloverCandidates,
  todosInView,
  viewOfList,
  whereLabel,
  type TodoList,
  type View,
} from './todo-views';
import './todos.css';
import { SITE_CALENDAR, formatPlanDay } from '../../../lib/date-format';

const UNDO_MS = 6000;
/** How long a quick-added row stays marked. */
const JUST_ADDED_MS = 3000;

const MATCH_LABELS: Record<QuickAddKind, string> = {
  day: 'Day',
  someday: 'List',
  time: 'Time',
  duration: 'Duration',
  tag: 'Tag',
  priority: 'Priority',
  repeat: 'Repeats',
};

/** A chip's words: "Day tomorrow", and for a repeat the rule and its first day. */
function chipText(match: QuickAddMatch, parsed: QuickAdd): string {
  if (match.kind !== 'repeat' || !parsed.recurrence)
    return `${MATCH_LABELS[match.kind]} ${match.text}`;
  const rule = describeRule(parsed.recurrence);
  const rhythm = `${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
  const from = parsed.day ? `, from ${formatPlanDay(parsed.day)}` : '';
  return `${MATCH_LABELS.repeat} ${rhythm}${from}`;
}

export function TodoApp({ view, onView }: { view: View; onView: (view: View) => void }) {
  const { store, announce } = useNowou();
  const todos = useItems(store, 'todo');
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
  const [undo, setUndo] = useStateThatClears<Todo>(UNDO_MS);
  const focusAfterMove = useRef<string | null>(null);
  /** The to-do a quick add just made: its row is marked and scrolled to, wherever it landed. */
  const [justAdded, setJustAdded] = useStateThatClears<string>(JUST_ADDED_MS);
  const focusAfterLeave = useRef<{ id: string; index: number } | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const quickAddRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Today is read at each render: a tab left open past midnight shows the new day's lists.
  const today = dayOf(new Date());
  const actions = useTodoActions(today, lists);
  const parsed = useMemo(
    () => (text.trim() ? parseQuickAdd(text, new Date(), SITE_CALENDAR) : null),
    [text],
  );
  const inView = useMemo(
    () => (searchAll ? everyTodo(todos) : todosInView(todos, view, today)),
    [todos, view, today, searchAll],
  );
  const shown = useMemo(() => filterTodos(inView, search, tagFilter), [inView, search, tagFilter]);
  const { dragProps } = useRowDrag(listRef, {
    onReorder: (todoId, index) => {
      const todo = shown.find((candidate) => candidate.id === todoId);
      if (todo && actions.drop(todo, shown, index)) focusAfterMove.current = todo.id;
    },
    onMoveTo: (todoId, list) => {
      const todo = todos.find((candidate) => candidate.id === todoId);
      if (todo && todo.list !== list) move(todo, list);
    },
  });
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
  const defaultTimelineId = actions.timelineIdForEdit();

  // A list deleted (here or in another tab) leaves its view for the Inbox.
  const listGone = isListView(view) && !currentList;
  useEffect(() => {
    if (listGone) onView('inbox');
  }, [listGone, onView]);

  // The row shows once the view it landed in has rendered.
  useEffect(() => {
    if (justAdded) rowRefs.current.get(justAdded)?.scrollIntoView({ block: 'nearest' });
  }, [justAdded, shown]);

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

  function add(event: FormEvent) {
    event.preventDefault();
    const line = parseQuickAdd(text, new Date(), SITE_CALENDAR);
    if (!line.title) {
      setAddError('Type what to do first.');
      quickAddRef.current?.focus();
      return;
    }
    const added = actions.add(line, view);
    if (!added) return;
    setText('');
    setAddError(null);
    // A line with a day or "someday" lands outside this view: go where it is, so it is seen.
    const landed = viewOfList(added.list, today);
    if (!searchAll && landed !== view) onView(landed);
    setJustAdded(added.id);
  }

  function toggle(todo: Todo, done: boolean) {
    rememberPlace(todo);
    actions.toggle(todo, done);
  }

  function saveEdit(edited: Todo, before: Todo): boolean {
    if (!actions.saveEdit(edited, before)) return false;
    if (edited.list !== before.list) rememberPlace(before);
    return true;
  }

  function move(todo: Todo, list: TodoList) {
    rememberPlace(todo);
    actions.move(todo, list);
  }

  function step(todo: Todo, direction: -1 | 1) {
    if (actions.step(todo, shown, direction)) focusAfterMove.current = todo.id;
  }

  function remove(todo: Todo) {
    if (!actions.remove(todo)) return;
    setUndo(todo);
    quickAddRef.current?.focus();
  }

  function restore() {
    if (undo) actions.restore(undo);
    setUndo(null);
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
  /** What every row gets, overdue or not. */
  const rowProps = {
    moveTargets,
    onToggle: toggle,
    onMove: move,
    onStep: step,
    onDelete: remove,
    onSave: saveEdit,
    today,
    lists: editorLists,
    timelineId: defaultTimelineId,
  };

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
                        {chipText(match, parsed)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="todos__hint">
                  Press Enter to add. A day, 14:30, 30m, every mon, #tag and !1–!3 are understood.
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
                  <Button onClick={() => actions.rollOver()}>
                    Roll over<span className="visually-hidden"> to today</span>
                  </Button>
                )}
              </div>
              {overdue.length > 0 && (
                <ul className="todos__list" aria-label="Overdue">
                  {overdue.map((todo) => (
                    <TodoRow
                      key={todo.id}
                      {...rowProps}
                      todo={todo}
                      orderable={false}
                      dayLabel={dayLabelOf(todo.list)}
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
                  {...rowProps}
                  todo={todo}
                  orderable={orderable}
                  justAdded={todo.id === justAdded}
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
                />
              ))}
            </ul>
          )}
          {orderable && shown.length > 1 && (
            <p className="todos__hint keyboard-hint">Alt+Up and Alt+Down move the focused to-do.</p>
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
