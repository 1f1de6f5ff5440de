/**
 * Which timeline is shown: a select of the timelines, New timeline and Rename (a name form),
 * Delete (with Undo through the history) and "Open first", which makes it the default.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import type { Timeline } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { newTimeline } from '../logic/new-timeline';
import { useEscape } from './use-escape';

interface PickerProps {
  timelines: readonly Timeline[];
  current: Timeline;
  defaultId: string | null;
  onSelect: (id: string) => void;
}

export function TimelinePicker({ timelines, current, defaultId, onSelect }: PickerProps) {
  const { store, history, announce } = useNowou();
  const id = useId();
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const isDefault = defaultId === current.id;
  const form = useRef<HTMLFormElement>(null);
  useEscape(form, () => setNaming(null));

  function save() {
    const text = name.trim().slice(0, 100);
    if (text === '') {
      setProblem('Give the timeline a name.');
      return;
    }
    if (naming === 'rename') {
      if (!history.change([{ ...current, name: text }], { label: `Renamed timeline ${text}` })) {
        setProblem('The timeline could not be saved. Nothing was changed.');
        return;
      }
      announce(`Renamed the timeline to ${text}.`);
    } else {
      const timeline = newTimeline(text, timelines.at(-1)?.order ?? null);
      if (!history.change([timeline], { label: `Added timeline ${text}` })) {
        setProblem('The timeline could not be saved. Nothing was changed.');
        return;
      }
      onSelect(timeline.id);
      announce(`Added the timeline ${text}.`);
    }
    setNaming(null);
  }

  /** Deletes the timeline with its notes in one undo step; its to-dos go back to Unscheduled. */
  function remove() {
    const next = timelines.find((timeline) => timeline.id !== current.id);
    setConfirming(false);
    if (!next) return;
    const notes = store
      .all('textBox')
      .filter((box) => box.anchor.timelineId === current.id)
      .map((box) => ({ kind: 'textBox' as const, id: box.id }));
    history.remove([{ kind: 'timeline', id: current.id }, ...notes], {
      label: `Deleted timeline ${current.name}`,
    });
    if (isDefault) store.setDefaultTimeline(next.id);
    onSelect(next.id);
    announce(`Deleted the timeline ${current.name}.`);
  }

  return (
    <div className="tl-picker">
      <div className="tl-picker__row">
        <label htmlFor={`${id}-select`} className="tl-picker__label">
          Timeline
        </label>
        <select
          id={`${id}-select`}
          className="tl-input tl-picker__select"
          value={current.id}
          onChange={(event) => onSelect(event.target.value)}
        >
          {timelines.map((timeline) => (
            <option key={timeline.id} value={timeline.id}>
              {timeline.name}
              {timeline.id === defaultId ? ' (opens first)' : ''}
            </option>
          ))}
        </select>
        <Button
          variant="ghost"
          aria-expanded={naming === 'new'}
          onClick={() => {
            setName('');
            setNaming(naming === 'new' ? null : 'new');
          }}
        >
          New timeline
        </Button>
        <Button
          variant="ghost"
          aria-expanded={naming === 'rename'}
          onClick={() => {
            setName(current.name);
            setNaming(naming === 'rename' ? null : 'rename');
          }}
        >
          Rename
        </Button>
        <Button
          variant="ghost"
          disabled={timelines.length < 2}
          aria-expanded={confirming}
          onClick={() => setConfirming((open) => !open)}
        >
          Delete<span className="visually-hidden"> timeline {current.name}</span>
        </Button>
        <Button
          variant="ghost"
          disabled={isDefault}
          onClick={() => {
            if (store.setDefaultTimeline(current.id)) {
              announce(`${current.name} opens first.`);
            }
          }}
        >
          {isDefault ? 'Opens first' : 'Open first'}
        </Button>
      </div>
      {confirming && (
        <div className="tl-picker__form" role="group" aria-label={`Delete ${current.name}`}>
          <p className="tl-picker__confirm">
            Delete {current.name}? Its notes go with it; its to-dos go back to Unscheduled. Undo
            brings it all back.
          </p>
          <Button variant="primary" onClick={remove}>
            Delete timeline
          </Button>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
        </div>
      )}
      {naming && (
        <form
          ref={form}
          className="tl-picker__form"
          aria-label={naming === 'new' ? 'New timeline' : `Rename ${current.name}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            className="tl-input"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on request
            autoFocus
            maxLength={100}
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-problem`} className="tl-picker__problem">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary">
            {naming === 'new' ? 'Add' : 'Save'}
          </Button>
          <Button onClick={() => setNaming(null)}>Cancel</Button>
        </form>
      )}
    </div>
  );
}
