/**
 * Error groups at the API, on SQLite and PostgreSQL (docs/product/forms.md#error-reports): reports with
 * the same name, masked text and page key form one group with its count, first and last time; the
 * owner marks a group resolved or ignored (audited); a resolved group that happens again reopens,
 * an ignored one counts on quietly.
 */
import { expect, test } from 'vitest';
import type { ErrorGroup } from '#shared/error-report-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  unique,
} from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';

await onBothServers(
  'error groups',
  (server) => {
    async function admin(): Promise<string> {
      return loginAs(server(), await createUser(server(), { adminRank: 10 }));
    }

    function report(error: string, page: string, errorName = 'handleLogIn') {
      return call(server(), 'POST', '/api/errors', {
        body: { error, errorName, page, timestamp: new Date().toISOString() },
        headers: fromAddress(nextAddress()),
      });
    }

    async function groups(cookie: string): Promise<ErrorGroup[]> {
      const res = await call(server(), 'GET', '/api/admin/error-groups', { cookie });
      expect(res.status).toBe(200);
      return (res.json as { groups: ErrorGroup[] }).groups;
    }

    const mark = (cookie: string, id: string, state: unknown) =>
      call(server(), 'POST', `/api/admin/error-groups/${id}/state`, { cookie, body: { state } });

    test('the same name, masked text and page form one group; another page or text another', async () => {
      const cookie = await admin();
      const tag = unique();
      // The email is masked before grouping, so two senders' reports are one group.
      await report(`TypeError ${tag}: ann@example.com failed`, 'music');
      await report(`TypeError ${tag}: bob@example.com failed`, 'music');
      await report(`TypeError ${tag}: bob@example.com failed`, 'art');
      await report(`RangeError ${tag}`, 'music');
      const mine = (await groups(cookie)).filter((group) => group.error.includes(tag));
      expect(mine.map((group) => [group.error, group.page, group.count])).toEqual([
        [`RangeError ${tag}`, 'music', 1],
        [`TypeError ${tag}: [email] failed`, 'art', 1],
        [`TypeError ${tag}: [email] failed`, 'music', 2],
      ]);
      const music = mine[2]!;
      expect(music.state).toBe('open');
      expect(music.reports).toHaveLength(2);
      expect(music.firstSeen <= music.lastSeen).toBe(true);
      expect(music.reports[0]!.createdAt).toBe(music.lastSeen);
    });

    test('a resolved group that happens again reopens; an ignored one stays ignored', async () => {
      const cookie = await admin();
      const tag = unique();
      await report(`Error ${tag} resolved`, 'home');
      await report(`Error ${tag} ignored`, 'home');
      const [ignored, resolved] = (await groups(cookie)).filter((g) => g.error.includes(tag));
      const done = await mark(cookie, resolved!.id, 'resolved');
      expect(done.status).toBe(200);
      expect((done.json as { group: ErrorGroup }).group.state).toBe('resolved');
      expect((await mark(cookie, ignored!.id, 'ignored')).status).toBe(200);
      await report(`Error ${tag} resolved`, 'home');
      await report(`Error ${tag} ignored`, 'home');
      const after = (await groups(cookie)).filter((g) => g.error.includes(tag));
      expect(after.map((g) => [g.error, g.state, g.count]).sort()).toEqual([
        [`Error ${tag} ignored`, 'ignored', 2],
        [`Error ${tag} resolved`, 'open', 2],
      ]);
      const audit = await server()
        .app.db.selectFrom('audit_log')
        .select(['action', 'outcome', 'details'])
        .where('action', '=', 'errors.group-state')
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      expect(audit.map((row) => [row.outcome, JSON.parse(row.details).state])).toEqual([
        ['success', 'ignored'],
        ['success', 'resolved'],
      ]);
    });

    test('a bad state or an unknown group changes nothing', async () => {
      const cookie = await admin();
      const tag = unique();
      await report(`Error ${tag}`, 'about');
      const [group] = (await groups(cookie)).filter((g) => g.error.includes(tag));
      const bad = await mark(cookie, group!.id, 'closed');
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ error: { message: 'Choose open, resolved or ignored.' } });
      const gone = await mark(cookie, 'no-such-group', 'resolved');
      expect(gone.status).toBe(404);
      const [still] = (await groups(cookie)).filter((g) => g.error.includes(tag));
      expect(still!.state).toBe('open');
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
