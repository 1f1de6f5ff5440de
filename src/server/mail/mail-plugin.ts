/**
 * Puts the mail queue on the app as `app.mail`: `await app.mail.queue(mail)` stores a mail and wakes
 * the worker; inside a transaction use `enqueueMail(trx, mail)` and `app.mail.kick()` after commit.
 * The worker starts with the app and stops with it; once an hour, mail delivered over a week ago is
 * forgotten (outbox.repository.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { createMailWorker, type MailWorker } from '#server/mail/mail-worker';
import { enqueueMail, forgetDeliveredMail, type QueuedMail } from '#server/mail/outbox.repository';
import { createMailTransport } from '#server/mail/transport';

export interface MailQueue {
  queue(mail: QueuedMail, db?: Kysely<Database>): Promise<string>;
  kick(): void;
  /** Sends everything due now and resolves when done (tests). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

const FORGET_INTERVAL_MS = 60 * 60 * 1000;

export interface MailPluginOptions {
  /** The site's name as published now: the sender's name when MAIL_FROM is unset. */
  senderName: () => Promise<string>;
}

export const mailPlugin = fp(
  async (app: FastifyInstance, { senderName }: MailPluginOptions) => {
    let worker: MailWorker | null = null;
    let forgetTimer: NodeJS.Timeout | undefined;
    const mail: MailQueue = {
      async queue(message, db = app.db) {
        const id = await enqueueMail(db, message);
        worker?.kick();
        return id;
      },
      kick: () => worker?.kick(),
      drain: async () => worker?.drain(),
    };
    app.decorate('mail', mail);
    app.addHook('onReady', async () => {
      worker = createMailWorker({
        db: app.db,
        transport: createMailTransport(app.config, app.log, senderName),
        log: app.log,
      });
      worker.kick();
      forgetTimer = setInterval(() => {
        forgetDeliveredMail(app.db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'forgetting delivered mail failed'),
        );
      }, FORGET_INTERVAL_MS);
      forgetTimer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(forgetTimer);
      await worker?.stop();
      worker = null;
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
