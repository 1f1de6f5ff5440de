import { describe, expect, test } from 'vitest';
import { itemSchema } from '#shared/nowou-records';
import { board, edge, node } from '../logic/test-boards';
import { copyNodes, duplicateBoard, newBoard } from './board-items';

const NOW = new Date('2026-03-02T09:00:00.000Z');

describe('copyNodes', () => {
  const nodes = [
    node({ id: 'a', x: 10, y: 20, color: '3', todoId: 'todo-1' }),
    node({ id: 'b', x: 300, y: 20, type: 'link', text: undefined, url: 'https://a.io' }),
    node({ id: 'g', type: 'group', text: undefined, label: 'G', x: 0, y: 0, width: 600 }),
  ];
  const edges = [
    edge('a', 'b', { label: 'then', color: '#ff0000', fromSide: 'right', toSide: 'left' }),
    edge('b', 'outside'),
  ];

  test('gives new ids, moves by the offset and keeps every other field', () => {
    const copy = copyNodes(nodes, edges, 'b2', { x: 32.4, y: -8 }, NOW);
    expect(copy.nodes).toHaveLength(3);
    const ids = new Set(copy.nodes.map((n) => n.id));
    expect(ids.size).toBe(3);
    for (const original of nodes) expect(ids.has(original.id)).toBe(false);
    const a = copy.nodes[0]!;
    expect(a).toMatchObject({ boardId: 'b2', x: 42, y: 12, color: '3', text: 'a' });
    expect(a.modifiedAt).toBe(NOW.toISOString());
    expect(copy.nodes[1]).toMatchObject({ type: 'link', url: 'https://a.io', x: 332 });
    expect(copy.nodes[2]).toMatchObject({ type: 'group', label: 'G', width: 600 });
    expect(copy.ids.get('a')).toBe(a.id);
    for (const record of copy.nodes) expect(itemSchema.safeParse(record).success).toBe(true);
  });

  test('a copy is not the to-do’s node: its link to the to-do stays with the original', () => {
    const copy = copyNodes(nodes, edges, 'b1', { x: 0, y: 0 }, NOW);
    expect(copy.nodes[0]).not.toHaveProperty('todoId');
  });

  test('copies only edges with both ends copied, re-pointed, label and colour kept', () => {
    const copy = copyNodes(nodes, edges, 'b1', { x: 0, y: 0 }, NOW);
    expect(copy.edges).toEqual([
      {
        id: expect.any(String),
        fromNode: copy.ids.get('a'),
        fromSide: 'right',
        toNode: copy.ids.get('b'),
        toSide: 'left',
        label: 'then',
        color: '#ff0000',
      },
    ]);
    expect(copy.edges[0]!.id).not.toBe(edges[0]!.id);
  });

  test('a copy is live, even of a deleted node', () => {
    const gone = node({ id: 'x', deleted: true, deletedAt: '2026-03-01T10:00:00.000Z' });
    const [copy] = copyNodes([gone], [], 'b1', { x: 0, y: 0 }, NOW).nodes;
    expect(copy).toMatchObject({ deleted: false });
    expect(copy).not.toHaveProperty('deletedAt');
  });
});

describe('newBoard', () => {
  test('opens with its first place, 0,0, inside the view, after every board in order', () => {
    const first = newBoard('  Garden  ', [], NOW);
    expect(first).toMatchObject({ title: 'Garden', viewport: { x: -32, y: -32, zoom: 1 } });
    expect(newBoard('Later', [first], NOW).order > first.order).toBe(true);
    expect(itemSchema.safeParse(first).success).toBe(true);
  });
});

describe('duplicateBoard', () => {
  test('copies the board, its nodes in drawing order and its edges with new ids', () => {
    const nodes = [node({ id: 'a' }), node({ id: 'b', y: 100 }), node({ id: 'c', y: 200 })];
    const original = board({
      title: 'Launch plan',
      viewport: { x: 5, y: 6, zoom: 0.5 },
      nodeOrder: ['c', 'a', 'b'],
      edges: [edge('a', 'b', { label: 'then' }), edge('b', 'c')],
    });
    const other = newBoard('Later', [original], NOW);
    const copy = duplicateBoard(original, nodes, [original, other], NOW);
    expect(copy.board.id).not.toBe(original.id);
    expect(copy.board.title).toBe('Launch plan (copy)');
    expect(copy.board.viewport).toEqual(original.viewport);
    // After every board in the list.
    expect(copy.board.order > other.order).toBe(true);
    const newId = (id: string) => copy.nodes[nodes.findIndex((n) => n.id === id)]!.id;
    expect(copy.board.nodeOrder).toEqual([newId('c'), newId('a'), newId('b')]);
    expect(copy.board.edges.map((e) => [e.fromNode, e.toNode, e.label])).toEqual([
      [newId('a'), newId('b'), 'then'],
      [newId('b'), newId('c'), undefined],
    ]);
    expect(copy.nodes.every((n) => n.boardId === copy.board.id)).toBe(true);
    for (const record of [copy.board, ...copy.nodes]) {
      expect(itemSchema.safeParse(record).error?.issues).toBeUndefined();
    }
  });

  test('a title at the longest a board takes is cut to fit with the copy mark', () => {
    const long = board({ title: 'x'.repeat(200) });
    const copy = duplicateBoard(long, [], [long], NOW);
    expect(copy.board.title).toBe(`${'x'.repeat(193)} (copy)`);
    expect(itemSchema.safeParse(copy.board).success).toBe(true);
  });
});
