/** Valid Nowou records to vary, for the tests of the client and the server. */
import { TODO_DEFAULTS, type TextBox, type Timeline, type Todo } from './nowou-records';

export const T0 = '2026-03-01T10:00:00.000Z';

export function todo(fields: Partial<Todo> = {}): Todo {
  return {
    ...TODO_DEFAULTS,
    tags: [],
    subtasks: [],
    id: 'todo-1',
    modifiedAt: T0,
    title: 'Buy milk',
    list: 'inbox',
    order: 'V',
    ...fields,
  };
}

export function timeline(fields: Partial<Timeline> = {}): Timeline {
  return {
    id: 'tl-1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'timeline',
    name: 'Work',
    order: 'V',
    ...fields,
  };
}

export function textBox(fields: Partial<TextBox> = {}): TextBox {
  return {
    id: 'tb-1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'textBox',
    text: 'Notes for the day',
    anchor: { timelineId: 'tl-1', day: '2026-03-01' },
    ...fields,
  };
}
