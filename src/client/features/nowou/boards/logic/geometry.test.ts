import { describe, expect, test } from 'vitest';
import { node } from './test-boards';
import { edgeGeometry, nodesInsideGroup, withGroupContents } from './geometry';

const ids = (nodes: readonly { id: string }[]) => nodes.map((n) => n.id);

const group = node({ id: 'g', type: 'group', label: 'Group', x: 0, y: 0, width: 500, height: 300 });

describe('nodesInsideGroup', () => {
  test('takes the nodes wholly inside the box, edges touching included, never the group', () => {
    const nodes = [
      group,
      node({ id: 'inside', x: 20, y: 40 }),
      node({ id: 'flush', x: 300, y: 220 }),
      node({ id: 'across', x: 400, y: 40 }),
      node({ id: 'above', x: 20, y: -10 }),
      node({ id: 'outside', x: 900, y: 900 }),
    ];
    expect(ids(nodesInsideGroup(group, nodes))).toEqual(['inside', 'flush']);
  });

  test('an empty group carries nothing', () => {
    expect(nodesInsideGroup(group, [group, node({ id: 'far', x: 600, y: 0 })])).toEqual([]);
  });
});

describe('withGroupContents', () => {
  test('adds the nodes inside each moved group once, keeping the moved ids first', () => {
    const inner = node({ id: 'inner', type: 'group', x: 10, y: 10, width: 300, height: 200 });
    const nodes = [
      group,
      inner,
      node({ id: 'a', x: 20, y: 30 }),
      node({ id: 'b', x: 250, y: 200, width: 100, height: 60 }),
      node({ id: 'c', x: 800, y: 0 }),
    ];
    expect(withGroupContents(['c', 'g'], nodes)).toEqual(['c', 'g', 'inner', 'a', 'b']);
    expect(withGroupContents(['inner', 'a'], nodes)).toEqual(['inner', 'a']);
    expect(withGroupContents(['a', 'c'], nodes)).toEqual(['a', 'c']);
  });
});

describe('edgeGeometry', () => {
  const start = (d: string) => d.slice(1, d.indexOf('C'));
  const end = (d: string) => d.split(' ').slice(-2).join(' ');

  test('an edge naming no side leaves the side the node’s shape faces, not the larger offset', () => {
    // The other node's centre is 300 right of and 80 below this wide node's centre: relative to
    // the node's width and height it lies below.
    const wide = { x: 0, y: 0, width: 400, height: 40 };
    const other = { x: 450, y: 70, width: 100, height: 60 };
    const { d } = edgeGeometry(wide, undefined, other, undefined);
    expect(start(d)).toBe('200 40');
    expect(end(d)).toBe('450 100');
  });

  test('named sides win, and the curve leaves straight out of them', () => {
    const a = { x: 0, y: 0, width: 100, height: 50 };
    const b = { x: 300, y: 0, width: 100, height: 50 };
    expect(edgeGeometry(a, undefined, b, undefined).d).toBe('M100 25C180 25 220 25 300 25');
    expect(edgeGeometry(a, 'bottom', b, 'top').d).toMatch(/^M50 50C50 \d/);
  });
});
