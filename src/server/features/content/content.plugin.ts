/**
 * Puts the site's words on the app as `app.content` (content-runtime.ts): started with the app, so
 * the first pages are served before the server listens; told of every publish on any instance by
 * the live bus, and stopped with the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildPages, type SitePages } from '#server/plugins/prerendered-pages';
import { ContentRuntime } from './content-runtime';
import { servableMedia } from './render/site-build';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRuntime;
  }
}

export interface ContentPluginOptions {
  /** The client build this server serves, and its pages; null when it serves /api only. */
  client: { clientDir: string; pages: SitePages } | null;
  /** The folder a new site takes its words from (tests give their own). */
  contentDir?: string;
  /** Start the renderer's thread with the server (default), or at the first publish. */
  warmRenderer?: boolean;
}

export const contentPlugin = fp(
  async (app: FastifyInstance, { client, contentDir, warmRenderer }: ContentPluginOptions) => {
    const runtime = new ContentRuntime({
      db: app.db,
      log: app.log,
      publicUrl: app.config.publicUrl,
      pages: client?.pages ?? null,
      build: client
        ? {
            clientDir: client.clientDir,
            pages: buildPages(client.clientDir),
            servable: servableMedia(client.clientDir),
          }
        : null,
      contentDir,
      warmRenderer,
    });
    app.addHook('onClose', async () => runtime.close());
    await runtime.start();
    app.decorate('content', runtime);
    const unsubscribe = app.live.subscribe((notice) => {
      if (notice.kind === 'content' || notice.kind === 'resync') runtime.refresh();
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'content', dependencies: ['db', 'live'] },
);
