/**
 * The lint rule that refuses waits on time in browser tests unless a comment says why
 * (tests/lint/explained-waits-rule.mjs), linted as a file of tests/e2e: each unexplained wait is
 * refused, the same wait with a comment passes, and condition waits and deadlines pass.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function waitErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: join(ROOT, 'tests/e2e/site/explained-waits-example.spec.ts'),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'tests/explained-waits')
    .map((message) => message.message);
}

const HEADER = `import type { Page } from 'playwright-core';
import { setTimeout as delay } from 'node:timers/promises';
export async function example(page: Page): Promise<void> {
`;
const lint = (body: string) => waitErrors(`${HEADER}${body}\n}\n`);

test.each([
  ['waitForTimeout', 'await page.waitForTimeout(500);', 'waitForTimeout waits on time'],
  [
    'networkidle',
    "await page.waitForLoadState('networkidle');",
    "The 'networkidle' load state waits on time",
  ],
  ['a sleep from node:timers/promises', 'await delay(500);', 'delay from node:timers/promises'],
  [
    'a promise resolved by setTimeout',
    'await new Promise((resolve) => setTimeout(resolve, 500));',
    'A promise resolved by setTimeout',
  ],
  [
    'a promise resolved in a timer callback',
    'await new Promise<void>((done) => window.setTimeout(() => done(), 500));',
    'A promise resolved by setTimeout',
  ],
])('%s without a comment is refused; with one it passes', async (_name, wait, message) => {
  expect(await lint(`  ${wait}`)).toEqual([expect.stringContaining(message)]);
  expect(
    await lint(`  // Proves nothing arrives: there is nothing to wait for.\n  ${wait}`),
  ).toEqual([]);
  expect(await lint(`  ${wait} // Proves nothing arrives.`)).toEqual([]);
});

test('a comment further up does not explain a wait', async () => {
  expect(
    await lint(
      `  // A comment about something else.\n  await page.reload();\n  await page.waitForTimeout(500);`,
    ),
  ).toHaveLength(1);
});

test('condition waits and deadlines pass', async () => {
  expect(
    await lint(`  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.title !== '');
  await new Promise((resolve, reject) => setTimeout(() => reject(new Error('too late')), 500));`),
  ).toEqual([]);
});
