// The content index a generator keeps (content/art.json, content/music.json): written whole when it
// is missing; otherwise only figures of the generator's own entries are brought up to date, so the
// owner's titles, texts and other entries stay as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `path` holds `{ [list]: entries }`. When it exists, `update(entry)` runs on each entry and the
 * file is written back (logging "`what` brought up to date"); when it is missing, it is written as
 * `{ [list]: create() }`.
 */
export function writeContentIndex(path, list, { update, create, what }) {
  if (existsSync(path)) {
    const content = JSON.parse(readFileSync(path, 'utf8'));
    for (const entry of content[list] ?? []) update(entry);
    writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);
    console.log(`${path}: ${what} brought up to date`);
  } else {
    writeFileSync(path, `${JSON.stringify({ [list]: create() }, null, 2)}\n`);
    console.log(`${path}: written`);
  }
}
