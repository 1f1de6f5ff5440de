/**
 * POST /api/submissions: every form's rules through the API, sign-in for the indicator forms, what is
 * stored, the rate limit, and the owner's list (GET /api/admin/submissions).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FORM_DEFINITIONS, SUBMISSION_TYPES, type SubmissionType } from '#shared/submission-forms';
import {
  SUBMISSION_MESSAGES,
  toSubmissionPayload,
  validateSubmissionValues,
  type SubmissionList,
  type SubmissionValues,
} from '#shared/submission-schemas';
import { SUBMISSIONS_PER_ADDRESS } from './submissions.routes';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
let userCookie: string;
let adminCookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  userCookie = await loginAs(server, await createUser(server));
  adminCookie = await loginAs(server, await createUser(server, { adminRank: 10 }));
});
afterAll(async () => {
  await server?.close();
});

/** A complete, valid set of values for a form. */
function validValues(type: SubmissionType): SubmissionValues {
  const form = FORM_DEFINITIONS[type];
  const values: SubmissionValues = {};
  for (const input of form.inputs) {
    values[input.name] =
      input.kind === 'email'
        ? 'visitor@example.com'
        : input.kind === 'tel'
          ? '+46 70 123 45 67'
          : input.kind === 'url'
            ? 'https://example.se'
            : input.kind === 'tradingViewUsername'
              ? 'visitor_trades'
              : 'Some text';
  }
  for (const area of form.textAreas) values[area.name] = 'A few words.';
  for (const agreement of [...form.agreements, ...form.specialAgreements])
    values[agreement.name] = true;
  return values;
}

function send(body: unknown, cookie?: string, address = nextAddress()) {
  return call(server, 'POST', '/api/submissions', { body, cookie, headers: fromAddress(address) });
}

async function countStored(): Promise<number> {
  const row = await server.app.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

test.each(SUBMISSION_TYPES)(
  '%s: a valid submission is stored as the server reads it, with the sender',
  async (type) => {
    const form = FORM_DEFINITIONS[type];
    const payload = toSubmissionPayload(form, validValues(type));
    const before = Date.now();
    const res = await send(payload, userCookie);
    expect(res.status).toBe(201);
    const { id } = res.json as { id: string };
    const row = await server.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.type).toBe(type);
    expect(row.user_id).not.toBeNull();
    const stored = JSON.parse(row.payload) as typeof payload;
    expect({ ...stored, timestamp: payload.timestamp }).toEqual(payload);
    expect(Date.parse(stored.timestamp)).toBeGreaterThanOrEqual(before - 1000);
  },
);

test('what is stored is the server’s reading: trimmed values, the definition’s required flags and order, its own clock', async () => {
  const form = FORM_DEFINITIONS.contact;
  const clean = toSubmissionPayload(form, validValues('contact'));
  const sent = {
    ...clean,
    // The browser says the name is optional, pads it, sends the fields in another order, from 1999.
    inputs: [...clean.inputs]
      .reverse()
      .map((entry) =>
        entry.name === 'name' ? { ...entry, required: false, value: '  Ada Lovelace  ' } : entry,
      ),
    timestamp: '1999-01-01T00:00:00.000Z',
  };
  const res = await send(sent);
  expect(res.status).toBe(201);
  const row = await server.app.db
    .selectFrom('submissions')
    .select('payload')
    .where('id', '=', (res.json as { id: string }).id)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.payload) as typeof clean;
  expect(stored.inputs.map((entry) => entry.name)).toEqual(form.inputs.map((input) => input.name));
  expect(stored.inputs.find((entry) => entry.name === 'name')).toEqual({
    name: 'name',
    required: form.inputs.find((input) => input.name === 'name')!.required,
    value: 'Ada Lovelace',
  });
  expect(stored.timestamp.startsWith('1999')).toBe(false);
});

test.each(SUBMISSION_TYPES)(
  '%s: each rule’s first error comes back on its field and stores nothing',
  async (type) => {
    const form = FORM_DEFINITIONS[type];
    const fields = [
      ...form.inputs.filter((f) => f.required),
      ...form.textAreas.filter((f) => f.required),
      ...form.agreements.filter((f) => f.required),
      ...form.specialAgreements.filter((f) => f.required),
    ];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      const values = validValues(type);
      values[field.name] = typeof values[field.name] === 'boolean' ? false : '';
      const expected = validateSubmissionValues(form, values)!;
      expect(expected.field).toBe(field.name);
      const before = await countStored();
      const res = await send(toSubmissionPayload(form, values), userCookie);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: { status: 'invalid-argument', message: expected.message, field: field.name },
      });
      expect(await countStored()).toBe(before);
    }
  },
);

test('a text area of 30001 characters is refused with the maximum-length message', async () => {
  const values = { ...validValues('contact'), message: 'x'.repeat(30_001) };
  const res = await send(toSubmissionPayload(FORM_DEFINITIONS.contact, values));
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({
    error: { message: 'Message has to be less than 30001 characters.', field: 'message' },
  });
  const ok = await send(
    toSubmissionPayload(FORM_DEFINITIONS.contact, { ...values, message: 'y'.repeat(30_000) }),
  );
  expect(ok.status).toBe(201);
});

test('indicator forms need a signed-in visitor (401), the others do not', async () => {
  for (const type of SUBMISSION_TYPES) {
    const res = await send(toSubmissionPayload(FORM_DEFINITIONS[type], validValues(type)));
    expect(res.status, type).toBe(FORM_DEFINITIONS[type].access === 'user' ? 401 : 201);
  }
});

test('unknown types, unknown fields and malformed bodies are refused', async () => {
  const payload = toSubmissionPayload(FORM_DEFINITIONS.contact, validValues('contact'));
  const unknownType = await send({ ...payload, submissionType: 'jobs/other' });
  expect(unknownType.status).toBe(400);
  expect(unknownType.json).toMatchObject({ error: { message: SUBMISSION_MESSAGES.unknownType } });
  const extraField = await send({
    ...payload,
    inputs: [...payload.inputs, { name: 'isAdmin', required: false, value: 'yes' }],
  });
  expect(extraField.json).toMatchObject({ error: { message: SUBMISSION_MESSAGES.unknownField } });
  expect((await send({ ...payload, extra: 1 })).status).toBe(400);
  expect((await send({ ...payload, inputs: 'nope' })).status).toBe(400);
  expect((await send('not json')).status).toBe(400);
});

test(`one address may send ${SUBMISSIONS_PER_ADDRESS.limit} an hour; then 429 and nothing stored`, async () => {
  const address = nextAddress();
  const payload = toSubmissionPayload(FORM_DEFINITIONS.support, validValues('support'));
  for (let i = 0; i < SUBMISSIONS_PER_ADDRESS.limit; i++) {
    expect((await send(payload, undefined, address)).status).toBe(201);
  }
  const before = await countStored();
  const refused = await send(payload, undefined, address);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await countStored()).toBe(before);
});

test('the owner lists submissions newest first and filters by type; markup stays data', async () => {
  const marker = `<script>alert("${Date.now()}")</script>`;
  const values = { ...validValues('jobs/lokalaJobb'), needs: marker };
  await send(toSubmissionPayload(FORM_DEFINITIONS['jobs/lokalaJobb'], values), userCookie);
  const all = await call(server, 'GET', '/api/admin/submissions', { cookie: adminCookie });
  expect(all.status).toBe(200);
  const list = (all.json as SubmissionList).submissions;
  expect(list[0]!.type).toBe('jobs/lokalaJobb');
  expect(list[0]!.payload.textAreas[0]!.value).toBe(marker);
  expect(list[0]!.user).toMatchObject({ username: expect.any(String) });
  const times = list.map((s) => s.createdAt);
  expect([...times].sort().reverse()).toEqual(times);

  const filtered = await call(server, 'GET', '/api/admin/submissions?type=contact', {
    cookie: adminCookie,
  });
  const types = new Set((filtered.json as SubmissionList).submissions.map((s) => s.type));
  expect([...types]).toEqual(['contact']);
  const bad = await call(server, 'GET', '/api/admin/submissions?type=nope', {
    cookie: adminCookie,
  });
  expect(bad.status).toBe(400);
});

test('the owner deletes one submission (DELETE /api/admin/submissions/:id); others stay; a second delete is 404', async () => {
  const sent = await Promise.all(
    ['first', 'second'].map((name) =>
      send(toSubmissionPayload(FORM_DEFINITIONS.contact, { ...validValues('contact'), name })),
    ),
  );
  const [keptId, deletedId] = sent.map((res) => (res.json as { id: string }).id);
  const path = `/api/admin/submissions/${deletedId}`;
  expect((await call(server, 'DELETE', path, { cookie: userCookie })).status).toBe(403);

  expect((await call(server, 'DELETE', path, { cookie: adminCookie })).status).toBe(204);
  const ids = await server.app.db.selectFrom('submissions').select('id').execute();
  expect(ids.map((row) => row.id)).toContain(keptId);
  expect(ids.map((row) => row.id)).not.toContain(deletedId);

  const again = await call(server, 'DELETE', path, { cookie: adminCookie });
  expect(again.status).toBe(404);
  expect((again.json as { error: { message: string } }).error.message).toBe(
    'This submission is already gone.',
  );
});
