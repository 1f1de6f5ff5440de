/**
 * Helpers the Nowou part's Chromium figures share (nowou.ts, nowou-boards.ts): percentiles, the
 * stand-in for tsx's name helper in the page, and frames from a Chromium trace.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './page-loads.ts';

/**
 * tsx compiles this file keeping function names, which wraps named inner functions in calls to its
 * helper `__name`; the functions sent to the page carry those calls, so the page gets a stand-in.
 */
export const NAME_HELPER = 'globalThis.__name ??= (target) => target;';

export const median = (values: number[]) => quantile(values, 0.5);

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  // Nearest rank, as the other parts of the bench report percentiles.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { message?: string } };
}

export const DRAG_START_MARK = 'nowou-bench drag start';
export const DRAG_END_MARK = 'nowou-bench drag end';

/**
 * Frames of the drag from a Chromium trace: the page's main thread (the one its console.timeStamp
 * marks came from), its requestAnimationFrame callbacks between the marks as frame boundaries, and
 * per frame interval the time that thread spent running tasks (their union, so nested tasks count
 * once): input handling, the app's renders, style, layout and paint alike.
 */
export function framesFromTrace(trace: Buffer): { work: number[]; intervals: number[] } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (message: string) =>
    events.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === message);
  const start = mark(DRAG_START_MARK);
  const end = mark(DRAG_END_MARK);
  if (!start || !end) throw new Error('the trace holds no drag marks');
  const onMain = (event: TraceEvent) => event.pid === start.pid && event.tid === start.tid;
  const frames = events
    .filter(
      (event) =>
        onMain(event) &&
        event.name === 'FireAnimationFrame' &&
        event.ts >= start.ts &&
        event.ts <= end.ts,
    )
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  if (frames.length < 10) throw new Error(`the trace holds ${frames.length} frames of the drag`);
  const tasks = events
    .filter((event) => onMain(event) && event.name === 'RunTask' && event.ph === 'X')
    .map((event) => [event.ts, event.ts + (event.dur ?? 0)] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of tasks) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const work: number[] = [];
  const intervals: number[] = [];
  for (let i = 0; i + 1 < frames.length; i += 1) {
    const from = frames[i]!;
    const to = frames[i + 1]!;
    let busy = 0;
    for (const [taskFrom, taskTo] of merged) {
      if (taskFrom >= to) break;
      busy += Math.max(0, Math.min(to, taskTo) - Math.max(from, taskFrom));
    }
    work.push(busy / 1000);
    intervals.push((to - from) / 1000);
  }
  return { work, intervals };
}

/** A fresh context at the desktop viewport, on this machine's time zone. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: DESKTOP_VIEWPORT.width, height: DESKTOP_VIEWPORT.height },
    // The seed's days and times are on this machine's calendar: the page must share it.
    timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

export interface TracedGesture {
  durationMs: number;
  work: number[];
  intervals: number[];
}

/**
 * Runs a pointer gesture under a Chromium trace, a requestAnimationFrame callback every frame
 * marking the frames, and returns the main thread's work per frame (framesFromTrace) from the mark
 * before it to the mark after the frame that follows it.
 */
export async function traceGesture(
  browser: Browser,
  page: Page,
  gesture: () => Promise<void>,
): Promise<TracedGesture> {
  await page.evaluate(() => {
    const state = window as unknown as { __nowouFrames: boolean };
    state.__nowouFrames = true;
    const loop = () => {
      if (state.__nowouFrames) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
    ],
  });
  let trace: Buffer;
  const began = performance.now();
  try {
    await page.evaluate((message) => console.timeStamp(message), DRAG_START_MARK);
    await gesture();
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    await page.evaluate((message) => console.timeStamp(message), DRAG_END_MARK);
  } finally {
    trace = await browser.stopTracing();
  }
  const durationMs = performance.now() - began;
  await page.evaluate(() => {
    (window as unknown as { __nowouFrames: boolean }).__nowouFrames = false;
  });
  return { durationMs, ...framesFromTrace(trace) };
}
