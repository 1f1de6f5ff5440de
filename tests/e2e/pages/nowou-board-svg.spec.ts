/**
 * A board's SVG picture attaches every edge where the canvas draws it, in real Chromium: nodes of
 * different shapes (wide, tall, small) at different relative places, edges that name their sides
 * and edges that leave the side to the facing rule, one node dragged on the canvas, then Export
 * SVG; each exported curve starts and ends within a pixel of the canvas's own curve (canvas
 * coordinates, which both use).
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { downloadedText, nextFrames, VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();
const CANVAS = '[data-testid="board-canvas"]';

type Point = { x: number; y: number };

const place = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const BOARD = {
  nodes: [
    { id: 'wide', type: 'text', text: 'Wide', ...place(0, 0, 400, 40) },
    // Further right of Wide's centre than below it: the canvas weighs Wide's shape and leaves
    // from its bottom, where a plain |dx| ≥ |dy| rule would take its right side.
    { id: 'small', type: 'text', text: 'Small', ...place(450, 70, 100, 60) },
    { id: 'tall', type: 'text', text: 'Tall', ...place(-200, -100, 60, 300) },
    { id: 'box', type: 'text', text: 'Box', ...place(100, 300, 160, 100) },
  ],
  edges: [
    { id: 'e1', fromNode: 'wide', toNode: 'small' },
    { id: 'e2', fromNode: 'tall', toNode: 'wide' },
    { id: 'e3', fromNode: 'wide', fromSide: 'left', toNode: 'box', toSide: 'top' },
    { id: 'e4', fromNode: 'small', toNode: 'box' },
    { id: 'e5', fromNode: 'box', toNode: 'tall', label: 'back' },
  ],
};

/** The stored board named `title`, its edges in the order both the canvas and the SVG draw them. */
function storedEdgeIds(page: Page, title: string): Promise<string[]> {
  return page.evaluate((name) => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('brainstorm-')) continue;
      const board = JSON.parse(localStorage.getItem(key)!) as {
        title: string;
        deleted: boolean;
        edges: { id: string }[];
      };
      if (board.title === name && !board.deleted) return board.edges.map((edge) => edge.id);
    }
    return [];
  }, title);
}

/** Where the canvas's curve for each edge starts and ends, in canvas coordinates. */
function canvasEnds(page: Page, edgeIds: string[]): Promise<[Point, Point][]> {
  return page.evaluate((ids) => {
    return ids.map((id) => {
      const line = document.querySelector<SVGPathElement>(
        `[data-edge-id="${CSS.escape(id)}"] .be__line`,
      )!;
      const length = line.getTotalLength();
      const at = (t: number) => {
        const point = line.getPointAtLength(t);
        return { x: point.x, y: point.y };
      };
      return [at(0), at(length)] as [Point, Point];
    });
  }, edgeIds);
}

/** Where each curve of an exported picture starts and ends, in drawing order. */
function svgEnds(svg: string): [Point, Point][] {
  const number = String.raw`(-?\d+(?:\.\d+)?)`;
  const curve = new RegExp(
    `<path d="M${number} ${number}\\s*C[^"]* ${number} ${number}" fill="none"`,
    'g',
  );
  return [...svg.matchAll(curve)].map(([, x1, y1, x2, y2]) => [
    { x: Number(x1), y: Number(y1) },
    { x: Number(x2), y: Number(y2) },
  ]);
}

test('the exported SVG attaches every edge where the canvas draws it', async () => {
  const { page } = await site.open(`${paths.nowou}?section=boards`, {
    width: VIEWPORTS.desktop.width,
    theme: 'light',
  });
  await page.getByLabel('Import a .canvas file').setInputFiles({
    name: 'Shapes.canvas',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(BOARD)),
  });
  await page.locator(CANVAS).waitFor();
  await expect.poll(() => page.locator(`${CANVAS} [data-node-id]`).count()).toBe(4);
  await expect.poll(() => storedEdgeIds(page, 'Shapes')).toHaveLength(5);
  const edgeIds = await storedEdgeIds(page, 'Shapes');

  // Drag Box down and to the right, so one node's place comes from the canvas itself.
  await page.getByRole('button', { name: 'Fit' }).click();
  // The new view is drawn on the next frame.
  await nextFrames(page);
  const before = await canvasEnds(page, edgeIds);
  const boxNode = page.locator(CANVAS).getByRole('group', { name: /^Box(,|$)/ });
  await boxNode.scrollIntoViewIfNeeded();
  const box = (await boxNode.boundingBox())!;
  const start = { x: box.x + 20, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 160, start.y + 40, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => canvasEnds(page, edgeIds)).not.toEqual(before);

  await page.getByRole('button', { name: 'Files', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Shapes.svg');
  const exported = svgEnds(await downloadedText(file));
  const drawn = await canvasEnds(page, edgeIds);

  expect(exported).toHaveLength(drawn.length);
  for (const [index, ends] of drawn.entries()) {
    for (const [end, point] of ends.entries()) {
      const there = exported[index]![end]!;
      const where = `edge ${edgeIds[index]} ${end === 0 ? 'start' : 'end'}`;
      expect(Math.abs(there.x - point.x), where).toBeLessThanOrEqual(1);
      expect(Math.abs(there.y - point.y), where).toBeLessThanOrEqual(1);
    }
  }
  // The case a plain |dx| ≥ |dy| rule gets wrong: Wide → Small leaves Wide's bottom middle.
  expect(drawn[0]![0].x).toBeCloseTo(200, 1);
  expect(drawn[0]![0].y).toBeCloseTo(40, 1);
});
