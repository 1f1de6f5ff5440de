/**
 * Nowou's brainstorm boards in real Chromium (docs/product/nowou.md#boards): three connected nodes made
 * with the keyboard alone and kept over a reload; a node dragged and the drag undone with Ctrl+Z;
 * Ctrl+wheel zoom keeping the point under the pointer in place; export .canvas and import it again
 * as the same board (places, sizes, colours, edges); a foreign file with a link Nowou does not open
 * and a hex-coloured edge; a bad file changing nothing; axe at 400 px (dark) and 1280 px (light);
 * no sideways scroll at 320 px; a dragged group carrying the nodes inside it, undone as one step;
 * marquee, Shift-click, copy, paste, duplicate and delete with undo; connecting by drag, by click
 * and by keyboard with a label and a colour; resizing by keys and buttons; a link typed; the
 * outline's search; the board actions that apply offered and run from the command palette; Make a
 * to-do, its chip, and Open on board back from the to-do; boards renamed, duplicated, deleted and
 * restored, and Select mode's marquee by touch at 400 px.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { downloadedText, nextFrames, VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();
const BOARDS = `${paths.nowou}?section=boards`;
const CANVAS = '[data-testid="board-canvas"]';

interface StoredNode {
  id: string;
  boardId: string;
  type: 'text' | 'link' | 'group';
  text?: string;
  url?: string;
  label?: string;
  color?: string;
  todoId?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  deleted: boolean;
}
interface StoredEdge {
  id: string;
  fromNode: string;
  fromSide?: string;
  toNode: string;
  toSide?: string;
  color?: string;
  label?: string;
}
interface StoredBoard {
  id: string;
  title: string;
  deleted: boolean;
  edges: StoredEdge[];
}
interface StoredTodo {
  id: string;
  title: string;
  done: boolean;
  source?: { boardId: string; nodeId: string };
}

async function stored(page: Page) {
  return page.evaluate(() => {
    const read = (prefix: string) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix) && !key.startsWith('todo-list-'))
        .map((key) => JSON.parse(localStorage.getItem(key)!) as unknown);
    return {
      boards: read('brainstorm-') as StoredBoard[],
      nodes: read('textElement-') as StoredNode[],
      todos: read('todo-') as StoredTodo[],
    };
  }) as Promise<{ boards: StoredBoard[]; nodes: StoredNode[]; todos: StoredTodo[] }>;
}

/** The open board's live nodes and edges as stored, found by its title. */
async function boardNamed(page: Page, title: string) {
  const { boards, nodes } = await stored(page);
  const board = boards.find((b) => b.title === title && !b.deleted);
  const mine = board ? nodes.filter((n) => n.boardId === board.id && !n.deleted) : [];
  return { board, nodes: mine, byText: (text: string) => mine.find((n) => n.text === text) };
}

/** The node on the canvas whose accessible name starts with `title`. */
function nodeOnCanvas(page: Page, title: string) {
  return page.locator(CANVAS).getByRole('group', {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`),
  });
}

/** The accessible name of the focused element. */
function focusedName(page: Page) {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/** The colours the line and the arrowhead of an edge are painted in. */
function edgePaint(page: Page, edgeId: string) {
  return page.evaluate((id) => {
    const line = document.querySelector(`[data-edge-id="${CSS.escape(id)}"] .be__line`)!;
    const marker = line.getAttribute('marker-end')!.slice('url(#'.length, -1);
    const head = document.getElementById(marker)!.querySelector('path')!;
    return { line: getComputedStyle(line).stroke, head: getComputedStyle(head).fill };
  }, edgeId);
}

/** One finger dragged across the page from `a` to `b` (Chromium's own touch input). */
async function touchDrag(page: Page, a: { x: number; y: number }, b: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (t: number) => [{ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step / 10) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** New board from the list, then three nodes by keyboard: root, Tab, child, Tab, grandchild. */
async function boardByKeyboard(page: Page, title: string, texts: [string, string, string]) {
  const field = page.getByLabel('New board title');
  await field.fill(title);
  await field.press('Enter');
  await page.locator(CANVAS).waitFor();
  await page.getByLabel('Node text').waitFor();
  await page.keyboard.type(texts[0]);
  await page.keyboard.press('Tab');
  await page.keyboard.type(texts[1]);
  await page.keyboard.press('Tab');
  await page.keyboard.type(texts[2]);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator(`${CANVAS} [data-node-id]`).count()).toBe(3);
}

test('keyboard-made nodes kept over a reload; drag and undo; zoom keeps the pointer point', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Trip', ['Plan trip', 'Book flights', 'Pack bags']);
  // The Escape left editing on the last node, focused (once the editor has gone, a frame later).
  await expect.poll(() => focusedName(page)).toBe('Pack bags');
  await expect
    .poll(async () => (await stored(page)).boards.find((b) => b.title === 'Trip')?.edges.length)
    .toBe(2);
  await page.reload();
  await page.locator(CANVAS).waitFor();
  expect(new URL(page.url()).searchParams.get('board')).toBeTruthy();
  const { boards, nodes } = await stored(page);
  const trip = boards.find((b) => b.title === 'Trip')!;
  const mine = nodes.filter((n) => n.boardId === trip.id && !n.deleted);
  expect(mine.map((n) => n.text).sort()).toEqual(['Book flights', 'Pack bags', 'Plan trip']);
  const idOf = (text: string) => mine.find((n) => n.text === text)!.id;
  expect(trip.edges.map((e) => [e.fromNode, e.toNode])).toEqual([
    [idOf('Plan trip'), idOf('Book flights')],
    [idOf('Book flights'), idOf('Pack bags')],
  ]);
  await expect
    .poll(() => page.getByRole('group', { name: 'Plan trip, connects to Book flights' }).count())
    .toBe(1);
  // The outline lists them as a tree.
  await page
    .getByRole('navigation', { name: 'Outline of the board' })
    .getByRole('button', { name: 'Book flights, connects to Pack bags' })
    .waitFor();

  // A drag moves the node by what the pointer moved (at 100 %); Ctrl+Z puts it back.
  await page.getByRole('button', { name: 'Fit' }).click();
  // The new view is drawn on the next frame.
  await nextFrames(page);
  const node = page.locator(`[data-node-id="${idOf('Plan trip')}"]`);
  const box = (await node.boundingBox())!;
  const start = { x: box.x + 20, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 5, { steps: 2 });
  await page.mouse.move(start.x + 120, start.y + 60, { steps: 8 });
  await page.mouse.up();
  const before = mine.find((n) => n.text === 'Plan trip')!;
  const placeOf = async () => {
    const found = (await stored(page)).nodes.find((n) => n.id === before.id)!;
    return [found.x, found.y];
  };
  await expect.poll(placeOf).not.toEqual([before.x, before.y]);
  const zoom = await page.locator('output', { hasText: '%' }).innerText();
  const scale = Number.parseInt(zoom, 10) / 100;
  const [movedX, movedY] = await placeOf();
  expect(Math.abs(movedX! - before.x - 120 / scale)).toBeLessThanOrEqual(2);
  expect(Math.abs(movedY! - before.y - 60 / scale)).toBeLessThanOrEqual(2);
  await page.keyboard.press('Control+z');
  await expect.poll(placeOf).toEqual([before.x, before.y]);

  // Ctrl+wheel zooms around the pointer: a node's offset from the pointer scales, its direction
  // stays, so the canvas point under the pointer does not move.
  const canvas = (await page.locator(CANVAS).boundingBox())!;
  const pointer = { x: canvas.x + canvas.width * 0.4, y: canvas.y + canvas.height * 0.45 };
  const target = page.locator(`[data-node-id="${idOf('Book flights')}"]`);
  const a = (await target.boundingBox())!;
  await page.mouse.move(pointer.x, pointer.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await expect.poll(() => page.locator('output', { hasText: '%' }).innerText()).not.toBe(zoom);
  await nextFrames(page);
  const b = (await target.boundingBox())!;
  const factor = b.width / a.width;
  expect(factor).toBeGreaterThan(1.05);
  expect(Math.abs(b.x - pointer.x - (a.x - pointer.x) * factor)).toBeLessThanOrEqual(2);
  expect(Math.abs(b.y - pointer.y - (a.y - pointer.y) * factor)).toBeLessThanOrEqual(2);
  // The page itself never zoomed or scrolled.
  expect(await page.evaluate(() => [window.visualViewport?.scale, window.scrollX])).toEqual([1, 0]);
});

test('export .canvas and import it as the same board; a foreign file; a bad file changes nothing', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Ideas', ['Idea', 'Detail', 'More']);
  // Colours, a label and places of its own, so the round trip has them to keep.
  await nodeOnCanvas(page, 'Detail').click();
  await page.keyboard.press('Shift+ArrowDown');
  const bar = page.getByRole('toolbar', { name: 'Selected nodes' });
  await bar.getByRole('button', { name: 'Colour', exact: true }).click();
  await bar.getByRole('button', { name: 'Red' }).click();
  await bar.getByRole('button', { name: 'Connections', exact: true }).click();
  await bar.getByRole('button', { name: 'Connection to More' }).click();
  const connection = page.getByRole('toolbar', { name: 'Connection' });
  await connection.getByLabel('Label').fill('next');
  await connection.getByRole('button', { name: 'Purple' }).click();
  await expect
    .poll(async () => (await boardNamed(page, 'Ideas')).board?.edges.some((e) => e.color === '6'))
    .toBe(true);
  await expect.poll(async () => (await boardNamed(page, 'Ideas')).byText('Detail')?.y).toBe(100);

  await page.getByRole('button', { name: 'Files', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .canvas' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Ideas.canvas');
  const text = await downloadedText(file);
  expect(JSON.parse(text)).toHaveProperty('nodes');

  await page.getByRole('button', { name: 'All boards' }).click();
  const input = page.getByLabel('Import a .canvas file');
  await input.setInputFiles({
    name: 'broken.canvas',
    mimeType: 'application/json',
    buffer: Buffer.from('{"nodes": 3'),
  });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toMatch(/^Nothing was imported\. \S/);
  expect((await stored(page)).boards).toHaveLength(1);

  await input.setInputFiles({
    name: 'Ideas.canvas',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await page.locator(CANVAS).waitFor();
  await expect.poll(async () => (await stored(page)).boards.length).toBe(2);
  const { boards, nodes } = await stored(page);
  const [first, second] = boards;
  expect(second!.title).toBe(first!.title);
  expect(second!.id).not.toBe(first!.id);
  // Every node in the same place, size and colour, every edge between the same two nodes (by
  // their texts) with the same sides, colour and label.
  const shape = (board: StoredBoard) => {
    const mine = nodes.filter((n) => n.boardId === board.id);
    const textOf = (id: string) => mine.find((n) => n.id === id)?.text;
    return {
      nodes: mine
        .map((n) => [n.text, n.type, n.x, n.y, n.width, n.height, n.color ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      edges: board.edges
        .map((e) => [
          textOf(e.fromNode),
          e.fromSide,
          textOf(e.toNode),
          e.toSide,
          e.color ?? null,
          e.label ?? null,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    };
  };
  expect(shape(second!)).toEqual(shape(first!));
  expect(shape(first!).nodes).toContainEqual(['Detail', 'text', 320, 100, 240, 72, '1']);
  expect(shape(first!).edges).toContainEqual(['Detail', 'right', 'More', 'left', '6', 'next']);

  // A foreign file: a link Nowou does not open becomes a text node (and the import says so), and
  // a hex-coloured edge gets an arrowhead of its own colour.
  await page.getByRole('button', { name: 'All boards' }).click();
  const foreign = {
    nodes: [
      { id: 'v', type: 'text', text: 'Vault', x: 0, y: 0, width: 200, height: 60 },
      {
        id: 'o',
        type: 'link',
        url: 'obsidian://open?vault=Notes',
        x: 300,
        y: 0,
        width: 260,
        height: 60,
      },
    ],
    edges: [{ id: 'e', fromNode: 'v', toNode: 'o', color: '#ff00aa' }],
  };
  await input.setInputFiles({
    name: 'Vault.canvas',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(foreign)),
  });
  await page.locator(CANVAS).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: 'is not a web or mail link, so it is kept as a text node' })
    .waitFor();
  await expect.poll(async () => (await boardNamed(page, 'Vault')).nodes.length).toBe(2);
  const vault = await boardNamed(page, 'Vault');
  expect(vault.nodes.map((n) => [n.type, n.text]).sort()).toEqual([
    ['text', 'Vault'],
    ['text', 'obsidian://open?vault=Notes'],
  ]);
  await expect
    .poll(() => edgePaint(page, vault.board!.edges[0]!.id))
    .toEqual({
      line: 'rgb(255, 0, 170)',
      head: 'rgb(255, 0, 170)',
    });
});

/** Colours the node named `title` with a preset through the bar's Colour panel. */
async function colourNode(page: Page, title: string, colour: string) {
  await nodeOnCanvas(page, title).click();
  const bar = page.getByRole('toolbar', { name: 'Selected nodes' });
  if (
    (await bar
      .getByRole('button', { name: 'Colour', exact: true })
      .getAttribute('aria-expanded')) !== 'true'
  ) {
    await bar.getByRole('button', { name: 'Colour', exact: true }).click();
  }
  await bar.getByRole('button', { name: colour, exact: true }).click();
}

test('axe at 400 px dark and 1280 px light on a board with nodes; no sideways scroll at 320 px', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Launch', ['Launch', 'Write post', 'Tell Ada']);
  // Text on every preset's tint, and a to-do's chip, checked for contrast with the rest.
  await page.getByRole('button', { name: 'Fit' }).click();
  await colourNode(page, 'Launch', 'Red');
  await colourNode(page, 'Tell Ada', 'Yellow');
  await page.getByRole('button', { name: 'Make a to-do' }).click();
  await colourNode(page, 'Write post', 'Cyan');
  await nodeOnCanvas(page, 'Tell Ada').getByText('To-do', { exact: true }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard to a connection: the selected node's bar lists it under Connections; choosing it
  // opens its label.
  await page.getByRole('button', { name: 'Connections', exact: true }).focus();
  await page.keyboard.press('Enter');
  // The panel is next in the Tab order: Connect to…, ← Launch, then → Tell Ada.
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
    '→ Connection to Tell Ada',
  );
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? ''))
    .toContain('Label');
  await page.keyboard.type('then');
  await expect
    .poll(async () => (await stored(page)).boards.find((b) => b.title === 'Launch')?.edges)
    .toEqual(expect.arrayContaining([expect.objectContaining({ label: 'then' })]));

  const dark = await site.open(BOARDS, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  await boardByKeyboard(dark.page, 'Small', ['One', 'Two', 'Three']);
  await dark.page.getByRole('button', { name: 'Fit' }).click();
  await colourNode(dark.page, 'One', 'Orange');
  await colourNode(dark.page, 'Two', 'Green');
  await colourNode(dark.page, 'Three', 'Purple');
  await dark.page.getByRole('button', { name: 'Make a to-do' }).click();
  // On a phone the exports fold behind Tools, then Files.
  expect(await dark.page.getByRole('button', { name: 'Export .canvas' }).isVisible()).toBe(false);
  await dark.page.getByRole('button', { name: 'Tools', exact: true }).click();
  await dark.page.getByRole('button', { name: 'Files', exact: true }).click();
  expect(await dark.page.getByRole('button', { name: 'Export .canvas' }).isVisible()).toBe(true);
  expect(await axeViolations(dark.page)).toEqual([]);
  await dark.page.setViewportSize({ width: 320, height: 800 });
  const sideways = () =>
    dark.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
  expect(await sideways()).toBe(false);
  await dark.page.getByRole('button', { name: 'All boards' }).click();
  expect(await sideways()).toBe(false);
});

test('a group label ends with Enter; dragging a group carries the nodes inside it, as one step Ctrl+Z undoes', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Errands', ['Errands', 'Shop', 'Post office']);
  const nodeNamed = (name: string) => page.getByRole('group', { name, exact: true });
  await page.getByRole('button', { name: 'Fit' }).click();
  await nodeNamed('Shop, connects to Post office').click();
  await nodeNamed('Post office').click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Group selection' }).click();
  // The new group opens its label for editing; Enter ends the label (adding no node) and leaves
  // the group focused.
  await page.getByLabel('Group label').waitFor();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Out and about');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe('Out and about');
  expect(await page.locator(`${CANVAS} [data-node-id]`).count()).toBe(4);
  await page.getByRole('button', { name: 'Fit' }).click();
  // The new view is drawn on the next frame.
  await nextFrames(page);

  const places = async () => {
    const { nodes } = await stored(page);
    return new Map(nodes.filter((n) => !n.deleted).map((n) => [n.text ?? n.id, [n.x, n.y]]));
  };
  // The store writes after a short quiet time: wait for the group.
  await expect.poll(async () => (await places()).size).toBe(4);
  const before = await places();
  const group = page.locator(`${CANVAS} [data-type="group"]`);
  // Down on the group's label (above the framed nodes, clear of the side handles), then along.
  const label = (await group.getByText('Out and about', { exact: true }).boundingBox())!;
  const start = { x: label.x + label.width / 2, y: label.y + label.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 5, { steps: 2 });
  await page.mouse.move(start.x + 90, start.y + 40, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await places()).get('Shop')).not.toEqual(before.get('Shop'));
  const after = await places();
  const shift = (text: string) => {
    const [x0, y0] = before.get(text)!;
    const [x1, y1] = after.get(text)!;
    return [x1! - x0!, y1! - y0!];
  };
  const [dx, dy] = shift('Shop');
  expect(dx).toBeGreaterThan(0);
  expect(dy).toBeGreaterThan(0);
  expect(shift('Post office')).toEqual([dx, dy]);
  const groupId = [...after.keys()].find(
    (key) => !['Errands', 'Shop', 'Post office'].includes(key),
  )!;
  expect(shift(groupId)).toEqual([dx, dy]);
  // The node outside the group stays.
  expect(shift('Errands')).toEqual([0, 0]);

  await page.keyboard.press('Control+z');
  await expect.poll(places).toEqual(before);
});

test('marquee and Shift-click select; copy, paste, duplicate and delete, each undone', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Picks', ['Alpha', 'Beta', 'Gamma']);
  const texts = async () => (await boardNamed(page, 'Picks')).nodes.map((n) => n.text ?? '').sort();
  const edgeCount = async () => (await boardNamed(page, 'Picks')).board!.edges.length;
  const selected = () => page.locator(`${CANVAS} [data-selected]`).count();

  // Escape clears the selection (Gamma, just edited); then Shift+drag from empty space above
  // Alpha to the middle of Beta: the marquee touches both.
  await expect.poll(() => focusedName(page)).toBe('Gamma');
  await page.keyboard.press('Escape');
  await expect.poll(selected).toBe(0);
  await page.getByRole('button', { name: 'Fit' }).click();
  // The new view is drawn on the next frame.
  await nextFrames(page);
  const alpha = (await nodeOnCanvas(page, 'Alpha').boundingBox())!;
  const beta = (await nodeOnCanvas(page, 'Beta').boundingBox())!;
  await page.keyboard.down('Shift');
  await page.mouse.move(alpha.x - 12, alpha.y - 12);
  await page.mouse.down();
  await page.mouse.move(alpha.x + 40, alpha.y + 20, { steps: 3 });
  await page.mouse.move(beta.x + beta.width / 2, beta.y + beta.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect.poll(selected).toBe(2);
  expect(await page.getByRole('toolbar', { name: 'Selected nodes' }).innerText()).toContain(
    '2 selected',
  );
  // Shift-click adds a node and takes one away.
  await nodeOnCanvas(page, 'Gamma').click({ modifiers: ['Shift'] });
  await expect.poll(selected).toBe(3);
  await nodeOnCanvas(page, 'Alpha').click({ modifiers: ['Shift'] });
  await expect.poll(selected).toBe(2);

  // Copy and paste Beta and Gamma: two new nodes and the edge between them; Ctrl+Z takes them.
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Beta', 'Gamma', 'Gamma']);
  expect(await edgeCount()).toBe(3);
  expect(await selected()).toBe(2);
  await page.keyboard.press('Control+z');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Gamma']);
  expect(await edgeCount()).toBe(2);

  // Duplicate, then delete the duplicates; each undone in turn.
  await nodeOnCanvas(page, 'Beta').click();
  await nodeOnCanvas(page, 'Gamma').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+d');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Beta', 'Gamma', 'Gamma']);
  await page.keyboard.press('Delete');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Gamma']);
  await page.keyboard.press('Control+z');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Beta', 'Gamma', 'Gamma']);
  expect(await edgeCount()).toBe(3);
  await page.keyboard.press('Control+z');
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Gamma']);

  // By keyboard: Space adds the focused node, Alt+Shift+arrows go on keeping the selection.
  await nodeOnCanvas(page, 'Alpha').focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Space');
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(() => focusedName(page)).toMatch(/^Beta/);
  await page.keyboard.press('Space');
  await expect.poll(selected).toBe(2);
  expect(await nodeOnCanvas(page, 'Gamma').getAttribute('data-selected')).toBeNull();
});

test('the command palette offers the board actions that apply and runs them as their keys', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Palette', ['Alpha', 'Beta', 'Gamma']);
  const texts = async () =>
    (await boardNamed(page, 'Palette')).nodes.map((n) => n.text ?? '').sort();
  const palette = page.getByRole('dialog', { name: 'Commands' });
  const search = palette.getByRole('combobox');
  const onCanvas = () =>
    page.evaluate(
      (canvas) => document.querySelector(canvas)!.contains(document.activeElement),
      CANVAS,
    );

  // One node selected: Group selection does not apply; Duplicate does, with its key beside it.
  await nodeOnCanvas(page, 'Beta').click();
  await page.keyboard.press('Control+k');
  await search.fill('group selection');
  await expect.poll(() => palette.getByRole('option').count()).toBe(0);
  await search.fill('duplicate');
  const duplicate = palette.getByRole('option', { name: /^Board: Duplicate/ });
  expect(await duplicate.locator('kbd').innerText()).toBe('Ctrl+D');
  await search.press('Enter');
  await palette.waitFor({ state: 'detached' });
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Beta', 'Gamma']);
  // As Ctrl+D: the copy is selected and focused on the canvas.
  await expect.poll(() => focusedName(page)).toMatch(/^Beta/);
  expect(await onCanvas()).toBe(true);

  // Copy moves no focus itself: focus comes back to the node it was on.
  await page.keyboard.press('Control+k');
  await search.fill('copy');
  await search.press('Enter');
  await expect.poll(() => focusedName(page)).toMatch(/^Beta/);

  // Delete from the palette takes the copy; focus stays on the canvas.
  await page.keyboard.press('Control+k');
  await search.fill('delete');
  await palette.getByRole('option', { name: /^Board: Delete/ }).click();
  await expect.poll(texts).toEqual(['Alpha', 'Beta', 'Gamma']);
  await expect.poll(onCanvas).toBe(true);
});

test('connect by drag, click and keyboard with a label and a colour; resize without a drag; a link; search', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Shop', ['Open shop', 'Build site', 'Write pages']);
  // Shift+Enter on Write pages: a node under it, from the same parent.
  await expect.poll(() => focusedName(page)).toBe('Write pages');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Set prices');
  await page.keyboard.press('Escape');
  await expect.poll(() => focusedName(page)).toBe('Set prices');
  const shop = () => boardNamed(page, 'Shop');
  const edgeBetween = async (from: string, to: string) => {
    const { board, byText } = await shop();
    return board!.edges.find((e) => e.fromNode === byText(from)?.id && e.toNode === byText(to)?.id);
  };

  // By keyboard: C, the arrows to the other node, Enter; focus goes to the new edge's label.
  await page.keyboard.press('c');
  await page.getByRole('group', { name: 'Connecting' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => focusedName(page)).toMatch(/^Build site/);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => focusedName(page)).toMatch(/^Open shop/);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent))
    .toContain('Label');
  await page.keyboard.type('loop');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toMatch(/^Open shop/);
  await expect.poll(() => edgeBetween('Set prices', 'Open shop')).toMatchObject({ label: 'loop' });
  // The label is part of the node's name, on the canvas and in the outline.
  await page
    .getByRole('navigation', { name: 'Outline of the board' })
    .getByRole('button', { name: 'Set prices, connects to Open shop (loop)' })
    .waitFor();

  // By drag from Open shop's bottom handle to Write pages, then a label and a colour.
  await page.getByRole('button', { name: 'Fit' }).click();
  // The new view is drawn on the next frame.
  await nextFrames(page);
  await nodeOnCanvas(page, 'Open shop').click();
  const port = (await nodeOnCanvas(page, 'Open shop')
    .locator('[data-connect="bottom"]')
    .boundingBox())!;
  const target = (await nodeOnCanvas(page, 'Write pages').boundingBox())!;
  await page.mouse.move(port.x + port.width / 2, port.y + port.height / 2);
  await page.mouse.down();
  await page.mouse.move(port.x + 20, port.y + 30, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
  const connection = page.getByRole('toolbar', { name: 'Connection' });
  await connection.getByLabel('Label').fill('soon');
  await connection.getByRole('button', { name: 'Green' }).click();
  await expect
    .poll(() => edgeBetween('Open shop', 'Write pages'))
    .toMatchObject({ fromSide: 'bottom', label: 'soon', color: '4' });
  const dragged = (await edgeBetween('Open shop', 'Write pages'))!;
  const paint = await edgePaint(page, dragged.id);
  expect(paint.head).toBe(paint.line);

  // By clicks: Connections, Connect to…, then a click on the other node.
  await nodeOnCanvas(page, 'Build site').click();
  const nodeBar = page.getByRole('toolbar', { name: 'Selected nodes' });
  await nodeBar.getByRole('button', { name: 'Connections', exact: true }).click();
  await nodeBar.getByRole('button', { name: 'Connect to…' }).click();
  await nodeOnCanvas(page, 'Set prices').click();
  await expect.poll(() => edgeBetween('Build site', 'Set prices')).toBeTruthy();
  expect((await shop()).board!.edges).toHaveLength(5);

  // Resizing: Ctrl+arrows on the node, and the bar's Taller; Ctrl+Z undoes the last.
  await nodeOnCanvas(page, 'Set prices').focus();
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.press('Control+ArrowRight');
  const size = async () => {
    const node = (await shop()).byText('Set prices')!;
    return [node.width, node.height];
  };
  await expect.poll(size).toEqual([280, 72]);
  const sizes = page.getByRole('toolbar', { name: 'Selected nodes' });
  await sizes.getByRole('button', { name: 'Size', exact: true }).click();
  await sizes.getByRole('button', { name: 'Taller' }).click();
  await expect.poll(size).toEqual([280, 92]);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await size())[1]).toBe(72);

  // A link: only a whole link is saved, and the field says what is missing until then.
  await page.getByRole('button', { name: 'Add link' }).click();
  const address = page.getByLabel('Link address');
  await address.fill('exa');
  await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
  expect(await page.locator('.bn__problem').innerText()).toMatch(/^Not a link yet/);
  const links = async () => (await shop()).nodes.filter((n) => n.type === 'link').map((n) => n.url);
  await expect.poll(links).toEqual(['https://']);
  await address.fill('https://example.com/shop');
  await expect.poll(links).toEqual(['https://example.com/shop']);
  expect(await address.getAttribute('aria-invalid')).toBeNull();
  await page.keyboard.press('Escape');
  await page.locator(`${CANVAS} a[href="https://example.com/shop"]`).waitFor();

  // The outline's search narrows it; Enter goes to the first match.
  const search = page.getByLabel('Search the board');
  await search.fill('PRICES');
  await page.getByText('1 node matches.').waitFor();
  await search.press('Enter');
  await expect.poll(() => focusedName(page)).toMatch(/^Set prices/);
});

test('Make a to-do shows its state on the node; the to-do opens the board at its node', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Launch', ['Launch', 'Write post', 'Tell Ada']);
  const node = nodeOnCanvas(page, 'Write post');
  await node.click();
  await page.getByRole('button', { name: 'Make a to-do' }).click();
  await node.getByText('To-do', { exact: true }).waitFor();
  // Storage gets the change a moment after the screen does.
  await expect
    .poll(async () => (await boardNamed(page, 'Launch')).byText('Write post')?.todoId)
    .toBeTruthy();
  const { board, byText } = await boardNamed(page, 'Launch');
  const todoOf = async () => (await stored(page)).todos.find((t) => t.title === 'Write post');
  await expect.poll(todoOf).toMatchObject({
    done: false,
    source: { boardId: board!.id, nodeId: byText('Write post')!.id },
  });
  await expect
    .poll(async () => (await boardNamed(page, 'Launch')).byText('Write post')?.todoId)
    .toBe((await todoOf())!.id);

  // In the Inbox: tick it, then Open on board.
  const sections = page.getByRole('navigation', { name: 'Nowou sections' });
  await sections.getByRole('button', { name: 'To-dos' }).click();
  // Ticked, the row leaves the Inbox for Done.
  await page.getByRole('checkbox', { name: 'Write post' }).click();
  await expect.poll(async () => (await todoOf())?.done).toBe(true);
  await page.getByRole('button', { name: /^Done\b/ }).click();
  // On a phone, where the canvas sits below the fold.
  await page.setViewportSize(VIEWPORTS.mobile);
  // There a row's actions wait behind its menu button.
  await page.getByRole('button', { name: 'Actions for Write post' }).click();
  await page.getByRole('link', { name: 'Open on board Write post' }).click();
  await page.locator(CANVAS).waitFor();
  // The board opens centred on the node, selected and focused, with the to-do's state.
  await expect.poll(() => focusedName(page)).toMatch(/^Write post/);
  await nodeOnCanvas(page, 'Write post').getByText('Done ✓').waitFor();
  expect(await nodeOnCanvas(page, 'Write post').getAttribute('data-selected')).toBe('true');
  const url = new URL(page.url());
  expect([url.searchParams.get('board'), url.searchParams.get('node')]).toEqual([board!.id, null]);
  const canvas = (await page.locator(CANVAS).boundingBox())!;
  const shown = (await nodeOnCanvas(page, 'Write post').boundingBox())!;
  expect(Math.abs(shown.x + shown.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(3);
  expect(Math.abs(shown.y + shown.height / 2 - (canvas.y + canvas.height / 2))).toBeLessThan(3);
  // The page scrolled to the canvas: the node is on screen.
  expect(shown.y).toBeGreaterThanOrEqual(0);
  expect(shown.y + shown.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
});

test('boards renamed, duplicated, deleted and restored; a marquee by touch in Select mode (400 px, dark)', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  await boardByKeyboard(page, 'Garden', ['Garden', 'Beds', 'Seeds']);

  // Select mode: one finger draws a marquee instead of panning.
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.locator(CANVAS).scrollIntoViewIfNeeded();
  const canvas = (await page.locator(CANVAS).boundingBox())!;
  // Fit keeps the text readable, which on a phone shows the first two nodes of the three: zoom
  // out (behind Tools) until all three show.
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  const shown = async () => {
    const boxes = await page
      .locator(`${CANVAS} .bn`)
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
    return boxes.every((box) => box.left >= canvas.x && box.right <= canvas.x + canvas.width);
  };
  for (let step = 0; step < 8 && !(await shown()); step++) {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await nextFrames(page);
  }
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  // On a phone the selection's bar lies over the canvas's top edge while a node is selected (the
  // last one typed is): the finger starts under it.
  const bar = await page.locator('.board__selection').boundingBox();
  const top = Math.max(canvas.y, bar ? bar.y + bar.height : 0) + 4;
  await touchDrag(
    page,
    { x: canvas.x + 4, y: top },
    { x: canvas.x + canvas.width - 4, y: canvas.y + canvas.height - 4 },
  );
  await expect.poll(() => page.locator(`${CANVAS} [data-selected]`).count()).toBe(3);

  await page.getByRole('button', { name: 'All boards' }).click();
  const boards = page.getByRole('list', { name: 'Your boards' });
  await boards.getByRole('button', { name: 'Rename Garden' }).click();
  const title = page.getByLabel('Title of Garden');
  await title.fill('Vegetable garden');
  await title.press('Enter');
  await boards.getByRole('button', { name: 'Vegetable garden', exact: true }).waitFor();

  await boards.getByRole('button', { name: 'Duplicate Vegetable garden' }).click();
  const copy = boards.getByRole('listitem').filter({ hasText: 'Vegetable garden (copy)' });
  await copy.waitFor();
  expect(await copy.innerText()).toContain('3 nodes');
  await expect
    .poll(async () => (await boardNamed(page, 'Vegetable garden (copy)')).nodes.length)
    .toBe(3);
  const copied = await boardNamed(page, 'Vegetable garden (copy)');
  const original = await boardNamed(page, 'Vegetable garden');
  expect(copied.nodes.map((n) => [n.text, n.x, n.y]).sort()).toEqual(
    original.nodes.map((n) => [n.text, n.x, n.y]).sort(),
  );
  expect(copied.board!.edges).toHaveLength(2);

  await boards.getByRole('button', { name: 'Delete Vegetable garden (copy)' }).click();
  await copy.waitFor({ state: 'detached' });
  const deleted = page.getByText('Recently deleted (1)');
  await deleted.click();
  await expect
    .poll(async () => (await boardNamed(page, 'Vegetable garden (copy)')).board)
    .toBeUndefined();
  await page
    .getByRole('list', { name: 'Recently deleted boards' })
    .getByRole('button', { name: 'Restore Vegetable garden (copy)' })
    .click();
  await copy.waitFor();
  await expect
    .poll(async () => (await boardNamed(page, 'Vegetable garden (copy)')).nodes.length)
    .toBe(3);
  expect(await deleted.count()).toBe(0);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    ),
  ).toBe(false);
});
