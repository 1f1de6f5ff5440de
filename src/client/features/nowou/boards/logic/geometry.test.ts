import { describe, expect, test } from 'vitest';
import { node } from './test-boards';
import { nodesInsideGroup, withGroupContents } from './geometry';

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
