import { describe, expect, test } from 'vitest';
import { accessibleName, buildOutline, nodeTitle, searchNodes, type OutlineItem } from './outline';
import { board, edge, node } from './test-boards';

/** The tree as nested ids, to compare at a glance. */
function shape(items: OutlineItem[]): unknown[] {
  return items.map((item) =>
    item.children.length === 0 ? item.node.id : { [item.node.id]: shape(item.children) },
  );
}

describe('nodeTitle', () => {
  test('is the first non-blank line of a text, the url of a link, the label of a group', () => {
    expect(nodeTitle(node({ id: 'a', text: '\n  # Launch  \nmore' }))).toBe('Launch');
    expect(nodeTitle(node({ id: 'a', type: 'link', text: undefined, url: 'https://x.org' }))).toBe(
      'https://x.org',
    );
    expect(nodeTitle(node({ id: 'a', type: 'group', text: undefined, label: 'Ideas' }))).toBe(
      'Ideas',
    );
  });

  test('says Empty node when blank, and cuts a long line', () => {
    expect(nodeTitle(node({ id: 'a', text: '  \n ' }))).toBe('Empty node');
    expect(nodeTitle(node({ id: 'a', type: 'group', text: undefined }))).toBe('Empty node');
    const long = nodeTitle(node({ id: 'a', text: 'x'.repeat(500) }));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('buildOutline', () => {
  test('roots are nodes nothing points to, top to bottom; children follow edges in reading order', () => {
    const nodes = [
      node({ id: 'b', y: 100 }),
      node({ id: 'a', y: 0 }),
      node({ id: 'a2', y: 300, x: 400 }),
      node({ id: 'a1', y: 300, x: 0 }),
      node({ id: 'lonely', y: 50, x: 900 }),
    ];
    const outline = buildOutline(
      board({ edges: [edge('a', 'a2'), edge('a', 'a1'), edge('b', 'a1')] }),
      nodes,
    );
    expect(shape(outline)).toEqual([{ a: ['a1', 'a2'] }, 'lonely', 'b']);
    expect(outline[0]!.connectsTo).toEqual(['a1', 'a2']);
    // b still says it connects to a1, though a1 sits under a in the tree.
    expect(outline[2]!.connectsTo).toEqual(['a1']);
  });

  test('a diamond lists the shared node once, under its first parent', () => {
    const nodes = [
      node({ id: 'top', y: 0 }),
      node({ id: 'left', y: 100, x: 0 }),
      node({ id: 'right', y: 100, x: 300 }),
      node({ id: 'bottom', y: 200 }),
    ];
    const edges = [
      edge('top', 'left'),
      edge('top', 'right'),
      edge('left', 'bottom'),
      edge('right', 'bottom'),
    ];
    expect(shape(buildOutline(board({ edges }), nodes))).toEqual([
      { top: [{ left: ['bottom'] }, 'right'] },
    ]);
  });

  test('a cycle is cut, and a cycle no root reaches is still listed', () => {
    const nodes = [
      node({ id: 'a', y: 0 }),
      node({ id: 'b', y: 100 }),
      node({ id: 'c', y: 200 }),
      node({ id: 'x', y: 500 }),
      node({ id: 'y', y: 400 }),
    ];
    const edges = [
      edge('a', 'b'),
      edge('b', 'c'),
      edge('c', 'a'),
      edge('x', 'y'),
      edge('y', 'x'),
      edge('x', 'x'),
    ];
    // a, b, c form a cycle and x, y another: neither has a root, so each starts at its top node.
    expect(shape(buildOutline(board({ edges }), nodes))).toEqual([
      { a: [{ b: ['c'] }] },
      { y: ['x'] },
    ]);
  });

  test('leaves out deleted nodes, other boards, and edges to nodes not there', () => {
    const nodes = [
      node({ id: 'a' }),
      node({ id: 'gone', y: 10, deleted: true, deletedAt: '2026-03-01T11:00:00.000Z' }),
      node({ id: 'other', boardId: 'b2' }),
    ];
    const outline = buildOutline(
      board({ edges: [edge('a', 'gone'), edge('a', 'other'), edge('a', 'missing')] }),
      nodes,
    );
    expect(shape(outline)).toEqual(['a']);
    expect(outline[0]!.connectsTo).toEqual([]);
  });

  test('a long chain does not overflow the stack', () => {
    const count = 30_000;
    const nodes = Array.from({ length: count }, (_, index) => node({ id: `n${index}`, y: index }));
    const edges = nodes.slice(1).map((child, index) => edge(`n${index}`, child.id));
    let depth = 0;
    let items = buildOutline(board({ edges }), nodes);
    while (items.length > 0) {
      depth += 1;
      items = items[0]!.children;
    }
    expect(depth).toBe(count);
  });
});

describe('accessibleName', () => {
  test('says the title and what the node connects to', () => {
    const nodes = [
      node({ id: 'launch', text: 'Launch\ndetails' }),
      node({ id: 'post', text: 'Write post', y: 100 }),
      node({ id: 'ada', text: 'Tell Ada', y: 200 }),
      node({ id: 'ben', text: 'Tell Ben', y: 300 }),
    ];
    const edges = [edge('launch', 'ada'), edge('launch', 'post'), edge('post', 'launch')];
    const b = board({ edges });
    expect(accessibleName(nodes[0]!, b, nodes)).toBe('Launch, connects to Write post and Tell Ada');
    expect(accessibleName(nodes[1]!, b, nodes)).toBe('Write post, connects to Launch');
    expect(accessibleName(nodes[3]!, b, nodes)).toBe('Tell Ben');
    const three = board({ edges: [...edges, edge('launch', 'ben')] });
    expect(accessibleName(nodes[0]!, three, nodes)).toBe(
      'Launch, connects to Write post, Tell Ada and Tell Ben',
    );
  });
});

describe('connection labels in names', () => {
  const nodes = [
    node({ id: 'launch', text: 'Launch' }),
    node({ id: 'post', text: 'Write post', y: 100 }),
    node({ id: 'ada', text: 'Tell Ada', y: 200 }),
  ];
  const b = board({
    edges: [
      edge('launch', 'post', { label: '  first\n  of all ' }),
      edge('launch', 'ada'),
      { id: 'again', fromNode: 'launch', toNode: 'post', label: 'second label' },
    ],
  });

  test('a labelled connection says its label after the node it leads to', () => {
    const expected = 'Launch, connects to Write post (first of all) and Tell Ada';
    expect(accessibleName(nodes[0]!, b, nodes)).toBe(expected);
    const [root] = buildOutline(b, nodes);
    expect(root!.connectsToLabels).toEqual(['first of all', undefined]);
  });
});

describe('searchNodes', () => {
  const nodes = [
    node({ id: 'a', text: 'Book **flights**\nto Lisbon', y: 200 }),
    node({ id: 'b', text: 'Pack bags', y: 100 }),
    node({ id: 'link', type: 'link', text: undefined, url: 'https://flights.example', y: 300 }),
    node({ id: 'group', type: 'group', text: undefined, label: 'Flights and trains', y: 0 }),
    node({ id: 'gone', text: 'Old flights', deleted: true, deletedAt: '2026-03-01T10:00:00.000Z' }),
    node({ id: 'other', text: 'flights elsewhere', boardId: 'b2' }),
  ];

  test('finds every word in any case across texts, links and labels, in reading order', () => {
    expect(searchNodes(board(), nodes, 'FLIGHTS').map((n) => n.id)).toEqual(['group', 'a', 'link']);
    expect(searchNodes(board(), nodes, 'lisbon book').map((n) => n.id)).toEqual(['a']);
    expect(searchNodes(board(), nodes, 'bus')).toEqual([]);
  });

  test('an empty query finds nothing', () => {
    expect(searchNodes(board(), nodes, '   ')).toEqual([]);
  });
});
