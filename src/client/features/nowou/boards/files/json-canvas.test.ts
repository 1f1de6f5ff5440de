import { describe, expect, test } from 'vitest';
import { itemSchema, type TextElement } from '#shared/nowou-records';
import { board, edge, frame, node } from '../logic/test-boards';
import { boardToCanvas, canvasFileName, planCanvasImport, type CanvasImport } from './json-canvas';

const NOW = new Date('2026-04-02T08:30:00.000Z');

function ids() {
  let next = 0;
  return () => `new${(next += 1)}`;
}

function importOf(text: string, fileName?: string): CanvasImport {
  return planCanvasImport(text, { now: NOW, newId: ids(), ...(fileName ? { fileName } : {}) });
}

function ready(result: CanvasImport): Extract<CanvasImport, { ok: true }> {
  if (!result.ok) throw new Error(result.reason);
  return result;
}

/**
 * The sample canvas of the JSON Canvas repository (github.com/obsidianmd/jsoncanvas, sample.canvas
 * at commit 6a703e28021df8fdda8217c097162a86a3a23c53), as written there: tabs, file nodes, a group.
 */
const SPEC_SAMPLE = `{
\t"nodes":[
\t\t{"id":"754a8ef995f366bc","type":"group","x":-300,"y":-460,"width":610,"height":200,"label":"JSON Canvas"},
\t\t{"id":"8132d4d894c80022","type":"file","file":"readme.md","x":-280,"y":-200,"width":570,"height":560,"color":"6"},
\t\t{"id":"7efdbbe0c4742315","type":"file","file":"_site/logo.svg","x":-280,"y":-440,"width":217,"height":80},
\t\t{"id":"59e896bc8da20699","type":"text","text":"Learn more:\\n\\n- [Apps](/docs/apps.md)\\n- [Spec](spec/1.0.md)\\n- [Github](https://github.com/obsidianmd/jsoncanvas)","x":40,"y":-440,"width":250,"height":160},
\t\t{"id":"0ba565e7f30e0652","type":"file","file":"spec/1.0.md","x":360,"y":-400,"width":400,"height":400}
\t],
\t"edges":[
\t\t{"id":"6fa11ab87f90b8af","fromNode":"7efdbbe0c4742315","fromSide":"right","toNode":"59e896bc8da20699","toSide":"left"}
\t]
}`;

describe('a round trip through a .canvas file', () => {
  const nodes: TextElement[] = [
    frame({ id: 'frame', label: 'Ideas', x: -40, y: -60, width: 900, height: 600, color: '5' }),
    node({
      id: 'plain',
      text: 'Launch\n\n- [ ] post <b>',
      x: 0,
      y: 0,
      color: '1',
      todoId: 'todo-7',
    }),
    node({
      id: 'site',
      type: 'link',
      text: undefined,
      url: 'https://example.org/?a=1&b=2',
      x: 300,
      y: 0,
      color: '#12aBef',
    }),
    frame({ id: 'bare', x: 2000, y: 2000, width: 100, height: 100 }),
    node({ id: 'empty', text: '', x: 0, y: 300 }),
    node({ id: 'gone', x: 5, y: 5, deleted: true, deletedAt: '2026-03-02T00:00:00.000Z' }),
  ];
  const edges = [
    edge('plain', 'site', { fromSide: 'right', toSide: 'left', color: '4', label: 'then' }),
    edge('site', 'empty', {
      fromSide: 'bottom',
      fromEnd: 'arrow',
      toSide: 'top',
      toEnd: 'none',
      color: '#000000',
    }),
    edge('empty', 'plain'),
    edge('frame', 'bare', { fromSide: 'top', toSide: 'bottom', toEnd: 'arrow', label: '' }),
    edge('plain', 'gone'),
  ];
  const original = board({
    title: 'Launch plan',
    viewport: { x: -120.5, y: 33, zoom: 0.75 },
    nodeOrder: ['frame', 'bare', 'plain', 'site', 'gone', 'empty'],
    edges,
  });
  const file = boardToCanvas(original, nodes);
  const result = ready(importOf(file, 'Something else.canvas'));

  test('keeps every node in z-order with its type, place, size, colour, text, url, label and to-do', () => {
    const kept = ['frame', 'bare', 'plain', 'site', 'empty'].map((id) =>
      nodes.find((n) => n.id === id)!,
    );
    expect(result.board.nodeOrder).toEqual(result.nodes.map((n) => n.id));
    expect(result.nodes).toHaveLength(kept.length);
    result.nodes.forEach((imported, index) => {
      const { id: _oldId, boardId: _oldBoard, modifiedAt: _t, ...fields } = kept[index]!;
      expect(imported).toEqual({
        ...fields,
        id: imported.id,
        boardId: result.board.id,
        modifiedAt: NOW.toISOString(),
      });
    });
    expect(result.skipped).toEqual([]);
  });

  test('keeps every edge with its sides, ends, colour and label, re-pointed to the new ids', () => {
    const newIdOf = new Map(
      ['frame', 'bare', 'plain', 'site', 'empty'].map((id, index) => [id, result.nodes[index]!.id]),
    );
    // The edge to the deleted node is not written: a file must not point to a missing node.
    expect(result.board.edges).toEqual(
      edges.slice(0, 4).map((e, index) => ({
        ...e,
        id: result.board.edges[index]!.id,
        fromNode: newIdOf.get(e.fromNode),
        toNode: newIdOf.get(e.toNode),
      })),
    );
  });

  test('keeps the title and view, gives fresh ids, and every record passes the schema', () => {
    expect(result.board.title).toBe('Launch plan');
    expect(result.board.viewport).toEqual({ x: -120.5, y: 33, zoom: 0.75 });
    const all = [
      result.board.id,
      ...result.nodes.map((n) => n.id),
      ...result.board.edges.map((e) => e.id),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((id) => id.startsWith('new'))).toBe(true);
    for (const record of [result.board, ...result.nodes]) {
      expect(itemSchema.safeParse(record).success).toBe(true);
    }
  });

  test('the file keeps Nowou’s own fields under the one key "nowou"', () => {
    const json = JSON.parse(file) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['nodes', 'edges', 'nowou']);
    expect(json['nowou']).toEqual({
      version: 1,
      title: 'Launch plan',
      viewport: { x: -120.5, y: 33, zoom: 0.75 },
      todoIds: { plain: 'todo-7' },
    });
    expect(file).toContain('\n\t"nodes": [');
  });
});

describe('files from other JSON Canvas apps', () => {
  test('the spec repository’s sample imports, file nodes becoming text nodes naming the file', () => {
    const result = ready(importOf(SPEC_SAMPLE, 'sample.canvas'));
    expect(result.board.title).toBe('sample');
    expect(result.nodes.map((n) => [n.type, n.text ?? n.label])).toEqual([
      ['group', 'JSON Canvas'],
      ['text', 'readme.md'],
      ['text', '_site/logo.svg'],
      ['text', expect.stringContaining('Learn more:')],
      ['text', 'spec/1.0.md'],
    ]);
    expect(result.nodes[1]!.color).toBe('6');
    expect(result.board.edges).toEqual([
      {
        id: 'new7',
        fromNode: result.nodes[2]!.id,
        fromSide: 'right',
        toNode: result.nodes[3]!.id,
        toSide: 'left',
      },
    ]);
    expect(result.skipped).toHaveLength(3);
    expect(result.skipped[0]).toBe(
      'Node 2: the file "readme.md" is kept as a text node naming it.',
    );
    // No Nowou view: it opens at the nodes' top-left corner.
    expect(result.board.viewport).toEqual({ x: -348, y: -508, zoom: 1 });
    for (const record of [result.board, ...result.nodes]) {
      expect(itemSchema.safeParse(record).success).toBe(true);
    }
  });

  test('rounds fractional places, ignores unknown fields and leaves out unknown node types', () => {
    const text = JSON.stringify({
      nodes: [
        {
          id: 'a',
          type: 'text',
          text: 'A',
          x: 10.6,
          y: -3.2,
          width: 99.5,
          height: 40,
          shadow: true,
        },
        { id: 'b', type: 'sticker', x: 0, y: 0, width: 10, height: 10 },
        {
          id: 'c',
          type: 'file',
          file: 'notes/plan.md',
          subpath: '#Goals',
          x: 0,
          y: 90,
          width: 10,
          height: 10,
        },
        { id: 'g', type: 'group', x: -50, y: -50, width: 500, height: 500, background: 'bg.png' },
      ],
      edges: [
        { id: 'e1', fromNode: 'a', toNode: 'b' },
        { id: 'e2', fromNode: 'c', toNode: 'a', weight: 3 },
      ],
      app: { theme: 'dark' },
    });
    const result = ready(importOf(text));
    expect(result.board.title).toBe('Imported board');
    expect(result.nodes.map((n) => [n.x, n.y, n.width, n.height])).toEqual([
      [11, -3, 100, 40],
      [0, 90, 10, 10],
      [-50, -50, 500, 500],
    ]);
    expect(result.nodes[1]!.text).toBe('notes/plan.md#Goals');
    expect(result.board.edges).toEqual([
      { id: expect.any(String), fromNode: result.nodes[1]!.id, toNode: result.nodes[0]!.id },
    ]);
    expect(result.skipped).toEqual([
      'Node 2: its type "sticker" is not one Nowou shows, so it is left out.',
      'Node 3: the file "notes/plan.md" is kept as a text node naming it.',
      'Node 4: its background image is left out.',
      'Edge 1: it connects a node that is left out, so it is left out too.',
    ]);
  });

  test('a link Nowou does not open becomes a text node holding it, listed as changed', () => {
    const place = { x: 0, width: 200, height: 60 };
    const text = JSON.stringify({
      nodes: [
        { id: 'web', type: 'link', url: 'https://obsidian.md', y: 0, ...place },
        { id: 'app', type: 'link', url: 'obsidian://open?vault=Notes', y: 100, ...place },
        { id: 'path', type: 'link', url: 'notes/plan.md', y: 200, color: '4', ...place },
      ],
      edges: [
        { id: 'e1', fromNode: 'web', toNode: 'app', label: 'opens' },
        { id: 'e2', fromNode: 'app', toNode: 'path' },
      ],
    });
    const result = ready(importOf(text, 'Vault.canvas'));
    expect(result.nodes.map((n) => [n.type, n.url ?? n.text, n.y])).toEqual([
      ['link', 'https://obsidian.md', 0],
      ['text', 'obsidian://open?vault=Notes', 100],
      ['text', 'notes/plan.md', 200],
    ]);
    expect(result.nodes[2]!.color).toBe('4');
    // The board keeps its shape: both edges, re-pointed, with their labels.
    expect(result.board.edges.map((e) => [e.fromNode, e.toNode, e.label])).toEqual([
      [result.nodes[0]!.id, result.nodes[1]!.id, 'opens'],
      [result.nodes[1]!.id, result.nodes[2]!.id, undefined],
    ]);
    expect(result.skipped).toEqual([
      'Node 2: the link "obsidian://open?vault=Notes" is not a web or mail link, so it is kept as a text node.',
      'Node 3: the link "notes/plan.md" is not a web or mail link, so it is kept as a text node.',
    ]);
    for (const record of [result.board, ...result.nodes]) {
      expect(itemSchema.safeParse(record).success).toBe(true);
    }
  });

  test('an empty canvas with the arrays makes an empty board', () => {
    const result = ready(importOf('{"nodes":[],"edges":[]}', 'Empty.canvas'));
    expect(result.board.title).toBe('Empty');
    expect(result.nodes).toEqual([]);
  });
});

describe('bad files give one line and no board', () => {
  const valid = { id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 100, height: 50 };
  const cases: [string, string, string][] = [
    ['bad JSON', '{"nodes": [', 'The file is not JSON.'],
    ['a list at the top', '[]', 'The file is not a JSON Canvas file.'],
    [
      'some other JSON',
      '{"name":"x"}',
      'The file has no nodes or edges, so it is not a JSON Canvas file.',
    ],
    ['nodes not a list', '{"nodes":{}}', "The file's nodes are not a list."],
    [
      'an edge to a missing node',
      JSON.stringify({
        nodes: [valid],
        edges: [
          { id: 'e1', fromNode: 'a', toNode: 'a' },
          { id: 'e2', fromNode: 'a', toNode: 'a' },
          { id: 'e3', fromNode: 'a', toNode: 'zzz' },
        ],
      }),
      'Edge 3 points to a node the file does not have.',
    ],
    [
      'a duplicate node id',
      JSON.stringify({ nodes: [valid, { ...valid, y: 100 }] }),
      'Node 2 repeats the id "a".',
    ],
    [
      'a duplicate edge id',
      JSON.stringify({
        nodes: [valid],
        edges: [
          { id: 'e', fromNode: 'a', toNode: 'a' },
          { id: 'e', fromNode: 'a', toNode: 'a' },
        ],
      }),
      'Edge 2 repeats the id "e".',
    ],
    [
      'a huge coordinate',
      JSON.stringify({ nodes: [{ ...valid, x: 1e15 }] }),
      'Node 1 lies too far out (x 1000000000000000; at most ±10,000,000).',
    ],
    [
      'a zero width',
      JSON.stringify({ nodes: [{ ...valid, width: 0 }] }),
      "Node 1's width 0 is outside 1 to 100,000.",
    ],
    ['a missing x', JSON.stringify({ nodes: [{ ...valid, x: undefined }] }), 'Node 1 has no x.'],
    [
      'a string y',
      JSON.stringify({ nodes: [{ ...valid, y: '5' }] }),
      "Node 1's y is not a number.",
    ],
    [
      'a text node without text',
      JSON.stringify({ nodes: [{ ...valid, text: undefined }] }),
      'Node 1 has no text.',
    ],
    ['a node without id', JSON.stringify({ nodes: [{ ...valid, id: '' }] }), 'Node 1 has no id.'],
    [
      'a node without type',
      JSON.stringify({ nodes: [{ ...valid, type: undefined }] }),
      'Node 1 has no type.',
    ],
    [
      'a bad colour',
      JSON.stringify({ nodes: [{ ...valid, color: 'red' }] }),
      'Node 1\'s color "red" is not a preset "1" to "6" or a #rrggbb colour.',
    ],
    [
      'a bad side',
      JSON.stringify({
        nodes: [valid],
        edges: [{ id: 'e', fromNode: 'a', toNode: 'a', toSide: 'middle' }],
      }),
      'Edge 1\'s toSide "middle" is not one of top, right, bottom, left.',
    ],
    [
      'a bad end',
      JSON.stringify({
        nodes: [valid],
        edges: [{ id: 'e', fromNode: 'a', toNode: 'a', fromEnd: 'circle' }],
      }),
      'Edge 1\'s fromEnd "circle" is not one of none, arrow.',
    ],
    [
      'a text too long',
      JSON.stringify({ nodes: [{ ...valid, text: 'x'.repeat(20_001) }] }),
      "Node 1's text is longer than 20,000 characters.",
    ],
    [
      'a node that is no object',
      JSON.stringify({ nodes: [valid, 'b'] }),
      'Node 2 is not an object.',
    ],
    [
      'an edge label that is no text',
      JSON.stringify({
        nodes: [valid],
        edges: [{ id: 'e', fromNode: 'a', toNode: 'a', label: 7 }],
      }),
      "Edge 1's label is not text.",
    ],
    [
      'a link too long',
      JSON.stringify({
        nodes: [{ ...valid, type: 'link', url: `https://a.example/${'x'.repeat(2_000)}` }],
      }),
      "Node 1's url is longer than 2,000 characters.",
    ],
    [
      'a repeated id with a line break',
      JSON.stringify({
        nodes: [
          { ...valid, id: 'a\nb' },
          { ...valid, id: 'a\nb' },
        ],
      }),
      'Node 2 repeats the id "a\\nb".',
    ],
  ];

  test.each(cases)('%s', (_name, text, reason) => {
    const result = importOf(text);
    expect(result).toEqual({ ok: false, reason });
    if (!result.ok) expect(result.reason).not.toMatch(/\n/);
  });

  test('a reason quoting a value stays on one line', () => {
    const result = importOf(JSON.stringify({ nodes: [{ ...valid, color: 'line\nbreak' }] }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).not.toMatch(/\n/);
  });

  test('a bad id from the caller is refused, not stored', () => {
    const result = planCanvasImport(JSON.stringify({ nodes: [valid] }), {
      now: NOW,
      newId: () => 'no spaces allowed',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^Node 1 cannot be kept: id: /);
  });
});

test('canvasFileName makes a safe file name from the title', () => {
  expect(canvasFileName(board({ title: 'Plan: Q3/Q4 <draft>' }))).toBe('Plan Q3 Q4 draft.canvas');
  expect(canvasFileName(board({ title: '???' }))).toBe('Board.canvas');
});
