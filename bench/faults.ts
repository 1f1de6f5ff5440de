/**
 * Faults (docs/deploy.md#when-something-fails), each a real one:
 * - PostgreSQL stopped as a crash stops it (`pg_ctl stop -m immediate`) under a steady stream of
 *   visits, then started again: the time from the stop to the first 503, the slowest answer while it
 *   is away, the time from its start to the first good answer (targets ≤ 2 s and ≤ 5 s), and every
 *   visit answered 204 before, during or after, counted against what is stored (target: none lost).
 * - The mail server refusing (421), then cutting connections, then accepting: every queued mail
 *   arrives, and none twice (target: no duplicate).
 * The servers run in this process (tests/support/server.ts), PostgreSQL as a private cluster
 * (tests/support/private-postgres.ts), mail through the SMTP sink (tests/support/smtp-sink.ts).
 */
import { enqueueMail } from '#server/mail/outbox.repository';
import { privatePostgresUnavailable, startPrivatePostgres } from '#test-support/private-postgres';
import { startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink } from '#test-support/smtp-sink';
import { BROWSER } from '#test-support/visits';
import type { Defer } from './fanout.ts';
import { atMostVerdict, type FanoutVerdict } from './fanout-results.ts';
import { endProgress, progress } from './progress.ts';

export const FAULT_TARGETS = {
  firstRefusalMs: 2_000,
  firstGoodAnswerMs: 5_000,
  lostWrites: 0,
  duplicateMails: 0,
};
/** A visit is sent this often, before, during and after the outage. */
const VISIT_EVERY_MS = 25;
const OUTAGE_MS = 3_000;
const MAILS = 50;

export interface FaultResults {
  postgresSkipped: string | null;
  postgres: {
    firstRefusalMs: number | null;
    slowestDuringOutageMs: number;
    firstGoodAnswerMs: number | null;
    acknowledged: number;
    stored: number;
    /** Answers by status, over the whole run. */
    answers: Record<string, number>;
  } | null;
  mail: {
    queued: number;
    /** Mails that had failed twice (refused, then cut) before the server accepted. */
    failedTwice: number;
    recipients: number;
    received: number;
    duplicates: number;
  } | null;
  targets: FanoutVerdict[];
}

interface Answer {
  sentAt: number;
  answeredAt: number;
  status: number;
}

let addressSequence = 0;
/** A new documentation-range address per visit: each is a first visit, so each is counted. */
function nextVisitor(): string {
  addressSequence += 1;
  return `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
}

async function visit(server: TestServer): Promise<Answer> {
  const sentAt = performance.now();
  const status = await fetch(`${server.url}/api/visits`, {
    method: 'POST',
    headers: { ...BROWSER, 'content-type': 'application/json', 'x-forwarded-for': nextVisitor() },
    body: JSON.stringify({ page: 'music' }),
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );
  return { sentAt, answeredAt: performance.now(), status };
}

/** Visits every VISIT_EVERY_MS until stopped; resolves with every answer. */
function steadyVisits(server: TestServer) {
  const pending: Promise<Answer>[] = [];
  const timer = setInterval(() => pending.push(visit(server)), VISIT_EVERY_MS);
  return {
    async stop(): Promise<Answer[]> {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}

async function postgresOutage(defer: Defer): Promise<FaultResults['postgres']> {
  progress('PostgreSQL: starting a private cluster…');
  const postgres = await startPrivatePostgres();
  defer(() => postgres.destroy());
  const server = await startTestServer({
    env: { DATABASE_URL: postgres.url, SERVE_CLIENT: 'false', TRUST_PROXY: 'true' },
  });
  defer(() => server.close());

  progress('PostgreSQL: visits before the stop…');
  const load = steadyVisits(server);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  progress('PostgreSQL: stopped (-m immediate)…');
  await postgres.stop('immediate');
  const stoppedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  progress('PostgreSQL: started again…');
  await postgres.start();
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const answers = await load.stop();
  endProgress();

  const byAnswer = (list: Answer[]) => [...list].sort((x, y) => x.answeredAt - y.answeredAt);
  const firstRefusal = byAnswer(answers).find(
    (answer) => answer.answeredAt > stoppedAt && answer.status === 503,
  );
  const firstGood = byAnswer(answers).find(
    (answer) => answer.sentAt >= startedAt && answer.status === 204,
  );
  const duringOutage = answers.filter(
    (answer) => answer.sentAt >= stoppedAt && answer.sentAt < startedAt,
  );
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;

  const row = await server.app.db
    .selectFrom('page_visits')
    .select('count')
    .where('page_key', '=', 'music')
    .executeTakeFirst();
  return {
    firstRefusalMs: firstRefusal ? firstRefusal.answeredAt - stoppedAt : null,
    slowestDuringOutageMs: Math.max(
      0,
      ...duringOutage.map((answer) => answer.answeredAt - answer.sentAt),
    ),
    firstGoodAnswerMs: firstGood ? firstGood.answeredAt - startedAt : null,
    acknowledged: counts['204'] ?? 0,
    stored: Number(row?.count ?? 0),
    answers: counts,
  };
}

async function mailOutage(defer: Defer): Promise<FaultResults['mail']> {
  progress('mail: the server refuses…');
  const smtp = await startSmtpSink();
  defer(() => smtp.close());
  smtp.fail('refuse');
  const server = await startTestServer({
    env: { SMTP_URL: smtp.url, SERVE_CLIENT: 'false' },
  });
  defer(() => server.close());
  const { db, mail } = server.app;
  const recipients = Array.from({ length: MAILS }, (_, i) => `reader-${i}@example.com`);
  for (const to of recipients) await enqueueMail(db, { to, subject: `For ${to}`, text: 'Hello' });

  /** Runs the queue with every backoff skipped, as if its time had come. */
  const runDue = async () => {
    await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
      .where('status', '=', 'queued')
      .execute();
    await mail.drain();
  };
  await runDue();
  progress('mail: the server cuts connections…');
  smtp.fail('drop');
  await runDue();
  // Each mail has really failed twice: once refused, once cut.
  const failedTwice = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .where('attempts', '=', 2)
    .executeTakeFirstOrThrow();
  progress('mail: the server accepts…');
  smtp.accept();
  await runDue();
  const deadline = Date.now() + 30_000;
  while (new Set(smtp.messages.map((m) => m.to)).size < MAILS && Date.now() < deadline) {
    await runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  endProgress();
  const distinct = new Set(smtp.messages.map((message) => message.to)).size;
  return {
    queued: MAILS,
    failedTwice: Number(failedTwice.n),
    recipients: distinct,
    received: smtp.messages.length,
    duplicates: smtp.messages.length - distinct,
  };
}

export async function runFaults(defer: Defer): Promise<FaultResults> {
  const results: FaultResults = { postgresSkipped: null, postgres: null, mail: null, targets: [] };
  const unavailable = await privatePostgresUnavailable();
  if (unavailable) results.postgresSkipped = unavailable;
  else results.postgres = await postgresOutage(defer);
  results.mail = await mailOutage(defer);

  const { postgres, mail } = results;
  if (postgres)
    results.targets.push(
      atMostVerdict(
        'PostgreSQL stopped: time to the first 503',
        FAULT_TARGETS.firstRefusalMs,
        postgres.firstRefusalMs,
        'ms',
      ),
      atMostVerdict(
        'PostgreSQL back: time to the first good answer',
        FAULT_TARGETS.firstGoodAnswerMs,
        postgres.firstGoodAnswerMs,
        'ms',
      ),
    );
  if (postgres)
    results.targets.push(
      atMostVerdict(
        'acknowledged visits lost over a PostgreSQL outage',
        FAULT_TARGETS.lostWrites,
        postgres.acknowledged - postgres.stored,
        'count',
      ),
    );
  if (mail)
    results.targets.push(
      atMostVerdict(
        'mails never delivered after an SMTP outage',
        FAULT_TARGETS.lostWrites,
        mail.queued - mail.recipients,
        'count',
      ),
      atMostVerdict(
        'mails sent twice after an SMTP outage',
        FAULT_TARGETS.duplicateMails,
        mail.duplicates,
        'count',
      ),
    );
  return results;
}

/** The lines `npm run bench` prints for this part. */
export function faultLines(results: FaultResults): string[] {
  const lines: string[] = [];
  const { postgres, mail } = results;
  if (results.postgresSkipped)
    lines.push(`  PostgreSQL outage skipped: ${results.postgresSkipped}`);
  if (postgres) {
    const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
    lines.push(
      `  PostgreSQL stopped for ${OUTAGE_MS / 1000} s under a visit every ${VISIT_EVERY_MS} ms: first 503 after ${ms(postgres.firstRefusalMs)}, slowest answer while away ${ms(postgres.slowestDuringOutageMs)}, first good answer ${ms(postgres.firstGoodAnswerMs)} after its start`,
      `  visits answered 204: ${postgres.acknowledged}, stored: ${postgres.stored}; answers by status ${JSON.stringify(postgres.answers)}`,
    );
  }
  if (mail)
    lines.push(
      `  mail: ${mail.queued} queued; ${mail.failedTwice} of them failed twice (refused, then cut) before the server accepted; ${mail.received} received by ${mail.recipients} recipients`,
    );
  return lines;
}
