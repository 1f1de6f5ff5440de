/**
 * A new block without the pointer: New block… in the timeline's toolbar (or the command palette)
 * asks for the title, a to-do or a note, the day, the start and the length, the keyboard's way to
 * what drawing on the grid does. Enter adds, Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { atMinutes, parseHhmm } from '../logic/local-time';
import { useEscape } from './use-escape';
import { DayInput, TimeInput } from '../kit/TypedDayTime';

export interface NewBlock {
  kind: 'todo' | 'textBox';
  title: string;
  start: number;
  end: number;
}

interface NewBlockFormProps {
  /** The day it starts on and the start, 'HH:MM'. */
  day: string;
  start: string;
  onSave: (block: NewBlock) => void;
  onCancel: () => void;
}

export function NewBlockForm({
  day: firstDay,
  start: firstStart,
  onSave,
  onCancel,
}: NewBlockFormProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<'todo' | 'textBox'>('todo');
  const [day, setDay] = useState(firstDay);
  const [start, setStart] = useState(firstStart);
  const [minutes, setMinutes] = useState('30');
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  useEscape(form, onCancel);

  useEffect(() => {
    titleInput.current?.focus();
  }, []);

  function submit() {
    const from = parseHhmm(start);
    const length = Number(minutes);
    if (title.trim() === '') {
      setProblem({ field: 'title', text: 'Type a title first.' });
    } else if (from === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setProblem({ field: 'start', text: 'Pick a day and a start time.' });
    } else if (!Number.isInteger(length) || length < 15 || length > 1440) {
      setProblem({ field: 'minutes', text: 'A duration of 15 to 1440 minutes.' });
    } else {
      const at = atMinutes(day, from);
      onSave({ kind, title: title.trim(), start: at, end: at + length * 60_000 });
      return;
    }
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  const invalid = (field: string) => (problem?.field === field ? true : undefined);
  const described = (field: string) => (problem?.field === field ? `${id}-problem` : undefined);

  return (
    <form
      noValidate
      ref={form}
      className="tl-form tl-new"
      aria-label="New block"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="tl-new__fields">
        <div className="tl-form__field tl-new__title">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            ref={titleInput}
            id={`${id}-title`}
            className="tl-input"
            value={title}
            maxLength={500}
            aria-invalid={invalid('title')}
            aria-describedby={described('title')}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="tl-form__field">
          <label htmlFor={`${id}-day`}>Day</label>
          <DayInput
            id={`${id}-day`}
            className="tl-input"
            required
            value={day}
            aria-invalid={invalid('start')}
            aria-describedby={described('start')}
            onValueChange={setDay}
          />
        </div>
        <div className="tl-form__field">
          <label htmlFor={`${id}-start`}>Start</label>
          <TimeInput
            id={`${id}-start`}
            className="tl-input"
            required
            value={start}
            aria-invalid={invalid('start')}
            aria-describedby={described('start')}
            onValueChange={setStart}
          />
        </div>
        <div className="tl-form__field">
          <label htmlFor={`${id}-minutes`}>Minutes</label>
          <input
            id={`${id}-minutes`}
            className="tl-input"
            type="number"
            min={15}
            max={1440}
            step={15}
            required
            value={minutes}
            aria-invalid={invalid('minutes')}
            aria-describedby={described('minutes')}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="tl-form__kinds">
        <legend className="visually-hidden">Kind</legend>
        {(['todo', 'textBox'] as const).map((value) => (
          <label key={value} className="tl-radio">
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {value === 'todo' ? 'To-do' : 'Note'}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} className="tl-form__problem" role="alert">
          {problem.text}
        </p>
      )}
      <div className="tl-form__actions">
        <Button type="submit" variant="primary">
          Add
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
