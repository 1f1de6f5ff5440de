/**
 * A new block without the pointer: New block… in the timeline's toolbar (or the command palette)
 * asks for the title, a to-do or a note, the day, the start and the length, the keyboard's way to
 * what drawing on the grid does. Enter adds, Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useEscape } from './use-escape';
import {
  FormActions,
  FormField,
  KindChoice,
  SpanFields,
  readSpan,
  type BlockKind,
} from './block-fields';

export interface NewBlock {
  kind: BlockKind;
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
  const [kind, setKind] = useState<BlockKind>('todo');
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
    const span = readSpan(day, start, minutes);
    if (title.trim() === '') {
      setProblem({ field: 'title', text: 'Type a title first.' });
    } else if ('problem' in span) {
      setProblem({ field: span.field, text: span.problem });
    } else {
      onSave({ kind, title: title.trim(), ...span });
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
        <FormField htmlFor={`${id}-title`} label="Title" className="tl-new__title">
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
        </FormField>
        <SpanFields
          id={id}
          day={day}
          time={start}
          minutes={minutes}
          onDay={setDay}
          onTime={setStart}
          onMinutes={setMinutes}
          aria={(field) => ({
            'aria-invalid': invalid(field),
            'aria-describedby': described(field),
          })}
        />
      </div>
      <KindChoice id={id} kind={kind} onChange={setKind} />
      {problem && (
        <p id={`${id}-problem`} className="tl-form__problem" role="alert">
          {problem.text}
        </p>
      )}
      <FormActions submit="Add" onCancel={onCancel} />
    </form>
  );
}
