/**
 * An exported .canvas file opened by a second JSON Canvas reader, written here straight from the
 * spec (https://jsoncanvas.org/spec/1.0/) and sharing no code with json-canvas.ts, so a mistake
 * in Nowou's writer cannot hide behind the same mistake in its reader.
 */
import { describe, expect, test } from 'vitest';
import { boardToCanvas } from './json-canvas';
import { board, edge, frame, node } from '../logic/test-boards';

type Side = 'top' | 'right' | 'bottom' | 'left';
type End = 'none' | 'arrow';

interface SpecNode {
  id: string;
  type: 'text' | 'file' | 'link' | 'group';
  x: number;
  y: number;
  width: number;
  height: number;
  color?: string;
  text?: string;
  file?: string;
  subpath?: string;
  url?: string;
  label?: string;
  background?: string;
  backgroundStyle?: 'cover' | 'ratio' | 'repeat';
}

interface SpecEdge {
  id: string;
  fromNode: string;
  fromSide?: Side;
  /** Resolved: "Defaults to none if not specified." */
  fromEnd: End;
  toNode: string;
  toSide?: Side;
  /** Resolved: "Defaults to arrow if not specified." */
  toEnd: End;
  color?: string;
  label?: string;
}

/** Reads a JSON Canvas 1.0 document; throws on anything the spec does not allow. */
function readSpecCanvas(text: string): { nodes: SpecNode[]; edges: SpecEdge[] } {
  const top: unknown = JSON.parse(text);
  if (typeof top !== 'object' || top === null || Array.isArray(top)) throw new Error('top level');
  const doc = top as Record<string, unknown>;
  // "nodes (optional, array of nodes)", "edges (optional, array of edges)"
  const rawNodes = doc['nodes'] ?? [];
  const rawEdges = doc['edges'] ?? [];
  if (!Array.isArray(rawNodes) || !Array.isArray(rawEdges)) throw new Error('arrays');

  const isString = (value: unknown): value is string => typeof value === 'string';
  const isInteger = (value: unknown): value is number => Number.isInteger(value);
  // "Colors can be specified in hex format e.g. "#FF0000", or using one of the preset colors"
  const isColor = (value: unknown) =>
    isString(value) && (/^[1-6]$/.test(value) || /^#[0-9A-Fa-f]{6}$/.test(value));
  const optional = (value: unknown, check: (v: unknown) => boolean) =>
    value === undefined || check(value);
  const oneOf =
    (...allowed: string[]) =>
    (value: unknown) =>
      isString(value) && allowed.includes(value);

  const nodes: SpecNode[] = [];
  const ids = new Set<string>();
  for (const raw of rawNodes) {
    const n = raw as Record<string, unknown>;
    // Generic node: id, type, x, y, width, height required; color optional.
    if (!isString(n['id']) || ids.has(n['id'])) throw new Error('node id');
    ids.add(n['id']);
    if (!oneOf('text', 'file', 'link', 'group')(n['type'])) throw new Error('node type');
    for (const key of ['x', 'y', 'width', 'height']) {
      if (!isInteger(n[key])) throw new Error(`node ${key} is not an integer`);
    }
    if (!optional(n['color'], isColor)) throw new Error('node color');
    const type = n['type'] as SpecNode['type'];
    if (type === 'text' && !isString(n['text'])) throw new Error('text node text');
    if (type === 'file') {
      if (!isString(n['file'])) throw new Error('file node file');
      if (!optional(n['subpath'], (v) => isString(v) && v.startsWith('#'))) {
        throw new Error('file node subpath');
      }
    }
    if (type === 'link' && !isString(n['url'])) throw new Error('link node url');
    if (type === 'group') {
      if (!optional(n['label'], isString) || !optional(n['background'], isString)) {
        throw new Error('group label or background');
      }
      if (!optional(n['backgroundStyle'], oneOf('cover', 'ratio', 'repeat'))) {
        throw new Error('group backgroundStyle');
      }
    }
    nodes.push(n as unknown as SpecNode);
  }

  const edges: SpecEdge[] = [];
  const edgeIds = new Set<string>();
  const side = oneOf('top', 'right', 'bottom', 'left');
  const end = oneOf('none', 'arrow');
  for (const raw of rawEdges) {
    const e = raw as Record<string, unknown>;
    if (!isString(e['id']) || edgeIds.has(e['id'])) throw new Error('edge id');
    edgeIds.add(e['id']);
    // "fromNode (required, string) is the node id where the connection starts."
    if (!isString(e['fromNode']) || !ids.has(e['fromNode'])) throw new Error('edge fromNode');
    if (!isString(e['toNode']) || !ids.has(e['toNode'])) throw new Error('edge toNode');
    if (!optional(e['fromSide'], side) || !optional(e['toSide'], side)) throw new Error('side');
    if (!optional(e['fromEnd'], end) || !optional(e['toEnd'], end)) throw new Error('end');
    if (!optional(e['color'], isColor)) throw new Error('edge color');
    if (!optional(e['label'], isString)) throw new Error('edge label');
    edges.push({
      ...(e as unknown as SpecEdge),
      fromEnd: (e['fromEnd'] as End | undefined) ?? 'none',
      toEnd: (e['toEnd'] as End | undefined) ?? 'arrow',
    });
  }
  return { nodes, edges };
}

describe('an exported board read by a reader written to the spec', () => {
  const nodes = [
    frame({ id: 'frame', label: 'Ideas', x: -40, y: -60, width: 900, height: 600, color: '5' }),
    node({ id: 'plain', text: 'Launch\n\n- [ ] post', x: 0, y: 0, color: '1' }),
    node({
      id: 'site',
      type: 'link',
      text: undefined,
      url: 'https://example.org/?a=1&b=<2>',
      x: 300,
      y: 0,
      color: '#12aBef',
    }),
    frame({ id: 'nolabel', x: 2000, y: 2000, width: 100, height: 100 }),
    node({ id: 'empty', text: '', x: 0, y: 300, todoId: 'todo-9' }),
  ];
  const edges = [
    edge('plain', 'site', { fromSide: 'right', toSide: 'left', color: '4', label: 'then "go"' }),
    edge('site', 'empty', {
      fromSide: 'bottom',
      fromEnd: 'arrow',
      toSide: 'top',
      toEnd: 'none',
      color: '#000000',
    }),
    edge('empty', 'plain'),
    edge('frame', 'nolabel', {
      toEnd: 'arrow',
      fromEnd: 'none',
      fromSide: 'top',
      toSide: 'bottom',
    }),
  ];
  const b = board({
    nodeOrder: ['frame', 'nolabel', 'plain', 'site', 'empty'],
    edges,
  });
  const read = readSpecCanvas(boardToCanvas(b, nodes));

  test('nodes come in z-order with every field', () => {
    expect(read.nodes.map((n) => n.id)).toEqual(['frame', 'nolabel', 'plain', 'site', 'empty']);
    for (const n of read.nodes) {
      const stored = nodes.find((candidate) => candidate.id === n.id)!;
      expect(n.type).toBe(stored.type);
      expect([n.x, n.y, n.width, n.height]).toEqual([
        stored.x,
        stored.y,
        stored.width,
        stored.height,
      ]);
      expect(n.color).toBe(stored.color);
      expect(n.text).toBe(stored.type === 'text' ? stored.text : undefined);
      expect(n.url).toBe(stored.url);
      expect(n.label).toBe(stored.label);
    }
  });

  test('edges keep their nodes, sides, ends (spec defaults applied), colours and labels', () => {
    expect(read.edges).toEqual([
      {
        id: 'plain-site',
        fromNode: 'plain',
        fromSide: 'right',
        fromEnd: 'none',
        toNode: 'site',
        toSide: 'left',
        toEnd: 'arrow',
        color: '4',
        label: 'then "go"',
      },
      {
        id: 'site-empty',
        fromNode: 'site',
        fromSide: 'bottom',
        fromEnd: 'arrow',
        toNode: 'empty',
        toSide: 'top',
        toEnd: 'none',
        color: '#000000',
      },
      { id: 'empty-plain', fromNode: 'empty', fromEnd: 'none', toNode: 'plain', toEnd: 'arrow' },
      {
        id: 'frame-nolabel',
        fromNode: 'frame',
        fromSide: 'top',
        fromEnd: 'none',
        toNode: 'nolabel',
        toSide: 'bottom',
        toEnd: 'arrow',
      },
    ]);
  });

  test('the reader itself refuses what the spec does not allow', () => {
    expect(() =>
      readSpecCanvas(
        '{"nodes":[{"id":"a","type":"text","text":"","x":0.5,"y":0,"width":1,"height":1}]}',
      ),
    ).toThrow();
    expect(() =>
      readSpecCanvas('{"nodes":[],"edges":[{"id":"e","fromNode":"a","toNode":"b"}]}'),
    ).toThrow();
  });
});
