/** For the boards' tests: valid boards and nodes to vary. */
import type { Brainstorm, CanvasEdge, TextElement } from '#shared/nowou-records';

export const T0 = '2026-03-01T10:00:00.000Z';

export function board(fields: Partial<Brainstorm> = {}): Brainstorm {
  return {
    id: 'b1',
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'brainstorm',
    title: 'Launch plan',
    viewport: { x: 0, y: 0, zoom: 1 },
    nodeOrder: [],
    edges: [],
    order: 'V',
    ...fields,
  };
}

export function node(fields: Partial<TextElement> & { id: string }): TextElement {
  return {
    v: 1,
    modifiedAt: T0,
    deleted: false,
    kind: 'textElement',
    boardId: 'b1',
    type: 'text',
    x: 0,
    y: 0,
    width: 200,
    height: 80,
    text: fields.id,
    ...fields,
  };
}

export function edge(
  fromNode: string,
  toNode: string,
  fields: Partial<CanvasEdge> = {},
): CanvasEdge {
  return { id: `${fromNode}-${toNode}`, fromNode, toNode, ...fields };
}

/** A frame: a group node, which has a label rather than text. */
export function frame(fields: Partial<TextElement> & { id: string }): TextElement {
  return node({ type: 'group', text: undefined, ...fields });
}
