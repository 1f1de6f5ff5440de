/**
 * A real PostgreSQL restart under two app instances (docs/product/api.md#live-stream: streams
 * hold through a PostgreSQL restart): the server is stopped and started again, not imitated. Open streams stay open through
 * it; while the database is down the API says so instead of acknowledging what it cannot store; once
 * it is back, a message posted on one instance reaches the open streams of both, and a client that
 * reconnects gets it on connect; every visit that was answered 204 is counted, on both instances.
 * The server is a private one (tests/support/private-postgres.ts): the shared test server must stay up.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AssistantEvent } from '#shared/live-events';
import { BROWSER } from '#test-support/visits';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '#test-support/private-postgres';
import { startTestServer, type TestServer } from '#test-support/server';
import { openSse, type SseConnection } from '#test-support/live-sse-client';

const PATH = '/api/admin/assistant-messages';
const unavailable = await privatePostgresUnavailable();
if (unavailable) console.warn(`PostgreSQL restart test skipped: ${unavailable}`);

describe.skipIf(unavailable)(
  `a PostgreSQL restart under two instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let postgres: PrivatePostgres;
    let a: TestServer;
    let b: TestServer;
    let admin: string;
    const streams: SseConnection[] = [];

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      const env = { DATABASE_URL: postgres.url, TRUST_PROXY: 'true' };
      a = await startTestServer({ env });
      b = await startTestServer({ env });
      admin = await loginAs(a, await createUser(a, { adminRank: 10 }));
    }, 60_000);
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await a?.close();
      await b?.close();
      await postgres?.destroy();
    });

    async function streamOn(server: TestServer, page: string): Promise<SseConnection> {
      const stream = await openSse(`${server.url}/api/live?page=${page}`, {
        headers: fromAddress(nextAddress()),
      });
      streams.push(stream);
      await stream.nextEvent('assistant');
      return stream;
    }

    const post = (server: TestServer, text: string) =>
      call(server, 'POST', PATH, {
        cookie: admin,
        body: { text, pages: ['music'] },
        headers: fromAddress(nextAddress()),
      });

    const visit = (server: TestServer) =>
      call(server, 'POST', '/api/visits', {
        body: { page: 'music' },
        headers: { ...fromAddress(nextAddress()), ...BROWSER },
      });

    /** Repeats `attempt` until it answers `status` (the pools reconnect on their next use). */
    async function until(attempt: () => ReturnType<typeof call>, status: number) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const res = await attempt();
        if (res.status === status) return res;
        if (Date.now() > deadline) throw new Error(`still ${res.status} after 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    async function musicCount(): Promise<number> {
      const today = new Date().toISOString().slice(0, 10);
      const res = await call(a, 'GET', `/api/admin/traffic?from=${today}&to=${today}`, {
        cookie: admin,
      });
      expect(res.status).toBe(200);
      const { sessions } = res.json as { sessions: Record<string, { count: number }> };
      return sessions.music?.count ?? 0;
    }

    test('streams stay open through it, the API refuses what it cannot store, and afterwards a post reaches both instances', async () => {
      const musicOnA = await streamOn(a, 'music');
      const musicOnB = await streamOn(b, 'music');
      let acknowledged = 0;
      for (const server of [a, b, a, b]) {
        expect((await visit(server)).status).toBe(204);
        acknowledged += 1;
      }

      const noticesOnB: string[] = [];
      const unsubscribe = b.app.live.subscribe((notice) => noticesOnB.push(notice.kind));
      await postgres.stop();

      // Down: nothing is acknowledged that was not stored, and the answer is the plain envelope.
      const refused = await post(a, 'Cannot be stored');
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(refused.json).toMatchObject({ error: { status: expect.any(String) } });
      expect(JSON.stringify(refused.json)).not.toMatch(/ at |ECONNREFUSED|postgres:\/\//);
      for (const server of [a, b]) {
        const res = await visit(server);
        if (res.status === 204) acknowledged += 1;
        else expect(res.status).toBeGreaterThanOrEqual(500);
      }
      for (const server of [a, b]) {
        expect((await call(server, 'GET', '/api/health')).status).toBe(503);
      }

      await postgres.start();

      // Back: the first post that is stored reaches the open streams of both instances, whether
      // its notice or the resync after re-listening carries it.
      const posted = await until(() => post(a, 'Back after the restart'), 201);
      const { message } = posted.json as AssistantEvent;
      expect(message).not.toBeNull();
      const hasMessage = (stream: SseConnection) =>
        stream.waitFor(
          (block) =>
            block.event === 'assistant' &&
            (JSON.parse(block.data ?? 'null') as AssistantEvent).message?.id === message?.id,
          { timeoutMs: 20_000 },
        );
      await Promise.all([hasMessage(musicOnA), hasMessage(musicOnB)]);
      // B's listener really lost its connection and listened again (it then re-reads everything).
      await expect.poll(() => noticesOnB.includes('resync'), { timeout: 20_000 }).toBe(true);
      unsubscribe();
      expect(musicOnA.blocks.some((block) => block.event === 'error')).toBe(false);

      // A client that reconnects now gets it on connect.
      const reconnected = await openSse(`${b.url}/api/live?page=music`, {
        headers: fromAddress(nextAddress()),
      });
      streams.push(reconnected);
      expect(await reconnected.nextEvent<AssistantEvent>('assistant')).toEqual({ message });

      // Every visit answered 204, before, during or after, is counted; on both instances.
      await until(() => visit(b), 204);
      acknowledged += 1;
      for (const server of [a, b]) {
        expect((await visit(server)).status).toBe(204);
        acknowledged += 1;
      }
      expect(await musicCount()).toBe(acknowledged);
    }, 90_000);
  },
);
