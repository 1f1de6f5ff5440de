/** Puts the storage on the app as `app.db`; closes it with the app when the app opened it. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export interface DbOptions {
  db: Kysely<Database>;
  /** False when the caller passed its own connection and closes it itself. */
  closeWithApp: boolean;
}

export const dbPlugin = fp(
  async (app: FastifyInstance, { db, closeWithApp }: DbOptions) => {
    app.decorate('db', db);
    if (closeWithApp) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
