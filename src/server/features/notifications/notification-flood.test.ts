/**
 * A flood of things to answer does not flood the owner's mailbox (docs/product/mail.md#owner-notifications):
 * mails at once are capped per kind and for the whole site each hour; what is held back comes
 * together in one mail, coalesced by kind, at most once an hour. Read from the mail queue (what was
 * queued) and a real SMTP sink (what arrived); on SQLite and PostgreSQL.
 */
import { afterAll, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { findAdmins } from '#server/features/accounts/accounts.service';
import { call, createUser, fromAddress, loginAs, unique } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import type { TestServer } from '#test-support/server';
import { startSmtpSink } from '#test-support/smtp-sink';
import { notifyAdmins, sendDueCatchUps } from './notifications.service';

const PUBLIC_URL = 'https://creator.example';
const HOUR_MS = 3_600_000;
const sink = await startSmtpSink();
afterAll(() => sink.close());
const options = { env: { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: 'true' } };

async function instantAdmin(server: TestServer) {
  const admin = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, admin);
  const res = await call(server, 'PUT', '/api/admin/notifications', {
    cookie,
    body: { mode: 'instant' },
  });
  expect(res.status).toBe(200);
  return admin;
}

/** The mails queued for `to` (sent or not): what the owner will get. */
async function queuedFor(server: TestServer, to: string) {
  return server.app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

await onBothServers(
  'a flood of new error groups',
  (server) => {
    test('twenty new error groups from two addresses queue three mails at once; a message of another kind still gets its own; the rest come together in one mail', async () => {
      const admin = await instantAdmin(server());
      const tag = unique();
      const addresses = ['192.0.2.141', '192.0.2.142'];
      for (let i = 0; i < 20; i++) {
        const res = await call(server(), 'POST', '/api/errors', {
          body: {
            error: `Failure number ${i} of ${tag}`,
            errorName: `Flood${i}x${tag}`,
            page: 'music',
            timestamp: new Date().toISOString(),
          },
          headers: fromAddress(addresses[i % 2]!),
        });
        expect(res.status).toBe(201);
      }
      expect((await queuedFor(server(), admin.email)).length).toBe(3);

      const name = `Real${unique()}`;
      const message = await call(server(), 'POST', '/api/submissions', {
        body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
          name,
          email: `visitor${unique()}@example.com`,
          message: 'A real question.',
          'Privacy policy': true,
        }),
        headers: fromAddress('192.0.2.143'),
      });
      expect(message.status).toBe(201);
      const queued = await queuedFor(server(), admin.email);
      expect(queued.length).toBe(4);
      expect(queued[3]!.text_body).toContain(`New contact message from “${name}”.`);

      // The seventeen held back: one mail, the kind coalesced, sent once within the hour.
      const context = { findAdmins, publicUrl: PUBLIC_URL };
      // An hour after the admin chose mails at once (the first such mail may come then).
      const now = new Date(Date.now() + HOUR_MS);
      const [sent, again] = await Promise.all([
        sendDueCatchUps(server().app.db, context, now),
        sendDueCatchUps(server().app.db, context, now),
      ]);
      expect(sent + again).toBe(1);
      expect(
        await sendDueCatchUps(server().app.db, context, new Date(now.getTime() + 60_000)),
      ).toBe(0);
      server().app.mail.kick();
      const together = await sink.waitFor(
        (m) => m.to === admin.email && m.subject.startsWith('17 new things to answer'),
      );
      expect(together.text).toContain(`New error “Flood3x${tag}” on the music page`);
      expect(together.text).toContain('and 15 more like these');
      expect(together.text).not.toContain(`Flood19x${tag}`);
      expect(together.text).toContain(`${PUBLIC_URL}/admin`);
      expect((await queuedFor(server(), admin.email)).length).toBe(5);

      // Nothing more held: no mail an hour later either.
      expect(
        await sendDueCatchUps(server().app.db, context, new Date(now.getTime() + HOUR_MS + 1)),
      ).toBe(0);
    }, 60_000);
  },
  options,
);

await onBothServers(
  'the hourly cap for the whole site',
  (server) => {
    test('past ten mails at once an hour, of any kinds, notices wait for the mail that brings them together', async () => {
      const admin = await instantAdmin(server());
      const context = { findAdmins, publicUrl: PUBLIC_URL };
      const queuedAny: boolean[] = [];
      for (let i = 0; i < 12; i++) {
        const notice = {
          kind: `kind-${i}`,
          section: 'submissions',
          title: `Notice ${i}`,
          summary: `Notice ${i}`,
        };
        queuedAny.push(
          await server()
            .app.db.transaction()
            .execute((trx) => notifyAdmins(trx, notice, context)),
        );
      }
      expect(queuedAny).toEqual([...Array(10).fill(true), false, false]);
      expect((await queuedFor(server(), admin.email)).length).toBe(10);
      expect(await sendDueCatchUps(server().app.db, context, new Date(Date.now() + HOUR_MS))).toBe(
        1,
      );
      const [held] = (await queuedFor(server(), admin.email)).slice(10);
      expect(held!.subject).toMatch(/^2 new things to answer/);
      expect(held!.text_body).toContain('Notice 10');
      expect(held!.text_body).toContain('Notice 11');
    });
  },
  options,
);
