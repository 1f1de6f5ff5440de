/** A new, empty folder under the system's temporary folder; the caller removes it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeTempDir(prefix = 'creator-site-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
