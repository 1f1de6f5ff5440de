/**
 * The board's connections, drawn beneath the nodes in the same transformed layer: a curve from
 * one node's side to the other's, arrowheads per end (JSON Canvas: toEnd defaults to an arrow,
 * fromEnd to none), the label at the middle and the colour (a preset follows the theme; a hex
 * colour gets an arrowhead of its own in that colour). Each edge
 * is memoised on its two nodes' boxes, so moving one node redraws only its edges; during a drag
 * use-node-drag.ts rewrites the paths directly.
 */
import { memo, useMemo, type Ref } from 'react';
import type { CanvasEdge, TextElement } from '#shared/nowou-records';
import { edgeGeometry } from '../logic/geometry';
import { PRESET_COLOURS } from '../logic/palette';

/** One arrowhead per preset and one, "0", for an edge without a colour. */
const MARKER_COLOURS = ['0', ...PRESET_COLOURS.map((preset) => preset.value)];

/** The arrowhead marker's id for an edge colour: a preset's (0 for none) or one per hex colour. */
export function markerIdOf(color: string | undefined): string {
  return color?.startsWith('#')
    ? `be-arrow-x${color.slice(1).toLowerCase()}`
    : `be-arrow-${color ?? '0'}`;
}

function Arrow({ id, color, fill }: { id: string; color?: string; fill?: string }) {
  return (
    <marker
      id={id}
      className="be__arrow"
      data-color={color}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth="7"
      markerHeight="7"
      orient="auto-start-reverse"
      style={fill ? { fill } : undefined}
    >
      <path d="M0 0L10 5L0 10z" />
    </marker>
  );
}

interface EdgeViewProps {
  edge: CanvasEdge;
  fx: number;
  fy: number;
  fw: number;
  fh: number;
  tx: number;
  ty: number;
  tw: number;
  th: number;
  selected: boolean;
}

const EDGE_FIELDS = [
  'id',
  'fromNode',
  'fromSide',
  'fromEnd',
  'toNode',
  'toSide',
  'toEnd',
  'color',
  'label',
] as const;

/** Every write of the board parses its edges into new objects: compare them by their fields. */
function sameEdgeProps(a: EdgeViewProps, b: EdgeViewProps): boolean {
  for (const key of Object.keys(a) as (keyof EdgeViewProps)[]) {
    if (key !== 'edge' && a[key] !== b[key]) return false;
  }
  return EDGE_FIELDS.every((field) => a.edge[field] === b.edge[field]);
}

const EdgeView = memo(function EdgeView({
  edge,
  fx,
  fy,
  fw,
  fh,
  tx,
  ty,
  tw,
  th,
  selected,
}: EdgeViewProps) {
  const { d, mid } = edgeGeometry(
    { x: fx, y: fy, width: fw, height: fh },
    edge.fromSide,
    { x: tx, y: ty, width: tw, height: th },
    edge.toSide,
  );
  const hex = edge.color?.startsWith('#') ? edge.color : undefined;
  const marker = `url(#${markerIdOf(edge.color)})`;
  return (
    <g
      data-edge-id={edge.id}
      data-color={hex ? undefined : edge.color}
      data-selected={selected || undefined}
      className="be__edge"
      style={hex ? { color: hex } : undefined}
    >
      <path className="be__hit" d={d} />
      <path
        className="be__line"
        d={d}
        markerEnd={(edge.toEnd ?? 'arrow') === 'arrow' ? marker : undefined}
        markerStart={edge.fromEnd === 'arrow' ? marker : undefined}
      />
      {edge.label && (
        <text className="be__label" x={mid.x} y={mid.y}>
          {edge.label}
        </text>
      )}
    </g>
  );
}, sameEdgeProps);

export function EdgeLayer({
  edges,
  nodes,
  selectedEdge,
  previewRef,
}: {
  edges: readonly CanvasEdge[];
  nodes: ReadonlyMap<string, TextElement>;
  selectedEdge: string | null;
  previewRef: Ref<SVGPathElement>;
}) {
  // One marker per hex colour in use (a marker's fill cannot follow the line that uses it).
  const hexColours = useMemo(() => {
    const seen = new Set<string>();
    for (const edge of edges) if (edge.color?.startsWith('#')) seen.add(edge.color.toLowerCase());
    return [...seen];
  }, [edges]);
  return (
    <svg className="be" data-edges="" width="1" height="1" aria-hidden="true" focusable="false">
      <defs>
        {MARKER_COLOURS.map((colour) => (
          <Arrow key={colour} id={markerIdOf(colour === '0' ? undefined : colour)} color={colour} />
        ))}
        {hexColours.map((hex) => (
          <Arrow key={hex} id={markerIdOf(hex)} fill={hex} />
        ))}
      </defs>
      {edges.map((edge) => {
        const from = nodes.get(edge.fromNode);
        const to = nodes.get(edge.toNode);
        if (!from || !to) return null;
        return (
          <EdgeView
            key={edge.id}
            edge={edge}
            fx={from.x}
            fy={from.y}
            fw={from.width}
            fh={from.height}
            tx={to.x}
            ty={to.y}
            tw={to.width}
            th={to.height}
            selected={edge.id === selectedEdge}
          />
        );
      })}
      <path ref={previewRef} className="be__preview" style={{ display: 'none' }} />
    </svg>
  );
}
