/**
 * GET /api/metrics for Prometheus (docs/product/command-line.md#metrics), off unless METRICS_TOKEN is set, and
 * then only with `Authorization: Bearer <token>`: process and event-loop figures (open file
 * descriptors against the limit among them), request durations per route, the mail queue's backlog
 * and oldest item. Domains add their own gauges through `app.metrics` (the live streams do).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ApiError } from '#server/plugins/errors';

import type { Metrics } from '#server/app-types';

const digest = (value: string) => createHash('sha256').update(value).digest();

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('metrics', null);
      return;
    }
    const register = new Registry();
    collectDefaultMetrics({ register });
    app.decorate('metrics', {
      gauge(name: string, help: string, read: () => number) {
        new Gauge({
          name,
          help,
          registers: [register],
          collect() {
            this.set(read());
          },
        });
      },
    } satisfies Metrics);

    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [register],
    });
    app.addHook('onResponse', async (request, reply) => {
      durations.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const mail = { queued: 0, oldestSeconds: 0 };
    const readMailQueue = async () => {
      const row = await app.db
        .selectFrom('mail_outbox')
        .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(created_at)`.as('oldest')])
        .where('status', '=', 'queued')
        .executeTakeFirst();
      mail.queued = Number(row?.n ?? 0);
      mail.oldestSeconds = row?.oldest ? (Date.now() - Date.parse(row.oldest)) / 1000 : 0;
    };
    new Gauge({
      name: 'mail_queue_queued',
      help: 'Mails waiting to be sent',
      registers: [register],
      async collect() {
        await readMailQueue();
        this.set(mail.queued);
      },
    });
    new Gauge({
      name: 'mail_queue_oldest_seconds',
      help: 'Age of the oldest mail waiting to be sent',
      registers: [register],
      collect() {
        this.set(mail.oldestSeconds);
      },
    });

    const expected = digest(token);
    app.get('/api/metrics', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!timingSafeEqual(digest(given), expected))
        throw new ApiError('unauthenticated', 'A metrics token is needed.');
      reply.header('content-type', register.contentType).header('cache-control', 'no-store');
      return register.metrics();
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
