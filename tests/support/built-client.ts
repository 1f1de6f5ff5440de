/**
 * Copies of the production build in dist/client for browser tests. The run copies it once
 * (tests/support/browser-run-setup.ts) and every file serves that copy, so a rebuild running
 * elsewhere (npm start, another test run) never pulls files out from under a running test; a copy
 * taken while a build is being written is noticed (missing chunks, compressed files that differ) and
 * taken again.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { builtClientCopy } from './run-shared';
import { makeTempDir } from './temp-dir';

const BUILT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Files the copy refers to but lacks, and compressed siblings that do not match their original. */
function inconsistencies(dir: string): string[] {
  const problems: string[] = [];
  const assets = join(dir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  for (const name of ['index.html', ...files.map((file) => `assets/${file}`)]) {
    const path = join(dir, name);
    if (name.endsWith('.br') || name.endsWith('.gz')) {
      const original = path.slice(0, -3);
      const unpack = name.endsWith('.br') ? brotliDecompressSync : gunzipSync;
      try {
        if (!existsSync(original) || !unpack(readFileSync(path)).equals(readFileSync(original)))
          problems.push(name);
      } catch {
        problems.push(name);
      }
      continue;
    }
    if (!/\.(html|js|css)$/.test(name)) continue;
    const text = readFileSync(path, 'utf8');
    for (const [, file] of text.matchAll(/(?:\/assets\/|\.\/)([\w.-]+\.(?:js|css))\b/g)) {
      if (file && !files.includes(file)) problems.push(`${name} → ${file}`);
    }
  }
  return problems;
}

/** A consistent copy of dist/client, waiting out a build that is being written right now. */
export async function copyBuiltClient(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    if (!existsSync(join(BUILT_CLIENT_DIR, 'index.html')) && attempt === 1) {
      throw new Error('Browser tests need the production build: run `npm run build` first.');
    }
    const dir = makeTempDir('creator-site-e2e-client-');
    try {
      cpSync(BUILT_CLIENT_DIR, dir, { recursive: true });
      const problems = inconsistencies(dir);
      if (problems.length === 0) return dir;
      if (attempt >= 20) throw new Error(`dist/client is inconsistent: ${problems.join(', ')}`);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    rmSync(dir, { recursive: true, force: true });
    // A build is being written: its next files arrive within moments.
    await delay(500);
  }
}

export interface BuiltClient {
  dir: string;
  /** Removes the copy if it is the file's own; the run's shared copy stays for the next file. */
  release: () => void;
}

/** The run's shared copy of the build (read only: a test that changes files takes its own). */
export async function sharedBuiltClient(): Promise<BuiltClient> {
  const shared = builtClientCopy();
  if (shared) return { dir: shared, release: () => undefined };
  const dir = await copyBuiltClient();
  return { dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of the build of the test's own, to change; the caller removes it. */
export async function ownBuiltClient(): Promise<string> {
  const shared = builtClientCopy();
  if (!shared) return copyBuiltClient();
  const dir = makeTempDir('creator-site-e2e-client-');
  cpSync(shared, dir, { recursive: true });
  return dir;
}
