import { describe, expect, test } from 'vitest';
import { todoSchema } from '#shared/nowou-records';
import { textBox, todo } from '#shared/nowou-record-fixtures';
import { newTodoBlock, withRange } from './block-items';

const at = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 2, day, hours, minutes).getTime();

describe('a to-do on the timeline keeps its own fields in step with the grid', () => {
  test('moved to another day and time, a day-list to-do moves to that day with the new time and length', () => {
    const lunch = todo({ list: 'day:2026-03-10', time: '12:30', duration: 60 });
    const moved = withRange(lunch, 'tl-1', at(12, 13), at(12, 14, 30));
    expect(todoSchema.parse(moved)).toMatchObject({
      list: 'day:2026-03-12',
      time: '13:00',
      duration: 90,
      schedule: { timelineId: 'tl-1' },
    });
  });

  test('an Inbox or custom-list to-do keeps its list; a note changes only its anchor', () => {
    for (const list of ['inbox', 'someday', 'list:groceries'] as const) {
      const moved = withRange(todo({ list }), 'tl-1', at(12, 9), at(12, 9, 15));
      expect(moved).toMatchObject({ list, time: '09:00', duration: 15 });
    }
    const note = withRange(textBox(), 'tl-1', at(12, 9), at(12, 10));
    expect(note).toMatchObject({ text: textBox().text });
    expect(note.kind === 'textBox' && 'start' in note.anchor).toBe(true);
  });

  test('a block drawn on the grid is a to-do of that day with its time and length', () => {
    const made = newTodoBlock([], 'Write', 'tl-1', at(11, 8, 15), at(11, 9), 'n1', new Date());
    expect(todoSchema.parse(made)).toMatchObject({
      list: 'day:2026-03-11',
      time: '08:15',
      duration: 45,
    });
  });
});
