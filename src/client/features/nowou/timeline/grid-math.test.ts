import { describe, expect, test } from 'vitest';
import type { TextBox, Todo } from '#shared/nowou-records';
import {
  DAY_PX,
  MINUTES_PER_SLOT,
  SLOT_PX,
  blocksOfTimeline,
  daysOfView,
  keyboardChange,
  minutesToY,
  noteTitle,
  overlapColumns,
  shiftedRange,
  snapMinutes,
  stepAnchor,
  visibleBlocks,
  weekDays,
  yToMinutes,
  type TimedBlock,
} from './grid-math';
import { atMinutes, toLocalIso } from '../logic/local-time';

test('time and pixels', () => {
  expect(MINUTES_PER_SLOT).toBe(15);
  expect(minutesToY(15)).toBe(SLOT_PX);
  expect(minutesToY(1440)).toBe(DAY_PX);
  expect(yToMinutes(minutesToY(615))).toBe(615);
  expect(snapMinutes(607)).toBe(600);
  expect(snapMinutes(608)).toBe(615);
  expect(snapMinutes(614, 'floor')).toBe(600);
  expect(snapMinutes(-8)).toBe(-15);
});

describe('days of a view', () => {
  test('a week runs Monday to Sunday', () => {
    // 2026-05-07 is a Thursday.
    expect(weekDays('2026-05-07')).toEqual([
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
      '2026-05-08',
      '2026-05-09',
      '2026-05-10',
    ]);
    expect(weekDays('2026-05-10')[0]).toBe('2026-05-04');
    expect(weekDays('2026-05-04')[0]).toBe('2026-05-04');
    expect(weekDays('2026-12-31').at(-1)).toBe('2027-01-03');
  });

  test('day view and steps', () => {
    expect(daysOfView('day', '2026-05-07')).toEqual(['2026-05-07']);
    expect(stepAnchor('day', '2026-05-07', 1)).toBe('2026-05-08');
    expect(stepAnchor('week', '2026-05-07', -1)).toBe('2026-04-30');
  });
});

describe('overlapColumns', () => {
  test('separate blocks keep one column', () => {
    expect(
      overlapColumns([
        { top: 0, bottom: 60 },
        { top: 60, bottom: 90 },
      ]),
    ).toEqual([
      { column: 0, columns: 1 },
      { column: 0, columns: 1 },
    ]);
  });

  test('overlapping blocks sit side by side; a later free column is reused', () => {
    const result = overlapColumns([
      { top: 600, bottom: 690 }, // A 10:00-11:30
      { top: 630, bottom: 660 }, // B 10:30-11:00 beside A
      { top: 660, bottom: 720 }, // C 11:00-12:00 reuses B's column
      { top: 800, bottom: 830 }, // D alone
    ]);
    expect(result).toEqual([
      { column: 0, columns: 2 },
      { column: 1, columns: 2 },
      { column: 1, columns: 2 },
      { column: 0, columns: 1 },
    ]);
  });

  test('three at once take three columns', () => {
    const result = overlapColumns([
      { top: 0, bottom: 100 },
      { top: 10, bottom: 50 },
      { top: 20, bottom: 40 },
    ]);
    expect(result.map((r) => r.column).sort()).toEqual([0, 1, 2]);
    expect(result.every((r) => r.columns === 3)).toBe(true);
  });
});

function todo(id: string, schedule: Todo['schedule'], done = false): Todo {
  return {
    id,
    kind: 'todo',
    v: 1,
    modifiedAt: '2026-05-01T00:00:00Z',
    deleted: false,
    title: `Todo ${id}`,
    notes: '',
    list: 'inbox',
    order: 'V',
    done,
    doneAt: done ? '2026-05-01T00:00:00Z' : null,
    tags: [],
    priority: 0,
    time: null,
    duration: null,
    schedule,
    subtasks: [],
    recurrence: null,
  };
}

function box(id: string, anchor: TextBox['anchor'], text: string): TextBox {
  return {
    id,
    kind: 'textBox',
    v: 1,
    modifiedAt: '2026-05-01T00:00:00Z',
    deleted: false,
    text,
    anchor,
  };
}

const iso = (day: string, minutes: number) => toLocalIso(atMinutes(day, minutes));

describe('blocks of a timeline and a range', () => {
  const todos = [
    todo('a', { timelineId: 't1', start: iso('2026-05-05', 600), end: iso('2026-05-05', 690) }),
    todo('b', { timelineId: 't2', start: iso('2026-05-05', 600), end: iso('2026-05-05', 690) }),
    todo('c', null),
    todo(
      'd',
      { timelineId: 't1', start: iso('2026-05-06', 1380), end: iso('2026-05-07', 60) },
      true,
    ),
  ];
  const boxes = [
    box(
      'n',
      { timelineId: 't1', start: iso('2026-05-05', 630), end: iso('2026-05-05', 660) },
      '## Plan *it*\nmore',
    ),
    box('m', { timelineId: 't1', day: '2026-05-05' }, 'day note'),
  ];

  test('only the timeline’s scheduled to-dos and time-range boxes, earliest first', () => {
    const blocks = blocksOfTimeline(todos, boxes, 't1');
    expect(blocks.map((b) => b.id)).toEqual(['a', 'n', 'd']);
    expect(blocks[1]!.title).toBe('Plan it');
    expect(blocks[2]!.done).toBe(true);
  });

  test('placed per day, clipped at midnight, overlaps side by side', () => {
    const blocks = blocksOfTimeline(todos, boxes, 't1');
    const placed = visibleBlocks(blocks, weekDays('2026-05-05'));
    const parts = placed.map((p) => [
      p.block.id,
      p.day,
      p.top,
      p.bottom,
      p.column,
      p.columns,
      p.first,
    ]);
    expect(parts).toEqual([
      ['a', '2026-05-05', 600, 690, 0, 2, true],
      ['n', '2026-05-05', 630, 660, 1, 2, true],
      ['d', '2026-05-06', 1380, 1440, 0, 1, true],
      ['d', '2026-05-07', 0, 60, 0, 1, false],
    ]);
    expect(visibleBlocks(blocks, ['2026-05-07']).map((p) => p.block.id)).toEqual(['d']);
    expect(visibleBlocks(blocks, ['2026-05-08'])).toEqual([]);
  });

  test('a large timeline places quickly', () => {
    const many: TimedBlock[] = Array.from({ length: 500 }, (_, index) => {
      const start = atMinutes('2026-05-04', (index * 37) % (7 * 1440 - 60));
      return {
        id: `b${index}`,
        kind: 'todo',
        title: 't',
        start,
        end: start + 3_600_000,
        done: false,
      };
    });
    const began = performance.now();
    const placed = visibleBlocks(many, weekDays('2026-05-04'));
    expect(performance.now() - began).toBeLessThan(100);
    expect(placed.length).toBeGreaterThanOrEqual(500);
  });
});

test('shiftedRange moves by days and minutes and keeps at least a slot', () => {
  const block = { start: atMinutes('2026-05-05', 600), end: atMinutes('2026-05-05', 630) };
  expect(shiftedRange(block, { startDelta: 15 })).toEqual({
    start: atMinutes('2026-05-05', 615),
    end: atMinutes('2026-05-05', 645),
  });
  expect(shiftedRange(block, { dayDelta: 1 }).start).toBe(atMinutes('2026-05-06', 600));
  expect(shiftedRange(block, { endDelta: 60 }).end).toBe(atMinutes('2026-05-05', 690));
  expect(shiftedRange(block, { endDelta: -60 }).end).toBe(atMinutes('2026-05-05', 615));
});

test('noteTitle', () => {
  expect(noteTitle('')).toBe('Note');
  expect(noteTitle('\n- **Buy** bread')).toBe('Buy bread');
});

test('keyboardChange', () => {
  const block: TimedBlock = {
    id: 'k',
    kind: 'todo',
    title: 'k',
    start: atMinutes('2026-05-05', 600),
    end: atMinutes('2026-05-05', 630),
    done: false,
  };
  const part = { block, dayIndex: 1 };
  expect(keyboardChange(part, 'down', 'week', 7)).toEqual({
    dayDelta: 0,
    startDelta: 15,
    endDelta: 0,
  });
  expect(keyboardChange(part, 'up', 'day', 1)).toEqual({
    dayDelta: 0,
    startDelta: -15,
    endDelta: 0,
  });
  expect(keyboardChange(part, 'grow', 'week', 7)).toEqual({
    dayDelta: 0,
    startDelta: 0,
    endDelta: 15,
  });
  expect(keyboardChange(part, 'shrink', 'week', 7)).toEqual({
    dayDelta: 0,
    startDelta: 0,
    endDelta: -15,
  });
  expect(
    keyboardChange(
      { ...part, block: { ...block, end: block.start + 900_000 } },
      'shrink',
      'week',
      7,
    ),
  ).toBeNull();
  expect(keyboardChange(part, 'left', 'week', 7)).toEqual({
    dayDelta: -1,
    startDelta: 0,
    endDelta: 0,
  });
  expect(keyboardChange(part, 'left', 'day', 1)).toBeNull();
  expect(keyboardChange({ ...part, dayIndex: 6 }, 'right', 'week', 7)).toBeNull();
  const late = {
    ...block,
    start: atMinutes('2026-05-05', 1425),
    end: atMinutes('2026-05-05', 1440),
  };
  expect(keyboardChange({ block: late, dayIndex: 0 }, 'down', 'day', 1)).toBeNull();
});
