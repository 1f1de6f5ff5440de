/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, on a free loopback port), so
 * a test can really stop and start it: the shared server at TEST_DATABASE_URL serves other test files
 * at the same time and must never go down. It needs PostgreSQL's server programs (Debian's
 * postgresql package puts them in /usr/lib/postgresql/<version>/bin; PG_BIN overrides). PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user. When it cannot run, the reason
 * comes back and the tests that need it are skipped with it.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** Connection URL of the `postgres` database, for DATABASE_URL. */
  readonly url: string;
  /**
   * Stops the server (`pg_ctl stop -m fast`: every session is ended, new ones refused); `immediate`
   * stops it as a crash does (`-m immediate`: no shutdown checkpoint, recovery at the next start).
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Ends every other session with pg_terminate_backend while the server stays up. */
  terminateConnections(): Promise<number>;
  /** Starts it again on the same port and folder, with the data as it was. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

function serverBinDir(): string | null {
  if (process.env.PG_BIN)
    return existsSync(join(process.env.PG_BIN, 'pg_ctl')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/** Why a private server cannot run here, or null when it can. */
export async function privatePostgresUnavailable(): Promise<string | null> {
  if (!serverBinDir()) return 'no PostgreSQL server programs (initdb, pg_ctl) are installed';
  if (process.getuid?.() === 0) {
    if (!(await postgresUser())) return 'running as root, and there is no postgres user to run as';
    try {
      await run('runuser', ['--help']);
    } catch {
      return 'running as root, and runuser is missing';
    }
  }
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBinDir();
  if (!bin) throw new Error('no PostgreSQL server programs');
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'creator-site-pg-'));
  if (asRoot) {
    const user = await postgresUser();
    if (!user) throw new Error('no postgres user');
    chownSync(folder, user.uid, user.gid);
  }
  const dataDir = join(folder, 'data');
  const pgCtl = (args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args])
      : run(join(bin, 'pg_ctl'), args);

  const initdbArgs = ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'];
  await (asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(bin, 'initdb'), ...initdbArgs])
    : run(join(bin, 'initdb'), initdbArgs));

  const port = await freePort();
  // Durability is not under test here, speed is welcome: fsync off.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pgCtl(['-D', dataDir, '-o', options, '-l', join(folder, 'server.log'), '-w', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCtl(['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    stop,
    async terminateConnections() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1',
          ['client backend'],
        );
        return result.rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
