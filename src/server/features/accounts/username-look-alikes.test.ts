/**
 * Look-alike and invisible usernames (docs/product/accounts.md#usernames), at the API on both databases:
 * each is refused with its own message under the username, and nothing is written.
 */
import { expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { call, createUser, fromAddress, loginAs, signUpPayload } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';

let address = 0;

await onBothServers(
  'look-alike usernames',
  (server) => {
    const signUp = (username: string) => {
      address += 1;
      return call(server(), 'POST', '/api/auth/register', {
        body: signUpPayload({ username }),
        headers: fromAddress(`192.0.2.${address}`),
      });
    };
    const accounts = () => server().app.db.selectFrom('users').select('id').execute();

    test.each([
      ['c\u0430rol (Cyrillic a)', 'c\u0430rol', 400, MESSAGES.usernameMixedScripts],
      ['car\u03BFl (Greek o)', 'car\u03BFl', 400, MESSAGES.usernameMixedScripts],
      ['carol + Hangul filler', 'carol\u3164', 400, MESSAGES.usernameInvisible],
      ['a zero-width space', 'car\u200Bol', 400, MESSAGES.usernameInvisible],
      ['a no-break space', 'car\u00A0ol', 400, MESSAGES.usernameInvisible],
      ['caro1 (digit one)', 'caro1', 409, MESSAGES.usernameLookAlike],
      ['CAROL', 'CAROL', 409, MESSAGES.usernameTaken],
      ['full-width ｃａｒｏｌ', '\uFF43\uFF41\uFF52\uFF4F\uFF4C', 409, MESSAGES.usernameTaken],
    ])('beside carol, %s is refused with a clear message', async (_, username, status, message) => {
      if (
        !(await server()
          .app.db.selectFrom('users')
          .select('id')
          .where('username_key', '=', 'carol')
          .executeTakeFirst())
      )
        await createUser(server(), { username: 'carol' });
      const before = (await accounts()).length;
      const res = await signUp(username);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ error: { message, field: 'username' } });
      expect((await accounts()).length).toBe(before);
    });

    test('a whole-script look-alike (Cyrillic сор beside Latin cop) is taken', async () => {
      await createUser(server(), { username: 'cop' });
      const res = await signUp('\u0441\u043E\u0440');
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({
        error: { message: MESSAGES.usernameLookAlike, field: 'username' },
      });
    });

    test('names in one script other than Latin, and Japanese mixes, are welcome', async () => {
      for (const username of ['Анна', 'Ἀθηνᾶ', '東京タワー', 'Tokyo東京', '서울 2', 'José']) {
        const res = await signUp(username);
        expect(res.status, username).toBe(201);
      }
    });

    test('changing the username to a look-alike of another is refused the same way; one of your own is fine', async () => {
      await createUser(server(), { username: 'Mallory' });
      const user = await createUser(server(), { username: 'Trent' });
      const cookie = await loginAs(server(), user);
      const lookAlike = await call(server(), 'PATCH', '/api/me', {
        cookie,
        body: { username: 'MaIlory' },
      });
      expect(lookAlike.status).toBe(409);
      expect(lookAlike.json).toMatchObject({
        error: { message: MESSAGES.usernameLookAlike, field: 'username' },
      });
      const mixed = await call(server(), 'PATCH', '/api/me', {
        cookie,
        body: { username: 'Tr\u0435nt' },
      });
      expect(mixed.status).toBe(400);
      expect(mixed.json).toMatchObject({ error: { message: MESSAGES.usernameMixedScripts } });
      const own = await call(server(), 'PATCH', '/api/me', { cookie, body: { username: 'TRENT' } });
      expect(own.status).toBe(200);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
