/**
 * The to-dos with no time yet (not done, no schedule), searchable, each draggable onto the grid
 * (by its grip on touch) or scheduled through its "Schedule…" form (day, start, duration).
 */
import {
  memo,
  useRef,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { Button } from '../../../ui/Button';
import type { Todo } from '#shared/nowou-records';
import { byListThenOrder, filterTodos } from '../logic/todo-queries';
import { todoMinutes } from './block-items';
import type { BlockDrag } from './use-block-drag';
import { useEscape } from './use-escape';
import type { TimelineActions } from './use-timeline-actions';
import { FormActions, SpanFields, readSpan } from './block-fields';

/** Rows shown at once; a search finds the rest. */
const SHOWN = 100;

interface PanelProps {
  todos: readonly Todo[];
  actions: TimelineActions;
  dragRef: RefObject<BlockDrag | null>;
  /** The day a Schedule… form starts on. */
  defaultDay: string;
}

export function UnscheduledPanel({ todos, actions, dragRef, defaultDay }: PanelProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [open, setOpen] = useState<string | null>(null);
  const unscheduled = useMemo(
    () => todos.filter((todo) => !todo.done && todo.schedule === null).sort(byListThenOrder),
    [todos],
  );
  const found = useMemo(() => filterTodos(unscheduled, deferred, []), [unscheduled, deferred]);
  const shown = found.slice(0, SHOWN);

  return (
    <section className="tl-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="tl-panel__heading">
        Unscheduled <span className="tl-panel__count">{unscheduled.length}</span>
      </h3>
      <label htmlFor={`${id}-search`} className="visually-hidden">
        Search unscheduled to-dos
      </label>
      <input
        id={`${id}-search`}
        className="tl-input"
        type="search"
        placeholder="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="tl-panel__empty">
          {unscheduled.length === 0 ? 'Every open to-do has a time.' : 'Nothing matches.'}
        </p>
      ) : (
        <ul className="tl-panel__list" aria-label="Unscheduled to-dos">
          {shown.map((todo) => (
            <PanelRow
              key={todo.id}
              todo={todo}
              open={open === todo.id}
              onToggle={() => setOpen((now) => (now === todo.id ? null : todo.id))}
              onPointerDown={(event) =>
                dragRef.current?.onTodoPointerDown(event, {
                  id: todo.id,
                  title: todo.title,
                  minutes: todoMinutes(todo),
                })
              }
              onSchedule={(start, end) => {
                actions.schedule(todo.id, start, end);
                setOpen(null);
              }}
              defaultDay={defaultDay}
            />
          ))}
        </ul>
      )}
      {found.length > SHOWN && (
        <p className="tl-panel__empty">
          Showing {SHOWN} of {found.length}; search to find the others.
        </p>
      )}
    </section>
  );
}

interface RowProps {
  todo: Todo;
  open: boolean;
  defaultDay: string;
  onToggle: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onSchedule: (start: number, end: number) => void;
}

const PanelRow = memo(function PanelRow({
  todo,
  open,
  defaultDay,
  onToggle,
  onPointerDown,
  onSchedule,
}: RowProps) {
  const id = useId();
  const [day, setDay] = useState(defaultDay);
  const [time, setTime] = useState('09:00');
  const [minutes, setMinutes] = useState(String(todoMinutes(todo)));
  const [problem, setProblem] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEscape(form, onToggle);

  return (
    <li className="tl-panel__row" data-todo-id={todo.id}>
      <div className="tl-panel__item" onPointerDown={onPointerDown}>
        <span className="tl-panel__grip" data-grip="" aria-hidden="true">
          ⠿
        </span>
        <span className="tl-panel__title">{todo.title}</span>
        <Button
          variant="ghost"
          aria-expanded={open}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={onToggle}
        >
          Schedule…<span className="visually-hidden"> {todo.title}</span>
        </Button>
      </div>
      {open && (
        <form
          noValidate
          ref={form}
          className="tl-form tl-panel__form"
          aria-label={`Schedule ${todo.title}`}
          onSubmit={(event) => {
            event.preventDefault();
            const span = readSpan(day, time, minutes);
            if ('problem' in span) setProblem(span.problem);
            else onSchedule(span.start, span.end);
          }}
        >
          <SpanFields
            id={id}
            day={day}
            time={time}
            minutes={minutes}
            onDay={setDay}
            onTime={setTime}
            onMinutes={setMinutes}
          />
          {problem && (
            <p className="tl-form__problem" role="alert">
              {problem}
            </p>
          )}
          <FormActions submit="Schedule" onCancel={onToggle} />
        </form>
      )}
    </li>
  );
});
