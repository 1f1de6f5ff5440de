/**
 * A board as a Markdown outline, to paste into notes or a document: the board's title as a
 * heading, then the tree its connections make (logic/outline.ts) as nested bullets, and the nodes
 * with no connection at all in a last section.
 */
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { safeLinkHref } from '../../../../lib/safe-link';
import { buildOutline, type OutlineItem } from '../logic/outline';

const INDENT = '  ';

/** Escapes what Markdown would read as formatting in plain text (labels, link text, edge labels). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (char) => `\\${char}`);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A link Markdown renders only for web and mail addresses (the canvas's own check), its text the
 * address it opens; anything else stays plain text.
 */
function linkOf(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '*Empty link*';
  const href = safeLinkHref(trimmed);
  if (!href) return escapeMarkdown(oneLine(trimmed));
  // Spaces, brackets and parentheses would end or break the link destination.
  const target = href.replace(
    /[\s()<>[\]]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${escapeMarkdown(href)}](${target})`;
}

/** The start of a link's destination after `](` (or a definition's `]:`), as far as it can matter. */
const DESTINATION = /^[ \t]*<?([^\s>)]*)/;

/**
 * A text node's line as Markdown that renders no HTML and no link the canvas would not make: a
 * `<` is escaped (no tag, comment or autolink can start), so is the `[` of an image (the canvas shows
 * none), and so is the `]` of a link or link definition whose address is not a web or mail one
 * (`[x](javascript:…)`, or an address on the next line), which leaves its brackets as plain text.
 * The rest of the node's Markdown stays as written. A character after an odd run of backslashes is
 * literal already and is left alone.
 */
export function safeMarkdownLine(line: string): string {
  let out = '';
  let backslashes = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    const literal = backslashes % 2 === 1;
    backslashes = char === '\\' ? backslashes + 1 : 0;
    if (literal) {
      out += char;
      continue;
    }
    const unsafeLink =
      char === ']' &&
      (line[i + 1] === '(' || line[i + 1] === ':') &&
      !safeLinkHref(DESTINATION.exec(line.slice(i + 2))?.[1] ?? '');
    const image = char === '[' && line[i - 1] === '!';
    out += char === '<' || unsafeLink || image ? `\\${char}` : char;
  }
  return out;
}

/**
 * A node's lines in the outline: the first goes on its bullet, the rest (a text node's further
 * lines, which are Markdown already) under it at `indent`.
 */
function nodeLines(node: TextElement): { head: string; rest: string[] } {
  if (node.type === 'link') return { head: linkOf(node.url ?? ''), rest: [] };
  if (node.type === 'group') {
    const label = oneLine(node.label ?? '');
    return { head: `**${label === '' ? 'Group' : escapeMarkdown(label)}**`, rest: [] };
  }
  const lines = (node.text ?? '').split(/\r?\n/);
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) return { head: '*Empty node*', rest: [] };
  // A heading's marks would make the bullet a heading: the first line keeps only its words.
  const head = safeMarkdownLine(lines[0]!.trim().replace(/^#{1,6}\s+/, ''));
  return { head, rest: lines.slice(1).map(safeMarkdownLine) };
}

/**
 * The board as Markdown: `# <title>`, then one bullet per node following its connections
 * (children under the node they come from, in reading order; a connection's label in italics
 * before the node it leads to; a connection to a node already listed as `→ <title>`). Link nodes
 * are `[url](url)` (web and mail addresses only), groups bold, a text node's further lines kept
 * under its bullet. Nodes with no connection come last under `## Not connected`.
 */
export function boardToOutline(board: Brainstorm, nodes: readonly TextElement[]): string {
  const labels = new Map<string, string>();
  for (const edge of board.edges) {
    const label = oneLine(edge.label ?? '');
    const key = `${edge.fromNode}\n${edge.toNode}`;
    if (label !== '' && !labels.has(key)) labels.set(key, label);
  }

  const out: string[] = [`# ${escapeMarkdown(oneLine(board.title))}`, ''];
  const write = (item: OutlineItem, depth: number, parentId: string | null) => {
    const indent = INDENT.repeat(depth);
    const { head, rest } = nodeLines(item.node);
    const label = parentId === null ? undefined : labels.get(`${parentId}\n${item.node.id}`);
    out.push(`${indent}- ${label ? `*${escapeMarkdown(label)}:* ` : ''}${head}`);
    for (const line of rest) out.push(line.trim() === '' ? '' : `${indent}${INDENT}${line}`);
    for (const child of item.children) write(child, depth + 1, item.node.id);
    // Connections the tree does not show here (to a node listed elsewhere), by title.
    const shown = new Set(item.children.map((child) => child.node.id));
    item.connectsToIds.forEach((id, index) => {
      if (!shown.has(id))
        out.push(`${indent}${INDENT}- → ${escapeMarkdown(item.connectsTo[index]!)}`);
    });
  };

  // A root that points nowhere has no connection at all (a root has no incoming edge, except
  // the first node of a cycle, which points on).
  const outline = buildOutline(board, nodes);
  const trees = outline.filter((item) => item.connectsToIds.length > 0);
  const alone = outline.filter((item) => item.connectsToIds.length === 0);
  for (const item of trees) write(item, 0, null);
  if (alone.length > 0) {
    if (trees.length > 0) out.push('', '## Not connected', '');
    for (const item of alone) write(item, 0, null);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
