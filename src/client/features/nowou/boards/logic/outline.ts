/**
 * A board read as an outline: the tree its connections make, each node's title and the name a
 * screen reader hears for it. Pure: the Markdown outline, the canvas's accessible names and the
 * board's keyboard list all come from here.
 */
import { plainFirstLine } from '../../textboxes/markdown';
import type { Brainstorm, TextElement } from '#shared/nowou-records';

export interface OutlineItem {
  node: TextElement;
  children: OutlineItem[];
  /** Titles of the nodes this one has an edge to (from → to), in reading order. */
  connectsTo: string[];
  /** The ids of those nodes, in the same order (some may sit elsewhere in the tree). */
  connectsToIds: string[];
  /** The label of each of those connections (one line), or undefined, in the same order. */
  connectsToLabels: (string | undefined)[];
}

const TITLE_LIMIT = 120;

/**
 * What a node is called in lists and names: a text node's first non-blank line (heading marks
 * dropped), a link's URL, a group's label; "Empty node" when that is blank. Long titles are cut
 * at 120 characters with an ellipsis.
 */
export function nodeTitle(node: TextElement): string {
  let title = '';
  if (node.type === 'text') {
    title = plainFirstLine(node.text ?? '', TITLE_LIMIT);
  } else if (node.type === 'link') {
    title = (node.url ?? '').trim();
  } else {
    title = (node.label ?? '').trim();
  }
  if (title === '') return 'Empty node';
  return title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT - 1)}…` : title;
}

/** Top to bottom, then left to right: the order a reader takes in a board. */
export function byReadingOrder(a: TextElement, b: TextElement): number {
  return a.y - b.y || a.x - b.x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The board's live nodes (not deleted, of this board). */
function liveNodes(board: Brainstorm, nodes: readonly TextElement[]): TextElement[] {
  return nodes.filter((node) => !node.deleted && node.boardId === board.id);
}

/** A connection's label as one line for a name, or undefined when it has none. */
function labelText(label: string | undefined): string | undefined {
  const text = (label ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/** Labels by `from\nto`: the first labelled edge between two nodes names their connection. */
export function connectionLabels(board: Brainstorm): Map<string, string> {
  const labels = new Map<string, string>();
  for (const edge of board.edges) {
    const label = labelText(edge.label);
    const key = `${edge.fromNode}\n${edge.toNode}`;
    if (label !== undefined && !labels.has(key)) labels.set(key, label);
  }
  return labels;
}

/**
 * A node's name with what it connects to: "Launch, connects to Write post (then) and Tell Ada",
 * a connection's label in brackets after the node it leads to; just the title when it points
 * nowhere.
 */
export function nameWithConnections(
  title: string,
  targets: readonly { title: string; label?: string | undefined }[],
): string {
  if (targets.length === 0) return title;
  const names = targets.map((target) =>
    target.label === undefined ? target.title : `${target.title} (${target.label})`,
  );
  return `${title}, connects to ${joinNames(names)}`;
}

/**
 * Each node's outgoing neighbours in reading order. Edges to nodes not in `byId`, self-loops and
 * repeated edges between the same pair are left out.
 */
function outgoingOf(
  board: Brainstorm,
  byId: ReadonlyMap<string, TextElement>,
): Map<string, TextElement[]> {
  const outgoing = new Map<string, TextElement[]>();
  for (const edge of board.edges) {
    const from = byId.get(edge.fromNode);
    const to = byId.get(edge.toNode);
    if (!from || !to || from === to) continue;
    const list = outgoing.get(from.id) ?? [];
    if (!list.includes(to)) list.push(to);
    outgoing.set(from.id, list);
  }
  for (const list of outgoing.values()) list.sort(byReadingOrder);
  return outgoing;
}

/**
 * The board as a tree following its edges from → to. Roots are the nodes no edge points to, in
 * reading order; each node's children are the nodes it points to, in reading order. Every node
 * appears once: depth first, a node already placed is skipped where it is met again (so a cycle is
 * cut and the second parent of a diamond does not repeat it). Nodes reachable from no root (those
 * only in a cycle) follow as roots of their own, in reading order.
 */
export function buildOutline(board: Brainstorm, nodes: readonly TextElement[]): OutlineItem[] {
  const live = liveNodes(board, nodes);
  const byId = new Map(live.map((node) => [node.id, node]));
  const outgoing = outgoingOf(board, byId);
  const hasIncoming = new Set<string>();
  for (const targets of outgoing.values()) for (const target of targets) hasIncoming.add(target.id);

  const labels = connectionLabels(board);

  const placed = new Set<string>();
  const itemOf = (node: TextElement): OutlineItem => {
    const targets = outgoing.get(node.id) ?? [];
    return {
      node,
      children: [],
      connectsTo: targets.map(nodeTitle),
      connectsToIds: targets.map((target) => target.id),
      connectsToLabels: targets.map((target) => labels.get(`${node.id}\n${target.id}`)),
    };
  };

  /** Depth first without recursion, so a chain of thousands of nodes cannot overflow the stack. */
  const grow = (root: TextElement): OutlineItem => {
    const rootItem = itemOf(root);
    placed.add(root.id);
    const stack: { item: OutlineItem; next: number }[] = [{ item: rootItem, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = outgoing.get(top.item.node.id) ?? [];
      const target = targets[top.next];
      if (!target) {
        stack.pop();
        continue;
      }
      top.next += 1;
      if (placed.has(target.id)) continue;
      placed.add(target.id);
      const child = itemOf(target);
      top.item.children.push(child);
      stack.push({ item: child, next: 0 });
    }
    return rootItem;
  };

  const ordered = [...live].sort(byReadingOrder);
  const roots: OutlineItem[] = [];
  for (const node of ordered) {
    if (!hasIncoming.has(node.id) && !placed.has(node.id)) roots.push(grow(node));
  }
  for (const node of ordered) {
    if (!placed.has(node.id)) roots.push(grow(node));
  }
  return roots;
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The name a screen reader hears for a node: its title and what it points to, with a
 * connection's label, e.g. "Launch, connects to Write post (then) and Tell Ada". A node pointing
 * nowhere is just its title (the canvas says what kind of node it is through its role).
 */
export function accessibleName(
  node: TextElement,
  board: Brainstorm,
  nodes: readonly TextElement[],
): string {
  const byId = new Map(liveNodes(board, nodes).map((candidate) => [candidate.id, candidate]));
  const targets: TextElement[] = [];
  for (const edge of board.edges) {
    if (edge.fromNode !== node.id || edge.toNode === node.id) continue;
    const target = byId.get(edge.toNode);
    if (target && !targets.includes(target)) targets.push(target);
  }
  targets.sort(byReadingOrder);
  const labels = connectionLabels(board);
  return nameWithConnections(
    nodeTitle(node),
    targets.map((target) => ({
      title: nodeTitle(target),
      label: labels.get(`${node.id}\n${target.id}`),
    })),
  );
}

/**
 * The nodes whose words hold every word of `query` (any case; a text node's whole text, a link's
 * address, a group's label), in reading order. An empty query finds none.
 */
export function searchNodes(
  board: Brainstorm,
  nodes: readonly TextElement[],
  query: string,
): TextElement[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return liveNodes(board, nodes)
    .filter((node) => {
      const text = (
        node.type === 'text'
          ? (node.text ?? '')
          : node.type === 'link'
            ? (node.url ?? '')
            : (node.label ?? '')
      ).toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort(byReadingOrder);
}
