/**
 * A block's menu, the alternative to every drag: Mark done (a to-do), Edit title (a note's text),
 * Move to… (day and start), Duration, Unschedule (a to-do goes back to the panel) and Delete.
 * Escape closes it and gives focus back to the block.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { dayOf } from '../logic/calendar-day';
import { durationMinutes, type TimedBlock } from './grid-math';
import { hhmm, wallMinutes } from '../logic/local-time';
import { useAnchoredPopover } from './anchored-popover';
import { useEscape } from './use-escape';
import type { TimelineActions } from './use-timeline-actions';
import { DayInput, TimeInput } from '../kit/TypedDayTime';
import {
  FormActions,
  FormField,
  MINUTES_PROBLEM,
  MinutesInput,
  START_PROBLEM,
  readMinutes,
  readStart,
} from './block-fields';

type Pane = 'menu' | 'title' | 'move' | 'duration';

interface BlockMenuProps {
  block: TimedBlock;
  /** A note's whole text (its title is its first line). */
  text: string | undefined;
  actions: TimelineActions;
  /** The block on the grid, which the menu opens beside. */
  anchor: () => Element | null | undefined;
  onClose: (refocus: boolean) => void;
}

export function BlockMenu({ block, text, actions, anchor, onClose }: BlockMenuProps) {
  const id = useId();
  const [pane, setPane] = useState<Pane>('menu');
  const [title, setTitle] = useState(text ?? block.title);
  const [day, setDay] = useState(dayOf(new Date(block.start)));
  const [time, setTime] = useState(hhmm(wallMinutes(block.start)));
  const [minutes, setMinutes] = useState(String(durationMinutes(block)));
  const [problem, setProblem] = useState('');
  const root = useRef<HTMLDivElement>(null);
  useAnchoredPopover(root, anchor);

  useEffect(() => {
    root.current?.querySelector<HTMLElement>('button, input, textarea, select')?.focus();
  }, [pane]);

  const showPane = (next: Pane) => {
    setProblem('');
    setPane(next);
  };
  useEscape(root, () => (pane === 'menu' ? onClose(true) : showPane('menu')));

  const done = () => onClose(true);
  const name = `${block.kind === 'todo' ? '' : 'Note '}${block.title}`;

  function saveMove() {
    const from = readStart(day, time);
    if (from === null) {
      setProblem(START_PROBLEM);
      return;
    }
    actions.setRange(block, from, from + (block.end - block.start), 'move');
    done();
  }

  function saveDuration() {
    const length = readMinutes(minutes);
    if (length === null) {
      setProblem(MINUTES_PROBLEM);
      return;
    }
    actions.setRange(block, block.start, block.start + length * 60_000, 'resize');
    done();
  }

  function saveTitle() {
    if (title.trim() === '') {
      setProblem(block.kind === 'todo' ? 'Give the to-do a title.' : 'Write something first.');
      return;
    }
    actions.retitle(block, title);
    done();
  }

  const field = (label: string, input: ReactNode, key: string) => (
    <FormField key={key} htmlFor={`${id}-${key}`} label={label}>
      {input}
    </FormField>
  );

  return (
    <div
      ref={root}
      className="tl-popover"
      popover="manual"
      role="group"
      aria-label={`${name} menu`}
      data-no-drag=""
    >
      {pane === 'menu' && (
        <div className="tl-menu">
          {block.kind === 'todo' && (
            <Button
              variant="ghost"
              onClick={() => {
                actions.setDone(block.id, !block.done);
                done();
              }}
            >
              {block.done ? 'Mark not done' : 'Mark done'}
            </Button>
          )}
          <Button variant="ghost" onClick={() => showPane('title')}>
            {block.kind === 'todo' ? 'Edit title' : 'Edit text'}
          </Button>
          <Button variant="ghost" onClick={() => showPane('move')}>
            Move to…
          </Button>
          <Button variant="ghost" onClick={() => showPane('duration')}>
            Duration
          </Button>
          {block.kind === 'todo' && (
            <Button
              variant="ghost"
              onClick={() => {
                actions.unschedule(block.id);
                onClose(false);
              }}
            >
              Unschedule
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => {
              actions.remove(block);
              onClose(false);
            }}
          >
            Delete
          </Button>
          <Button variant="ghost" onClick={() => onClose(true)}>
            Close
          </Button>
        </div>
      )}
      {pane !== 'menu' && (
        <form
          noValidate
          className="tl-form"
          aria-label={`${pane === 'title' ? 'Edit' : pane === 'move' ? 'Move' : 'Duration of'} ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (pane === 'title') saveTitle();
            else if (pane === 'move') saveMove();
            else saveDuration();
          }}
        >
          {pane === 'title' &&
            field(
              block.kind === 'todo' ? 'Title' : 'Text',
              block.kind === 'todo' ? (
                <input
                  id={`${id}-title`}
                  className="tl-input"
                  value={title}
                  maxLength={500}
                  onChange={(e) => setTitle(e.target.value)}
                />
              ) : (
                <textarea
                  id={`${id}-title`}
                  className="tl-input"
                  rows={4}
                  value={title}
                  maxLength={20_000}
                  onChange={(e) => setTitle(e.target.value)}
                />
              ),
              'title',
            )}
          {pane === 'move' && [
            field(
              'Day',
              <DayInput
                id={`${id}-day`}
                className="tl-input"
                required
                value={day}
                onValueChange={setDay}
              />,
              'day',
            ),
            field(
              'Start',
              <TimeInput
                id={`${id}-start`}
                className="tl-input"
                required
                value={time}
                onValueChange={setTime}
              />,
              'start',
            ),
          ]}
          {pane === 'duration' &&
            field(
              'Minutes',
              <MinutesInput id={`${id}-minutes`} value={minutes} onValueChange={setMinutes} />,
              'minutes',
            )}
          {problem && (
            <p className="tl-form__problem" role="alert">
              {problem}
            </p>
          )}
          <FormActions submit="Save" cancel="Back" onCancel={() => showPane('menu')} />
        </form>
      )}
    </div>
  );
}
