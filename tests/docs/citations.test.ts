/**
 * Comments cite headings of docs/product.md and docs/architecture.md (`docs/product/visits.md#visit-counting`)
 * instead of repeating them, so a heading that is renamed or dropped must not leave citations that
 * lead nowhere. Every citation in the code, the tests, the bench, the scripts and the docs themselves
 * must name a heading that exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCT_AREAS = readdirSync(join(ROOT, 'docs', 'product')).map((name) => `product/${name}`);
const DOCS = ['architecture.md', ...PRODUCT_AREAS];
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

/** Where `docs/product.md` went: a short index of the areas, each area a file of its own. */
test('the product description is an index of areas, each a file of its own', () => {
  const index = readFileSync(join(ROOT, 'docs', 'product.md'), 'utf8');
  expect(PRODUCT_AREAS.length).toBeGreaterThan(10);
  for (const area of PRODUCT_AREAS) expect(index).toContain(`](${area})`);
});

test('a heading becomes the anchor GitHub gives it', () => {
  expect(anchorOf("The owner's desk")).toBe('the-owners-desk');
  expect(anchorOf('Pop-up chains and previous arrows')).toBe('pop-up-chains-and-previous-arrows');
  expect(anchorOf('Email verification')).toBe('email-verification');
});

test('every citation of docs/product/<area>.md or docs/architecture.md names a heading that exists', () => {
  const citation = /(product(?:\/[a-z-]+)?|architecture)\.md#([\p{Letter}\p{Number}_-]+)/gu;
  const broken: string[] = [];
  let count = 0;
  for (const file of SEARCHED.flatMap(filesUnder)) {
    let text = readFileSync(file, 'utf8');
    // Inside an area file, links to a sibling area or to a heading of its own are citations too.
    const area = relative(join(ROOT, 'docs'), file).match(/^product\/([a-z-]+)\.md$/)?.[1];
    if (area) {
      text = text
        .replace(/\]\(([a-z-]+)\.md#/g, '](product/$1.md#')
        .replace(/\]\(#/g, `](product/${area}.md#`);
    }
    for (const match of text.matchAll(citation)) {
      const [, doc, anchor] = match;
      count += 1;
      if (!anchors.get(`${doc}.md`)?.has(anchor ?? '')) {
        broken.push(`${relative(ROOT, file)}: ${doc}.md#${anchor}`);
      }
    }
  }
  expect(broken).toEqual([]);
  // The search itself works: the code does cite the docs.
  expect(count).toBeGreaterThan(50);
});
