import { describe, expect, test } from 'vitest';
import { board, edge, frame, node } from '../logic/test-boards';
import { edgeGeometry } from '../logic/geometry';
import { boardToSvg, colourOf, escapeXml, wrapText } from './svg-export';

/** Well-formedness without a DOM: every tag closes in order and no raw < or & is left in text. */
function checkWellFormed(svg: string): void {
  const body = svg.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const match of body.matchAll(tag)) {
    expect(match.index).toBe(consumed);
    consumed += match[0].length;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
      continue;
    }
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
}

describe('boardToSvg', () => {
  const nodes = [
    frame({
      id: 'frame',
      label: 'Ideas & <plans>',
      x: -100,
      y: -100,
      width: 800,
      height: 500,
      color: '5',
    }),
    node({
      id: 'evil',
      text: '<script>alert("x")</script> & more',
      x: 0,
      y: 0,
      width: 500,
      height: 120,
      color: '1',
    }),
    node({
      id: 'site',
      type: 'link',
      text: undefined,
      url: 'https://example.org/?a=1&b=2',
      x: 400,
      y: 0,
      color: '#3366cc',
    }),
    node({
      id: 'bad link',
      type: 'link',
      text: undefined,
      url: 'javascript:alert(1)',
      x: 400,
      y: 200,
    }),
  ];
  const b = board({
    title: 'Board <one>',
    nodeOrder: ['frame', 'evil', 'site', 'bad link'],
    edges: [
      edge('evil', 'site', { fromSide: 'right', toSide: 'left', label: '<b>then</b>' }),
      edge('site', 'bad link', { fromEnd: 'arrow', toEnd: 'none', color: '4' }),
      edge('evil', 'bad link', { toEnd: 'none' }),
    ],
  });
  const svg = boardToSvg(b, nodes);

  test('escapes every text from the board', () => {
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('Ideas &amp; &lt;plans&gt;');
    expect(svg).toContain('<title>Board &lt;one&gt;</title>');
    expect(svg).toContain('&lt;b&gt;then&lt;/b&gt;');
    expect(svg).toContain('href="https://example.org/?a=1&amp;b=2"');
    checkWellFormed(svg);
  });

  test('links only web addresses', () => {
    expect(svg).not.toContain('href="javascript');
    expect(svg).toContain('javascript:alert(1)');
  });

  test('frames the nodes with a margin, the group label included', () => {
    // Nodes span x -100..700, y -100..400; the group label needs 28 above; margin 40.
    expect(svg).toContain('viewBox="-140 -168 880 608"');
  });

  test('draws arrowheads where the ends say, with the spec’s defaults', () => {
    const paths = [...svg.matchAll(/<path d="M[^"]*" fill="none"[^>]*>/g)].map((m) => m[0]);
    expect(paths).toHaveLength(3);
    expect(paths[0]).toMatch(/marker-end="url\(#arrow-1\)"/);
    expect(paths[0]).not.toMatch(/marker-start/);
    expect(paths[1]).toMatch(/marker-start="url\(#arrow-2\)"/);
    expect(paths[1]).not.toMatch(/marker-end/);
    expect(paths[1]).toContain(`stroke="${colourOf('4').stroke}"`);
    expect(paths[2]).not.toMatch(/marker/);
    expect(svg.match(/<marker /g)).toHaveLength(2);
    expect(svg).toContain('orient="auto-start-reverse"');
  });

  test('maps preset and hex colours to fixed strokes and light fills', () => {
    expect(colourOf('1')).toEqual({ stroke: '#e03131', fill: '#ffe3e3' });
    expect(colourOf('#3366CC')).toEqual({ stroke: '#3366cc', fill: '#e0e8f7' });
    expect(svg).toContain('fill="#ffe3e3" stroke="#e03131"');
    expect(svg).toContain('stroke-dasharray');
  });

  test('an empty board is still a picture', () => {
    const empty = boardToSvg(board(), []);
    checkWellFormed(empty);
    expect(empty).toContain('viewBox="-40 -40 400 200"');
  });
});

describe('text wrapping', () => {
  test('breaks at spaces, splits long words, keeps line breaks', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('a\n\nb', 10)).toEqual(['a', '', 'b']);
  });

  test('a long text ends in an ellipsis inside its box', () => {
    const svg = boardToSvg(board({ nodeOrder: ['n'] }), [
      node({ id: 'n', text: 'word '.repeat(200), width: 200, height: 80 }),
    ]);
    const spans = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!);
    expect(spans.length).toBe(2);
    expect(spans[1]!.endsWith('…')).toBe(true);
    for (const span of spans) expect(span.length).toBeLessThanOrEqual(Math.floor(176 / 8.96));
  });
});

test('escapeXml drops characters XML cannot hold', () => {
  expect(escapeXml(`a\u0000b\u0007c'd`)).toBe('abc&#39;d');
});

test('draws each edge where the canvas does, on the side the node’s shape faces', () => {
  // A wide node: its centre is further right of this one's than below it, yet the canvas weighs
  // the node's shape and leaves from the bottom; the picture must too.
  const wide = node({ id: 'wide', x: 0, y: 0, width: 400, height: 40 });
  const below = node({ id: 'below', x: 450, y: 70, width: 100, height: 60 });
  const named = node({ id: 'named', x: -300, y: 300, width: 120, height: 80 });
  const b = board({
    nodeOrder: ['wide', 'below', 'named'],
    edges: [edge('wide', 'below'), edge('wide', 'named', { fromSide: 'left', toSide: 'top' })],
  });
  const svg = boardToSvg(b, [wide, below, named]);
  const drawn = [...svg.matchAll(/<path d="(M[^"]*)" fill="none"/g)].map((m) => m[1]);
  expect(drawn).toEqual([
    edgeGeometry(wide, undefined, below, undefined).d,
    edgeGeometry(wide, 'left', named, 'top').d,
  ]);
  expect(drawn[0]).toMatch(/^M200 40C/);
  expect(drawn[1]).toMatch(/^M0 20C.* -240 300$/);
});
