/**
 * The real app on a loopback port for API tests (docs/architecture.md#tests): the same buildApp as `npm start`, a
 * fresh SQLite file per server copied from a template migrated once per process, and a clean
 * environment (the developer's own variables never leak in). PUBLIC_URL is the server's real URL,
 * so mail links and the Origin check agree with what tests fetch.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp, type BuildAppOptions } from '#server/app';
import type { App } from '#server/app-types';
import { parseConfig, type Config, type ConfigEnv } from '#server/config';
import { connectDatabase, SQLITE_FILE_NAME } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import {
  folderFingerprint,
  readContentFolder,
  REPO_CONTENT_DIR,
} from '#server/features/content/content-folder';
import { seedContent } from '#server/features/content/publishing';
import { freePort } from './free-port';
import { sqliteTemplate } from './run-shared';
import { makeTempDir } from './temp-dir';

export { freePort, makeTempDir };

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_CLIENT_DIR = join(REPO_ROOT, 'dist/client');

export interface TestServer {
  /** e.g. `http://127.0.0.1:41234`; also the app's PUBLIC_URL unless the test set its own. */
  url: string;
  app: App;
  config: Config;
  /** This server's DATA_DIR (SQLite file, outbox); removed by close() unless the test gave it. */
  dataDir: string;
  close: () => Promise<void>;
}

export interface TestServerOptions extends Omit<BuildAppOptions, 'db'> {
  /** Environment variables on top of the test defaults (LOG_LEVEL=silent, the built client if any). */
  env?: ConfigEnv;
  /**
   * A host name the browser reaches the server by (mapped to 127.0.0.1 in the browser): PUBLIC_URL
   * becomes `http://<publicHost>:<port>`, a site on plain HTTP that is not a secure context.
   */
  publicHost?: string;
}

/**
 * Migrates a new SQLite file in `dataDir` and takes the shipped words in, then closes it: the
 * template every test server starts from a copy of. Returns the file's path.
 */
export async function writeMigratedTemplate(dataDir: string): Promise<string> {
  const db = connectDatabase({ dataDir, databaseUrl: undefined });
  await migrateToLatest(db);
  const folder = readContentFolder(REPO_CONTENT_DIR);
  if (!folder.ok) throw new Error(folder.problems.join('\n'));
  await seedContent(db, folder, folderFingerprint(REPO_CONTENT_DIR));
  await db.destroy();
  return join(dataDir, SQLITE_FILE_NAME);
}

let templateFile: Promise<string> | undefined;

/**
 * The run's template (tests/support/run-setup.ts), or one made once per process where the run has
 * none.
 */
function migratedTemplate(): Promise<string> {
  templateFile ??= (async () => {
    const shared = sqliteTemplate();
    if (shared) return shared;
    const dataDir = makeTempDir('creator-site-template-');
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    return writeMigratedTemplate(dataDir);
  })();
  return templateFile;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { env = {}, publicHost = '127.0.0.1', ...given } = options;
  // The renderer's thread starts at the first publish unless a test asks for it warm.
  const appOptions = { ...given, content: { warmRenderer: false, ...given.content } };
  // A DATA_DIR the test gives (a small file system of its own) gets the template too, and stays.
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? makeTempDir();
  const usesPostgres = Boolean(env.DATABASE_URL);
  if (!usesPostgres && !existsSync(join(dataDir, SQLITE_FILE_NAME)))
    copyFileSync(await migratedTemplate(), join(dataDir, SQLITE_FILE_NAME));
  const hasBuild = existsSync(join(BUILT_CLIENT_DIR, 'index.html'));

  // The port is picked before the app is built so PUBLIC_URL can name it; another process may take
  // it in between, so a taken port means another try.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = parseConfig({
      PORT: String(port),
      PUBLIC_URL: `http://${publicHost}:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CLIENT_DIR: BUILT_CLIENT_DIR,
      SERVE_CLIENT: hasBuild ? 'true' : 'false',
      ...env,
    });
    if (usesPostgres && attempt === 1) {
      const db = connectDatabase(config);
      await migrateToLatest(db).finally(() => db.destroy());
    }
    const app = await buildApp(config, appOptions);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    return {
      url: `http://127.0.0.1:${port}`,
      app,
      config,
      dataDir,
      close: async () => {
        await app.close();
        if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

/** The hashed script of the fake client, with .gz and .br siblings as the build's precompress writes. */
export const FAKE_ASSET = '/assets/app-abc123.js';
export const FAKE_INDEX_MARKER = '<!-- fake client index -->';

/**
 * A tiny stand-in for dist/client, so API tests never depend on `npm run build`: index.html, one
 * hashed asset with its compressed siblings, and the real favicon.svg and robots.txt from public/.
 * Returns the directory; pass it as CLIENT_DIR.
 */
export function writeFakeClient(dir = makeTempDir('creator-site-client-')): string {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const script = `console.log(${JSON.stringify('fake client '.repeat(80))});\n`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Fake</title></head><body>${FAKE_INDEX_MARKER}<div id="root"></div><script type="module" src="${FAKE_ASSET}"></script></body></html>\n`,
  );
  writeFileSync(join(dir, FAKE_ASSET), script);
  writeFileSync(join(dir, `${FAKE_ASSET}.gz`), gzipSync(script));
  writeFileSync(join(dir, `${FAKE_ASSET}.br`), brotliCompressSync(script));
  cpSync(join(REPO_ROOT, 'public/favicon.svg'), join(dir, 'favicon.svg'));
  return dir;
}
