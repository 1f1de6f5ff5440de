/**
 * Asks for the title of a block just drawn on the grid: a to-do (the default) or a note. Enter
 * saves, Escape cancels.
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Button } from '../../../ui/Button';
import { useEscape } from './use-escape';

interface CreatePopoverProps {
  /** "Tue 10:00 to 11:00", for the label. */
  when: string;
  style: CSSProperties;
  onSave: (kind: 'todo' | 'textBox', title: string) => void;
  onCancel: () => void;
}

export function CreatePopover({ when, style, onSave, onCancel }: CreatePopoverProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<'todo' | 'textBox'>('todo');
  const [problem, setProblem] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEscape(form, onCancel);

  useEffect(() => {
    input.current?.focus({ preventScroll: false });
  }, []);

  return (
    <form
      noValidate
      ref={form}
      className="tl-popover tl-form"
      style={style}
      aria-label={`New block, ${when}`}
      data-no-drag=""
      onSubmit={(event) => {
        event.preventDefault();
        if (title.trim() === '') {
          setProblem(true);
          input.current?.focus();
          return;
        }
        onSave(kind, title.trim());
      }}
    >
      <div className="tl-form__field">
        <label htmlFor={`${id}-title`}>Title, {when}</label>
        <input
          ref={input}
          id={`${id}-title`}
          className="tl-input"
          value={title}
          maxLength={500}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
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
        <p id={`${id}-problem`} className="tl-form__problem">
          Type a title first.
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
