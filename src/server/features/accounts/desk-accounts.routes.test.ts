/**
 * Accounts on the owner's desk against the real app, on SQLite and PostgreSQL: the search and each
 * filter, paging while accounts are added, the CSV export, and every action with its effect on the
 * account, its sessions, its open tabs and the audit log.
 */
import pg from 'pg';
import { expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import type {
  AccountRow,
  AccountSearchPage,
  DeskAccountDetail,
} from '#shared/desk-accounts-schemas';
import { auditEntriesAbout } from '#server/features/audit/audit.service';
import { insertErrorReport } from '#server/features/error-reports/error-reports.repository';
import { mailListSecret } from '#server/features/mail-lists/list-tokens';
import { markPending, setMemberState } from '#server/features/mail-lists/members.repository';
import { insertSubmission } from '#server/features/submissions/submissions.repository';
import {
  call,
  createUser,
  fromAddress,
  KNOWN_PASSWORD,
  login,
  loginAs,
  nextAddress,
  unique,
  type TestUser,
  type UserOverrides,
} from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { openSse } from '#test-support/live-sse-client';
import { eachAccountBatch } from './accounts.service';

await onBothServers(
  'accounts on the desk',
  (server) => {
    /** An admin whose session entered a code just now (past the step-up). */
    async function admin(): Promise<{ user: TestUser; cookie: string }> {
      const user = await createUser(server(), { adminRank: 10 });
      return { user, cookie: await loginAs(server(), user) };
    }

    /** An admin whose session entered its code 20 minutes ago: the desk opens, sensitive actions not. */
    async function staleAdmin(): Promise<{ user: TestUser; cookie: string }> {
      const { user, cookie } = await admin();
      await server()
        .app.db.updateTable('sessions')
        .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      return { user, cookie };
    }

    /** A search tag no other test's accounts start with. */
    const newTag = () => `t${unique()}`;

    async function search(cookie: string, query: string): Promise<AccountSearchPage> {
      const res = await call(server(), 'GET', `/api/admin/accounts?${query}`, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as AccountSearchPage;
    }

    async function ids(cookie: string, query: string): Promise<string[]> {
      return (await search(cookie, query)).accounts.map((account) => account.id).sort();
    }

    async function detail(cookie: string, id: string): Promise<DeskAccountDetail> {
      const res = await call(server(), 'GET', `/api/admin/accounts/${id}`, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as DeskAccountDetail;
    }

    async function tagged(tag: string, overrides: UserOverrides = {}, suffix = unique()) {
      return createUser(server(), { email: `${tag}${suffix}@example.com`, ...overrides });
    }

    async function setColumns(
      userId: string,
      set: { created_at?: string; disabled_at?: string; disabled_reason?: string },
    ) {
      await server().app.db.updateTable('users').set(set).where('id', '=', userId).execute();
    }

    async function subscribe(
      list: 'newsletter' | 'pitches',
      email: string,
      userId: string | null,
      at?: Date,
    ) {
      const db = server().app.db;
      const input = { list, email, userId };
      const { member } = await markPending(db, await mailListSecret(db), input, at);
      return member;
    }

    async function logIn(user: TestUser) {
      return call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        headers: fromAddress(nextAddress()),
      });
    }

    async function auditAbout(id: string) {
      return auditEntriesAbout(server().app.db, id, 50);
    }

    const sorted = (users: { id: string }[]) => users.map((user) => user.id).sort();

    test('q matches the start of the email or the username in any case, never the middle', async () => {
      const { cookie } = await admin();
      const tag = newTag();
      const byEmail = await tagged(tag);
      const byUsername = await createUser(server(), { username: `${tag.toUpperCase()}Name` });
      await createUser(server(), { email: `zz${tag}@example.com`, username: `zz${tag}` });
      expect(await ids(cookie, `q=${tag.toUpperCase()}`)).toEqual(sorted([byEmail, byUsername]));
      expect(await ids(cookie, `q=${encodeURIComponent(`  ${tag}  `)}`)).toEqual(
        sorted([byEmail, byUsername]),
      );
      expect(await ids(cookie, `q=${tag}name`)).toEqual([byUsername.id]);
      expect(await ids(cookie, `q=${encodeURIComponent(byEmail.email.toUpperCase())}`)).toEqual([
        byEmail.id,
      ]);
      // Wildcards are plain characters: the search is a range, not LIKE.
      expect(await ids(cookie, `q=${encodeURIComponent(`${tag}%`)}`)).toEqual([]);
      expect(await ids(cookie, `q=${encodeURIComponent(`${tag.slice(0, -1)}_`)}`)).toEqual([]);
      const row = (await search(cookie, `q=${byEmail.email}`)).accounts[0];
      expect(row).toEqual({
        id: byEmail.id,
        email: byEmail.email,
        username: byEmail.username,
        adminRank: 0,
        earlyUser: false,
        emailVerified: false,
        disabled: false,
        createdAt: byEmail.created_at,
      } satisfies AccountRow);
    });

    test('each filter keeps exactly its accounts', async () => {
      const { cookie } = await admin();
      const tag = newTag();
      const adminAccount = await tagged(tag, {
        adminRank: 12,
        earlyUser: true,
        emailVerified: true,
      });
      const developer = await tagged(tag, { adminRank: 3 });
      const disabled = await tagged(tag);
      await setColumns(disabled.id, {
        disabled_at: new Date().toISOString(),
        disabled_reason: 'spam',
      });
      const old = await tagged(tag);
      await setColumns(old.id, { created_at: '2020-01-15T10:00:00.000Z' });
      // On the newsletter: a confirmed row made through the account, and a confirmed row of a
      // verified address; not: a confirmed row of an unverified address, or a pending row.
      const throughAccount = await tagged(tag);
      await setMemberState(
        server().app.db,
        (await subscribe('newsletter', throughAccount.email, throughAccount.id)).id,
        'subscribed',
      );
      const verifiedAddress = await tagged(tag, { emailVerified: true });
      await setMemberState(
        server().app.db,
        (await subscribe('newsletter', verifiedAddress.email, null)).id,
        'subscribed',
      );
      const unverifiedAddress = await tagged(tag);
      await setMemberState(
        server().app.db,
        (await subscribe('newsletter', unverifiedAddress.email, null)).id,
        'subscribed',
      );
      const pending = await tagged(tag);
      await subscribe('newsletter', pending.email, pending.id);
      const all = [
        adminAccount,
        developer,
        disabled,
        old,
        throughAccount,
        verifiedAddress,
        unverifiedAddress,
        pending,
      ];
      const except = (...left: TestUser[]) => sorted(all.filter((user) => !left.includes(user)));

      expect(await ids(cookie, `q=${tag}`)).toEqual(sorted(all));
      expect(await ids(cookie, `q=${tag}&rank=admin`)).toEqual([adminAccount.id]);
      expect(await ids(cookie, `q=${tag}&rank=3`)).toEqual([developer.id]);
      expect(await ids(cookie, `q=${tag}&rank=0`)).toEqual(except(adminAccount, developer));
      expect(await ids(cookie, `q=${tag}&earlyUser=true`)).toEqual([adminAccount.id]);
      expect(await ids(cookie, `q=${tag}&earlyUser=false`)).toEqual(except(adminAccount));
      expect(await ids(cookie, `q=${tag}&verified=true`)).toEqual(
        sorted([adminAccount, verifiedAddress]),
      );
      expect(await ids(cookie, `q=${tag}&disabled=true`)).toEqual([disabled.id]);
      expect(await ids(cookie, `q=${tag}&disabled=false`)).toEqual(except(disabled));
      expect(await ids(cookie, `q=${tag}&list=newsletter`)).toEqual(
        sorted([throughAccount, verifiedAddress]),
      );
      expect(await ids(cookie, `q=${tag}&list=pitches`)).toEqual([]);
      expect(await ids(cookie, `q=${tag}&from=2020-01-15&to=2020-01-15`)).toEqual([old.id]);
      expect(
        await ids(cookie, `q=${tag}&from=2020-01-15T10:00:00Z&to=2020-01-15T10:00:00Z`),
      ).toEqual([old.id]);
      expect(await ids(cookie, `q=${tag}&to=2020-01-14`)).toEqual([]);
      expect(await ids(cookie, `q=${tag}&from=2020-01-16`)).toEqual(except(old));
      expect(await ids(cookie, `q=${tag}&rank=admin&verified=true&list=newsletter`)).toEqual([]);
      // Empty parameters are no filter.
      expect(await ids(cookie, `q=${tag}&rank=&list=&from=`)).toEqual(sorted(all));
    });

    test('paging neither repeats nor skips accounts while new ones sign up', async () => {
      const { cookie } = await admin();
      const tag = newTag();
      const first: TestUser[] = [];
      for (let i = 0; i < 7; i++) first.push(await tagged(tag));
      // Three share one sign-up time: the id orders them.
      const same = '2020-06-01T00:00:00.000Z';
      for (const user of first.slice(2, 5)) await setColumns(user.id, { created_at: same });
      const expected = await server()
        .app.db.selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          first.map((user) => user.id),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();

      const seen: string[] = [];
      let page = await search(cookie, `q=${tag}&limit=3`);
      seen.push(...page.accounts.map((account) => account.id));
      await tagged(tag);
      await tagged(tag);
      page = await search(cookie, `q=${tag}&limit=3&cursor=${page.next}`);
      seen.push(...page.accounts.map((account) => account.id));
      await tagged(tag);
      page = await search(cookie, `q=${tag}&limit=3&cursor=${page.next}`);
      seen.push(...page.accounts.map((account) => account.id));
      expect(page.next).toBeNull();
      expect(seen).toEqual(expected.map((row) => row.id));
    });

    test('a bad cursor, limit or filter answers 400', async () => {
      const { cookie } = await admin();
      for (const query of [
        'cursor=not-a-cursor',
        'limit=0',
        'limit=201',
        'rank=boss',
        'earlyUser=yes',
        'list=everyone',
        'from=yesterday',
        'sort=email',
      ]) {
        const res = await call(server(), 'GET', `/api/admin/accounts?${query}`, { cookie });
        expect(res.status, query).toBe(400);
      }
      const page = await search(cookie, 'limit=200');
      expect(page.accounts.length).toBeLessThanOrEqual(200);
    });

    test('the CSV export has exactly the filtered accounts, quoted and safe from formulas', async () => {
      const { cookie } = await admin();
      const tag = newTag();
      const formula = await createUser(server(), {
        email: `=sum${tag}@example.com`,
        username: `${tag}a`,
      });
      const plus = await createUser(server(), {
        email: `+${tag}@example.com`,
        username: `${tag}b`,
      });
      const minus = await createUser(server(), {
        email: `-${tag}@example.com`,
        username: `${tag}c`,
      });
      const at = await createUser(server(), { email: `${tag}d@example.com`, username: `@${tag}` });
      const quoted = await createUser(server(), { username: `${tag}"e,f` });
      const disabled = await tagged(tag);
      await setColumns(disabled.id, { disabled_at: new Date().toISOString() });
      await createUser(server()); // not matching

      const res = await call(
        server(),
        'GET',
        `/api/admin/accounts/export.csv?q=${tag}&disabled=false`,
        { cookie },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      const line = (user: TestUser, email: string, username: string) =>
        `${user.id},${email},${username},0,false,false,false,${user.created_at}`;
      const expectedLines = new Map([
        [formula.id, line(formula, `'=sum${tag}@example.com`, `${tag}a`)],
        [plus.id, line(plus, `'+${tag}@example.com`, `${tag}b`)],
        [minus.id, line(minus, `'-${tag}@example.com`, `${tag}c`)],
        [at.id, line(at, at.email, `'@${tag}`)],
        [quoted.id, line(quoted, quoted.email, `"${tag}""e,f"`)],
      ]);
      const order = (await search(cookie, `q=${tag}&disabled=false`)).accounts.map((a) => a.id);
      expect(order).toHaveLength(5);
      expect(res.json).toBe(
        'id,email,username,adminRank,earlyUser,emailVerified,disabled,createdAt\r\n' +
          order.map((id) => `${expectedLines.get(id)}\r\n`).join(''),
      );

      const rows = await server()
        .app.db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'accounts.export')
        .where('details', 'like', `%${tag}%`)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ outcome: 'success', target_id: null, source: 'desk' });
      expect(JSON.parse(rows[0]!.details)).toEqual({ q: tag, disabled: false });
    });

    test('the export reads the accounts in batches, all of them', async () => {
      const tag = newTag();
      for (let i = 0; i < 5; i++) await tagged(tag);
      const batches: string[][] = [];
      for await (const batch of eachAccountBatch(server().app.db, { q: tag }, 2))
        batches.push(batch.map((row) => row.id));
      expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
      const { cookie } = await admin();
      expect(batches.flat()).toEqual(
        (await search(cookie, `q=${tag}`)).accounts.map((account) => account.id),
      );
    });

    test('the export and rank changes need a code from the last 15 minutes', async () => {
      const { cookie } = await staleAdmin();
      const target = await createUser(server());
      const rank = await call(server(), 'POST', `/api/admin/accounts/${target.id}/rank`, {
        cookie,
        body: { adminRank: 10 },
      });
      expect(rank.status).toBe(403);
      expect(rank.json).toMatchObject({ error: { status: 'step-up-required' } });
      const exported = await call(server(), 'GET', '/api/admin/accounts/export.csv', { cookie });
      expect(exported.status).toBe(403);
      expect(exported.json).toMatchObject({ error: { status: 'step-up-required' } });
      expect((await detail(cookie, target.id)).account.adminRank).toBe(0);
      expect(await auditAbout(target.id)).toMatchObject([
        { action: 'accounts.rank', outcome: 'denied' },
      ]);
    });

    test('a rank change answers the account as it is now and is audited with before and after', async () => {
      const { user: actor, cookie } = await admin();
      const target = await createUser(server(), { adminRank: 3 });
      const res = await call(server(), 'POST', `/api/admin/accounts/${target.id}/rank`, {
        cookie,
        body: { adminRank: 10 },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ account: { id: target.id, adminRank: 10 } });
      expect(await auditAbout(target.id)).toMatchObject([
        {
          action: 'accounts.rank',
          actorId: actor.id,
          actorLabel: actor.email,
          outcome: 'success',
          source: 'desk',
          details: { adminRank: 10, previousAdminRank: 3 },
        },
      ]);
      const bad = await call(server(), 'POST', `/api/admin/accounts/${target.id}/rank`, {
        cookie,
        body: { adminRank: 1001 },
      });
      expect(bad.status).toBe(400);
      expect((await detail(cookie, target.id)).account.adminRank).toBe(10);
    });

    test('the early-user flag is set and audited', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const res = await call(server(), 'POST', `/api/admin/accounts/${target.id}/early-user`, {
        cookie,
        body: { earlyUser: true },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ account: { earlyUser: true } });
      expect(await auditAbout(target.id)).toMatchObject([
        { action: 'accounts.early-user', details: { earlyUser: true, previousEarlyUser: false } },
      ]);
    });

    test('disabling ends every session at once, log-in says disabled, enabling lets it in again', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const targetCookie = await loginAs(server(), target);
      const otherDevice = await loginAs(server(), target);
      expect((await call(server(), 'GET', '/api/me/export', { cookie: targetCookie })).status).toBe(
        200,
      );
      const stream = await openSse(`${server().url}/api/live?page=account`, {
        headers: { cookie: otherDevice },
      });
      try {
        expect(await stream.nextEvent<{ user: unknown }>('user')).toMatchObject({
          user: { uid: target.id },
        });
        const res = await call(server(), 'POST', `/api/admin/accounts/${target.id}/disable`, {
          cookie,
          body: { reason: '  Sends spam.  ' },
        });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({
          account: { id: target.id, disabled: true, disabledReason: 'Sends spam.' },
        });
        // The open tab hears of it and loses the account.
        expect(await stream.nextEvent('user')).toEqual({ user: null });
      } finally {
        stream.close();
      }
      const next = await call(server(), 'GET', '/api/me/export', { cookie: targetCookie });
      expect(next.status).toBe(401);
      const login = await logIn(target);
      expect(login.status).toBe(403);
      expect(login.json).toEqual({
        error: { status: 'permission-denied', message: 'This account is disabled.' },
      });
      const shown = await detail(cookie, target.id);
      expect(shown.sessions).toEqual([]);
      expect(shown.account.disabledAt).toEqual(expect.any(String));
      expect(await auditAbout(target.id)).toMatchObject([
        {
          action: 'accounts.disable',
          outcome: 'success',
          targetId: target.id,
          details: { reason: 'Sends spam.', endedSessions: 2 },
        },
      ]);
      const again = await call(server(), 'POST', `/api/admin/accounts/${target.id}/disable`, {
        cookie,
        body: { reason: 'twice' },
      });
      expect(again.status).toBe(409);

      const enabled = await call(server(), 'POST', `/api/admin/accounts/${target.id}/enable`, {
        cookie,
      });
      expect(enabled.status).toBe(200);
      expect(enabled.json).toMatchObject({
        account: { disabled: false, disabledAt: null, disabledReason: null },
      });
      expect((await logIn(target)).status).toBe(200);
      expect((await auditAbout(target.id))[0]).toMatchObject({
        action: 'accounts.enable',
        outcome: 'success',
      });
      const twice = await call(server(), 'POST', `/api/admin/accounts/${target.id}/enable`, {
        cookie,
      });
      expect(twice.status).toBe(409);
    });

    test('disabling needs a reason of at most 500 characters', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        const res = await call(server(), 'POST', `/api/admin/accounts/${target.id}/disable`, {
          cookie,
          body,
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ error: { field: 'reason' } });
      }
      expect((await detail(cookie, target.id)).account.disabled).toBe(false);
    });

    test('a session shows the device it signed in from, and the desk’s own session is marked', async () => {
      const { user, cookie } = await admin();
      const target = await createUser(server());
      await login(server(), target.email, KNOWN_PASSWORD, {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      });
      const shown = await detail(cookie, target.id);
      expect(shown.sessions.map((s) => [s.device, s.current])).toEqual([
        ['Firefox 133 on Linux, desktop', false],
      ]);
      const own = await detail(cookie, user.id);
      expect(own.sessions.map((s) => s.current)).toEqual([true]);
    });

    test('end-sessions signs the account out everywhere', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const one = await loginAs(server(), target);
      await loginAs(server(), target);
      const shown = await detail(cookie, target.id);
      expect(shown.sessions).toHaveLength(2);
      expect(shown.sessions[0]).toEqual({
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        mfaVerifiedAt: null,
        device: null,
        current: false,
      });
      const res = await call(server(), 'POST', `/api/admin/accounts/${target.id}/end-sessions`, {
        cookie,
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ended: 2 });
      expect((await call(server(), 'GET', '/api/me/export', { cookie: one })).status).toBe(401);
      expect((await detail(cookie, target.id)).sessions).toEqual([]);
      expect(await auditAbout(target.id)).toMatchObject([
        { action: 'accounts.end-sessions', details: { endedSessions: 2 } },
      ]);
      // It may still log in.
      expect((await logIn(target)).status).toBe(200);
    });

    test('an admin cannot change their own rank, disable or delete themselves', async () => {
      const { user, cookie } = await admin();
      for (const [method, path, body] of [
        ['POST', '/rank', { adminRank: 0 }],
        ['POST', '/disable', { reason: 'oops' }],
        ['DELETE', '', undefined],
      ] as const) {
        const res = await call(server(), method, `/api/admin/accounts/${user.id}${path}`, {
          cookie,
          body,
        });
        expect(res.status, path).toBe(409);
      }
      const shown = await detail(cookie, user.id);
      expect(shown.account).toMatchObject({ adminRank: 10, disabled: false });
      expect((await auditAbout(user.id)).map((entry) => [entry.action, entry.outcome])).toEqual([
        ['accounts.delete', 'failure'],
        ['accounts.disable', 'failure'],
        ['accounts.rank', 'failure'],
      ]);
    });

    /** Every action on one account: method, path after the id, body. */
    const ACTIONS = [
      ['POST', '/rank', { adminRank: 5 }],
      ['POST', '/early-user', { earlyUser: true }],
      ['POST', '/disable', { reason: 'Taking over' }],
      ['POST', '/enable', undefined],
      ['POST', '/end-sessions', undefined],
      ['POST', '/resend-verification', undefined],
      ['DELETE', '', undefined],
    ] as const;

    /** What an action could have changed on the account: its row, sessions and queued mail. */
    async function footprint(user: TestUser) {
      const db = server().app.db;
      return {
        row: await db
          .selectFrom('users')
          .select(['admin_rank', 'early_user', 'disabled_at', 'disabled_reason'])
          .where('id', '=', user.id)
          .executeTakeFirst(),
        sessions: (
          await db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute()
        ).length,
        mails: (
          await db
            .selectFrom('mail_outbox')
            .select('id')
            .where('to_address', '=', user.email)
            .execute()
        ).length,
      };
    }

    test('no action reaches an account ranked above the admin, and nothing of it changes', async () => {
      const { cookie } = await admin(); // rank 10
      for (const [method, path, body] of ACTIONS) {
        const above = await createUser(server(), { adminRank: 11 });
        await loginAs(server(), above);
        // Enabling needs a disabled account to be anything but a 409.
        if (path === '/enable')
          await setColumns(above.id, {
            disabled_at: new Date().toISOString(),
            disabled_reason: 'x',
          });
        const before = await footprint(above);
        const res = await call(server(), method, `/api/admin/accounts/${above.id}${path}`, {
          cookie,
          body,
        });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json).toEqual({
          error: { status: 'permission-denied', message: 'This account is ranked above yours.' },
        });
        expect(await footprint(above), `${method} ${path}`).toEqual(before);
        expect(await auditAbout(above.id)).toMatchObject([{ outcome: 'denied' }]);
      }
      // Ranked the same is not above: an admin may act on a fellow admin of rank 10.
      const peer = await createUser(server(), { adminRank: 10 });
      await loginAs(server(), peer);
      const ended = await call(server(), 'POST', `/api/admin/accounts/${peer.id}/end-sessions`, {
        cookie,
      });
      expect(ended.json).toEqual({ ended: 1 });
      // Nor may an admin give a rank above their own.
      const visitor = await createUser(server());
      const promoted = await call(server(), 'POST', `/api/admin/accounts/${visitor.id}/rank`, {
        cookie,
        body: { adminRank: 11 },
      });
      expect(promoted.status).toBe(403);
      expect(promoted.json).toMatchObject({
        error: { message: 'You cannot give a rank above your own.' },
      });
      expect((await footprint(visitor)).row?.admin_rank).toBe(0);
    });

    test('an account promoted above the admin while the action waits for it is refused, not changed', async ({
      skip,
    }) => {
      // On SQLite one connection holds the write lock for the whole action, so nothing can
      // promote the account between the check and the change; on PostgreSQL the action's hold
      // waits for the promotion's row lock and then reads the new rank.
      const url = server().config.databaseUrl;
      if (!url) return skip('one writer at a time on SQLite');
      const { cookie } = await admin(); // rank 10
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        for (const [method, path, body] of ACTIONS) {
          const target = await createUser(server(), { adminRank: 5 });
          await loginAs(server(), target);
          if (path === '/enable')
            await setColumns(target.id, {
              disabled_at: new Date().toISOString(),
              disabled_reason: 'x',
            });
          await other.query('begin');
          await other.query('update users set admin_rank = 11 where id = $1', [target.id]);
          const pending = call(server(), method, `/api/admin/accounts/${target.id}${path}`, {
            cookie,
            body,
          });
          // Commit the promotion only once the action is waiting on the account's row.
          const deadline = Date.now() + 10_000;
          for (;;) {
            const { rows } = await other.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.waiting > 0) break;
            if (Date.now() > deadline) throw new Error(`${method} ${path} never waited`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await other.query('commit');
          const res = await pending;
          expect(res.status, `${method} ${path}`).toBe(403);
          const after = await footprint(target);
          expect(after.row, `${method} ${path}`).toMatchObject({ admin_rank: 11, early_user: 0 });
          expect(after.row?.disabled_at === null, `${method} ${path}`).toBe(path !== '/enable');
          expect(after.sessions).toBe(1);
          expect(after.mails).toBe(0);
        }
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    });

    test('deleting removes the account with its data, as its own deletion does', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const targetCookie = await loginAs(server(), target);
      await subscribe('pitches', target.email, target.id);
      const res = await call(server(), 'DELETE', `/api/admin/accounts/${target.id}`, { cookie });
      expect(res.status).toBe(204);
      const db = server().app.db;
      expect(
        await db.selectFrom('users').select('id').where('id', '=', target.id).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('mail_list_members')
          .select('id')
          .where('user_id', '=', target.id)
          .execute(),
      ).toEqual([]);
      expect((await call(server(), 'GET', '/api/me/export', { cookie: targetCookie })).status).toBe(
        401,
      );
      expect(
        (await call(server(), 'GET', `/api/admin/accounts/${target.id}`, { cookie })).status,
      ).toBe(404);
      expect(await auditAbout(target.id)).toMatchObject([
        { action: 'accounts.delete', outcome: 'success', details: { deleted: true } },
      ]);
      const again = await call(server(), 'DELETE', `/api/admin/accounts/${target.id}`, { cookie });
      expect(again.status).toBe(404);
    });

    test('resend-verification queues the mail, and answers 409 once verified', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const res = await call(
        server(),
        'POST',
        `/api/admin/accounts/${target.id}/resend-verification`,
        { cookie },
      );
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ status: 'sent' });
      const mails = await server()
        .app.db.selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', target.email)
        .execute();
      expect(mails).toEqual([{ subject: expect.stringMatching(/^Confirm your email address/) }]);
      const verified = await createUser(server(), { emailVerified: true });
      const refused = await call(
        server(),
        'POST',
        `/api/admin/accounts/${verified.id}/resend-verification`,
        { cookie },
      );
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        error: { message: 'This email address is already verified.' },
      });
    });

    test('an unknown account answers 404 to every route', async () => {
      const { cookie } = await admin();
      const id = 'no-such-account';
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '/rank', { adminRank: 1 }],
        ['POST', '/early-user', { earlyUser: true }],
        ['POST', '/disable', { reason: 'x' }],
        ['POST', '/enable', undefined],
        ['POST', '/end-sessions', undefined],
        ['POST', '/resend-verification', undefined],
        ['DELETE', '', undefined],
      ] as const) {
        const res = await call(server(), method, `/api/admin/accounts/${id}${path}`, {
          cookie,
          body,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json).toMatchObject({ error: { message: 'There is no such account.' } });
      }
    });

    test('the account page shows its info, lists and one timeline, newest first', async () => {
      const { user: actor, cookie } = await admin();
      const target = await createUser(server(), { avatar: 3 });
      await setColumns(target.id, { created_at: '2020-06-01T00:00:00.000Z' });
      const db = server().app.db;
      const member = await subscribe('newsletter', target.email, target.id);
      await setMemberState(db, member.id, 'subscribed', new Date(Date.now() + 1000));
      const submissionId = await insertSubmission(
        db,
        {
          type: 'contact',
          userId: target.id,
          payload: toSubmissionPayload(FORM_DEFINITIONS.contact, { name: 'Target' }),
        },
        new Date(Date.now() + 2000),
      );
      const reportId = await insertErrorReport(
        db,
        { error: 'Error: boom', errorName: 'handleLogIn', page: 'home', userId: target.id },
        new Date(Date.now() + 3000),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      const early = await call(server(), 'POST', `/api/admin/accounts/${target.id}/early-user`, {
        cookie,
        body: { earlyUser: true },
      });
      expect(early.status).toBe(200);

      const shown = await detail(cookie, target.id);
      expect(shown.account).toEqual({
        id: target.id,
        email: target.email,
        username: target.username,
        adminRank: 0,
        earlyUser: true,
        emailVerified: false,
        disabled: false,
        createdAt: '2020-06-01T00:00:00.000Z',
        avatar: 3,
        disabledAt: null,
        disabledReason: null,
        mailLists: ['newsletter'],
      });
      expect(shown.timeline.map((entry) => entry.kind)).toEqual([
        'error-report',
        'submission',
        'mail-list',
        'admin-action',
        'mail-list',
        'signed-up',
      ]);
      expect(shown.timeline).toEqual([
        {
          kind: 'error-report',
          at: expect.any(String),
          id: reportId,
          errorName: 'handleLogIn',
          page: 'home',
        },
        {
          kind: 'submission',
          at: expect.any(String),
          id: submissionId,
          type: 'contact',
          status: 'new',
        },
        { kind: 'mail-list', at: expect.any(String), list: 'newsletter', state: 'subscribed' },
        {
          kind: 'admin-action',
          at: expect.any(String),
          id: expect.any(Number),
          action: 'accounts.early-user',
          actorLabel: actor.email,
          outcome: 'success',
          source: 'desk',
          details: { earlyUser: true, previousEarlyUser: false },
        },
        { kind: 'mail-list', at: member.created_at, list: 'newsletter', state: 'pending' },
        { kind: 'signed-up', at: '2020-06-01T00:00:00.000Z' },
      ]);
      // No secrets of the account leave.
      expect(JSON.stringify(shown)).not.toMatch(/password|hash|token/i);
    });

    test('every opt-in and opt-out shows on the timeline, not only the first and the last', async () => {
      const { cookie } = await admin();
      const target = await createUser(server());
      const db = server().app.db;
      const start = Date.now();
      const at = (seconds: number) => new Date(start + seconds * 1000);
      const member = await subscribe('pitches', target.email, target.id, at(1));
      await setMemberState(db, member.id, 'subscribed', at(2));
      await setMemberState(db, member.id, 'unsubscribed', at(3));
      await subscribe('pitches', target.email, target.id, at(4));
      await setMemberState(db, member.id, 'subscribed', at(5));
      await setMemberState(db, member.id, 'unsubscribed', at(6));

      const { timeline } = await detail(cookie, target.id);
      const changes = timeline.filter((entry) => entry.kind === 'mail-list');
      expect(changes).toEqual(
        ['unsubscribed', 'subscribed', 'pending', 'unsubscribed', 'subscribed', 'pending'].map(
          (state, index) => ({
            kind: 'mail-list',
            at: at(6 - index).toISOString(),
            list: 'pitches',
            state,
          }),
        ),
      );
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
