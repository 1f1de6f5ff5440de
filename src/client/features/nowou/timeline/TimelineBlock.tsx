/**
 * One block on the grid: a to-do or a time-range text box, placed by its part of a day and its
 * overlap column. The block is a button named by its title and time; a click or Enter opens its
 * menu, arrows move it (Shift+arrows change its end). Drags are handled by the grid's layer
 * (use-block-drag.ts), which finds blocks by data-block-id and the bottom edge by
 * data-resize-handle.
 */
import { memo, type KeyboardEvent } from 'react';
import type { TextBox } from '#shared/nowou-records';
import { formatClockRange } from '../../../lib/date-format';
import { formatRange } from './block-items';
import { MINUTES_PER_SLOT, minutesToY, type BlockKey, type PlacedBlock } from './grid-math';
import { MarkdownText } from '../textboxes/MarkdownText';

interface TimelineBlockProps {
  placed: PlacedBlock;
  dayCount: number;
  /** The text box's text, for a note block. */
  box: TextBox | undefined;
  menuOpen: boolean;
  onOpenMenu: (id: string) => void;
  onKey: (id: string, key: BlockKey) => void;
}

const KEYS: Record<string, [BlockKey, BlockKey]> = {
  ArrowUp: ['up', 'shrink'],
  ArrowDown: ['down', 'grow'],
  ArrowLeft: ['left', 'left'],
  ArrowRight: ['right', 'right'],
};

export const TimelineBlock = memo(TimelineBlockView, sameBlock);

function TimelineBlockView({
  placed,
  dayCount,
  box,
  menuOpen,
  onOpenMenu,
  onKey,
}: TimelineBlockProps) {
  const { block, top, bottom, column, columns, dayIndex, first } = placed;
  const columnWidth = 100 / dayCount;
  const style = {
    top: `${minutesToY(top)}px`,
    height: `${minutesToY(bottom - top)}px`,
    left: `calc(${columnWidth * dayIndex + (columnWidth * column) / columns}% + 1px)`,
    width: `calc(${columnWidth / columns}% - 3px)`,
  };
  const short = bottom - top <= MINUTES_PER_SLOT * 2;
  const kindWord = block.kind === 'todo' ? '' : 'Note: ';
  const name = `${kindWord}${block.title}${block.done ? ' (done)' : ''}, ${formatRange(block.start, block.end)}`;

  if (!first) {
    // The part of a block that runs on from the day before: shown, not focused or dragged.
    return (
      <div
        className="tl-block tl-block--continued"
        data-kind={block.kind}
        data-done={block.done || undefined}
        style={style}
        aria-hidden="true"
      >
        <span className="tl-block__title">{block.title}</span>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys = KEYS[event.key];
    if (!keys || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onKey(block.id, event.shiftKey ? keys[1] : keys[0]);
  };

  return (
    <div
      className="tl-block"
      data-block-id={block.id}
      data-kind={block.kind}
      data-done={block.done || undefined}
      data-short={short || undefined}
      style={style}
    >
      <button
        type="button"
        className="tl-block__button"
        aria-label={name}
        aria-haspopup="true"
        aria-expanded={menuOpen}
        onClick={() => onOpenMenu(block.id)}
        onKeyDown={onKeyDown}
      >
        {block.kind === 'todo' && (
          <span className="tl-block__content" aria-hidden="true">
            <span className="tl-block__title">{block.title}</span>
            <span className="tl-block__time">{formatClockRange(block.start, block.end)}</span>
          </span>
        )}
      </button>
      {box &&
        (short ? (
          // One line has room for the title only (the button's name says the rest).
          <div className="tl-block__content tl-block__note" aria-hidden="true">
            <span className="tl-block__title">{block.title}</span>
            <span className="tl-block__time">{formatClockRange(block.start, block.end)}</span>
          </div>
        ) : (
          <div className="tl-block__content tl-block__note">
            <span className="tl-block__time" aria-hidden="true">
              {formatClockRange(block.start, block.end)}
            </span>
            <MarkdownText text={box.text} />
          </div>
        ))}
      <div className="tl-block__resize" data-resize-handle="" aria-hidden="true" />
    </div>
  );
}

/** Re-render a block only when what it shows changed (its part is a new object after any change). */
function sameBlock(a: TimelineBlockProps, b: TimelineBlockProps): boolean {
  const [x, y] = [a.placed, b.placed];
  return (
    a.dayCount === b.dayCount &&
    a.box === b.box &&
    a.menuOpen === b.menuOpen &&
    a.onOpenMenu === b.onOpenMenu &&
    a.onKey === b.onKey &&
    x.top === y.top &&
    x.bottom === y.bottom &&
    x.column === y.column &&
    x.columns === y.columns &&
    x.dayIndex === y.dayIndex &&
    x.first === y.first &&
    x.block.id === y.block.id &&
    x.block.title === y.block.title &&
    x.block.start === y.block.start &&
    x.block.end === y.block.end &&
    x.block.done === y.block.done
  );
}
