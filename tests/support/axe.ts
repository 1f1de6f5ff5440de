/**
 * axe-core run inside the page itself (the builder's legacy mode) and asked for violations only.
 * The default mode finishes every run in a fresh blank page, which costs more than the checks on
 * these pages; it exists for cross-origin frames, and the site has none. Same tags and report
 * format as axeViolations in browser.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { AXE_TAGS, settleAnimations } from './browser';

export async function axeViolationsInPage(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
