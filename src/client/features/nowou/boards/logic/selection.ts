/**
 * Geometry for a brainstorm board: the view (pan and zoom), marquee selection, fitting the board
 * in view, arrow-key navigation and where a new node goes. Pure: no DOM, no React.
 *
 * The view (`Brainstorm['viewport']`) is `{ x, y, zoom }`: `x, y` are the canvas coordinates shown
 * at the top-left corner of the board's screen area, and `zoom` is screen pixels per canvas pixel.
 * So a canvas point p is drawn at `(p - viewport) * zoom`, and the screen area's transform is
 * `scale(zoom) translate(-x, -y)`. Screen points are relative to the board's top-left corner.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** The zoom range a board stores (brainstormSchema: 0.05 to 8). */
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export function screenToCanvas(viewport: Viewport, point: Point): Point {
  return { x: viewport.x + point.x / viewport.zoom, y: viewport.y + point.y / viewport.zoom };
}

export function canvasToScreen(viewport: Viewport, point: Point): Point {
  return { x: (point.x - viewport.x) * viewport.zoom, y: (point.y - viewport.y) * viewport.zoom };
}

/**
 * Zooms by `factor` around a screen point (the pointer, or the centre for keyboard zoom): the
 * canvas point under it stays under it. The zoom is kept within MIN_ZOOM..MAX_ZOOM; at a limit the
 * view does not move.
 */
export function zoomAt(viewport: Viewport, pointer: Point, factor: number): Viewport {
  const zoom = clampZoom(viewport.zoom * factor);
  const anchor = screenToCanvas(viewport, pointer);
  return { x: anchor.x - pointer.x / zoom, y: anchor.y - pointer.y / zoom, zoom };
}

/** Moves the view by a screen distance (a drag of the background or a wheel scroll). */
export function panBy(viewport: Viewport, screenDelta: Point): Viewport {
  return {
    x: viewport.x - screenDelta.x / viewport.zoom,
    y: viewport.y - screenDelta.y / viewport.zoom,
    zoom: viewport.zoom,
  };
}

/** The smallest rectangle holding every node, or null when there are none. */
export function boundsOf(nodes: readonly Rect[]): Rect | null {
  if (nodes.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    left = Math.min(left, node.x);
    top = Math.min(top, node.y);
    right = Math.max(right, node.x + node.width);
    bottom = Math.max(bottom, node.y + node.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The view that shows `bounds` whole and centred in a screen area of `viewportSize`, with `margin`
 * screen pixels free on every side. It never zooms in past `maxZoom` (1 by default, so a single
 * small node is not blown up) nor out past `minZoom` (the smallest zoom at which a node's text
 * is still readable): a board too big for that is shown at `minZoom` from its start, its top and
 * left edges at the margin, on each axis it does not fit (centred on one it does), so its first
 * nodes show. With no bounds (an empty board) the canvas origin is centred at 1×.
 */
export function zoomToFit(
  bounds: Rect | null,
  viewportSize: Size,
  margin = 48,
  maxZoom = 1,
  minZoom = MIN_ZOOM,
): Viewport {
  if (!bounds) {
    return { x: -viewportSize.width / 2, y: -viewportSize.height / 2, zoom: 1 };
  }
  const room = {
    width: Math.max(1, viewportSize.width - 2 * margin),
    height: Math.max(1, viewportSize.height - 2 * margin),
  };
  const zoom = clampZoom(
    Math.max(
      Math.min(minZoom, maxZoom),
      Math.min(
        maxZoom,
        room.width / Math.max(1, bounds.width),
        room.height / Math.max(1, bounds.height),
      ),
    ),
  );
  const axis = (start: number, length: number, screen: number, free: number) =>
    length * zoom <= free + 1e-9 ? start + length / 2 - screen / 2 / zoom : start - margin / zoom;
  return {
    x: axis(bounds.x, bounds.width, viewportSize.width, room.width),
    y: axis(bounds.y, bounds.height, viewportSize.height, room.height),
    zoom,
  };
}

/** The rectangle between two corners, whichever way it was dragged. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}

function normalise(rect: Rect): Rect {
  return rectFromPoints(
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.width, y: rect.y + rect.height },
  );
}

/** Whether two rectangles share any point (touching edges count). */
export function intersects(a: Rect, b: Rect): boolean {
  return (
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
  );
}

/** Whether `inner` lies wholly within `outer`. */
export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * The nodes a marquee (canvas coordinates, dragged either way) selects. A text or link node is
 * selected when the marquee touches it (intersection, as tldraw does), so a quick sweep across
 * several nodes picks them all. A group is selected only when the marquee holds it whole: a
 * marquee drawn inside a group picks the nodes in it, not the frame around them.
 */
export function nodesInRect<T extends Rect & { type?: string }>(
  nodes: readonly T[],
  rect: Rect,
): T[] {
  const marquee = normalise(rect);
  return nodes.filter((node) =>
    node.type === 'group' ? contains(marquee, node) : intersects(marquee, node),
  );
}

/** Rounds a canvas point to the nearest grid line (records store integer positions). */
export function snapToGrid(point: Point, grid = 20): Point {
  if (grid <= 0) return { x: Math.round(point.x), y: Math.round(point.y) };
  return { x: Math.round(point.x / grid) * grid, y: Math.round(point.y / grid) * grid };
}

function centreOf(rect: Rect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/**
 * How far `to` lies from `from` in a direction (`along`, positive when it is that way at all) and
 * how far off to the side (`across`).
 */
function offsets(from: Point, to: Point, direction: Direction): { along: number; across: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  switch (direction) {
    case 'up':
      return { along: -dy, across: Math.abs(dx) };
    case 'down':
      return { along: dy, across: Math.abs(dx) };
    case 'left':
      return { along: -dx, across: Math.abs(dy) };
    case 'right':
      return { along: dx, across: Math.abs(dy) };
  }
}

/**
 * The node an arrow key moves to from `from`: among the nodes whose centre lies that way
 * (strictly), the one nearest by centre distance with the sideways offset counted twice, so a
 * node straight ahead beats a nearer one off to the side. Null when nothing lies that way.
 * `from` itself (same id) is never answered.
 */
export function nearestInDirection<T extends Rect & { id?: string }>(
  nodes: readonly T[],
  from: Rect & { id?: string },
  direction: Direction,
): T | null {
  const start = centreOf(from);
  let best: T | null = null;
  let bestScore = Infinity;
  for (const node of nodes) {
    if (node === from || (from.id !== undefined && node.id === from.id)) continue;
    const { along, across } = offsets(start, centreOf(node), direction);
    if (along <= 0) continue;
    const score = Math.hypot(along, 2 * across);
    if (score < bestScore) {
      best = node;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Alt+arrow: the node connected to `fromId` (an edge either way) that lies in `direction`, chosen
 * as nearestInDirection does; null when no connected node lies that way. The board's edges give
 * the connections and `nodes` (the board's nodes) their places.
 */
export function neighbourAlongEdges<T extends Rect & { id: string }>(
  board: { edges: readonly { fromNode: string; toNode: string }[] },
  fromId: string,
  direction: Direction,
  nodes: readonly T[],
): T | null {
  const connected = new Set<string>();
  for (const edge of board.edges) {
    if (edge.fromNode === fromId && edge.toNode !== fromId) connected.add(edge.toNode);
    if (edge.toNode === fromId && edge.fromNode !== fromId) connected.add(edge.fromNode);
  }
  const from = nodes.find((node) => node.id === fromId);
  if (!from) return null;
  return nearestInDirection(
    nodes.filter((node) => connected.has(node.id)),
    from,
    direction,
  );
}

/** Space left between a node and one placed next to it. */
export const CHILD_GAP = 80;
export const SIBLING_GAP = 40;

/** A text or link node's place may overlap a group (that is how nodes sit in one), never a node. */
function isFree(rect: Rect, others: readonly (Rect & { type?: string })[]): boolean {
  return others.every(
    (other) =>
      other.type === 'group' ||
      !(
        rect.x < other.x + other.width &&
        other.x < rect.x + rect.width &&
        rect.y < other.y + other.height &&
        other.y < rect.y + rect.height
      ),
  );
}

function firstFreeBelow(
  start: Rect,
  others: readonly (Rect & { type?: string })[],
  step: number,
): Rect {
  const place = { ...start };
  // Each step moves past at least one node, so this ends; the cap only guards odd input.
  for (let tries = 0; tries < 10_000 && !isFree(place, others); tries += 1) {
    const blocking = others.filter((other) => other.type !== 'group' && !isFree(place, [other]));
    const lowest = Math.max(...blocking.map((other) => other.y + other.height));
    place.y = Math.max(place.y + step, lowest + SIBLING_GAP);
  }
  return {
    x: Math.round(place.x),
    y: Math.round(place.y),
    width: place.width,
    height: place.height,
  };
}

/**
 * Where Tab's new connected child of `parent` goes: to its right (CHILD_GAP apart), level with it,
 * or lower down the first place that overlaps none of `others` (pass the board's nodes; groups are
 * not obstacles). Same size as the parent unless `size` is given. Integer coordinates.
 */
export function placeChild(
  parent: Rect,
  others: readonly (Rect & { type?: string })[],
  size: Size = { width: parent.width, height: parent.height },
): Rect {
  return firstFreeBelow(
    { x: parent.x + parent.width + CHILD_GAP, y: parent.y, ...size },
    others,
    SIBLING_GAP,
  );
}

/**
 * Where Enter's new sibling of `node` goes: under it (SIBLING_GAP apart), left-aligned, or lower
 * down the first place that overlaps none of `others`. Same size as `node` unless `size` is given.
 */
export function placeSibling(
  node: Rect,
  others: readonly (Rect & { type?: string })[],
  size: Size = { width: node.width, height: node.height },
): Rect {
  return firstFreeBelow(
    { x: node.x, y: node.y + node.height + SIBLING_GAP, ...size },
    others,
    SIBLING_GAP,
  );
}
