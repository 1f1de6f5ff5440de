import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runProcess as run } from '#test-support/server-process';
import { freePort, makeTempDir } from '#test-support/server';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('a bad PORT stops start-up with exit 1 and one line on stderr, no stack', async () => {
  const server = run('src/server/main.ts', { PORT: 'abc', DATA_DIR: dataDir });
  expect(await server.exit).toEqual({ code: 1, signal: null });
  expect(server.stderr()).toBe(
    'Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")\n',
  );
});

test('unreachable storage stops start-up with exit 1 and one line', async () => {
  const server = run('src/server/main.ts', {
    PORT: String(await freePort()),
    DATABASE_URL: 'postgres://127.0.0.1:1/none',
  });
  expect(await server.exit).toEqual({ code: 1, signal: null });
  expect(server.stderr()).toMatch(/^Migrations could not run: .*ECONNREFUSED.*\n$/);
});

test('a DATA_DIR that cannot be created stops start-up with exit 1 and one line', async () => {
  const notADirectory = join(dataDir, 'plain-file');
  writeFileSync(notADirectory, '');
  const server = run('src/server/main.ts', {
    PORT: String(await freePort()),
    DATA_DIR: join(notADirectory, 'data'),
  });
  expect(await server.exit).toEqual({ code: 1, signal: null });
  expect(server.stderr()).toMatch(/^Could not open the database: .+\n$/);
});

test('SIGTERM lets an in-flight request finish, closes the port and exits 0', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = run('tests/support/slow-server.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  });
  await server.waitForOutput('Site ready');
  expect((await fetch(`${url}/api/health`)).status).toBe(200);

  const slow = fetch(`${url}/api/test/slow`);
  await server.waitForOutput('/api/test/slow');
  server.kill('SIGTERM');

  const response = await slow;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ finished: true });
  const exit = await server.exit;
  expect(server.stderr()).toBe('');
  expect(exit, server.stdout()).toEqual({ code: 0, signal: null });
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
});
