/**
 * GET /api/metrics (docs/product/command-line.md#metrics) on a real server: absent without METRICS_TOKEN; with it,
 * refused without the bearer token or with a wrong one, and with it the Prometheus text holds the
 * process figures, the request durations per route, the mail queue and the live streams.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '#test-support/server';

const TOKEN = 'a-metrics-token-of-some-length';

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SERVE_CLIENT: 'false' } });
  });
  afterAll(async () => server?.close());

  test('there is no metrics endpoint', async () => {
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
  });
});

describe('with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN, SERVE_CLIENT: 'false' } });
  });
  afterAll(async () => server?.close());

  test('refused without the token or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/api/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('process_open_fds');
    }
  });

  test('with the token: process, requests per route, mail queue and live streams', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^process_open_fds \d+/m);
    expect(text).toMatch(/^process_max_fds \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(/^mail_queue_queued 0$/m);
    expect(text).toMatch(/^mail_queue_oldest_seconds 0$/m);
    expect(text).toMatch(/^live_streams_open 0$/m);
  });
});
