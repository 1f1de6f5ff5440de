/**
 * The editor of one text box: a textarea labelled Note that saves itself after 500 ms without
 * typing (and at once when it loses focus, on Done, Escape or unmount). Every save of one editing
 * session goes through `history.change` with the same group, so a typing burst is one undo step. A
 * text over 20,000 characters is never saved: a message says so and Done stays until it is shorter.
 * A change made elsewhere (an undo, another tab) shows in the textarea when nothing typed is unsaved.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../ui/Button';
import type { TextBox } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import './textboxes.css';
import { formatCount } from '../../../lib/plural';

const TEXT_LIMIT = 20_000;
const QUIET_MS = 500;

let sessions = 0;

export function TextBoxEditor({ box, onClose }: { box: TextBox; onClose: () => void }) {
  const { store, history } = useNowou();
  const prefix = useId();
  const [group] = useState(() => `text-${box.id}-${++sessions}`);
  const [draft, setDraft] = useState(box.text);
  /** The text this editor last saved or took over from the store. */
  const [saved, setSaved] = useState(box.text);
  const timer = useRef<number | undefined>(undefined);
  /** The typed text not saved yet, for the save on unmount. */
  const pending = useRef<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Changed elsewhere while nothing typed waits: show that text.
  if (box.text !== saved && draft === saved) {
    setSaved(box.text);
    setDraft(box.text);
  }

  const save = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = null;
      if (text.length > TEXT_LIMIT) return;
      // The stored copy, not the prop: it may have changed since, or been deleted (then no save).
      const current = store.get('textBox', box.id);
      if (!current) return;
      if (
        current.text === text ||
        history.change([{ ...current, text }], { label: 'Edited note', group })
      )
        setSaved(text);
    },
    [store, history, box.id, group],
  );

  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, []);

  useEffect(
    () => () => {
      if (pending.current !== null) save(pending.current);
    },
    [save],
  );

  // Leaving the page or hiding the tab saves what was typed in the last moments, then flushes:
  // the store's own flush on pagehide may already have run.
  useEffect(() => {
    const saveNow = () => {
      if (pending.current === null) return;
      save(pending.current);
      store.flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save, store]);

  function type(text: string) {
    setDraft(text);
    pending.current = text;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => save(text), QUIET_MS);
  }

  function finish() {
    if (draft.length > TEXT_LIMIT) {
      inputRef.current?.focus();
      return;
    }
    save(draft);
    onClose();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    finish();
  }

  const over = draft.length - TEXT_LIMIT;
  const hintId = `${prefix}-hint`;
  const errorId = `${prefix}-error`;
  const countId = `${prefix}-count`;

  return (
    <div className="text-box-editor">
      <label className="text-box-editor__label" htmlFor={`${prefix}-text`}>
        Note
      </label>
      <textarea
        id={`${prefix}-text`}
        ref={inputRef}
        className="text-box-editor__input"
        rows={5}
        value={draft}
        aria-invalid={over > 0 || undefined}
        aria-describedby={over > 0 ? `${errorId} ${countId} ${hintId}` : hintId}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          if (pending.current !== null) save(pending.current);
        }}
        onKeyDown={onKeyDown}
      />
      {over > 0 && (
        <>
          <p id={errorId} className="text-box-editor__error" role="alert">
            A note holds at most {formatCount(TEXT_LIMIT)} characters: this text is not saved until
            it is shorter.
          </p>
          <p id={countId} className="text-box-editor__hint">
            {formatCount(over)} {over === 1 ? 'character' : 'characters'} too many.
          </p>
        </>
      )}
      <p id={hintId} className="text-box-editor__hint">
        **bold**, *italic*, - lists, - [ ] tasks, [links](https://…)
      </p>
      <div className="text-box-editor__actions">
        <Button variant="primary" onClick={finish} onKeyDown={onKeyDown}>
          Done
        </Button>
      </div>
    </div>
  );
}
