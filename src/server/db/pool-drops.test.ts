/**
 * A pooled PostgreSQL connection that drops while it is checked out and idle between two queries
 * (a restart, pg_terminate_backend) does not end the process (src/server/db/connect.ts): its next
 * query fails, and the pool removes it when it is released and answers again.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresPool } from '#server/db/connect';
import { probePostgres, TEST_DATABASE_URL, withAdmin } from '#test-support/postgres';

const probe = await probePostgres();

describe.skipIf(!probe.available)(probe.title('a connection dropped while checked out'), () => {
  const pool = createPostgresPool(TEST_DATABASE_URL, () => undefined);
  afterAll(() => pool.end());

  test('the process goes on, the next query on it fails, and the pool answers again', async () => {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await withAdmin((admin) => admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]));
    // Without a listener of its own, the connection's 'error' here is thrown out of the socket's
    // handler: an uncaught exception that ends the process (and fails this run).
    await ended;
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    const again = await pool.query<{ one: number }>('select 1 as one');
    expect(again.rows[0]!.one).toBe(1);
  });
});
