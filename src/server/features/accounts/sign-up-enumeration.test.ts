/**
 * Sign-up says an email is taken to one network only three times a day; after that it refuses every
 * sign-up from that network before looking the address up, so a 201 for a free address can no
 * longer stand in for the answer (docs/product/accounts.md#sign-up). On SQLite and PostgreSQL.
 */
import { expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { call, createUser, fromAddress, signUpPayload, unique } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';

await onBothServers(
  'sign-up enumeration',
  (server) => {
    const signUp = (email: string, address: string) =>
      call(server(), 'POST', '/api/auth/register', {
        body: signUpPayload({ email }),
        headers: fromAddress(address),
      });

    test('after three "taken" answers a network gets 429 for taken and free addresses alike, and no account is made', async () => {
      const network = '2001:db8:41:1';
      const taken = await Promise.all([1, 2, 3, 4].map(() => createUser(server())));
      const statuses: number[] = [];
      for (const [i, user] of taken.slice(0, 3).entries())
        statuses.push((await signUp(user.email, `${network}::${i + 1}`)).status);
      expect(statuses).toEqual([409, 409, 409]);

      const free = `free${unique()}@example.com`;
      const answers = [
        await signUp(taken[3]!.email, `${network}::10`),
        await signUp(free, `${network}::11`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(answer.json).toEqual({
          error: { status: 'resource-exhausted', message: MESSAGES.tooManyAttempts },
        });
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(2 * 24 * 3600);
      }
      const made = await server()
        .app.db.selectFrom('users')
        .select('id')
        .where('email', '=', free)
        .execute();
      expect(made).toEqual([]);

      // Another network still hears the answer, and signs up with a free address.
      const elsewhere = '2001:db8:42:1::1';
      expect((await signUp(taken[3]!.email, elsewhere)).status).toBe(409);
      expect((await signUp(free, elsewhere)).status).toBe(201);
    });

    test('sign-ups sent at once cannot hear "taken" more than three times between them', async () => {
      const network = '2001:db8:43:1';
      const taken = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(server())));
      const answers = await Promise.all(
        taken.map((user, i) => signUp(user.email, `${network}::${i + 1}`)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([409, 409, 409, 429, 429]);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
