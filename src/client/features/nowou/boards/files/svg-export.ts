/**
 * A board as a standalone SVG picture, for sharing or printing. Pure string building: no DOM, so
 * it runs anywhere and the same board always gives the same file. Every piece of text from the
 * board is XML-escaped; the only links made are http(s) and mailto.
 */
import type { Brainstorm, CanvasEdge, TextElement } from '#shared/nowou-records';
import { drawnEdges, nodesInDrawingOrder } from '../logic/drawing-order';
import { edgeGeometry, type Box } from '../logic/geometry';
import { safeLinkHref } from '../../../../lib/safe-link';
import { presetOf } from '../logic/palette';

const DEFAULT_STROKE = '#5c5f66';
const NODE_FILL = '#ffffff';
const TEXT_COLOUR = '#1d1a16';
const BACKGROUND = '#fbfaf8';

const FONT_SIZE = 16;
const LINE_HEIGHT = 22;
/** A rough average advance of the sans-serif font, in ems, for wrapping without measuring. */
const CHAR_WIDTH = 0.56 * FONT_SIZE;
const PADDING = 12;
const RADIUS = 8;
const MARGIN = 40;
/** Room above a group for its label, which sits on top of the frame as in other canvas apps. */
const GROUP_LABEL_ROOM = 28;

/** The XML 1.0 characters that may not appear at all, even escaped. */
// eslint-disable-next-line no-control-regex -- these are exactly what must be dropped
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for element content or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => {
    switch (char) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&#39;';
    }
  });
}

/** Numbers short and without exponent or -0. */
function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function mixWithWhite(hex: string, amount: number): string {
  const channel = (start: number) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16);
    return Math.round(value + (255 - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** Stroke and fill for a node or edge colour; none means the default. */
export function colourOf(color: string | undefined): { stroke: string; fill: string } {
  if (color === undefined) return { stroke: DEFAULT_STROKE, fill: NODE_FILL };
  const preset = presetOf(color);
  if (preset) return { stroke: preset.stroke, fill: preset.fill };
  if (/^#[0-9a-fA-F]{6}$/.test(color)) {
    const stroke = color.toLowerCase();
    return { stroke, fill: mixWithWhite(stroke, 0.85) };
  }
  return { stroke: DEFAULT_STROKE, fill: NODE_FILL };
}

/**
 * Breaks text into lines of at most `maxChars` characters: at spaces where it can, inside a word
 * longer than a line. Line breaks in the text are kept; tabs count as a space.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const limit = Math.max(1, Math.floor(maxChars));
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      while ([...rest].length > limit) {
        if (line !== '') {
          lines.push(line);
          line = '';
        }
        const chars = [...rest];
        lines.push(chars.slice(0, limit).join(''));
        rest = chars.slice(limit).join('');
      }
      const candidate = line === '' ? rest : `${line} ${rest}`;
      if ([...candidate].length <= limit) line = candidate;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The lines that fit a box, the last cut with an ellipsis when there is more. */
function fitLines(text: string, width: number, height: number): string[] {
  const maxChars = (width - 2 * PADDING) / CHAR_WIDTH;
  const maxLines = Math.max(
    1,
    Math.floor((height - 2 * PADDING + (LINE_HEIGHT - FONT_SIZE)) / LINE_HEIGHT),
  );
  const lines = wrapText(text, maxChars);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...kept[maxLines - 1]!];
  const room = Math.max(0, Math.floor(maxChars) - 1);
  kept[maxLines - 1] = `${last.slice(0, room).join('').trimEnd()}…`;
  return kept;
}

function textBlock(lines: readonly string[], x: number, y: number, attributes = ''): string {
  if (lines.length === 0) return '';
  const spans = lines
    .map(
      (line, index) =>
        `<tspan x="${num(x)}" ${index === 0 ? `y="${num(y)}"` : `dy="${LINE_HEIGHT}"`}>${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<text xml:space="preserve"${attributes}>${spans}</text>`;
}

function nodeSvg(node: TextElement): string {
  const { stroke, fill } = colourOf(node.color);
  const rect = `<rect x="${num(node.x)}" y="${num(node.y)}" width="${num(node.width)}" height="${num(node.height)}" rx="${RADIUS}"`;
  const textX = node.x + PADDING;
  const textY = node.y + PADDING + FONT_SIZE * 0.8;
  if (node.type === 'group') {
    const label = (node.label ?? '').trim();
    const frame = `${rect} fill="${node.color === undefined ? 'none' : fill}" fill-opacity="0.35" stroke="${stroke}" stroke-width="2" stroke-dasharray="8 4"/>`;
    const title =
      label === ''
        ? ''
        : textBlock(
            fitLines(label, node.width + 2 * PADDING, LINE_HEIGHT + 2 * PADDING).slice(0, 1),
            node.x,
            node.y - 8,
            ` font-weight="600" fill="${TEXT_COLOUR}"`,
          );
    return `<g class="group">${frame}${title}</g>`;
  }
  const box = `${rect} fill="${fill}" stroke="${stroke}" stroke-width="2"/>`;
  if (node.type === 'link') {
    // The picture shows the address it opens, in the browser's spelling.
    const href = safeLinkHref(node.url ?? '');
    const lines = fitLines(href ?? node.url ?? '', node.width, node.height);
    const text = textBlock(lines, textX, textY, ` fill="#1c5fb8" text-decoration="underline"`);
    return `<g class="link">${box}${href ? `<a href="${escapeXml(href)}">${text}</a>` : text}</g>`;
  }
  const lines = fitLines(node.text ?? '', node.width, node.height);
  return `<g class="text">${box}${textBlock(lines, textX, textY, ` fill="${TEXT_COLOUR}"`)}</g>`;
}

function edgeSvg(
  edge: CanvasEdge,
  from: Box,
  to: Box,
  markerOf: (stroke: string) => string,
): { line: string; label: string } {
  const { stroke } = colourOf(edge.color);
  // The canvas's own curve, so the picture attaches each edge where the screen shows it.
  const { d, mid } = edgeGeometry(from, edge.fromSide, to, edge.toSide);
  // "fromEnd … Defaults to none", "toEnd … Defaults to arrow".
  const fromArrow = (edge.fromEnd ?? 'none') === 'arrow';
  const toArrow = (edge.toEnd ?? 'arrow') === 'arrow';
  const marker = markerOf(stroke);
  const ends =
    (fromArrow ? ` marker-start="url(#${marker})"` : '') +
    (toArrow ? ` marker-end="url(#${marker})"` : '');
  const line = `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="2"${ends}/>`;
  const text = (edge.label ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return { line, label: '' };
  const shown = [...text].length > 60 ? `${[...text].slice(0, 59).join('')}…` : text;
  const width = [...shown].length * CHAR_WIDTH * 0.85 + 12;
  const label =
    `<g class="edge-label"><rect x="${num(mid.x - width / 2)}" y="${num(mid.y - 11)}" width="${num(width)}" height="22" rx="4" fill="${BACKGROUND}"/>` +
    `<text x="${num(mid.x)}" y="${num(mid.y + 5)}" text-anchor="middle" font-size="14" fill="${TEXT_COLOUR}">${escapeXml(shown)}</text></g>`;
  return { line, label };
}

/**
 * The board as an SVG document: a viewBox around all its nodes with a margin; groups as dashed,
 * labelled frames under everything; edges as curves with arrowheads where the spec's ends say
 * (toEnd arrow and fromEnd none unless set), and their labels; text and link nodes as rounded
 * boxes with their text wrapped to the box (long text ends in …). Nodes keep the board's drawing
 * order. Deleted nodes and their edges are left out.
 */
export function boardToSvg(board: Brainstorm, nodes: readonly TextElement[]): string {
  const drawn = nodesInDrawingOrder(board, nodes);
  const byId = new Map(drawn.map((node) => [node.id, node]));

  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of drawn) {
    left = Math.min(left, node.x);
    top = Math.min(top, node.y - (node.type === 'group' && node.label ? GROUP_LABEL_ROOM : 0));
    right = Math.max(right, node.x + node.width);
    bottom = Math.max(bottom, node.y + node.height);
  }
  if (drawn.length === 0) {
    left = 0;
    top = 0;
    right = 320;
    bottom = 120;
  }
  const view = {
    x: left - MARGIN,
    y: top - MARGIN,
    width: right - left + 2 * MARGIN,
    height: bottom - top + 2 * MARGIN,
  };

  const markers = new Map<string, string>();
  const markerOf = (stroke: string) => {
    let id = markers.get(stroke);
    if (id === undefined) {
      id = `arrow-${markers.size + 1}`;
      markers.set(stroke, id);
    }
    return id;
  };
  const edgeParts = drawnEdges(board, drawn).map((edge) =>
    edgeSvg(edge, byId.get(edge.fromNode)!, byId.get(edge.toNode)!, markerOf),
  );
  const defs = [...markers]
    .map(
      ([stroke, id]) =>
        `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${stroke}"/></marker>`,
    )
    .join('');

  const groups = drawn.filter((node) => node.type === 'group').map(nodeSvg);
  const boxes = drawn.filter((node) => node.type !== 'group').map(nodeSvg);
  const viewBox = [view.x, view.y, view.width, view.height].map(num).join(' ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${num(view.width)}" height="${num(view.height)}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${FONT_SIZE}">`,
    `<title>${escapeXml(board.title)}</title>`,
    defs === '' ? '' : `<defs>${defs}</defs>`,
    `<rect x="${num(view.x)}" y="${num(view.y)}" width="${num(view.width)}" height="${num(view.height)}" fill="${BACKGROUND}"/>`,
    ...groups,
    ...edgeParts.map((part) => part.line),
    ...boxes,
    ...edgeParts.map((part) => part.label),
    '</svg>',
    '',
  ]
    .filter((part, index, all) => part !== '' || index === all.length - 1)
    .join('\n');
}
