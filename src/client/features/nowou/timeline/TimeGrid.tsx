/**
 * The time grid of a Day or Week view: 00:00 to 24:00 with hour labels, one column per day, the
 * now line on today, the blocks side by side where they overlap, a block drawn by dragging on
 * empty space (then titled in a popover) and each block's menu. It scrolls in its own box (both
 * ways in a narrow week) and starts at about 07:00, or an hour before now on today.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import type { TextBox } from '#shared/nowou-records';
import { formatClock, formatPlanDate, formatWeekdayClock } from '../../../lib/date-format';
import { BlockMenu } from './BlockMenu';
import { CreatePopover } from './CreatePopover';
import {
  DAY_PX,
  minutesToY,
  keyboardChange,
  shiftedRange,
  type BlockKey,
  type PlacedBlock,
  type TimedBlock,
  type ViewKind,
} from './grid-math';
import { atMinutes, hhmm, wallMinutes } from '../logic/local-time';
import { TimelineBlock } from './TimelineBlock';
import { useBlockDrag, type BlockDrag } from './use-block-drag';
import type { TimelineActions } from './use-timeline-actions';

interface TimeGridProps {
  days: readonly string[];
  view: ViewKind;
  placed: readonly PlacedBlock[];
  boxes: ReadonlyMap<string, TextBox>;
  actions: TimelineActions;
  today: string;
  nowMs: number;
  /** Receives the drag controller, for dragging from the unscheduled panel. */
  dragRef: RefObject<BlockDrag | null>;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export function TimeGrid({
  days,
  view,
  placed,
  boxes,
  actions,
  today,
  nowMs,
  dragRef,
}: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const drawn = useRef<HTMLDivElement>(null);
  const [creating, setCreating] = useState<{ dayIndex: number; start: number; end: number } | null>(
    null,
  );
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const dayCount = days.length;

  const firstParts = useMemo(() => {
    const map = new Map<string, PlacedBlock>();
    for (const part of placed) if (part.first) map.set(part.block.id, part);
    return map;
  }, [placed]);

  const drag = useBlockDrag(layer, preview, {
    dayCount,
    placedOf: (id) => firstParts.get(id),
    onBlockChange(id, change, mode) {
      const part = firstParts.get(id);
      if (!part) return;
      const range = shiftedRange(part.block, change);
      actions.setRange(part.block, range.start, range.end, mode);
    },
    onCreate(dayIndex, start, end) {
      setMenuFor(null);
      setCreating({ dayIndex, start, end });
    },
    onDropTodo(todoId, dayIndex, start, end) {
      const day = days[dayIndex];
      if (day) actions.schedule(todoId, atMinutes(day, start), atMinutes(day, end));
    },
  });
  useEffect(() => {
    dragRef.current = drag;
  }, [dragRef, drag]);

  // First show: about 07:00, or an hour before now when today is shown.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const minutes = days.includes(today) ? Math.max(0, wallMinutes(nowMs) - 60) : 7 * 60 - 15;
    box.scrollTop = minutesToY(minutes);
    // Only on the first show: later navigation keeps the visitor's scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const focusBlock = useCallback((id: string) => {
    layer.current
      ?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(id)}"] button`)
      ?.focus();
  }, []);

  const onOpenMenu = useCallback(
    (id: string) => {
      if (drag.justDragged()) return;
      setCreating(null);
      setMenuFor((open) => (open === id ? null : id));
    },
    [drag],
  );

  // Stable for the memoised blocks: reads the latest parts and actions when a key comes.
  const latest = useRef({ firstParts, actions, view, dayCount });
  useEffect(() => {
    latest.current = { firstParts, actions, view, dayCount };
  });
  const onKey = useCallback((id: string, key: BlockKey) => {
    const { firstParts, actions, view, dayCount } = latest.current;
    const part = firstParts.get(id);
    const change = part && keyboardChange(part, key, view, dayCount);
    if (!part || !change) return;
    const range = shiftedRange(part.block, change);
    actions.setRange(part.block, range.start, range.end, change.endDelta ? 'resize' : 'move');
  }, []);

  // A popover floats over the page (anchored-popover.ts): a press outside the grid closes it too.
  const popoverOpen = creating !== null || menuFor !== null;
  useEffect(() => {
    if (!popoverOpen) return;
    const onDown = (event: PointerEvent) => {
      const target = event.target as Element;
      if (layer.current?.contains(target) || target.closest?.('[data-no-drag]')) return;
      setCreating(null);
      setMenuFor(null);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [popoverOpen]);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    const inPopover = (event.target as Element).closest('[data-no-drag]');
    if ((creating || menuFor) && !inPopover) {
      setCreating(null);
      setMenuFor(null);
      if (!(event.target as Element).closest('[data-block-id]')) return;
    }
    drag.onLayerPointerDown(event);
  };

  const menuPart = menuFor ? firstParts.get(menuFor) : undefined;
  const todayIndex = days.indexOf(today);
  const creatingDay = creating ? days[creating.dayIndex] : undefined;
  const columnWidth = 100 / dayCount;

  return (
    // The box scrolls, so it takes focus for keyboard scrolling even with no block in it.
    <div
      ref={scroller}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Time grid"
      className="tl-scroller"
      data-view={view}
      style={{ '--tl-days': dayCount } as CSSProperties}
    >
      <div className="tl-grid">
        <div className="tl-grid__head">
          <div className="tl-grid__corner" />
          {days.map((day) => (
            <div key={day} className="tl-grid__day" data-today={day === today || undefined}>
              {formatPlanDate(atMinutes(day, 0))}
              {day === today && <span className="visually-hidden"> (today)</span>}
            </div>
          ))}
        </div>
        <div className="tl-grid__body">
          <div className="tl-grid__hours" aria-hidden="true">
            {HOURS.map((hour) => (
              <span key={hour} style={{ top: `${minutesToY(hour * 60)}px` }}>
                {hour === 0 ? '' : formatClock(new Date(2000, 0, 3, hour))}
              </span>
            ))}
          </div>
          <div
            ref={layer}
            className="tl-grid__layer"
            data-testid="timeline-grid"
            role="group"
            aria-label={`Time grid, ${days.map((day) => formatPlanDate(atMinutes(day, 0))).join(' to ')}`}
            style={{ height: `${DAY_PX}px` }}
            onPointerDown={onPointerDown}
          >
            {days.map((day, index) => (
              <div
                key={day}
                className="tl-grid__col"
                data-grid-bg=""
                data-day={day}
                data-today={day === today || undefined}
                style={{ left: `${index * columnWidth}%`, width: `${columnWidth}%` }}
              />
            ))}
            {todayIndex >= 0 && (
              <div
                className="tl-grid__now"
                aria-hidden="true"
                style={{
                  top: `${minutesToY(wallMinutes(nowMs))}px`,
                  left: `${todayIndex * columnWidth}%`,
                  width: `${columnWidth}%`,
                }}
              />
            )}
            {placed.map((part) => (
              <TimelineBlock
                key={part.first ? part.block.id : `${part.block.id}:${part.day}`}
                placed={part}
                dayCount={dayCount}
                box={part.block.kind === 'textBox' ? boxes.get(part.block.id) : undefined}
                menuOpen={menuFor === part.block.id}
                onOpenMenu={onOpenMenu}
                onKey={onKey}
              />
            ))}
            <div ref={preview} className="tl-grid__preview" hidden aria-hidden="true" />
            {creating && creatingDay && (
              <>
                <div
                  ref={drawn}
                  className="tl-grid__preview"
                  aria-hidden="true"
                  data-label={`${hhmm(creating.start)}–${hhmm(creating.end)}`}
                  style={{
                    top: `${minutesToY(creating.start)}px`,
                    height: `${minutesToY(creating.end - creating.start)}px`,
                    left: `${creating.dayIndex * columnWidth}%`,
                    width: `${columnWidth}%`,
                  }}
                />
                <CreatePopover
                  when={`${formatWeekdayClock(atMinutes(creatingDay, creating.start))} to ${formatClock(atMinutes(creatingDay, creating.end))}`}
                  anchor={() => drawn.current}
                  onCancel={() => setCreating(null)}
                  onSave={(kind, title) => {
                    actions.create(
                      kind,
                      title,
                      atMinutes(creatingDay, creating.start),
                      atMinutes(creatingDay, creating.end),
                    );
                    setCreating(null);
                  }}
                />
              </>
            )}
            {menuPart && (
              <BlockMenu
                key={menuPart.block.id}
                block={menuPart.block as TimedBlock}
                text={boxes.get(menuPart.block.id)?.text}
                actions={actions}
                anchor={() =>
                  layer.current?.querySelector(`[data-block-id="${CSS.escape(menuPart.block.id)}"]`)
                }
                onClose={(refocus) => {
                  const id = menuPart.block.id;
                  setMenuFor(null);
                  if (refocus) requestAnimationFrame(() => focusBlock(id));
                }}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
