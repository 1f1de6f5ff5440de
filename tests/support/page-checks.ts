/**
 * The per-page checks of the page walk (tests/e2e/site/page-walk.spec.ts), each run on a page the
 * walk has just loaded. A check that belongs to every page joins the walk here instead of loading
 * the pages again in a file of its own (tests/README.md#the-page-walk).
 */
import type { BrowserContext, Page, Request } from 'playwright-core';

/** Requests the page has asked for and not yet finished, and every URL it asked for. */
export interface RequestWatch {
  /** URLs requested since the last clear(). */
  readonly requested: string[];
  clear(): void;
  /**
   * Resolves once no request has been open for two animation frames in a row (event streams never
   * end and are left out): the network has settled without a timer deciding it.
   */
  settled(): Promise<void>;
}

export function watchRequests(page: Page): RequestWatch {
  const open = new Set<Request>();
  const requested: string[] = [];
  let wake: (() => void) | undefined;
  const finished = (request: Request) => {
    open.delete(request);
    if (open.size === 0) wake?.();
  };
  page.on('request', (request) => {
    requested.push(request.url());
    if (request.resourceType() !== 'eventsource') open.add(request);
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const nextFrames = () =>
    page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
        ),
    );
  return {
    requested,
    clear: () => {
      requested.length = 0;
    },
    async settled() {
      for (;;) {
        if (open.size > 0) await new Promise<void>((resolve) => (wake = resolve));
        await nextFrames();
        if (open.size === 0) return;
      }
    },
  };
}

/** Main landmarks, <main> elements and h1 headings, and whether the h1 is visible inside <main>. */
export async function landmarks(page: Page) {
  return {
    mainLandmarks: await page.getByRole('main').count(),
    mainElements: await page.locator('main').count(),
    h1: await page.getByRole('heading', { level: 1 }).count(),
    h1InMain: await page.getByRole('main').getByRole('heading', { level: 1 }).isVisible(),
  };
}

/**
 * Records the CSP directives every page of the context reports as violated, from before its first
 * byte on; read them with cspViolations.
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(event.effectiveDirective),
    );
  });
}

export const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Whether the page's inline <style> block is in force (a refused one has no style sheet). */
export const inlineStyleApplied = (page: Page) =>
  page.evaluate(() => (document.querySelector('style')?.sheet?.cssRules.length ?? 0) > 0);

/** When the page first painted, and when each of its own modules (theme-init.js aside) was asked for. */
export const paintAndModules = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Infinity,
    modules: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(?!theme-init-).+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));

/** The stylesheets inlined into the page, named by disabled links that nothing should fetch. */
export const inlinedStylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
      (link) => link.href,
    ),
  );

/**
 * Every layout shift since the document started, as the browser reported it: the buffered entries
 * arrive in the observer's first task, which runs before the timer task queued after it.
 */
export const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // A task queued after observe() runs after the buffered entries' delivery: order, not time.
        setTimeout(() => {
          for (const entry of observer.takeRecords() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
          observer.disconnect();
          resolve(total);
        }, 0);
      }),
  );

/**
 * Everything fixed or stuck on screen that overlaps a visible control or text, as readable strings
 * (docs/product/shell.md#nothing-covers-the-page). A fixed layer that lets clicks through is not a
 * cover itself, but the parts of it that take clicks again (pointer-events: auto) are: they float
 * with the layer.
 */
export function fixedCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` +
      ` "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.top < innerHeight
      );
    };
    const takesClicks = (el: Element) => getComputedStyle(el).pointerEvents !== 'none';
    const floats = (el: Element) => ['fixed', 'sticky'].includes(getComputedStyle(el).position);
    /** The parts of a click-through layer that take clicks: the outermost ones, below it. */
    const clickableParts = (layer: Element): Element[] =>
      [...layer.children].flatMap((child) =>
        takesClicks(child) ? [child] : clickableParts(child),
      );
    const covers = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!floats(el)) continue;
      for (const part of takesClicks(el) ? [el] : clickableParts(el))
        if (visible(part)) covers.add(part);
    }
    const targets = [
      ...document.querySelectorAll(
        'a[href], button, input, select, textarea, [role="slider"], [tabindex="0"], h1, h2, h3, p, li, td, th, label',
      ),
    ].filter(visible);
    const found: string[] = [];
    for (const cover of covers) {
      const box = cover.getBoundingClientRect();
      for (const target of targets) {
        if (cover.contains(target) || target.contains(cover)) continue;
        const rect = target.getBoundingClientRect();
        const overlapX = Math.min(box.right, rect.right) - Math.max(box.left, rect.left);
        const overlapY = Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top);
        if (overlapX > 1 && overlapY > 1)
          found.push(`${describe(cover)} covers ${describe(target)}`);
      }
    }
    return found;
  });
}

/** Scrolls to `y` and waits for the scroll's own frame, then for anything it set moving. */
export async function scrollAndSettle(
  page: Page,
  y: number,
  settle: (page: Page) => Promise<void>,
): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise((resolve) => {
        window.scrollTo(0, top);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)));
      }),
    y,
  );
  await settle(page);
}

/**
 * Browser issues (what Lighthouse counts as inspector-issues) of a page, as `url: code`, from the
 * DevTools protocol's Audits domain.
 */
export async function watchBrowserIssues(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(`${page.url()}: ${issue.code}`));
  await cdp.send('Audits.enable');
  return issues;
}
