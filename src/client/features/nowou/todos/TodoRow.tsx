/**
 * One to-do: its done checkbox and title with notes, subtask progress, repeat rule, tags, priority,
 * time and duration, and when it was done; Edit (an inline editor under the row), a Move to… menu
 * and Delete, and Open on board for a to-do made from a board's node. Alt+ArrowUp / Alt+ArrowDown
 * on the row's checkbox or buttons asks to move it a place. Up to 720 px the row is one line and its
 * actions wait behind a menu button (docs/product/nowou.md#nowou).
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type DOMAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Link } from '../../../lib/navigation/router';
import { paths } from '#shared/paths';
import { Button } from '../../../ui/Button';
import { buttonClassName } from '../../../ui/button-class';
import { describeRule } from '../logic/recurrence';
import type { Todo } from '#shared/nowou-records';
import { subtaskProgress } from '../logic/series';
import type { EditorList } from './TodoEditor';
import { doneWhen, type TodoList } from './todo-views';
import { DayInput } from '../kit/TypedDayTime';

/** The editor loads when a to-do is first edited. */
const TodoEditor = lazy(() =>
  import('./TodoEditor').then((module) => ({ default: module.TodoEditor })),
);

export interface MoveTarget {
  label: string;
  list: TodoList;
}

interface TodoRowProps {
  todo: Todo;
  ref?: Ref<HTMLLIElement>;
  moveTargets: readonly MoveTarget[];
  /** Can be moved up and down by keyboard (not in Done). */
  orderable: boolean;
  /** Made by the quick add a moment ago: marked for a few seconds, so the eye finds it. */
  justAdded?: boolean;
  onToggle: (todo: Todo, done: boolean) => void;
  onMove: (todo: Todo, list: TodoList) => void;
  onStep: (todo: Todo, step: -1 | 1) => void;
  onDelete: (todo: Todo) => void;
  /** Saves an edited to-do (one write) given as it was before; false when it was refused. */
  onSave: (todo: Todo, before: Todo) => boolean;
  today: string;
  /** Where the to-do is, shown beside it where rows of many days or lists mix (Upcoming, Overdue, a search of all). */
  dayLabel?: string;
  /** The custom lists, for the editor. */
  lists: readonly EditorList[];
  /** The timeline a to-do given a time on a day goes onto, for the editor. */
  timelineId: string | null;
  /** Pointer handlers that start a drag: from the handle, and by long press on the row (touch). */
  drag?: { handle: DragHandlers; row: DragHandlers };
}

type DragHandlers = Pick<
  DOMAttributes<HTMLElement>,
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel'
>;

/** The board the to-do was made on, opened centred on its node (boards/ui/BoardsApp.tsx). */
function boardLink(source: NonNullable<Todo['source']>): string {
  const query = new URLSearchParams({
    section: 'boards',
    board: source.boardId,
    node: source.nodeId,
  });
  return `${paths.nowou}?${query.toString()}`;
}

function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function TodoRow({
  todo,
  ref,
  moveTargets,
  orderable,
  justAdded = false,
  onToggle,
  onMove,
  onStep,
  onDelete,
  onSave,
  today,
  dayLabel,
  lists,
  timelineId,
  drag,
}: TodoRowProps) {
  const id = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const progress = subtaskProgress(todo);
  const [day, setDay] = useState('');
  const [dayProblem, setDayProblem] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** The actions shown on a narrow screen, where they wait behind the row's menu button. */
  const [actionsOpen, setActionsOpen] = useState(false);
  const actionsButton = useRef<HTMLButtonElement>(null);

  /** Escape on the row's controls closes the actions opened by its menu button. */
  function onActionsKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !actionsOpen) return;
    event.preventDefault();
    setActionsOpen(false);
    actionsButton.current?.focus();
  }

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector('button')?.focus();
  }, [menuOpen]);

  function closeMenu() {
    setMenuOpen(false);
    menuButton.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    onActionsKeyDown(event);
    if (!orderable || !event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onStep(todo, event.key === 'ArrowUp' ? -1 : 1);
  }

  /** On the drag handle the arrows alone move the row (it has no other use for them). */
  function onHandleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onStep(todo, event.key === 'ArrowUp' ? -1 : 1);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    closeMenu();
  }

  function closeEditor() {
    setEditing(false);
    editButton.current?.focus();
  }

  function move(list: TodoList) {
    setMenuOpen(false);
    onMove(todo, list);
  }

  return (
    <li
      ref={ref}
      className="todo-row"
      data-todo-id={todo.id}
      data-done={todo.done || undefined}
      data-just-added={justAdded || undefined}
      {...(orderable ? drag?.row : undefined)}
    >
      <div className="todo-row__main">
        {orderable && drag && (
          <button
            type="button"
            className="todo-row__handle"
            aria-label={`Reorder ${todo.title}`}
            title="Drag to reorder, or press the up and down arrows"
            onKeyDown={onHandleKeyDown}
            {...drag.handle}
          >
            <span aria-hidden="true">⋮⋮</span>
          </button>
        )}
        <input
          id={`${id}-done`}
          type="checkbox"
          className="todo-row__check"
          checked={todo.done}
          onKeyDown={onKeyDown}
          onChange={(event) => onToggle(todo, event.target.checked)}
        />
        <label htmlFor={`${id}-done`} className="todo-row__title">
          {todo.title}
        </label>
        <button
          ref={actionsButton}
          type="button"
          className="todo-row__more"
          aria-label={`Actions for ${todo.title}`}
          aria-expanded={actionsOpen}
          aria-controls={`${id}-actions`}
          onKeyDown={onKeyDown}
          onClick={() => setActionsOpen((open) => !open)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
      {todo.notes && <p className="todo-row__notes">{todo.notes}</p>}
      {(dayLabel ||
        todo.doneAt ||
        progress ||
        todo.recurrence ||
        todo.tags.length > 0 ||
        todo.priority > 0 ||
        todo.time ||
        todo.duration) && (
        <p className="todo-row__meta">
          {todo.doneAt && (
            <span className="todo-chip todo-chip--done">
              {/* One inline run: in the chip's flex box a bare "Done " would lose its space. */}
              <span>
                Done <time dateTime={todo.doneAt}>{doneWhen(todo.doneAt, today)}</time>
              </span>
            </span>
          )}
          {dayLabel && <span className="todo-chip todo-chip--time">{dayLabel}</span>}
          {progress && (
            <span className="todo-chip todo-chip--progress">
              {progress}
              <span className="visually-hidden"> subtasks done</span>
            </span>
          )}
          {todo.recurrence && (
            <span className="todo-chip todo-chip--repeat">{describeRule(todo.recurrence)}</span>
          )}
          {todo.priority > 0 && (
            <span className="todo-chip todo-chip--priority" data-priority={todo.priority}>
              !{todo.priority}
              <span className="visually-hidden"> priority</span>
            </span>
          )}
          {todo.time && <span className="todo-chip todo-chip--time">{todo.time}</span>}
          {todo.duration && (
            <span className="todo-chip todo-chip--time">{durationText(todo.duration)}</span>
          )}
          {todo.tags.map((tag) => (
            <span key={tag} className="todo-chip">
              #{tag}
            </span>
          ))}
        </p>
      )}
      <div id={`${id}-actions`} className="todo-row__actions" data-open={actionsOpen || undefined}>
        <Button
          ref={editButton}
          variant="ghost"
          aria-expanded={editing}
          aria-controls={editing ? `${id}-edit` : undefined}
          onKeyDown={onKeyDown}
          onClick={() => setEditing((open) => !open)}
        >
          Edit<span className="visually-hidden"> {todo.title}</span>
        </Button>
        <Button
          ref={menuButton}
          variant="ghost"
          aria-expanded={menuOpen}
          aria-controls={`${id}-menu`}
          onKeyDown={onKeyDown}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Move to…<span className="visually-hidden"> {todo.title}</span>
        </Button>
        <Button variant="ghost" onKeyDown={onKeyDown} onClick={() => onDelete(todo)}>
          Delete<span className="visually-hidden"> {todo.title}</span>
        </Button>
        {todo.source && (
          <Link
            className={buttonClassName({ variant: 'ghost' })}
            to={boardLink(todo.source)}
            onKeyDown={onKeyDown}
          >
            Open on board<span className="visually-hidden"> {todo.title}</span>
          </Link>
        )}
      </div>
      {menuOpen && (
        <div
          id={`${id}-menu`}
          ref={menuRef}
          className="todo-row__menu"
          role="group"
          aria-label={`Move ${todo.title} to`}
        >
          {moveTargets.map((target) => (
            <Button
              key={target.label}
              disabled={target.list === todo.list}
              onKeyDown={onMenuKeyDown}
              onClick={() => move(target.list)}
            >
              {target.label}
            </Button>
          ))}
          <form
            className="todo-row__date"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (day) move(`day:${day}`);
              else setDayProblem(true);
            }}
          >
            <label htmlFor={`${id}-day`}>Date</label>
            <DayInput
              id={`${id}-day`}
              value={day}
              required
              aria-invalid={dayProblem || undefined}
              aria-describedby={dayProblem ? `${id}-day-problem` : undefined}
              onKeyDown={onMenuKeyDown}
              onValueChange={(next) => {
                setDay(next);
                if (next) setDayProblem(false);
              }}
            />
            <Button type="submit" onKeyDown={onMenuKeyDown}>
              Move
            </Button>
            {dayProblem && (
              <p
                id={`${id}-day-problem`}
                className="todos__error todo-row__date-problem"
                role="alert"
              >
                Write a date like 27 Nov 2026.
              </p>
            )}
          </form>
          <Button variant="ghost" onKeyDown={onMenuKeyDown} onClick={closeMenu}>
            Cancel
          </Button>
        </div>
      )}
      {editing && (
        <Suspense fallback={<p className="todo-row__loading">Loading the editor…</p>}>
          <TodoEditor
            id={`${id}-edit`}
            todo={todo}
            today={today}
            lists={lists}
            timelineId={timelineId}
            onSave={(edited) => onSave(edited, todo)}
            onClose={closeEditor}
          />
        </Suspense>
      )}
    </li>
  );
}
