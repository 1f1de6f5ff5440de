/**
 * The real server process (run-server.ts, as `npm start` runs it) plus one slow test route, so a test
 * can send SIGTERM while a request is in flight. Run with `node --import tsx tests/support/slow-server.ts`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { runServer } from '#server/run-server';

export const SLOW_ROUTE = '/api/test/slow';

await runServer(process.env, {
  registerExtraRoutes: (app) => {
    app.get(SLOW_ROUTE, async () => {
      // Slow on purpose: a request still in flight when the test sends SIGTERM.
      await delay(Number(process.env.SLOW_ROUTE_MS ?? 1500));
      return { finished: true };
    });
  },
});
