/**
 * Sends queued mail: a timer and an immediate kick after each enqueue. Failed sends wait
 * 30 s · 2^attempts (at most an hour) and give up after 10 attempts; nothing is lost while the SMTP
 * server is down. Rows are leased, so any number of instances can run a worker.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { describeError } from '#server/describe-error';
import type { Database } from '#server/db/schema';
import { claimDueMail, markAttemptFailed, markSent } from '#server/mail/outbox.repository';
import type { MailTransport } from '#server/mail/transport';

export const POLL_INTERVAL_MS = 10_000;
/** Longer than the transport's own timeouts, so a lease never runs out mid-send. */
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface MailWorker {
  /** Sends what is due now (soon, if a run is already going). */
  kick(): void;
  /** Resolves once the queue holds nothing due (tests; also used at shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function createMailWorker(options: {
  db: Kysely<Database>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}): MailWorker {
  const { db, transport, log } = options;
  const claimId = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function runOnce(): Promise<number> {
    const batch = await claimDueMail(db, claimId, LEASE_MS, BATCH);
    for (const mail of batch) {
      try {
        await transport.send(mail);
        await markSent(db, mail.id, claimId);
      } catch (error) {
        const reason = describeError(error);
        const status = await markAttemptFailed(db, mail, claimId, reason);
        if (status === 'failed')
          log.error({ mailId: mail.id, reason }, 'mail given up after its last attempt');
        else log.warn({ mailId: mail.id, reason }, 'mail not sent; will retry');
      }
    }
    return batch.length;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        // A full batch may mean more is due: keep going until a run finds less.
        while (!stopped && (await runOnce()) === BATCH);
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'mail queue run failed');
      }
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  const timer = setInterval(kick, options.pollIntervalMs ?? POLL_INTERVAL_MS);
  timer.unref();

  return {
    kick,
    async drain() {
      kick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      transport.close();
    },
  };
}
