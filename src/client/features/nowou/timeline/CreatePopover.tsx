/**
 * Asks for the title of a block just drawn on the grid: a to-do (the default) or a note. Enter
 * saves, Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useAnchoredPopover } from './anchored-popover';
import { useEscape } from './use-escape';
import { FormActions, FormField, KindChoice, type BlockKind } from './block-fields';

interface CreatePopoverProps {
  /** "Tue 10:00 to 11:00", for the label. */
  when: string;
  /** The drawn range on the grid, which the form opens beside. */
  anchor: () => Element | null | undefined;
  onSave: (kind: BlockKind, title: string) => void;
  onCancel: () => void;
}

export function CreatePopover({ when, anchor, onSave, onCancel }: CreatePopoverProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<BlockKind>('todo');
  const [problem, setProblem] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEscape(form, onCancel);
  useAnchoredPopover(form, anchor);

  useEffect(() => {
    input.current?.focus({ preventScroll: false });
  }, []);

  return (
    <form
      noValidate
      ref={form}
      className="tl-popover tl-form"
      popover="manual"
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
      <FormField htmlFor={`${id}-title`} label={`Title, ${when}`}>
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
      </FormField>
      <KindChoice id={id} kind={kind} onChange={setKind} />
      {problem && (
        <p id={`${id}-problem`} className="tl-form__problem">
          Type a title first.
        </p>
      )}
      <FormActions submit="Add" onCancel={onCancel} />
    </form>
  );
}
