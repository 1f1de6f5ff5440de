/**
 * The board's drawing geometry: the points where edges meet node sides and the edge curves, so the
 * drag controller, the edge layer and the SVG picture draw the same path. The view maths is
 * boards/logic/selection.
 */
import type { CanvasEdge, TextElement } from '#shared/nowou-records';

import type { Point, Rect, Viewport } from './selection';

export type { Point, Viewport };
export type Box = Rect;
export type Side = NonNullable<CanvasEdge['fromSide']>;
export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

export const clamp = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, value));

/** The layer's CSS transform for a view (selection.ts: a canvas point p shows at (p − xy) × zoom). */
export function layerTransform({ x, y, zoom }: Viewport): string {
  return `translate(${-x * zoom}px, ${-y * zoom}px) scale(${zoom})`;
}

export function anchorOf(box: Box, side: Side): Point {
  switch (side) {
    case 'top':
      return { x: box.x + box.width / 2, y: box.y };
    case 'bottom':
      return { x: box.x + box.width / 2, y: box.y + box.height };
    case 'left':
      return { x: box.x, y: box.y + box.height / 2 };
    case 'right':
      return { x: box.x + box.width, y: box.y + box.height / 2 };
  }
}

const NORMALS: Record<Side, Point> = {
  top: { x: 0, y: -1 },
  bottom: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/** The side of `box` whose middle is nearest to `point`. */
export function nearestSide(box: Box, point: Point): Side {
  let best: Side = 'top';
  let bestDistance = Infinity;
  for (const side of SIDES) {
    const anchor = anchorOf(box, side);
    const distance = Math.hypot(anchor.x - point.x, anchor.y - point.y);
    if (distance < bestDistance) {
      best = side;
      bestDistance = distance;
    }
  }
  return best;
}

/** Sides for an edge that names none (an imported file): the ones facing each other. */
function facingSide(from: Box, to: Box): Side {
  const dx = to.x + to.width / 2 - (from.x + from.width / 2);
  const dy = to.y + to.height / 2 - (from.y + from.height / 2);
  if (Math.abs(dx) * from.height >= Math.abs(dy) * from.width) return dx >= 0 ? 'right' : 'left';
  return dy >= 0 ? 'bottom' : 'top';
}

export interface EdgeGeometry {
  d: string;
  /** Where the label sits: the curve's middle. */
  mid: Point;
}

function cubicAt(a: Point, c1: Point, c2: Point, b: Point, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * b.x,
    y: u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * b.y,
  };
}

/** A curve leaving each node straight out of its side. */
export function edgeGeometry(
  from: Box,
  fromSide: Side | undefined,
  to: Box,
  toSide: Side | undefined,
): EdgeGeometry {
  const sideA = fromSide ?? facingSide(from, to);
  const sideB = toSide ?? facingSide(to, from);
  const a = anchorOf(from, sideA);
  const b = anchorOf(to, sideB);
  const reach = clamp(Math.hypot(b.x - a.x, b.y - a.y) / 2.5, 24, 200);
  const c1 = { x: a.x + NORMALS[sideA].x * reach, y: a.y + NORMALS[sideA].y * reach };
  const c2 = { x: b.x + NORMALS[sideB].x * reach, y: b.y + NORMALS[sideB].y * reach };
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    d: `M${r(a.x)} ${r(a.y)}C${r(c1.x)} ${r(c1.y)} ${r(c2.x)} ${r(c2.y)} ${r(b.x)} ${r(b.y)}`,
    mid: cubicAt(a, c1, c2, b, 0.5),
  };
}

export function boxOf(node: TextElement): Box {
  return { x: node.x, y: node.y, width: node.width, height: node.height };
}

/**
 * The nodes a group frames: those whose box lies wholly inside the group's box (edges touching
 * count as inside), the group itself left out. A move of the group carries them.
 */
export function nodesInsideGroup<T extends Box & { id: string }>(
  group: T,
  nodes: readonly T[],
): T[] {
  const right = group.x + group.width;
  const bottom = group.y + group.height;
  return nodes.filter(
    (node) =>
      node.id !== group.id &&
      node.x >= group.x &&
      node.y >= group.y &&
      node.x + node.width <= right &&
      node.y + node.height <= bottom,
  );
}

/**
 * The ids a move of `ids` moves: each of them and, for every group among them, the nodes inside it
 * as they stand now (a group inside a group brings its own, which lie inside the outer one too).
 */
export function withGroupContents(ids: readonly string[], nodes: readonly TextElement[]): string[] {
  const moved = new Set(ids);
  for (const id of ids) {
    const node = nodes.find((candidate) => candidate.id === id);
    if (node?.type !== 'group') continue;
    for (const inside of nodesInsideGroup(node, nodes)) moved.add(inside.id);
  }
  return [...moved];
}
