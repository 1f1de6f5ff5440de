import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '#server/app';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';
import { startTestServer, type TestServer } from '#test-support/server';

const SECRET = 'secret-detail-from-/srv/internal/db.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

const signUpSchema = z.object({
  email: z.string().email('Email is invalid.'),
  nested: z.object({ age: z.number() }).optional(),
});
const publicUserSchema = z.object({ email: z.string() });

function testRoutes(app: App) {
  app.get('/api/test/throw', async () => {
    throw new Error(SECRET);
  });
  app.get('/api/test/bad-gateway', async () => {
    throw Object.assign(new Error(SECRET), { statusCode: 502 });
  });
  app.get('/api/test/api-error', async () => {
    throw new ApiError('permission-denied', 'Only the owner may do that.', 'rank');
  });
  app.post(
    '/api/test/echo',
    { schema: { body: signUpSchema, response: { 200: publicUserSchema } } },
    async (request) => ({
      ...request.body,
      password_hash: 'must never leave',
    }),
  );
  app.get(
    '/api/test/bad-response',
    { schema: { response: { 200: publicUserSchema } } },
    async () => ({ email: 42 }) as never,
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'error' },
    logStream,
    registerExtraRoutes: testRoutes,
  });
});
afterAll(async () => {
  await server?.close();
});

const postJson = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

test('a thrown error answers 500 "Internal error." without its message or stack', async () => {
  const response = await fetch(`${server.url}/api/test/throw`);
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: { status: 'internal', message: 'Internal error.' } });
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/\bat \S+:\d+/);
});

test('the real error is logged with the request id', async () => {
  const before = logLines.length;
  await fetch(`${server.url}/api/test/throw`);
  const logged = logLines.slice(before).map((line) => JSON.parse(line));
  const entry = logged.find((l) => l.err?.message === SECRET);
  expect(entry).toBeDefined();
  expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(entry.err.stack).toContain(SECRET);
});

test('any other 5xx becomes the same generic 500', async () => {
  const response = await fetch(`${server.url}/api/test/bad-gateway`);
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({
    error: { status: 'internal', message: 'Internal error.' },
  });
});

test('a response that does not fit its schema is a 500, not a leak', async () => {
  const response = await fetch(`${server.url}/api/test/bad-response`);
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({
    error: { status: 'internal', message: 'Internal error.' },
  });
});

test('an ApiError keeps its status, message and field', async () => {
  const response = await fetch(`${server.url}/api/test/api-error`);
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({
    error: { status: 'permission-denied', message: 'Only the owner may do that.', field: 'rank' },
  });
});

test('bad JSON is 400 invalid-argument', async () => {
  const response = await postJson('/api/test/echo', '{"email": ');
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: { status: 'invalid-argument', message: 'The request body is not valid JSON.' },
  });
});

test('a body that fails its zod schema is 400 with the first message and its field', async () => {
  const response = await postJson('/api/test/echo', JSON.stringify({ email: 'not-an-email' }));
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: { status: 'invalid-argument', message: 'Email is invalid.', field: 'email' },
  });
  const nested = await postJson(
    '/api/test/echo',
    JSON.stringify({ email: 'a@b.co', nested: { age: 'x' } }),
  );
  expect((await nested.json()).error).toMatchObject({
    status: 'invalid-argument',
    field: 'nested.age',
  });
});

test('the response schema is an allowlist: unlisted fields never leave', async () => {
  const response = await postJson('/api/test/echo', JSON.stringify({ email: 'a@b.co' }));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ email: 'a@b.co' });
});

test('an empty JSON body, a wrong content type and a body over the limit are 400 invalid-argument', async () => {
  for (const response of [
    await postJson('/api/test/echo', ''),
    await postJson('/api/test/echo', 'email=a@b.co', 'application/x-www-form-urlencoded'),
    await postJson(
      '/api/test/echo',
      JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
    ),
  ]) {
    expect(response.status).toBe(400);
    expect((await response.json()).error.status).toBe('invalid-argument');
  }
});

test('an unknown /api route is a 404 envelope for every method', async () => {
  for (const method of ['GET', 'POST', 'DELETE']) {
    const response = await fetch(`${server.url}/api/nope`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { status: 'not-found', message: 'Not found.' },
    });
  }
});

/** One request written byte for byte, as a browser or a script could send it; the answer read raw. */
function rawRequest(
  text: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

/** The app's envelope with the app's security headers, and nothing of what was sent. */
function expectAppAnswer(
  answer: { status: number; headers: Record<string, string>; body: string },
  status: number,
  message: string,
) {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({
    error: { status: status === 404 ? 'not-found' : 'invalid-argument', message },
  });
  expect(answer.headers).toMatchObject({
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer.body).not.toMatch(/script|%E0|FST_|statusCode/);
}

test('a malformed address gets the app’s envelope and security headers, never the path back', async () => {
  for (const path of ['/%E0%A4%A<script>', '/api/%E0%A4%A<script>', '/about/%ZZ']) {
    const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expectAppAnswer(answer, 400, 'The address is not valid.');
  }
});

test('requests that are not HTTP, unknown routes and bodies that do not parse all get the app’s answer', async () => {
  const close = 'Host: x\r\nConnection: close\r\n';
  expectAppAnswer(
    await rawRequest(`GET /api/test/<script> HTTP/1.1\r\n${close}Bad Header\r\n\r\n`),
    400,
    'The request is not valid HTTP.',
  );
  expectAppAnswer(
    await rawRequest(`GET /api/nope HTTP/1.1\r\n${close}Content-Length: abc\r\n\r\n`),
    400,
    'The request is not valid HTTP.',
  );
  expectAppAnswer(
    await rawRequest(`GET /api/nope HTTP/1.1\r\n${close}X-Pad: ${'p'.repeat(20_000)}\r\n\r\n`),
    400,
    'The request headers are too large.',
  );
  expectAppAnswer(
    await rawRequest(`GET /api/<script> HTTP/1.1\r\n${close}\r\n`),
    404,
    'Not found.',
  );
  expectAppAnswer(
    await rawRequest(
      `POST /api/test/echo HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: 9\r\n\r\n{<script>`,
    ),
    400,
    'The request body is not valid JSON.',
  );
});
