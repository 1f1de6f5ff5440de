/** Turns the Nowou figures into the lines `npm run bench` prints. */
import { verdictLine } from './fanout-report.ts';
import type { NowouFrames, NowouResults, NowouUsable } from './nowou-results.ts';
import { table } from './report.ts';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

const CASE_LABELS: Record<NowouUsable['case'], string> = {
  empty: 'empty store, to-dos',
  todos: 'seeded store, to-dos',
  timeline: 'seeded store, timeline',
};

/** The line on whether other routes' first loads stay clear of Nowou's chunks. */
export function isolationLine(results: NowouResults): string | null {
  const ownJs = results.ownJs;
  if (!ownJs || results.isolated === null) return null;
  const routes = ownJs.otherRoutes.map((route) => route.path).join(', ');
  if (results.isolated)
    return `Target: no other route's first load (${routes}) fetches Nowou's code → PASS`;
  const offenders = ownJs.otherRoutes
    .filter((route) => route.nowouChunks.length)
    .map((route) => `${route.path}: ${route.nowouChunks.join(', ')}`);
  return `Target: no other route's first load (${routes}) fetches Nowou's code → MISS (${offenders.join('; ')})`;
}

export function usableSummary(results: NowouResults): string[] {
  return results.usable.map(
    (usable) =>
      `Nowou usable, ${CASE_LABELS[usable.case]}: ${ms(usable.medianMs)} ms median${usable.case === 'empty' ? '' : ` (${usable.ratioToEmpty?.toFixed(2) ?? '—'} × the empty store)`}`,
  );
}

export function nowouLines(results: NowouResults): string[] {
  const lines: string[] = [];
  const { ownJs, store, drag } = results;
  if (store)
    lines.push(
      `Store (seed ${store.seed}): ${store.todos} to-dos, ${store.scheduledTodos} of them on the timeline, ${store.textBoxes} text boxes, one timeline; ${store.entries} localStorage entries, ${(store.chars / 1e6).toFixed(2)} M characters`,
      '',
    );

  if (ownJs) {
    lines.push(
      "Nowou's own JS: chunks first loads of /nowou and /nowou?section=timeline fetch beyond a first load of / (gzip -9, KB = 1000 bytes)",
      '',
      ...table(
        ['chunk', 'source', 'fetched by', 'KB', 'gzip KB'],
        [
          ...ownJs.chunks.map((chunk) => [
            chunk.path,
            chunk.name || '—',
            chunk.fetchedBy.join(', '),
            kb(chunk.bytes),
            kb(chunk.gzip),
          ]),
          ['total', '', '', kb(ownJs.bytes), kb(ownJs.gzip)],
        ],
        [false, false, false, true, true],
      ),
    );
    for (const problem of ownJs.problems) lines.push(`  warning: ${problem}`);
    lines.push('');
  }

  if (results.usable.length) {
    lines.push(
      'Time to usable: navigation start to the first frame after the app is usable, in the page (fresh context each load, first load untimed)',
      '',
      ...table(
        ['store', 'path', 'usable when', 'median ms', '× empty', 'DOM seen ms', 'runs ms', 'shown'],
        results.usable.map((usable) => [
          CASE_LABELS[usable.case],
          usable.path,
          usable.condition,
          ms(usable.medianMs),
          usable.ratioToEmpty === null ? '—' : usable.ratioToEmpty.toFixed(2),
          ms(usable.medianSeenMs),
          usable.runsMs.map(ms).join(' '),
          String(usable.rendered),
        ]),
        [false, false, false, true, true, true, false, true],
      ),
      '',
    );
  }

  if (drag) {
    lines.push(
      `Dragging block ${drag.blockId} on the seeded timeline: ${drag.moves} pointer moves of ${drag.movedPx / drag.moves} px in ${ms(drag.durationMs)} ms; stored start ${drag.startBefore ?? '—'} → ${drag.startAfter ?? '—'}`,
      '',
      ...table(
        ['per frame (from a Chromium trace)', 'frames', 'p50 ms', 'p95 ms', 'max ms'],
        [
          [
            'main-thread work',
            String(drag.frames),
            ms(drag.workP50Ms),
            ms(drag.workP95Ms),
            ms(drag.workMaxMs),
          ],
          [
            'time between frames (60 Hz at best)',
            String(drag.frames),
            ms(drag.intervalP50Ms),
            ms(drag.intervalP95Ms),
            ms(drag.intervalMaxMs),
          ],
        ],
        [false, true, true, true, true],
      ),
      '',
    );
  }

  lines.push(...boardLines(results));

  for (const target of results.targets) lines.push(verdictLine(target));
  const isolation = isolationLine(results);
  if (isolation) lines.push(isolation);
  return lines;
}

const frameRows = (gestures: (NowouFrames | null)[]) =>
  gestures.flatMap((gesture) =>
    gesture
      ? [
          [
            `${gesture.what}: main-thread work`,
            String(gesture.frames),
            ms(gesture.workP50Ms),
            ms(gesture.workP95Ms),
            ms(gesture.workMaxMs),
          ],
          [
            `${gesture.what}: time between frames`,
            String(gesture.frames),
            ms(gesture.intervalP50Ms),
            ms(gesture.intervalP95Ms),
            ms(gesture.intervalMaxMs),
          ],
        ]
      : [],
  );

/** The brainstorm board's figures (nowou-boards.ts). */
function boardLines(results: NowouResults): string[] {
  const board = results.board;
  if (!board) return [];
  const lines: string[] = [];
  const { store, open, pan, nodeDrag, js } = board;
  if (store)
    lines.push(
      `Board (seed ${store.seed}): ${store.textNodes} text nodes, ${store.groups} groups, ${store.edges} edges over ${store.area.width} × ${store.area.height} canvas px; ${store.entries} localStorage entries, ${(store.chars / 1e6).toFixed(2)} M characters`,
      '',
    );
  if (open)
    lines.push(
      `Opening the board: navigation start to the first frame after ${open.condition}, in the page (fresh context each load, first load untimed)`,
      '',
      ...table(
        ['path', 'median ms', 'DOM seen ms', 'runs ms', 'nodes', 'edges'],
        [
          [
            open.path,
            ms(open.medianMs),
            ms(open.medianSeenMs),
            open.runsMs.map(ms).join(' '),
            String(open.nodes),
            String(open.edgePaths),
          ],
        ],
        [false, true, true, false, true, true],
      ),
      '',
    );
  const gestures = [pan, nodeDrag].filter((gesture) => gesture !== null);
  if (gestures.length) {
    for (const gesture of gestures)
      lines.push(
        `Dragging ${gesture.what} on the board: ${gesture.moves} pointer moves of ${gesture.movedPx / gesture.moves} px in ${ms(gesture.durationMs)} ms; stored ${gesture.before ?? '—'} → ${gesture.after ?? '—'}`,
      );
    lines.push(
      '',
      ...table(
        ['per frame (from a Chromium trace)', 'frames', 'p50 ms', 'p95 ms', 'max ms'],
        frameRows(gestures),
        [false, true, true, true, true],
      ),
      '',
    );
  }
  if (js) {
    lines.push(
      "The boards' own JS: chunks /nowou?section=boards and the open board fetch beyond first loads of / and /nowou (gzip -9)",
      '',
      ...table(
        ['chunk', 'source', 'fetched by', 'KB', 'gzip KB'],
        [
          ...js.chunks.map((chunk) => [
            chunk.path,
            chunk.name || '—',
            chunk.fetchedBy.join(', '),
            kb(chunk.bytes),
            kb(chunk.gzip),
          ]),
          ['total', '', '', kb(js.bytes), kb(js.gzip)],
          ["with Nowou's own", '', '', '', js.withNowouGzip === null ? '—' : kb(js.withNowouGzip)],
        ],
        [false, false, false, true, true],
      ),
      '',
    );
  }
  return lines;
}
