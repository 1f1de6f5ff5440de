/**
 * The inline editor under a row: title, notes, where it is (a list or a day), time, duration,
 * priority, tags, subtasks and repeat, with Save and Cancel. Escape cancels; the row gives focus
 * back to its Edit button either way. Bad input says what is wrong under its field and saves
 * nothing.
 */
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import type { Todo } from '#shared/nowou-records';
import {
  REPEAT_KINDS,
  REPEAT_LABELS,
  draftOf,
  todoFromDraft,
  type DraftPlace,
  type RepeatKind,
  type TodoDraft,
} from './todo-edit';
import { randomId } from '../../../lib/random-id';
import { DayInput } from '../kit/TypedDayTime';

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
/** Monday first. */
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** Fields whose problem shows right under them; any other shows above Save. */
const INLINE_FIELDS = new Set(['notes', 'place', 'day', 'time', 'duration', 'priority', 'tags']);

const PRIORITY_LABELS = ['None', '!1 (most urgent)', '!2', '!3'];

export interface EditorList {
  label: string;
  list: `list:${string}`;
}

interface TodoEditorProps {
  todo: Todo;
  today: string;
  id: string;
  /** The custom lists a to-do can be put in. */
  lists: readonly EditorList[];
  /** The timeline a to-do given a time on a day goes onto (the default one). */
  timelineId: string | null;
  /** Saves the checked to-do (one write); false when the store refused it. */
  onSave: (todo: Todo) => boolean;
  onClose: () => void;
}

export function TodoEditor({
  todo,
  today,
  id,
  lists,
  timelineId,
  onSave,
  onClose,
}: TodoEditorProps) {
  const prefix = useId();
  const [draft, setDraft] = useState<TodoDraft>(() => draftOf(todo, today));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [subtask, setSubtask] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef(new Map<string, HTMLElement | null>());
  const fieldRef = (field: string) => (node: HTMLElement | null) => {
    fieldRefs.current.set(field, node);
  };

  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  useEffect(() => {
    // Escape anywhere in the editor cancels (a native listener: the form itself is no control).
    const form = formRef.current;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    }
    form?.addEventListener('keydown', onKeyDown);
    return () => form?.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  function change(patch: Partial<TodoDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = todoFromDraft(todo, draft, timelineId);
    if (!result.ok) {
      setError(result);
      (fieldRefs.current.get(result.field) ?? titleRef.current)?.focus();
      return;
    }
    if (onSave(result.todo)) onClose();
  }

  function addSubtask() {
    const title = subtask.trim();
    if (!title) return;
    change({ subtasks: [...draft.subtasks, { id: randomId(), title, done: false }] });
    setSubtask('');
  }

  const errorId = `${prefix}-error`;
  const described = (field: string) => (error?.field === field ? errorId : undefined);
  /** The shared props of a checked field: its id, its ref and its error state. */
  const checked = (field: string) => ({
    id: `${prefix}-${field}`,
    ref: fieldRef(field),
    'aria-invalid': error?.field === field || undefined,
    'aria-describedby': described(field),
  });
  const problem = (field: string) =>
    error?.field === field ? (
      <p id={errorId} className="todos__error" role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <form
      id={id}
      className="todo-editor"
      aria-label={`Edit ${todo.title}`}
      noValidate
      ref={formRef}
      onSubmit={submit}
    >
      <label htmlFor={`${prefix}-title`}>Title</label>
      <input
        id={`${prefix}-title`}
        ref={titleRef}
        className="todos__input"
        type="text"
        required
        maxLength={500}
        value={draft.title}
        aria-invalid={error?.field === 'title' || undefined}
        aria-describedby={described('title')}
        onChange={(event) => change({ title: event.target.value })}
      />
      <label htmlFor={`${prefix}-notes`}>Notes</label>
      <textarea
        id={`${prefix}-notes`}
        className="todos__input todo-editor__notes"
        rows={3}
        maxLength={10_000}
        value={draft.notes}
        aria-invalid={error?.field === 'notes' || undefined}
        aria-describedby={described('notes')}
        onChange={(event) => change({ notes: event.target.value })}
      />
      {problem('notes')}
      <div className="todo-editor__row">
        <div className="todo-editor__field">
          <label htmlFor={`${prefix}-place`}>List</label>
          <select
            {...checked('place')}
            className="todos__input"
            value={draft.place}
            onChange={(event) => change({ place: event.target.value as DraftPlace })}
          >
            <option value="inbox">Inbox</option>
            <option value="day">A day</option>
            <option value="someday">Someday</option>
            {lists.map((list) => (
              <option key={list.list} value={list.list}>
                {list.label}
              </option>
            ))}
          </select>
        </div>
        {draft.place === 'day' && (
          <div className="todo-editor__field">
            <label htmlFor={`${prefix}-day`}>Day</label>
            <DayInput
              {...checked('day')}
              className="todos__input"
              required
              value={draft.day}
              onValueChange={(day) => change({ day })}
            />
          </div>
        )}
        <div className="todo-editor__field">
          <label htmlFor={`${prefix}-time`}>Time</label>
          <input
            {...checked('time')}
            className="todos__input"
            type="text"
            inputMode="text"
            autoComplete="off"
            placeholder="14:30"
            maxLength={10}
            value={draft.time}
            onChange={(event) => change({ time: event.target.value })}
          />
        </div>
        <div className="todo-editor__field">
          <label htmlFor={`${prefix}-duration`}>Duration</label>
          <input
            {...checked('duration')}
            className="todos__input"
            type="text"
            autoComplete="off"
            placeholder="30m"
            maxLength={12}
            value={draft.duration}
            onChange={(event) => change({ duration: event.target.value })}
          />
        </div>
        <div className="todo-editor__field">
          <label htmlFor={`${prefix}-priority`}>Priority</label>
          <select
            {...checked('priority')}
            className="todos__input"
            value={draft.priority}
            onChange={(event) => change({ priority: event.target.value })}
          >
            {PRIORITY_LABELS.map((label, priority) => (
              <option key={label} value={String(priority)}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {['place', 'day', 'time', 'duration', 'priority'].map((field) => (
        <Fragment key={field}>{problem(field)}</Fragment>
      ))}
      <label htmlFor={`${prefix}-tags`}>Tags</label>
      <input
        {...checked('tags')}
        className="todos__input"
        type="text"
        autoComplete="off"
        placeholder="#work #home"
        maxLength={1000}
        value={draft.tags}
        onChange={(event) => change({ tags: event.target.value })}
      />
      {problem('tags')}
      <fieldset className="todo-editor__group">
        <legend>Subtasks</legend>
        {draft.subtasks.length > 0 && (
          <ul className="todo-editor__subtasks" aria-label="Subtasks">
            {draft.subtasks.map((item, index) => (
              <li key={item.id}>
                <input
                  id={`${prefix}-sub-${item.id}`}
                  type="checkbox"
                  checked={item.done}
                  onChange={(event) =>
                    change({
                      subtasks: draft.subtasks.map((s, i) =>
                        i === index ? { ...s, done: event.target.checked } : s,
                      ),
                    })
                  }
                />
                <label htmlFor={`${prefix}-sub-${item.id}`}>{item.title}</label>
                <Button
                  variant="ghost"
                  onClick={() => change({ subtasks: draft.subtasks.filter((_, i) => i !== index) })}
                >
                  Remove<span className="visually-hidden"> {item.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={`${prefix}-subtask`}>Add a subtask</label>
        <input
          id={`${prefix}-subtask`}
          className="todos__input"
          type="text"
          maxLength={500}
          value={subtask}
          autoComplete="off"
          onChange={(event) => setSubtask(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addSubtask();
          }}
        />
      </fieldset>
      <label htmlFor={`${prefix}-repeat`}>Repeat</label>
      <select
        id={`${prefix}-repeat`}
        className="todos__input"
        value={draft.repeat}
        aria-invalid={error?.field === 'repeat' || undefined}
        aria-describedby={described('repeat')}
        onChange={(event) => change({ repeat: event.target.value as RepeatKind })}
      >
        {REPEAT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {REPEAT_LABELS[kind]}
          </option>
        ))}
      </select>
      {draft.repeat === 'weekly' && (
        <fieldset className="todo-editor__group todo-editor__days">
          <legend>On</legend>
          {WEEKDAY_ORDER.map((day) => (
            <label key={day}>
              <input
                type="checkbox"
                checked={draft.weekDays.includes(day)}
                onChange={(event) =>
                  change({
                    weekDays: event.target.checked
                      ? [...draft.weekDays, day]
                      : draft.weekDays.filter((d) => d !== day),
                  })
                }
              />
              {WEEKDAY_NAMES[day]}
            </label>
          ))}
        </fieldset>
      )}
      {draft.repeat === 'monthly' && (
        <>
          <label htmlFor={`${prefix}-month-day`}>Day of the month</label>
          <input
            id={`${prefix}-month-day`}
            className="todos__input"
            type="number"
            min={1}
            max={31}
            value={draft.monthDay}
            onChange={(event) => change({ monthDay: event.target.value })}
          />
        </>
      )}
      {draft.repeat === 'everyNDays' && (
        <>
          <label htmlFor={`${prefix}-every-n`}>Every how many days</label>
          <input
            id={`${prefix}-every-n`}
            className="todos__input"
            type="number"
            min={1}
            max={365}
            value={draft.everyN}
            onChange={(event) => change({ everyN: event.target.value })}
          />
        </>
      )}
      {error && !INLINE_FIELDS.has(error.field) && (
        <p id={errorId} className="todos__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="todo-editor__actions">
        <Button type="submit" variant="primary">
          Save
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
