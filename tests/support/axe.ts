/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) run inside the page and asked for violations only. Its
 * script (about 580 KB) is evaluated once per document, not once per check, and a check of a
 * pop-up scans the pop-up alone: the page under it was checked on its own load (the page walk,
 * tests/e2e/site/page-walk.spec.ts). The site has no frames, so nothing needs axe's frame-by-frame
 * mode.
 *
 *   expect.soft(await axeViolations(page), 'the page').toEqual([]);
 *   expect.soft(await axeViolations(page, page.getByRole('dialog')), 'its pop-up').toEqual([]);
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { settleAnimations } from './browser';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// axe-core comes with @axe-core/playwright: resolved from there, the version that package pins.
const requireFromAxePlaywright = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
);
let axeSource: string | undefined;

interface FoundViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

type AxeWindow = Window & {
  axe: {
    run: (
      context: Element,
      options: object,
    ) => Promise<{
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    }>;
  };
};

/** Evaluates axe's script in the page's document unless it is there already. */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  axeSource ??= readFileSync(requireFromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
}

/**
 * The violations on the whole page, or within `scope` (a pop-up, a section) when given, once no
 * animation runs: one line each, rule, impact, help and up to three of its elements.
 */
export async function axeViolations(page: Page, scope?: Locator): Promise<string[]> {
  await settleAnimations(page);
  await injectAxe(page);
  // The whole document is <html>: axe counts that as the page and runs its page-level rules too.
  const root = scope ?? page.locator(':root');
  const found = await root.evaluate(async (element, tags): Promise<FoundViolation[]> => {
    const results = await (window as unknown as AxeWindow).axe.run(element, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
  return found.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 3).join(' | ')}`,
  );
}
