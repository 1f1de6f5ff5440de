/**
 * Nowou's timelines (docs/product/nowou.md#nowou): the timeline picker, a Day or Week time grid with
 * Previous / Today / Next, New block… (the keyboard's way to draw one), the unscheduled to-dos
 * beside it and Export .ics, each also a command in the palette. The default timeline opens first;
 * a first visit makes "My timeline" and makes it the default.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/navigation/router';
import { Button } from '../../../ui/Button';
import { dayOf } from '../logic/calendar-day';
import { compareOrderKeys } from '../logic/order-keys';
import type { TextBox } from '#shared/nowou-records';
import { downloadFile } from '../kit/export-file';
import { useTimelineCommands, type TimelineCommand } from '../kit/section-commands';
import { useNowou } from '../nowou-context';
import { DayNotes } from '../textboxes/DayNotes';
import { useItems } from '../use-nowou-store';
import { formatPlanDate } from '../../../lib/date-format';
import {
  blocksOfTimeline,
  daysOfView,
  MINUTES_PER_SLOT,
  stepAnchor,
  visibleBlocks,
  type ViewKind,
} from './grid-math';
import { atMinutes, hhmm, wallMinutes } from '../logic/local-time';
import { buildIcs, icsFileName } from './ics';
import { NewBlockForm, type NewBlock } from './NewBlockForm';
import { TimeGrid } from './TimeGrid';
import { TimelinePicker } from './TimelinePicker';
import { UnscheduledPanel } from './UnscheduledPanel';
import type { BlockDrag } from './use-block-drag';
import { firstTimeline } from '../logic/new-timeline';
import { useTimelineActions } from './use-timeline-actions';
import { useDisclosure } from '../kit/use-disclosure';
import { NARROW_QUERY, useNarrow } from '../kit/use-narrow';
import './timeline.css';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The first visit has no timeline: make "My timeline", the default. Not an undo step (undoing it
 * would only make it again); its fixed id keeps two tabs from making two.
 */
function useFirstTimeline(count: number) {
  const { store } = useNowou();
  useEffect(() => {
    if (count > 0 || store.all('timeline').length > 0) return;
    const timeline = store.put(firstTimeline());
    if (timeline) store.setDefaultTimeline(timeline.id);
  }, [count, store]);
}

export function TimelineApp() {
  const { store, announce } = useNowou();
  const stored = useItems(store, 'timeline');
  const todos = useItems(store, 'todo');
  const boxes = useItems(store, 'textBox');
  const timelines = useMemo(
    () => [...stored].sort((a, b) => compareOrderKeys(a.order, b.order) || (a.id < b.id ? -1 : 1)),
    [stored],
  );
  useFirstTimeline(timelines.length);
  const defaultId = store.getDefaultTimeline();
  const [selected, setSelected] = useState<string | null>(null);
  const current =
    timelines.find((timeline) => timeline.id === selected) ??
    timelines.find((timeline) => timeline.id === defaultId) ??
    timelines[0];

  const nowMs = useNow();
  const today = dayOf(new Date(nowMs));
  // Day or Week is kept in the address (?grid=), so a reload or a link shows the same grid.
  const [params, setParams] = useSearchParams();
  const asked = params.get('grid');
  const view: ViewKind =
    asked === 'day' || asked === 'week'
      ? asked
      : typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches
        ? 'day'
        : 'week';
  const setView = (kind: ViewKind) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        after.set('grid', kind);
        return after;
      },
      { replace: true },
    );
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => daysOfView(view, anchor), [view, anchor]);
  const dragRef = useRef<BlockDrag | null>(null);
  const [newBlock, setNewBlock] = useState<{ day: string; start: string } | null>(null);
  const newBlockButton = useRef<HTMLButtonElement>(null);
  const actions = useTimelineActions(current?.id ?? null);
  const narrow = useNarrow();
  const options = useDisclosure();

  const timelineId = current?.id ?? '';
  const blocks = useMemo(
    () => blocksOfTimeline(todos, boxes, timelineId),
    [todos, boxes, timelineId],
  );
  const placed = useMemo(() => visibleBlocks(blocks, days), [blocks, days]);
  const boxMap = useMemo(() => {
    const map = new Map<string, TextBox>();
    for (const box of boxes) map.set(box.id, box);
    return map;
  }, [boxes]);
  const timelineIds = useMemo(() => new Set(timelines.map((t) => t.id)), [timelines]);
  // A to-do left on a deleted timeline waits in the panel again.
  const panelTodos = useMemo(
    () =>
      todos.map((todo) =>
        todo.schedule && !timelineIds.has(todo.schedule.timelineId)
          ? { ...todo, schedule: null }
          : todo,
      ),
    [todos, timelineIds],
  );

  useTimelineCommands(current !== undefined, runCommand);

  if (!current) return <p className="tl-empty">Making your first timeline…</p>;

  const rangeLabel =
    days.length === 1
      ? formatPlanDate(atMinutes(days[0]!, 0))
      : `${formatPlanDate(atMinutes(days[0]!, 0))} – ${formatPlanDate(atMinutes(days.at(-1)!, 0))}`;

  /** Opens New block… on the shown day (today when shown), at the next quarter hour or 09:00. */
  function openNewBlock() {
    const day = days.includes(today) ? today : days[0]!;
    const next = Math.ceil(wallMinutes(Date.now()) / MINUTES_PER_SLOT) * MINUTES_PER_SLOT;
    const start = day === today && next < 23 * 60 ? hhmm(next) : '09:00';
    setNewBlock({ day, start });
  }

  function addBlock({ kind, title, start, end }: NewBlock) {
    const id = actions.create(kind, title, start, end);
    if (id === null) return;
    setNewBlock(null);
    // Show the day it landed on and give the new block focus.
    const day = dayOf(new Date(start));
    if (!days.includes(day)) setAnchor(day);
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(id)}"] button`)?.focus(),
      ),
    );
  }

  function runCommand(command: TimelineCommand) {
    switch (command) {
      case 'new-block':
        openNewBlock();
        return;
      case 'day':
      case 'week':
        setView(command);
        return;
      case 'today':
        setAnchor(today);
        return;
      case 'previous':
      case 'next':
        setAnchor(stepAnchor(view, anchor, command === 'previous' ? -1 : 1));
        return;
      case 'export-ics':
        exportIcs();
        return;
    }
  }

  function exportIcs() {
    if (!current) return;
    const events = blocks.map(({ id, title, start, end }) => ({ id, title, start, end }));
    downloadFile(
      icsFileName(current.name),
      'text/calendar;charset=utf-8',
      buildIcs({ name: current.name, events, now: new Date() }),
    );
    announce(`Exported ${events.length} blocks of ${current.name}.`);
  }

  const picker = (
    <TimelinePicker
      timelines={timelines}
      current={current}
      defaultId={defaultId}
      onSelect={setSelected}
    />
  );
  const previous = (
    <Button variant="ghost" onClick={() => setAnchor(stepAnchor(view, anchor, -1))}>
      {narrow ? <span aria-hidden="true">‹</span> : 'Previous'}
      <span className="visually-hidden">{narrow ? `Previous ${view}` : ` ${view}`}</span>
    </Button>
  );
  const next = (
    <Button variant="ghost" onClick={() => setAnchor(stepAnchor(view, anchor, 1))}>
      {narrow ? <span aria-hidden="true">›</span> : 'Next'}
      <span className="visually-hidden">{narrow ? `Next ${view}` : ` ${view}`}</span>
    </Button>
  );
  const todayButton = (
    <Button variant="ghost" onClick={() => setAnchor(today)}>
      Today
    </Button>
  );
  const range = (
    <p className="tl__range" aria-live="polite">
      {rangeLabel}
    </p>
  );
  const views = (
    <div className="tl__views" role="group" aria-label="View">
      {(['day', 'week'] as const).map((kind) => (
        <Button
          key={kind}
          variant={view === kind ? 'primary' : 'secondary'}
          aria-pressed={view === kind}
          onClick={() => setView(kind)}
        >
          {kind === 'day' ? 'Day' : 'Week'}
        </Button>
      ))}
    </div>
  );
  const makers = (
    <div className="tl__nav">
      <Button
        ref={newBlockButton}
        variant="secondary"
        aria-expanded={newBlock !== null}
        onClick={() => (newBlock ? setNewBlock(null) : openNewBlock())}
      >
        New block…
      </Button>
      <Button variant="secondary" onClick={exportIcs}>
        Export .ics
      </Button>
    </div>
  );

  return (
    <div className="tl">
      <h2 className="visually-hidden">Timeline {current.name}</h2>
      {narrow ? (
        // On a phone the grid gets the screen: the day and its arrows stay, the rest folds behind
        // View options (docs/product/nowou.md#nowou).
        <>
          <div
            className="tl__toolbar tl__toolbar--narrow"
            role="toolbar"
            aria-label="Timeline view"
          >
            {previous}
            {range}
            {next}
            <Button variant="ghost" className="tl__options-button" {...options.button}>
              View options
            </Button>
          </div>
          {options.open && (
            <div className="tl__options" role="group" aria-label="View options" {...options.panel}>
              {picker}
              <div className="tl__toolbar">
                {todayButton}
                {views}
                {makers}
              </div>
            </div>
          )}
        </>
      ) : (
        <>
          {picker}
          <div className="tl__toolbar" role="toolbar" aria-label="Timeline view">
            <div className="tl__nav">
              {previous}
              {todayButton}
              {next}
            </div>
            {range}
            {views}
            {makers}
          </div>
        </>
      )}
      {newBlock && (
        <NewBlockForm
          key={`${newBlock.day} ${newBlock.start}`}
          day={newBlock.day}
          start={newBlock.start}
          onSave={addBlock}
          onCancel={() => {
            setNewBlock(null);
            // On a phone with View options closed (the palette opened the form), focus goes to it.
            (newBlockButton.current ?? options.button.ref.current)?.focus();
          }}
        />
      )}
      {view === 'day' && (
        <div className="tl__daynotes">
          <DayNotes timelineId={current.id} day={days[0]!} />
        </div>
      )}
      <div className="tl__layout">
        <TimeGrid
          days={days}
          view={view}
          placed={placed}
          boxes={boxMap}
          actions={actions}
          today={today}
          nowMs={nowMs}
          dragRef={dragRef}
        />
        <UnscheduledPanel
          todos={panelTodos}
          actions={actions}
          dragRef={dragRef}
          defaultDay={days.includes(today) ? today : days[0]!}
        />
      </div>
    </div>
  );
}
