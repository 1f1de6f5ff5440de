/**
 * A readable difference between two versions of a document (docs/product/desk.md#publishing-the-sites-words):
 * each version written out as lines the owner recognises (a Markdown page as its front matter and
 * text, any other document one line per field, "Plans › Plan 2: Yearly › Price: €149"), compared
 * line by line, and the unchanged stretches folded to a few lines of context around each change.
 */
import { diffArrays } from 'diff';
import { isMarkdownKey, type ContentKey } from '#shared/content-parts';
import { itemLabel, labelOfKey } from './content-labels';

/** A Markdown page's fields, then its text as written. */
function markdownLines(value: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (typeof value.updated === 'string') lines.push(`Last updated: ${value.updated}`);
  lines.push(`Summary: ${typeof value.summary === 'string' ? value.summary : ''}`, '');
  const body = typeof value.body === 'string' ? value.body : '';
  return [...lines, ...body.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n')];
}

/** One line per field: its place in words, then its value. */
function fieldLines(value: unknown, prefix: string[], parentKey: string | undefined): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      fieldLines(item, [...prefix, itemLabel(parentKey ?? '', index, item)], parentKey),
    );
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      fieldLines(child, [...prefix, labelOfKey(key, parentKey)], key),
    );
  }
  const shown =
    value === null ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);
  return [`${prefix.join(' › ')}: ${shown}`];
}

/** A document's value as the lines a difference compares. */
export function linesOf(key: ContentKey, value: unknown): string[] {
  if (value === undefined) return [];
  if (isMarkdownKey(key)) return markdownLines((value ?? {}) as Record<string, unknown>);
  return fieldLines(value, [], undefined);
}

export type DiffRow =
  | { kind: 'same' | 'added' | 'removed'; text: string }
  /** Unchanged lines left out. */
  | { kind: 'gap'; count: number };

/** Lines of context kept around each change. */
const CONTEXT = 2;

/** The rows of the difference from `before` to `after`, unchanged stretches folded. */
export function diffRows(before: readonly string[], after: readonly string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const part of diffArrays([...before], [...after])) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const text of part.value) rows.push({ kind, text });
  }
  return foldUnchanged(rows);
}

function foldUnchanged(rows: DiffRow[]): DiffRow[] {
  const changed = rows.map((row) => row.kind !== 'same');
  const near = (index: number) =>
    changed.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some(Boolean);
  const folded: DiffRow[] = [];
  let skipped = 0;
  rows.forEach((row, index) => {
    if (near(index)) {
      if (skipped > 0) folded.push({ kind: 'gap', count: skipped });
      skipped = 0;
      folded.push(row);
    } else skipped += 1;
  });
  if (skipped > 0 && folded.length > 0) folded.push({ kind: 'gap', count: skipped });
  return folded;
}

/** Whether a difference changes anything at all. */
export function hasChanges(rows: readonly DiffRow[]): boolean {
  return rows.some((row) => row.kind === 'added' || row.kind === 'removed');
}

/** The difference between two values of one document. */
export function diffValues(key: ContentKey, before: unknown, after: unknown): DiffRow[] {
  return diffRows(linesOf(key, before), linesOf(key, after));
}
