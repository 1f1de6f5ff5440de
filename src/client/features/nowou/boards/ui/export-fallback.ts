/**
 * TODO(boards/logic): boards/files/svg-export.ts (`boardToSvg`) and
 * boards/files/markdown-outline.ts (`boardToOutline`) are being written; these small local
 * versions stand in until they are in, with the same names and arguments.
 */
import type { Brainstorm, TextElement } from '../../model/records';
import { buildOutline, nodeTitle, type OutlineItem } from '../logic/outline';
import { boundsOf } from '../logic/selection';
import { edgeGeometry } from './geometry';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PRESETS: Record<string, string> = {
  '1': '#dc2626',
  '2': '#ea580c',
  '3': '#ca8a04',
  '4': '#16a34a',
  '5': '#0891b2',
  '6': '#9333ea',
};

export function boardToSvg(board: Brainstorm, nodes: readonly TextElement[]): string {
  const bounds = boundsOf(nodes) ?? { x: 0, y: 0, width: 100, height: 100 };
  const pad = 24;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const colour = (c: string | undefined) => (c ? (PRESETS[c] ?? c) : '#5b5349');
  const edges = board.edges.flatMap((edge) => {
    const from = byId.get(edge.fromNode);
    const to = byId.get(edge.toNode);
    if (!from || !to) return [];
    const { d } = edgeGeometry(from, edge.fromSide, to, edge.toSide);
    return [`<path d="${d}" fill="none" stroke="${colour(edge.color)}" stroke-width="2"/>`];
  });
  const shapes = nodes.map((node) => {
    const title = escapeXml(nodeTitle(node));
    return `<g><rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="8" fill="${node.type === 'group' ? 'none' : '#ffffff'}" stroke="${colour(node.color)}" stroke-width="2"/><text x="${node.x + 12}" y="${node.y + 24}" font-family="system-ui, sans-serif" font-size="16" fill="#1d1a16">${title}</text></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${bounds.x - pad} ${bounds.y - pad} ${bounds.width + pad * 2} ${bounds.height + pad * 2}" width="${bounds.width + pad * 2}" height="${bounds.height + pad * 2}"><title>${escapeXml(board.title)}</title>${edges.join('')}${shapes.join('')}</svg>\n`;
}

export function boardToOutline(board: Brainstorm, nodes: readonly TextElement[]): string {
  const lines = [`# ${board.title}`, ''];
  const walk = (items: OutlineItem[], depth: number) => {
    for (const item of items) {
      lines.push(`${'  '.repeat(depth)}- ${nodeTitle(item.node)}`);
      walk(item.children, depth + 1);
    }
  };
  walk(buildOutline(board, nodes), 0);
  return `${lines.join('\n')}\n`;
}
