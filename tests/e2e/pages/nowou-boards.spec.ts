/**
 * Nowou's brainstorm boards in real Chromium (docs/product.md#nowou): three connected nodes made
 * with the keyboard alone and kept over a reload; a node dragged and the drag undone with Ctrl+Z;
 * Ctrl+wheel zoom keeping the point under the pointer in place; export .canvas and import it again
 * as the same board; a bad file changing nothing; axe at 400 px (dark) and 1280 px (light); no
 * sideways scroll at 320 px; a dragged group carrying the nodes inside it, undone as one step.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { axeViolationsInPage as axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();
const BOARDS = `${paths.nowou}?section=boards`;
const CANVAS = '[data-testid="board-canvas"]';

interface StoredNode {
  id: string;
  boardId: string;
  text?: string;
  x: number;
  y: number;
  deleted: boolean;
}
interface StoredBoard {
  id: string;
  title: string;
  deleted: boolean;
  edges: { fromNode: string; toNode: string }[];
}

async function stored(page: Page) {
  return page.evaluate(() => {
    const read = (prefix: string) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => JSON.parse(localStorage.getItem(key)!) as unknown);
    return {
      boards: read('brainstorm-') as StoredBoard[],
      nodes: read('textElement-') as StoredNode[],
    };
  }) as Promise<{ boards: StoredBoard[]; nodes: StoredNode[] }>;
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
  // The Escape left editing on the last node, focused.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
    'Pack bags',
  );
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
  await page.waitForTimeout(100);
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
  await page.waitForTimeout(100);
  const b = (await target.boundingBox())!;
  const factor = b.width / a.width;
  expect(factor).toBeGreaterThan(1.05);
  expect(Math.abs(b.x - pointer.x - (a.x - pointer.x) * factor)).toBeLessThanOrEqual(2);
  expect(Math.abs(b.y - pointer.y - (a.y - pointer.y) * factor)).toBeLessThanOrEqual(2);
  // The page itself never zoomed or scrolled.
  expect(await page.evaluate(() => [window.visualViewport?.scale, window.scrollX])).toEqual([1, 0]);
});

test('export .canvas and import it as the same board; a bad file changes nothing', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Ideas', ['Idea', 'Detail', 'More']);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .canvas' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Ideas.canvas');
  const text = await readFile((await file.path())!, 'utf8');
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
  const texts = (board: StoredBoard) =>
    nodes
      .filter((n) => n.boardId === board.id)
      .map((n) => n.text)
      .sort();
  expect(texts(second!)).toEqual(texts(first!));
  expect(second!.edges).toHaveLength(first!.edges.length);
  expect(second!.id).not.toBe(first!.id);
});

test('axe at 400 px dark and 1280 px light on a board with nodes; no sideways scroll at 320 px', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Launch', ['Launch', 'Write post', 'Tell Ada']);
  await page.getByRole('group', { name: 'Write post, connects to Tell Ada' }).click();
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard to a connection: the selected node's bar lists it; choosing it opens its label.
  const connection = page.getByRole('button', { name: 'Connection to Tell Ada' });
  await connection.focus();
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
  // On a phone the exports fold behind Files.
  expect(await dark.page.getByRole('button', { name: 'Export .canvas' }).isVisible()).toBe(false);
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

test('dragging a group carries the nodes inside it, as one step Ctrl+Z undoes', async () => {
  const { page } = await site.open(BOARDS, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await boardByKeyboard(page, 'Errands', ['Errands', 'Shop', 'Post office']);
  const nodeNamed = (name: string) => page.getByRole('group', { name, exact: true });
  await page.getByRole('button', { name: 'Fit' }).click();
  await nodeNamed('Shop, connects to Post office').click();
  await nodeNamed('Post office').click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Group selection' }).click();
  // The new group opens its label for editing; Escape leaves it selected.
  await page.getByLabel('Group label').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.waitForTimeout(100);

  const places = async () => {
    const { nodes } = await stored(page);
    return new Map(nodes.filter((n) => !n.deleted).map((n) => [n.text ?? n.id, [n.x, n.y]]));
  };
  // The store writes after a short quiet time: wait for the group.
  await expect.poll(async () => (await places()).size).toBe(4);
  const before = await places();
  const group = page.locator(`${CANVAS} [data-type="group"]`);
  // Down on the group's label (above the framed nodes, clear of the side handles), then along.
  const label = (await group.getByText('Group', { exact: true }).boundingBox())!;
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
