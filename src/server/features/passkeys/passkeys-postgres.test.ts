/**
 * Passkeys on PostgreSQL: the same statements that take a challenge once (DELETE … RETURNING),
 * keep the counter as a 32-bit unsigned number (a bigint column), and refuse a credential id twice.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import { startTestServer, type TestServer } from '#test-support/server';
import { SoftAuthenticator } from '#test-support/soft-authenticator';

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('passkeys on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startTestServer({
      publicHost: 'localhost',
      env: { DATABASE_URL: database.url, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function signInOptions() {
    const res = await call(server, 'POST', '/api/auth/passkey/options', {
      headers: fromAddress(nextAddress()),
    });
    return (res.json as { options: { challenge: string } }).options;
  }

  const signIn = (response: unknown) =>
    call(server, 'POST', '/api/auth/passkey', {
      body: { response },
      headers: fromAddress(nextAddress()),
    });

  test('register, sign in with a counter past 2^31, refuse the replay and a second account', async () => {
    const user = await createUser(server);
    const cookie = await loginAs(server, user);
    const authenticator = new SoftAuthenticator(server.config.publicUrl);
    const options = await call(server, 'POST', '/api/me/passkeys/options', { cookie, body: {} });
    const added = await call(server, 'POST', '/api/me/passkeys', {
      cookie,
      body: {
        response: authenticator.register((options.json as { options: never }).options),
      },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);

    const high = 4_000_000_000;
    const assertion = authenticator.assert(await signInOptions(), { counter: high });
    expect((await signIn(assertion)).status).toBe(200);
    const row = await server.app.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.counter).toBe(high);
    expect((await signIn(assertion)).json).toMatchObject({
      error: { message: PASSKEY_MESSAGES.challengeExpired },
    });

    const other = await createUser(server);
    const otherCookie = await loginAs(server, other);
    const otherOptions = await call(server, 'POST', '/api/me/passkeys/options', {
      cookie: otherCookie,
      body: {},
    });
    const stolen = await call(server, 'POST', '/api/me/passkeys', {
      cookie: otherCookie,
      body: {
        response: authenticator.attest(
          authenticator.credentials[0]!,
          (otherOptions.json as { options: never }).options,
        ),
      },
    });
    expect(stolen.json).toMatchObject({ error: { message: PASSKEY_MESSAGES.otherAccount } });
  });
});
