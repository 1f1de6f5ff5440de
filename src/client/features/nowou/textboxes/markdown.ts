/**
 * The small Markdown subset text boxes show (textboxes/README.md): paragraphs and line breaks,
 * **bold**, *italic* / _italic_, bullet, numbered and task lists, [links](https://…) and bare
 * https:// addresses. Pure: it answers nodes for the renderer and never produces HTML, so anything
 * else in the text (tags, entities) stays literal text. Links are only http:, https: and mailto:.
 */
import { isSafeHref } from '../../../lib/safe-link';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export interface ListItem {
  children: Inline[];
  /** A `- [ ]` / `- [x]` item: its place among the text's tasks (0-based) and whether it is ticked. */
  task: { index: number; checked: boolean } | null;
}

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: ListItem[] };

const BULLET = /^ {0,3}[-*][ \t]+/;
const ORDERED = /^ {0,3}(\d{1,9})\.[ \t]+/;
const TASK = /^\[([ xX])\](?=[ \t]|$)[ \t]*/;
const LINK = /\[([^\]\n]{1,1000})\]\(((?:[^()\s]|\([^()\s]*\)){1,2048})\)/y;
const BARE_URL = /https?:\/\/[^\s<>]{1,2048}/iy;
/** Emphasis nested deeper than this stays literal (keeps recursion shallow on hostile text). */
const MAX_DEPTH = 8;

/** The task on one line, with where its mark (the space or x between brackets) is. */
function taskOf(line: string): { checked: boolean; mark: number; content: string } | null {
  const bullet = BULLET.exec(line);
  if (!bullet) return null;
  const rest = line.slice(bullet[0].length);
  const task = TASK.exec(rest);
  if (!task) return null;
  return {
    checked: task[1] !== ' ',
    mark: bullet[0].length + 1,
    content: rest.slice(task[0].length),
  };
}

function splitLines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** The text with the task at `index` (0-based, in text order) ticked or unticked; else unchanged. */
export function toggleTask(text: string, index: number): string {
  let offset = 0;
  let seen = 0;
  for (const line of text.split('\n')) {
    const task = taskOf(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (task && seen++ === index) {
      const at = offset + task.mark;
      return text.slice(0, at) + (task.checked ? ' ' : 'x') + text.slice(at + 1);
    }
    offset += line.length + 1;
  }
  return text;
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** The closing `*` or `_` of an emphasis opened at `open`, or -1 (skipping `**` / `__` pairs). */
function emphasisClose(src: string, open: number, marker: string): number {
  if (isSpace(src[open + 1])) return -1;
  if (marker === '_' && isWordChar(src[open - 1])) return -1;
  for (let at = open + 1; at < src.length; at++) {
    if (src[at] !== marker) continue;
    if (src[at + 1] === marker) {
      at++;
      continue;
    }
    const fits = at > open + 1 && !isSpace(src[at - 1]);
    return fits && !(marker === '_' && isWordChar(src[at + 1])) ? at : -1;
  }
  return -1;
}

/** A bare address ends before trailing punctuation and before a `)` it did not open. */
function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0) {
    const last = url[end - 1]!;
    const opens = url.slice(0, end).split('(').length;
    const closes = url.slice(0, end).split(')').length;
    if (/[.,;:!?'"*_]/.test(last) || (last === ')' && closes > opens)) end--;
    else break;
  }
  return url.slice(0, end);
}

export function parseInline(src: string, links = true, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const push = (node: Inline) => {
    if (text) out.push({ type: 'text', text });
    text = '';
    out.push(node);
  };
  let at = 0;
  while (at < src.length) {
    const char = src[at]!;
    if (char === '*' && src[at + 1] === '*') {
      const close = src.indexOf('**', at + 2);
      const inner = close > 0 ? src.slice(at + 2, close) : '';
      if (inner && inner.trim() === inner && depth < MAX_DEPTH) {
        push({ type: 'strong', children: parseInline(inner, links, depth + 1) });
        at = close + 2;
      } else {
        text += '**';
        at += 2;
      }
      continue;
    }
    if (char === '*' || char === '_') {
      const close = depth < MAX_DEPTH ? emphasisClose(src, at, char) : -1;
      if (close > 0) {
        push({ type: 'em', children: parseInline(src.slice(at + 1, close), links, depth + 1) });
        at = close + 1;
        continue;
      }
    }
    if (char === '[' && links) {
      LINK.lastIndex = at;
      const match = LINK.exec(src);
      if (match) {
        const [whole, label, href] = match as unknown as [string, string, string];
        if (isSafeHref(href) && depth < MAX_DEPTH) {
          push({ type: 'link', href, children: parseInline(label, false, depth + 1) });
        } else text += whole;
        at += whole.length;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && links && !isWordChar(src[at - 1])) {
      BARE_URL.lastIndex = at;
      const url = trimUrl(BARE_URL.exec(src)?.[0] ?? '');
      if (isSafeHref(url)) {
        push({ type: 'link', href: url, children: [{ type: 'text', text: url }] });
        at += url.length;
        continue;
      }
    }
    text += char;
    at++;
  }
  if (text) out.push({ type: 'text', text });
  return out;
}

/** Reads the text into blocks: paragraphs (lines joined by breaks) and lists, split by blank lines. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Extract<Block, { type: 'list' }> | null = null;
  let tasks = 0;

  const endParagraph = () => {
    if (paragraph.length === 0) return;
    const children: Inline[] = [];
    paragraph.forEach((line, i) => {
      if (i > 0) children.push({ type: 'break' });
      children.push(...parseInline(line));
    });
    blocks.push({ type: 'paragraph', children });
    paragraph = [];
  };

  for (const line of splitLines(text)) {
    const task = taskOf(line);
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (!bullet && !ordered) {
      list = null;
      if (line.trim() === '') endParagraph();
      else paragraph.push(line);
      continue;
    }
    endParagraph();
    const isOrdered = ordered !== null;
    if (!list || list.ordered !== isOrdered) {
      list = {
        type: 'list',
        ordered: isOrdered,
        start: ordered ? Number(ordered[1]) : 1,
        items: [],
      };
      blocks.push(list);
    }
    list.items.push(
      task
        ? { children: parseInline(task.content), task: { index: tasks++, checked: task.checked } }
        : { children: parseInline(line.slice((bullet ?? ordered)![0].length)), task: null },
    );
  }
  endParagraph();
  return blocks;
}

/**
 * The first non-empty line of a text as plain words, for a title or a name: heading, list and task
 * marks dropped, bold, italic and code marks taken off, a link shown by its text. At most `limit`
 * characters (cut with an ellipsis); '' when the text has no words.
 */
export function plainFirstLine(text: string, limit: number): string {
  const line = text
    .split(/\r?\n/)
    .map((part) =>
      part
        .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(^|[^\w*])([*_])(\S(?:.*?\S)?)\2(?![\w*])/g, '$1$3')
        .replace(/`([^`]+)`/g, '$1')
        .trim(),
    )
    .find((part) => part !== '');
  if (!line) return '';
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}
