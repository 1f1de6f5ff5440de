/**
 * The audit log at the API, on SQLite and PostgreSQL (docs/product/desk.md#audit-log): the desk's
 * filters by actor (email from its start, any case, no wildcards), action and dates (both ends
 * included), paging 50 at a time; admin log-ins refused for too many attempts are recorded; and the
 * table refuses to be edited, TRUNCATE included on PostgreSQL.
 */
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import type { AuditPage } from '#shared/admin-security-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  unique,
} from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { recordAudit } from './audit.service';

await onBothServers(
  'the audit log',
  (server) => {
    async function adminCookie(): Promise<string> {
      return loginAs(server(), await createUser(server(), { adminRank: 10 }));
    }

    async function page(cookie: string, query: string): Promise<AuditPage> {
      const res = await call(server(), 'GET', `/api/admin/audit?${query}`, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as AuditPage;
    }

    /** The actions of a page's entries, newest first. */
    async function shown(cookie: string, query: string): Promise<string[]> {
      return (await page(cookie, query)).entries.map(
        (entry) => `${entry.action} ${entry.actorLabel}`,
      );
    }

    async function row(actorLabel: string, action: string, at: string): Promise<void> {
      await recordAudit(server().app.db, {
        actorId: null,
        actorLabel,
        action,
        outcome: 'success',
        source: 'desk',
        at: new Date(at),
      });
    }

    test('an entry about an account names it by its email; one about anything else, nobody', async () => {
      const cookie = await adminCookie();
      const tag = unique();
      const target = await createUser(server());
      const db = server().app.db;
      for (const targetId of [target.id, 'not-an-account']) {
        await recordAudit(db, {
          actorId: null,
          actorLabel: 'command line',
          action: `t${tag}.named`,
          targetId,
          outcome: 'success',
          source: 'command line',
        });
      }
      const { entries } = await page(cookie, `action=t${tag}.named`);
      expect(entries.map((entry) => [entry.targetId, entry.targetLabel])).toEqual([
        ['not-an-account', null],
        [target.id, target.email],
      ]);
    });

    test('filters by actor, action and dates, alone and together', async () => {
      const cookie = await adminCookie();
      const tag = unique();
      const one = `t${tag}.one`;
      const two = `t${tag}.two`;
      const alice = `alice.${tag}@example.com`;
      const bob = `bob.${tag}@example.com`;
      // Early in 2026, so no other test's rows share these days.
      await row(`Alice.${tag}@example.com`, one, '2026-01-10T10:00:00.000Z');
      await row(alice, two, '2026-01-11T23:59:59.999Z');
      await row(bob, one, '2026-01-12T00:00:00.000Z');
      await row('command line', one, '2026-01-12T12:00:00.000Z');

      // Actor: the email from its start, whatever the case.
      expect(await shown(cookie, `actor=ALICE.${tag}`)).toEqual([
        `${two} ${alice}`,
        `${one} Alice.${tag}@example.com`,
      ]);
      expect(await shown(cookie, `actor=${encodeURIComponent(bob)}`)).toEqual([`${one} ${bob}`]);
      // Never the middle, and wildcards are plain characters.
      expect(await shown(cookie, `actor=${tag}`)).toEqual([]);
      expect(await shown(cookie, `actor=${encodeURIComponent(`%${tag}`)}`)).toEqual([]);
      expect(await shown(cookie, `actor=${encodeURIComponent(`al_ce.${tag}`)}`)).toEqual([]);

      // Action: the exact name.
      expect(await shown(cookie, `action=${one}`)).toEqual([
        `${one} command line`,
        `${one} ${bob}`,
        `${one} Alice.${tag}@example.com`,
      ]);
      expect(await shown(cookie, `action=t${tag}`)).toEqual([]);

      // Dates: both ends included, to the millisecond.
      const from = encodeURIComponent('2026-01-11T00:00:00Z');
      const to = encodeURIComponent('2026-01-12T00:00:00Z');
      expect(await shown(cookie, `from=${from}&to=${to}`)).toEqual([
        `${one} ${bob}`,
        `${two} ${alice}`,
      ]);
      expect(
        await shown(
          cookie,
          `from=${encodeURIComponent('2026-01-12T00:00:00.001Z')}&to=${encodeURIComponent('2026-01-12T23:00:00Z')}`,
        ),
      ).toEqual([`${one} command line`]);
      // An offset is read as the moment it names.
      expect(
        await shown(
          cookie,
          `from=${encodeURIComponent('2026-01-12T01:00:00+01:00')}&to=${encodeURIComponent('2026-01-12T01:00:00+01:00')}`,
        ),
      ).toEqual([`${one} ${bob}`]);

      // Together.
      expect(await shown(cookie, `actor=alice.${tag}&action=${one}`)).toEqual([
        `${one} Alice.${tag}@example.com`,
      ]);
      expect(await shown(cookie, `action=${one}&from=${from}&to=${to}`)).toEqual([`${one} ${bob}`]);
      expect(await shown(cookie, `actor=command&action=${one}&to=${from}`)).toEqual([]);

      // The desk's list of actions names them.
      const { actions } = await page(cookie, `action=${one}`);
      expect(actions).toEqual(expect.arrayContaining([one, two]));
    });

    test('pages hold 50 entries, newest first, and the next one carries on without a gap', async () => {
      const cookie = await adminCookie();
      const many = `t${unique()}.many`;
      for (let i = 0; i < 55; i++)
        await row('paging@example.com', many, new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString());
      const first = await page(cookie, `action=${many}`);
      expect(first.entries).toHaveLength(50);
      expect(first.next).toBe(first.entries.at(-1)!.id);
      const second = await page(cookie, `action=${many}&before=${first.next}`);
      expect(second.entries).toHaveLength(5);
      expect(second.next).toBeNull();
      const times = [...first.entries, ...second.entries].map((entry) => entry.at);
      expect(times).toEqual(
        Array.from({ length: 55 }, (_, i) =>
          new Date(Date.UTC(2026, 1, 1, 0, 54 - i)).toISOString(),
        ),
      );
    });

    test('a bad filter answers 400', async () => {
      const cookie = await adminCookie();
      for (const query of ['from=yesterday', 'to=2026-01-01', 'before=-1', 'before=x', 'who=me']) {
        const res = await call(server(), 'GET', `/api/admin/audit?${query}`, { cookie });
        expect(res.status, query).toBe(400);
      }
    });

    test('an admin log-in refused for too many attempts is recorded; a visitor’s is not', async () => {
      const admin = await createUser(server(), { adminRank: 10 });
      const visitor = await createUser(server());
      for (const user of [admin, visitor]) {
        const headers = fromAddress(nextAddress());
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await call(server(), 'POST', '/api/auth/login', {
            headers,
            body: { email: user.email, password: 'not-the-password-1' },
          });
          statuses.push(res.status);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      }
      const rows = async (userId: string) =>
        (
          await server()
            .app.db.selectFrom('audit_log')
            .select(['action', 'outcome', 'details'])
            .where('actor_id', '=', userId)
            .orderBy('id')
            .execute()
        ).map((entry) => `${entry.action} ${entry.outcome} ${entry.details}`);
      expect(await rows(admin.id)).toEqual([
        ...Array(5).fill('admin.login failure {"reason":"wrong password"}'),
        'admin.login denied {"reason":"too many attempts"}',
      ]);
      expect(await rows(visitor.id)).toEqual([]);
    });

    test('no one can change, delete or truncate the log, even in plain SQL', async () => {
      const db = server().app.db;
      const action = `t${unique()}.kept`;
      await row('kept@example.com', action, '2026-03-01T00:00:00.000Z');
      const kept = () =>
        db.selectFrom('audit_log').select(['outcome']).where('action', '=', action).execute();
      await expect(
        db
          .updateTable('audit_log')
          .set({ outcome: 'failure' })
          .where('action', '=', action)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        db.deleteFrom('audit_log').where('action', '=', action).execute(),
      ).rejects.toThrow(/append-only/);
      if (server().config.databaseUrl)
        await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
      else await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
      expect(await kept()).toEqual([{ outcome: 'success' }]);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
