/**
 * What a JSON Canvas 1.0 file (https://jsoncanvas.org/spec/1.0/) must hold for Nowou to read it,
 * as zod schemas over the stored records' own limits, and the one line a problem gives, built from
 * the issue's path ("Node 2's width 0 is outside 1 to 100,000.").
 */
import { z } from 'zod';
import { brainstormSchema, canvasEdgeSchema, textElementSchema } from '#shared/nowou-records';

/** The most nodes and edges a board stores (brainstormSchema). */
const MAX_NODES = 20_000;
const MAX_EDGES = 40_000;
const stored = textElementSchema.shape;
const MAX_URL = stored.url.unwrap().maxLength ?? 2_000;
const MAX_TEXT = stored.text.unwrap().maxLength ?? 20_000;

/** A position or size: the spec says integer; a fraction (some apps write them) is rounded. */
const rounded = (storedField: z.ZodInt) => z.number().transform(Math.round).pipe(storedField);

/** Fields every node has, whatever its type; others the spec or Nowou does not know are kept aside. */
const fileNodeSchema = z
  .looseObject({
    id: z.string().min(1),
    type: z.string(),
    x: rounded(stored.x),
    y: rounded(stored.y),
    width: rounded(stored.width),
    height: rounded(stored.height),
    color: stored.color,
  })
  .superRefine((node, context) => {
    const fields = NODE_FIELDS[node.type as keyof typeof NODE_FIELDS];
    const result = fields?.safeParse(node);
    if (result && !result.success)
      for (const issue of result.error.issues) context.addIssue({ ...issue });
  });

/** The fields of each node type the spec defines. */
const NODE_FIELDS = {
  text: z.object({ text: stored.text.unwrap() }),
  // Any address: one Nowou does not open is kept as a text node (json-canvas.ts).
  link: z.object({ url: z.string().max(MAX_URL) }),
  group: z.object({ label: stored.label }),
  file: z.object({
    file: z.string().max(MAX_TEXT - 100),
    // "a heading or a block … Always starts with a #"
    subpath: z.string().max(100).optional(),
  }),
};

const fileEdgeSchema = z.looseObject({
  ...canvasEdgeSchema.shape,
  id: z.string().min(1),
  fromNode: z.string(),
  toNode: z.string(),
});

/** Nowou's own fields under `nowou`, read leniently: a broken one is left out, not refused. */
export const nowouExtrasSchema = z.looseObject({
  version: z.unknown(),
  title: z.string().trim().min(1).optional().catch(undefined),
  viewport: brainstormSchema.shape.viewport.optional().catch(undefined),
  todoIds: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

/** "The top level of JSON Canvas contains two arrays: nodes (optional) … edges (optional)". */
export const canvasFileSchema = z.looseObject({
  nodes: z.array(fileNodeSchema).max(MAX_NODES).optional(),
  edges: z.array(fileEdgeSchema).max(MAX_EDGES).optional(),
  nowou: z.unknown().optional(),
});

export type CanvasFile = z.infer<typeof canvasFileSchema>;
export type FileNode = z.infer<typeof fileNodeSchema>;
export type FileEdge = z.infer<typeof fileEdgeSchema>;

/** A value for a message: JSON-quoted (so never more than one line) and cut short. */
export function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The problem with one field of a node or edge, said after "Node 2" or "Edge 1". */
function fieldProblem(field: string, value: unknown, issue: z.core.$ZodIssue): string {
  if (['id', 'type', 'fromNode', 'toNode'].includes(field) || value === undefined) {
    return ` has no ${field}.`;
  }
  if (['x', 'y', 'width', 'height'].includes(field)) {
    if (typeof value !== 'number') return `'s ${field} is not a number.`;
    const range = stored[field as 'x' | 'width'];
    if (field === 'x' || field === 'y') {
      return ` lies too far out (${field} ${quote(value)}; at most ±${formatCount(range.maxValue!)}).`;
    }
    return `'s ${field} ${quote(value)} is outside ${formatCount(range.minValue!)} to ${formatCount(range.maxValue!)}.`;
  }
  if (field === 'color') {
    return `'s color ${quote(value)} is not a preset "1" to "6" or a #rrggbb colour.`;
  }
  if (issue.code === 'invalid_value') {
    return `'s ${field} ${quote(value)} is not one of ${issue.values.join(', ')}.`;
  }
  if (typeof value !== 'string') return `'s ${field} is not text.`;
  if (issue.code === 'too_big') {
    return `'s ${field} is longer than ${formatCount(Number(issue.maximum))} characters.`;
  }
  return `'s ${field}: ${issue.message}.`;
}

/** The one line a file's first problem gives, from where in the file it is. */
export function problemOf(issue: z.core.$ZodIssue, file: unknown): string {
  const [list, index, field] = issue.path;
  if (list === undefined) return 'The file is not a JSON Canvas file.';
  if (index === undefined) {
    const count = valueAt(file, [list]);
    return issue.code === 'too_big' && Array.isArray(count)
      ? `The file has ${formatCount(count.length)} ${String(list)}; a board holds ${formatCount(Number(issue.maximum))}.`
      : `The file's ${String(list)} are not a list.`;
  }
  const what = `${list === 'nodes' ? 'Node' : 'Edge'} ${Number(index) + 1}`;
  if (field === undefined) return `${what} is not an object.`;
  return `${what}${fieldProblem(String(field), valueAt(file, [list, index, field]), issue)}`;
}
