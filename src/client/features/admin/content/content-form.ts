/**
 * The form of a structured document (site, indicators, Lokala jobb, art, music, donation), made from
 * its schema (as JSON Schema) and its value: strings become text fields (long ones text areas),
 * numbers number fields, booleans checkboxes, a fixed choice a select, objects groups and arrays
 * lists of entries with add, remove and move where the schema allows. Art and music show only
 * their words: the fields that name or measure a file are left out and their lists keep their
 * entries (uploads are a later issue). Paths are the checks' own (`socialLinks.3.url`), so every
 * problem lands beside its field.
 */
import type { ContentKey } from '#shared/content-parts';
import { hintOfKey, itemLabel, labelOfKey, singularOf } from './content-labels';

/** The parts of JSON Schema that zod writes for the content schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

interface NodeBase {
  /** The checks' path: keys and indexes joined by dots. */
  path: string;
  label: string;
  hint?: string;
}

export type FormNode =
  | (NodeBase & { kind: 'group'; children: FormNode[] })
  | (NodeBase & {
      kind: 'list';
      /** What one entry is called ("Social link"). */
      itemName: string;
      entries: { label: string; node: FormNode }[];
      canAdd: boolean;
      canRemove: boolean;
      canMove: boolean;
      /** A new entry, as the schema needs it (empty texts the checks then point at). */
      template: unknown;
    })
  | (NodeBase & {
      kind: 'text';
      multiline: boolean;
      maxLength?: number;
      inputType: 'text' | 'email' | 'url';
    })
  | (NodeBase & { kind: 'number'; integer: boolean; min?: number; max?: number; nullable: boolean })
  | (NodeBase & { kind: 'checkbox' })
  | (NodeBase & { kind: 'choice'; options: { value: string; label: string }[] });

/** Texts longer than this may take several lines. */
const MULTILINE_FROM = 120;

/** What a document's form leaves out or keeps fixed. */
interface FormRules {
  /** Paths (with `*` for any index) the form does not show. */
  hidden: string[];
  /** Lists whose entries cannot be added, removed or moved. */
  fixedLists: string[];
}

const RULES: Partial<Record<ContentKey, FormRules>> = {
  art: {
    hidden: ['artworks.*.image', 'artworks.*.width', 'artworks.*.height', 'artworks.*.variants'],
    fixedLists: ['artworks'],
  },
  music: { hidden: ['tracks.*.file', 'tracks.*.duration'], fixedLists: ['tracks'] },
};

/** `artworks.3.image` matches `artworks.*.image`. */
export function matchesPattern(path: string, pattern: string): boolean {
  const a = path.split('.');
  const b = pattern.split('.');
  return a.length === b.length && b.every((part, i) => part === '*' || part === a[i]);
}

function join(path: string, segment: string | number): string {
  return path === '' ? String(segment) : `${path}.${segment}`;
}

/** The schema without its `null` alternative, and whether null was allowed. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (!schema.anyOf) return { schema, nullable: false };
  const rest = schema.anyOf.filter((option) => option.type !== 'null');
  return {
    schema: rest.length === 1 ? rest[0]! : schema,
    nullable: rest.length < schema.anyOf.length,
  };
}

/** What a new entry starts as: required fields only, texts empty, numbers at their least. */
export function templateOf(schema: JsonSchema): unknown {
  const { schema: inner, nullable } = unwrapNullable(schema);
  if (nullable) return null;
  if (inner.enum) return inner.enum[0];
  switch (inner.type) {
    case 'object':
      return Object.fromEntries(
        (inner.required ?? []).map((key) => [key, templateOf(inner.properties?.[key] ?? {})]),
      );
    case 'array':
      return Array.from({ length: inner.minItems ?? 0 }, () => templateOf(inner.items ?? {}));
    case 'integer':
    case 'number':
      return inner.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

interface BuildContext {
  rules: FormRules;
}

function buildNode(
  schema: JsonSchema,
  value: unknown,
  path: string,
  key: string,
  parents: string[],
  context: BuildContext,
  label: string,
): FormNode | null {
  if (context.rules.hidden.some((pattern) => matchesPattern(path, pattern))) return null;
  const { schema: inner, nullable } = unwrapNullable(schema);
  const hint = hintOfKey(key, parents);
  if (inner.enum) {
    return {
      kind: 'choice',
      path,
      label,
      hint,
      options: inner.enum.map((option) => ({
        value: String(option),
        label: labelOfKey(String(option)),
      })),
    };
  }
  if (inner.type === 'object' || (inner.properties && !inner.type)) {
    const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const required = new Set(inner.required ?? []);
    const children: FormNode[] = [];
    for (const [childKey, childSchema] of Object.entries(inner.properties ?? {})) {
      // An optional field the value leaves out is shown only when ticking it is all it takes.
      const optionalAbsent = !required.has(childKey) && !(childKey in record);
      if (optionalAbsent && unwrapNullable(childSchema).schema.type !== 'boolean') continue;
      const child = buildNode(
        childSchema,
        record[childKey],
        join(path, childKey),
        childKey,
        path === '' ? [] : [...parents, key],
        context,
        labelOfKey(childKey, key),
      );
      if (child) children.push(child);
    }
    return { kind: 'group', path, label, hint, children };
  }
  if (inner.type === 'array') {
    const items = Array.isArray(value) ? value : [];
    const fixed = context.rules.fixedLists.includes(path);
    const entries = items.flatMap((item, index) => {
      const entryLabel = itemLabel(key, index, item);
      const node = buildNode(
        inner.items ?? {},
        item,
        join(path, index),
        key,
        [...parents, key],
        context,
        entryLabel,
      );
      return node ? [{ label: entryLabel, node }] : [];
    });
    return {
      kind: 'list',
      path,
      label,
      hint,
      itemName: singularOf(key),
      entries,
      canAdd: !fixed && items.length < (inner.maxItems ?? Infinity),
      canRemove: !fixed && items.length > (inner.minItems ?? 0),
      canMove: !fixed && items.length > 1,
      template: templateOf(inner.items ?? {}),
    };
  }
  if (inner.type === 'boolean') return { kind: 'checkbox', path, label, hint };
  if (inner.type === 'integer' || inner.type === 'number') {
    return {
      kind: 'number',
      path,
      label,
      hint,
      integer: inner.type === 'integer',
      min: inner.minimum ?? inner.exclusiveMinimum,
      max: inner.maximum,
      nullable,
    };
  }
  const maxLength = inner.maxLength;
  return {
    kind: 'text',
    path,
    label,
    hint,
    maxLength,
    multiline: maxLength !== undefined && maxLength > MULTILINE_FROM && inner.format === undefined,
    inputType: inner.format === 'email' ? 'email' : inner.format === 'uri' ? 'url' : 'text',
  };
}

/** The whole form of a document: a group of its top-level fields. */
export function buildForm(key: ContentKey, schema: JsonSchema, value: unknown): FormNode {
  const context: BuildContext = { rules: RULES[key] ?? { hidden: [], fixedLists: [] } };
  return (
    buildNode(schema, value, '', '', [], context, '') ?? {
      kind: 'group',
      path: '',
      label: '',
      children: [],
    }
  );
}

/** Every path the form shows a control or a group for. */
export function pathsOf(node: FormNode, into = new Set<string>()): Set<string> {
  into.add(node.path);
  if (node.kind === 'group') for (const child of node.children) pathsOf(child, into);
  if (node.kind === 'list') for (const entry of node.entries) pathsOf(entry.node, into);
  return into;
}

/** How many controls (not groups) a node holds: a long group starts folded. */
export function fieldCount(node: FormNode): number {
  if (node.kind === 'group') return node.children.reduce((sum, c) => sum + fieldCount(c), 0);
  if (node.kind === 'list') return node.entries.reduce((sum, e) => sum + fieldCount(e.node), 0);
  return 1;
}

// Values by path, changed without touching the original (React state).

function segmentsOf(path: string): (string | number)[] {
  return path === '' ? [] : path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

export function getAt(value: unknown, path: string): unknown {
  let here: unknown = value;
  for (const segment of segmentsOf(path)) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[segment];
  }
  return here;
}

function update(
  value: unknown,
  segments: (string | number)[],
  change: (old: unknown) => unknown,
): unknown {
  if (segments.length === 0) return change(value);
  const [head, ...rest] = segments as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = update(copy[head as number], rest, change);
    return copy;
  }
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { ...record, [head]: update(record[head], rest, change) };
}

/** The value with `path` set; `undefined` removes an object's key. */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const segments = segmentsOf(path);
  if (next !== undefined || segments.length === 0) return update(value, segments, () => next) as T;
  const key = segments.pop()!;
  return update(value, segments, (parent) => {
    if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return parent;
    const { [key]: _removed, ...rest } = parent as Record<string, unknown>;
    return rest;
  }) as T;
}

/** A list at `path` with an entry added at its end, removed, or moved one place. */
export function changeList<T>(
  value: T,
  path: string,
  change: { add: unknown } | { remove: number } | { move: number; by: -1 | 1 },
): T {
  return update(value, segmentsOf(path), (list) => {
    const items = Array.isArray(list) ? [...(list as unknown[])] : [];
    if ('add' in change) items.push(structuredClone(change.add));
    else if ('remove' in change) items.splice(change.remove, 1);
    else {
      const to = change.move + change.by;
      if (to < 0 || to >= items.length) return items;
      [items[change.move], items[to]] = [items[to], items[change.move]];
    }
    return items;
  }) as T;
}

/** What a number field holds as the owner types: a number, null when empty and allowed, else the text. */
export function numberFromText(text: string, nullable: boolean): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return nullable ? null : '';
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : text;
}

export interface ContentIssueLike {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

/**
 * Each problem beside the field or group it names; the ones whose place the form does not show
 * (the whole document, a file field) go to `elsewhere`, listed above the form.
 */
export function placeIssues<I extends ContentIssueLike>(
  issues: readonly I[],
  shown: ReadonlySet<string>,
): { byPath: Map<string, I[]>; elsewhere: I[] } {
  const byPath = new Map<string, I[]>();
  const elsewhere: I[] = [];
  for (const issue of issues) {
    if (issue.path !== '' && shown.has(issue.path)) {
      byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue]);
    } else elsewhere.push(issue);
  }
  return { byPath, elsewhere };
}
