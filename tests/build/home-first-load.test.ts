/**
 * Home's first-load JS stays within its budget (docs/product/constants.md#speed-and-scale-targets): the entry,
 * everything it imports statically and Home's own chunk, gzip level 9, read from the production
 * build's manifest (`npm test` builds before the tests). A size, not a timing: the same build
 * always gives the same figure. `npm run bench` measures the same files as a browser loads them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CLIENT_MANIFEST, clientManifestSchema, firstLoadFiles } from '#shared/client-manifest';
import { gzipSize, HOME_FIRST_LOAD_JS_LIMIT, KB } from '../../bench/bundle-size';

const CLIENT = 'dist/client';

test(`Home's first-load JS is at most ${HOME_FIRST_LOAD_JS_LIMIT / KB} KB gzip`, () => {
  const manifestPath = join(CLIENT, CLIENT_MANIFEST);
  if (!existsSync(manifestPath)) throw new Error('No client build: run npm run build first');
  const manifest = clientManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const scripts = firstLoadFiles(manifest, 'home').filter((file) => file.endsWith('.js'));
  const sizes = scripts.map((file) => ({ file, gzip: gzipSize(readFileSync(join(CLIENT, file))) }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  // The entry and Home's own module are both in it: a manifest that lost them would pass unnoticed.
  expect(scripts.some((file) => /^assets\/index-/.test(file))).toBe(true);
  expect(scripts.some((file) => /^assets\/HomePage-/.test(file))).toBe(true);
  expect(
    total,
    sizes.map(({ file, gzip }) => `${(gzip / KB).toFixed(1)} KB ${file}`).join('\n'),
  ).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_LIMIT);
});
