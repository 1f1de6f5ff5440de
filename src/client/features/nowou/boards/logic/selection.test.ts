import { describe, expect, test } from 'vitest';
import {
  boundsOf,
  canvasToScreen,
  nearestInDirection,
  neighbourAlongEdges,
  nodesInRect,
  panBy,
  placeChild,
  placeSibling,
  screenToCanvas,
  snapToGrid,
  zoomAt,
  zoomToFit,
  type Rect,
} from './selection';
import { board, edge, node } from './test-boards';

const ids = (nodes: readonly { id: string }[]) => nodes.map((n) => n.id);

describe('screen and canvas points', () => {
  test('convert both ways', () => {
    const viewport = { x: 100, y: -50, zoom: 2 };
    expect(canvasToScreen(viewport, { x: 110, y: -40 })).toEqual({ x: 20, y: 20 });
    expect(screenToCanvas(viewport, { x: 20, y: 20 })).toEqual({ x: 110, y: -40 });
  });

  test('panBy moves the view with the drag', () => {
    expect(panBy({ x: 0, y: 0, zoom: 2 }, { x: 40, y: -20 })).toEqual({ x: -20, y: 10, zoom: 2 });
  });
});

describe('zoomAt', () => {
  test('keeps the canvas point under the pointer where it was', () => {
    const cases = [
      { viewport: { x: 0, y: 0, zoom: 1 }, pointer: { x: 300, y: 200 }, factor: 1.25 },
      { viewport: { x: -812.5, y: 44, zoom: 0.4 }, pointer: { x: 17, y: 611 }, factor: 0.8 },
      { viewport: { x: 5, y: 5, zoom: 3 }, pointer: { x: 0, y: 0 }, factor: 2 },
    ];
    for (const { viewport, pointer, factor } of cases) {
      const before = screenToCanvas(viewport, pointer);
      const zoomed = zoomAt(viewport, pointer, factor);
      expect(zoomed.zoom).toBeCloseTo(viewport.zoom * factor, 10);
      const after = screenToCanvas(zoomed, pointer);
      expect(after.x).toBeCloseTo(before.x, 9);
      expect(after.y).toBeCloseTo(before.y, 9);
    }
  });

  test('stays within 0.05 to 8 and then keeps the view still', () => {
    const viewport = { x: 10, y: 20, zoom: 8 };
    expect(zoomAt(viewport, { x: 50, y: 50 }, 2)).toEqual(viewport);
    expect(zoomAt({ x: 0, y: 0, zoom: 0.06 }, { x: 0, y: 0 }, 0.5).zoom).toBe(0.05);
  });
});

describe('boundsOf and zoomToFit', () => {
  const nodes = [
    node({ id: 'a', x: -100, y: 50, width: 100, height: 50 }),
    node({ id: 'b', x: 300, y: 400 }),
  ];

  test('boundsOf holds every node, null for none', () => {
    expect(boundsOf(nodes)).toEqual({ x: -100, y: 50, width: 600, height: 430 });
    expect(boundsOf([])).toBeNull();
  });

  test('zoomToFit shows the bounds whole and centred inside the margin', () => {
    const bounds = boundsOf(nodes)!;
    const size = { width: 800, height: 600 };
    const view = zoomToFit(bounds, size, 50);
    const topLeft = canvasToScreen(view, bounds);
    const bottomRight = canvasToScreen(view, {
      x: bounds.x + bounds.width,
      y: bounds.y + bounds.height,
    });
    expect(topLeft.x).toBeGreaterThanOrEqual(50 - 1e-9);
    expect(topLeft.y).toBeGreaterThanOrEqual(50 - 1e-9);
    expect(bottomRight.x).toBeLessThanOrEqual(750 + 1e-9);
    expect(bottomRight.y).toBeLessThanOrEqual(550 + 1e-9);
    // Centred: equal room either side.
    expect(topLeft.x).toBeCloseTo(800 - bottomRight.x, 9);
    expect(topLeft.y).toBeCloseTo(600 - bottomRight.y, 9);
  });

  test('does not blow up one small node, and centres the origin on an empty board', () => {
    const view = zoomToFit({ x: 0, y: 0, width: 10, height: 10 }, { width: 800, height: 600 }, 40);
    expect(view.zoom).toBe(1);
    expect(zoomToFit(null, { width: 800, height: 600 }, 40)).toEqual({ x: -400, y: -300, zoom: 1 });
  });

  test('never zooms out past minZoom: a board too big for it shows from its start', () => {
    // 40 nodes' worth: 2,560 × 1,100 canvas px in a 400 × 600 canvas would need 13 %.
    const bounds = { x: -200, y: 100, width: 2560, height: 1100 };
    const size = { width: 400, height: 600 };
    expect(zoomToFit(bounds, size, 48).zoom).toBeLessThan(0.14);
    const view = zoomToFit(bounds, size, 48, 1, 12 / 14);
    expect(view.zoom).toBeCloseTo(12 / 14, 9);
    // Its top-left corner at the margin, so its first nodes show.
    const topLeft = canvasToScreen(view, bounds);
    expect(topLeft.x).toBeCloseTo(48, 9);
    expect(topLeft.y).toBeCloseTo(48, 9);
  });

  test('with minZoom, an axis that fits stays centred and a board that fits is fitted as before', () => {
    const wide = { x: 0, y: 0, width: 3000, height: 100 };
    const size = { width: 800, height: 600 };
    const view = zoomToFit(wide, size, 48, 1, 0.5);
    expect(view.zoom).toBe(0.5);
    expect(canvasToScreen(view, wide).x).toBeCloseTo(48, 9);
    const bottom = canvasToScreen(view, { x: 0, y: 100 }).y;
    expect(canvasToScreen(view, wide).y).toBeCloseTo(600 - bottom, 9);
    const small = boundsOf(nodes)!;
    expect(zoomToFit(small, size, 50, 1, 0.5)).toEqual(zoomToFit(small, size, 50));
  });
});

describe('nodesInRect', () => {
  const nodes = [
    node({ id: 'inside', x: 10, y: 10, width: 50, height: 50 }),
    node({ id: 'crossing', x: 90, y: 90, width: 50, height: 50 }),
    node({ id: 'outside', x: 200, y: 200, width: 50, height: 50 }),
    node({ id: 'frame', type: 'group', text: undefined, x: 0, y: 0, width: 400, height: 400 }),
    node({ id: 'small frame', type: 'group', text: undefined, x: 5, y: 5, width: 60, height: 60 }),
  ];

  test('selects nodes the marquee touches, and groups it holds whole', () => {
    expect(ids(nodesInRect(nodes, { x: 0, y: 0, width: 100, height: 100 }))).toEqual([
      'inside',
      'crossing',
      'small frame',
    ]);
  });

  test('works for a marquee dragged up and to the left', () => {
    expect(ids(nodesInRect(nodes, { x: 100, y: 100, width: -100, height: -100 }))).toEqual([
      'inside',
      'crossing',
      'small frame',
    ]);
  });

  test('a marquee around everything takes the big group too; an empty spot takes nothing', () => {
    expect(nodesInRect(nodes, { x: -1, y: -1, width: 500, height: 500 })).toHaveLength(5);
    expect(nodesInRect(nodes, { x: 300, y: 10, width: 50, height: 50 })).toEqual([]);
  });
});

test('snapToGrid rounds to the grid', () => {
  expect(snapToGrid({ x: 29, y: -31 })).toEqual({ x: 20, y: -40 });
  expect(snapToGrid({ x: 12.6, y: 3.2 }, 0)).toEqual({ x: 13, y: 3 });
});

describe('nearestInDirection', () => {
  const centre = node({ id: 'centre', x: 0, y: 0, width: 100, height: 100 });
  const nodes = [
    centre,
    node({ id: 'right far ahead', x: 400, y: 0, width: 100, height: 100 }),
    node({ id: 'right near but high', x: 200, y: -260, width: 100, height: 100 }),
    node({ id: 'below', x: 10, y: 200, width: 100, height: 100 }),
    node({ id: 'above', x: -30, y: -200, width: 100, height: 100 }),
    node({ id: 'left', x: -300, y: 30, width: 100, height: 100 }),
  ];

  test('moves to the node that way, preferring one straight ahead over one off to the side', () => {
    expect(nearestInDirection(nodes, centre, 'right')?.id).toBe('right far ahead');
    expect(nearestInDirection(nodes, centre, 'down')?.id).toBe('below');
    expect(nearestInDirection(nodes, centre, 'up')?.id).toBe('above');
    expect(nearestInDirection(nodes, centre, 'left')?.id).toBe('left');
  });

  test('answers null when nothing lies that way, and never the node itself', () => {
    expect(nearestInDirection([centre], centre, 'right')).toBeNull();
    expect(nearestInDirection(nodes.slice(0, 2), nodes[1]!, 'right')).toBeNull();
  });
});

describe('neighbourAlongEdges', () => {
  const nodes = [
    node({ id: 'a', x: 0, y: 0 }),
    node({ id: 'b', x: 400, y: 0 }),
    node({ id: 'near', x: 250, y: 0 }),
    node({ id: 'c', x: 0, y: 300 }),
  ];
  const b = board({ edges: [edge('a', 'b'), edge('c', 'a')] });

  test('follows a connection either way, skipping nearer unconnected nodes', () => {
    expect(neighbourAlongEdges(b, 'a', 'right', nodes)?.id).toBe('b');
    expect(neighbourAlongEdges(b, 'a', 'down', nodes)?.id).toBe('c');
    expect(neighbourAlongEdges(b, 'c', 'up', nodes)?.id).toBe('a');
    expect(neighbourAlongEdges(b, 'a', 'left', nodes)).toBeNull();
    expect(neighbourAlongEdges(b, 'missing', 'left', nodes)).toBeNull();
  });
});

describe('placeChild and placeSibling', () => {
  const overlaps = (a: Rect, b: Rect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test('a child goes to the right, lower down when that place is taken', () => {
    const parent = node({ id: 'p', x: 0, y: 0, width: 200, height: 80 });
    expect(placeChild(parent, [parent])).toEqual({ x: 280, y: 0, width: 200, height: 80 });
    const taken = [
      parent,
      node({ id: 'c1', x: 280, y: 0, width: 200, height: 80 }),
      node({ id: 'c2', x: 300, y: 100, width: 200, height: 100 }),
    ];
    const place = placeChild(parent, taken);
    expect(place.x).toBe(280);
    for (const other of taken) expect(overlaps(place, other)).toBe(false);
    expect(place.y).toBe(240);
  });

  test('a sibling goes below, past the nodes already there; groups are no obstacle', () => {
    const first = node({ id: 's', x: 10, y: 10, width: 200, height: 80 });
    const others = [
      first,
      node({
        id: 'frame',
        type: 'group',
        text: undefined,
        x: -50,
        y: -50,
        width: 900,
        height: 900,
      }),
      node({ id: 's2', x: 10, y: 130, width: 200, height: 80 }),
    ];
    expect(placeSibling(first, [first, others[1]!])).toEqual({
      x: 10,
      y: 130,
      width: 200,
      height: 80,
    });
    const place = placeSibling(first, others, { width: 240, height: 60 });
    expect(place).toEqual({ x: 10, y: 250, width: 240, height: 60 });
  });

  test('answers integer places for fractional input', () => {
    const place = placeSibling({ x: 0.4, y: 0.6, width: 100, height: 50 }, []);
    expect(Number.isInteger(place.x) && Number.isInteger(place.y)).toBe(true);
  });
});
