/**
 * The app is a function (docs/architecture.md#the-app-is-a-function): every Fastify option lives here, and main.ts and the tests
 * build the very same app. It opens storage but does not migrate it; main.ts migrates first.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { App, ZodTypeProvider } from '#server/app-types';
import type { Config } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import {
  findAccounts,
  findAdmins,
  syncNewsletterWish,
} from '#server/features/accounts/accounts.service';
import { notificationsRoutes } from '#server/features/notifications/notifications.routes';
import {
  errorGroupNotice,
  notifyAdmins,
  submissionNotice,
} from '#server/features/notifications/notifications.service';
import { authRoutes } from '#server/features/accounts/auth.routes';
import { deskAccountsRoutes } from '#server/features/accounts/desk-accounts.routes';
import { meRoutes } from '#server/features/accounts/me.routes';
import { assistantRoutes } from '#server/features/assistant/assistant.routes';
import { auditPlugin } from '#server/features/audit/audit.plugin';
import { auditRoutes } from '#server/features/audit/audit.routes';
import { mfaRoutes } from '#server/features/mfa/mfa.routes';
import { passkeysRoutes } from '#server/features/passkeys/passkeys.routes';
import { passkeysForExport } from '#server/features/passkeys/passkeys.service';
import { errorReportsRoutes } from '#server/features/error-reports/error-reports.routes';
import { healthRoutes } from '#server/features/health/health.routes';
import { metricsPlugin } from '#server/plugins/metrics';
import { INDICATOR_SUBMISSION_EFFECTS } from '#server/features/indicators/indicator-effects';
import { productAccessRoutes } from '#server/features/indicators/product-access.routes';
import { liveRoutes } from '#server/features/live/live.routes';
import { mailListsRoutes } from '#server/features/mail-lists/mail-lists.routes';
import { nowouRoutes } from '#server/features/nowou/nowou.routes';
import { newslettersRoutes } from '#server/features/mail-lists/newsletters.routes';
import { submissionsRoutes } from '#server/features/submissions/submissions.routes';
import { visitsRoutes } from '#server/features/visits/visits.routes';
import { mailPlugin } from '#server/mail/mail-plugin';
import { dbPlugin } from '#server/plugins/db';
import { answerClientError, errorsPlugin, handleError } from '#server/plugins/errors';
import { livePlugin, type LiveOptions } from '#server/features/live/live.plugin';
import { rateLimitPlugin } from '#server/plugins/rate-limit';
import { sameOriginPlugin } from '#server/plugins/same-origin';
import {
  fixedSecurityHeaders,
  securityHeadersPlugin,
  setSecurityHeaders,
} from '#server/plugins/security-headers';
import { sessionPlugin } from '#server/features/accounts/session.plugin';
import { readPagePreloads } from '#server/plugins/page-preloads';
import { createSitePages } from '#server/plugins/prerendered-pages';
import { contentPlugin } from '#server/features/content/content.plugin';
import { contentRoutes } from '#server/features/content/content.routes';
import { siteName } from '#server/features/content/content.service';
import { locateClient, spaFallback, staticClientPlugin } from '#server/plugins/static-client';
import { zodSerializerCompiler, zodValidatorCompiler } from '#server/plugins/zod-schemas';

/**
 * Most bodies are small forms. A route taking long text (submissions: text areas of up to 30000
 * characters, up to 4 bytes each in UTF-8) sets its own `bodyLimit` rather than raising this one.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Query parameters whose values never reach the log (e.g. the password-reset link's token). */
const SECRET_QUERY_KEY = /token|code|key|secret|password/i;

function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEY.test(key)) params.set(key, 'redacted');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Fastify trusts a hop count at run time but its types lack it; this is its own number handling. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface BuildAppOptions {
  /** Storage to use instead of opening one from config; the caller keeps it and closes it. */
  db?: Kysely<Database>;
  /** Registers extra routes before the app is ready (tests use it for routes that misbehave). */
  registerExtraRoutes?: (app: App) => void | Promise<void>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** /api/live stream settings (tests shorten the heartbeat). */
  live?: LiveOptions;
  /** The site's words (tests give their own `content/` folder, or leave the renderer cold). */
  content?: { contentDir?: string; warmRenderer?: boolean };
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Request bodies are never logged; headers only if someone logs them, and then without secrets.
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'headers.cookie',
          'headers.authorization',
          'headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // A site whose published words differ from its build's renders every page before it listens
    // (content.plugin.ts): a few seconds, but on a slow or busy host more than Fastify's 10 s.
    pluginTimeout: 120_000,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow-header and slow-body clients are cut off (Fastify's guidance when not behind a proxy).
    requestTimeout: 30_000,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // The framework's own refusals leave like every other error: the envelope, the security headers,
    // never the path sent (a malformed address comes before any hook; a request that is not HTTP
    // before any request).
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply, config.secureOrigin);
      reply.header('cache-control', 'no-store');
      handleError(error, request, reply);
    },
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, fixedSecurityHeaders(config.secureOrigin)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.decorate('config', config);
  // Once close() has begun, a keep-alive connection that just finished its request would hold the
  // shutdown open until its idle timeout (72 s): answers sent while closing end their connection,
  // and one whose headers left before the close (a long download) ends as soon as it falls idle.
  app.addHook('onSend', async (request, reply) => {
    if (!request.server.server.listening) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });

  await app.register(dbPlugin, {
    db: options.db ?? connectDatabase(config),
    closeWithApp: !options.db,
  });
  await app.register(livePlugin, options.live ?? {});
  await app.register(securityHeadersPlugin, { secureOrigin: config.secureOrigin });
  const clientDir = locateClient(config, app.log);
  // The pages served: the build's, or rendered from the site's published words (features/content).
  const pages = createSitePages(config.publicUrl);
  if (clientDir) await app.register(staticClientPlugin, { clientDir, pages });
  await app.register(errorsPlugin, {
    fallback: clientDir ? spaFallback(readPagePreloads(clientDir, app.log), pages) : undefined,
  });
  await app.register(contentPlugin, {
    client: clientDir ? { clientDir, pages } : null,
    ...options.content,
  });
  // After the error handler, so a refused scrape gets the error envelope.
  await app.register(metricsPlugin);
  await app.register(sessionPlugin);
  await app.register(sameOriginPlugin);
  await app.register(rateLimitPlugin);
  await app.register(auditPlugin);
  await app.register(mailPlugin, { senderName: () => siteName(app.db) });

  // Every domain's routes. A domain that needs something from one above it (which depends on it in
  // turn) gets it here as an option, so no two domains import each other.
  await app.register(healthRoutes);
  await app.register(contentRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes, { passkeysForExport });
  await app.register(passkeysRoutes);
  await app.register(deskAccountsRoutes);
  await app.register(liveRoutes);
  await app.register(visitsRoutes);
  // What needs the owner's answer is mailed to the admins who chose so (features/notifications).
  const notifying = { findAdmins, publicUrl: config.publicUrl };
  await app.register(notificationsRoutes, { findAdmins });
  await app.register(errorReportsRoutes, {
    onNewGroup: (db: Kysely<Database>, group: { errorName: string; page: string | null }) =>
      notifyAdmins(db, errorGroupNotice(group), notifying),
  });
  await app.register(assistantRoutes);
  await app.register(submissionsRoutes, {
    // The indicator forms record trials and purchases in the submission's own transaction.
    effects: INDICATOR_SUBMISSION_EFFECTS,
    findAccounts,
    onSubmitted: (trx, { type, values }) =>
      notifyAdmins(trx, submissionNotice(type, values), notifying),
  });
  await app.register(productAccessRoutes, { findAccounts });
  await app.register(mailListsRoutes, { syncNewsletterWish });
  await app.register(newslettersRoutes);
  await app.register(mfaRoutes);
  await app.register(nowouRoutes);
  await app.register(auditRoutes, { findAccounts });
  const { registerExtraRoutes } = options;
  if (registerExtraRoutes) await app.register(async (scope: App) => registerExtraRoutes(scope));

  await app.ready();
  return app;
}
