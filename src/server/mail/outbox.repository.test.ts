/**
 * The mail queue on both databases: the same checks against SQLite and PostgreSQL (skipped with
 * a notice when no PostgreSQL server answers).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import {
  claimDueMail,
  enqueueMail,
  markAttemptFailed,
  markSent,
} from '#server/mail/outbox.repository';
import { unique } from '#test-support/accounts';
import { onBothDatabases, type OpenDatabase } from '#test-support/storage';

function storageTests(open: OpenDatabase) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('account mail is claimed before newsletter mail queued earlier', async () => {
    const past = new Date(Date.now() - 60_000);
    const newsletterMail = await enqueueMail(
      db,
      { to: `reader${unique()}@example.com`, subject: 'news', text: 't' },
      past,
    );
    await db
      .updateTable('mail_outbox')
      .set({ newsletter_id: `newsletter-${unique()}` })
      .where('id', '=', newsletterMail)
      .execute();
    const resetMail = await enqueueMail(db, {
      to: `reset${unique()}@example.com`,
      subject: 'reset',
      text: 't',
    });
    const claimed = await claimDueMail(db, `prio-${unique()}`, 60_000, 1);
    expect(claimed.map((mail) => mail.id)).toEqual([resetMail]);
    expect(claimed.map((mail) => mail.id)).not.toContain(newsletterMail);
  });

  test('queued mail is leased: one claimer wins, the lease runs out, only the holder settles it', async () => {
    const now = new Date();
    const id = await enqueueMail(
      db,
      { to: `lease${unique()}@example.com`, subject: 's', text: 't' },
      now,
    );
    const [a, b] = await Promise.all([
      claimDueMail(db, 'instance-a', 60_000, 100, now),
      claimDueMail(db, 'instance-b', 60_000, 100, now),
    ]);
    const winners = [a, b].filter((batch) => batch.some((mail) => mail.id === id));
    expect(winners).toHaveLength(1);
    const holder = a.some((mail) => mail.id === id) ? 'instance-a' : 'instance-b';
    const loser = holder === 'instance-a' ? 'instance-b' : 'instance-a';

    // The loser cannot settle a mail it does not hold.
    await markSent(db, id, loser, now);
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');

    // The holder died: after the lease the mail is due again.
    const afterLease = new Date(now.getTime() + 61_000);
    const retaken = await claimDueMail(db, loser, 60_000, 100, afterLease);
    expect(retaken.map((mail) => mail.id)).toContain(id);
    expect(
      await markAttemptFailed(
        db,
        retaken.find((m) => m.id === id)!,
        loser,
        'down',
        afterLease,
      ),
    ).toBe('queued');
    const failed = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, last_error: 'down', locked_by: null });
    expect(Date.parse(failed.next_attempt_at) - afterLease.getTime()).toBe(30_000);
  });
}

await onBothDatabases('mail queue storage', storageTests);
