/**
 * Puts the live fan-out on the app as `app.live` (see live/live-bus.ts). Code that changes what a
 * stream shows publishes a notice after its write commits: `await app.live.publish({ kind: 'user', userId })`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInProcessBus, type LiveBus } from '#server/live/live-bus';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveBus;
  }
}

export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const bus = createInProcessBus();
    app.decorate('live', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'live', dependencies: ['db'] },
);
