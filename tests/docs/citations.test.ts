/**
 * Comments cite headings of docs/product.md and docs/architecture.md (`docs/product.md#visit-counting`)
 * instead of repeating them, so a heading that is renamed or dropped must not leave citations that
 * lead nowhere. Every citation in the code, the tests, the bench, the scripts and the docs themselves
 * must name a heading that exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['product.md', 'architecture.md'] as const;
const SEARCHED = ['src', 'tests', 'bench', 'scripts', 'public', 'docs', 'README.md', 'content'];
const TEXT_FILE = /\.(ts|tsx|mjs|js|css|md|json|html)$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(doc: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return TEXT_FILE.test(path) ? [full] : [];
  return readdirSync(full).flatMap((name) =>
    name === 'node_modules' || name === 'fixtures' ? [] : filesUnder(join(path, name)),
  );
}

const anchors = new Map(DOCS.map((doc) => [doc, anchorsOf(doc)]));

test('a heading becomes the anchor GitHub gives it', () => {
  expect(anchorOf("The owner's desk")).toBe('the-owners-desk');
  expect(anchorOf('Pop-up chains and previous arrows')).toBe('pop-up-chains-and-previous-arrows');
  expect(anchorOf('E-mail verification')).toBe('e-mail-verification');
});

test('every citation of docs/product.md or docs/architecture.md names a heading that exists', () => {
  const citation = /(?:docs\/|\]\()?(product|architecture)\.md#([\p{Letter}\p{Number}_-]+)/gu;
  const broken: string[] = [];
  let count = 0;
  for (const file of SEARCHED.flatMap(filesUnder)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(citation)) {
      const [, doc, anchor] = match;
      count += 1;
      if (!anchors.get(`${doc}.md` as (typeof DOCS)[number])?.has(anchor ?? '')) {
        broken.push(`${relative(ROOT, file)}: ${doc}.md#${anchor}`);
      }
    }
  }
  expect(broken).toEqual([]);
  // The search itself works: the code does cite the docs.
  expect(count).toBeGreaterThan(50);
});
