/**
 * The notes of one day on one timeline (text boxes anchored to that day): each shown as Markdown
 * with its tasks clickable, Edit (TextBoxEditor, one open at a time) and Delete, and Add a note,
 * which makes an empty note and opens it. A note still empty when its editing ends is deleted.
 * Focus goes back to the note's Edit button, or to Add a note when the note is gone.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { SCHEMA_VERSION, type TextBox } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { useItems } from '../use-nowou-store';
import { MarkdownText } from './MarkdownText';
import { toggleTask } from './markdown';
import './textboxes.css';
import { randomId } from '../../../lib/random-id';

/** The note editor loads when a note is first edited. */
const TextBoxEditor = lazy(() =>
  import('./TextBoxEditor').then((module) => ({ default: module.TextBoxEditor })),
);

export function DayNotes({ timelineId, day }: { timelineId: string; day: string }) {
  const { store, history, announce } = useNowou();
  const boxes = useItems(store, 'textBox');
  // No creation time is stored: the id keeps the order the same in every tab and after a reload.
  const notes = useMemo(
    () =>
      boxes
        .filter(
          (box) =>
            'day' in box.anchor && box.anchor.timelineId === timelineId && box.anchor.day === day,
        )
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    [boxes, timelineId, day],
  );
  const [editingId, setEditingId] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  /** Where focus goes after the next render: a note's Edit button, or 'add'. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (target === 'add' ? addRef.current : editButtons.current.get(target))?.focus();
  });

  /** Ends editing a note; one left empty is deleted. */
  function endEditing(id: string) {
    setEditingId((current) => (current === id ? null : current));
    const box = store.get('textBox', id);
    if (box && box.text.trim() === '') {
      if (history.remove([{ kind: 'textBox', id }], { label: 'Deleted empty note' })) {
        announce('Deleted empty note.');
      }
      focusNext.current = 'add';
    } else {
      focusNext.current = id;
    }
  }

  function startEditing(id: string) {
    // The open editor saved on losing focus, so its note's stored text is current here.
    if (editingId !== null && editingId !== id) endEditing(editingId);
    focusNext.current = null;
    setEditingId(id);
  }

  function add() {
    const note: TextBox = {
      kind: 'textBox',
      id: randomId(),
      v: SCHEMA_VERSION,
      modifiedAt: new Date().toISOString(),
      deleted: false,
      text: '',
      anchor: { timelineId, day },
    };
    if (history.change([note], { label: 'Added a note' })) startEditing(note.id);
  }

  function remove(id: string) {
    if (history.remove([{ kind: 'textBox', id }], { label: 'Deleted note' })) {
      announce('Deleted note.');
    }
    focusNext.current = 'add';
  }

  function toggle(id: string, index: number) {
    const box = store.get('textBox', id);
    if (!box) return;
    const text = toggleTask(box.text, index);
    if (text === box.text) return;
    let at = 0;
    while (text[at] === box.text[at]) at++;
    history.change([{ ...box, text }], {
      label: text[at] === 'x' ? 'Ticked a task' : 'Unticked a task',
    });
  }

  return (
    <section className="day-notes" aria-label={`Notes for ${day}`}>
      {notes.length > 0 && (
        <ul className="day-notes__list">
          {notes.map((note, i) => {
            const name = notes.length > 1 ? ` note ${i + 1}` : ' note';
            return (
              <li key={note.id} className="day-note">
                {editingId === note.id ? (
                  <Suspense fallback={<p className="day-note__empty">Loading the editor…</p>}>
                    <TextBoxEditor box={note} onClose={() => endEditing(note.id)} />
                  </Suspense>
                ) : (
                  <>
                    {note.text.trim() === '' ? (
                      <p className="day-note__empty">Empty note</p>
                    ) : (
                      <MarkdownText
                        text={note.text}
                        onToggleTask={(index) => toggle(note.id, index)}
                      />
                    )}
                    <div className="day-note__actions">
                      <Button
                        variant="ghost"
                        ref={(button) => {
                          if (button) editButtons.current.set(note.id, button);
                          else editButtons.current.delete(note.id);
                        }}
                        onClick={() => startEditing(note.id)}
                      >
                        Edit<span className="visually-hidden">{name}</span>
                      </Button>
                      <Button variant="ghost" onClick={() => remove(note.id)}>
                        Delete<span className="visually-hidden">{name}</span>
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button className="day-notes__add" ref={addRef} onClick={add}>
        Add a note
      </Button>
    </section>
  );
}
