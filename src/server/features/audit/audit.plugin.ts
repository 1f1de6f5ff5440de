/**
 * Every admin action in the audit log: each state-changing request that reached an admin route as
 * an admin (plugins/guards.ts), and each admin read a route marks with `config.audit`, gets one row
 * before its answer leaves, whatever the outcome: done, refused (403, e.g. a step-up is needed) or
 * failed. A handler may name the account it acted on and what changed with `describeAuditedAction`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { adminActor } from '#server/plugins/guards';
import { auditedActionOf, recordAudit, type AuditOutcome } from './audit.service';

function outcomeOf(reply: FastifyReply): AuditOutcome {
  if (reply.statusCode < 400) return 'success';
  return reply.statusCode === 403 ? 'denied' : 'failure';
}

function paramId(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  return typeof params?.id === 'string' ? params.id : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every action the desk's routes record (named, or `METHOD /route`), as the routes register. */
    auditedActions: ReadonlySet<string>;
  }
}

export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const actions = new Set<string>();
    app.decorate('auditedActions', actions);
    // Admin routes are the desk's (/api/admin): a state-changing one is recorded as its named
    // action or `METHOD /route`, a read only when it names one.
    app.addHook('onRoute', (route) => {
      const named = route.config?.audit;
      if (named === false || !route.url.startsWith('/api/admin')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (named) actions.add(named);
        else if (method !== 'GET') actions.add(`${method} ${route.url}`);
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = adminActor(request);
      const named = request.routeOptions.config.audit;
      if (!actor || named === false || (request.method === 'GET' && !named)) return payload;
      const described = auditedActionOf(request);
      try {
        await recordAudit(app.db, {
          actorId: actor.id,
          actorLabel: actor.email,
          action: named ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
          targetId: described?.targetId !== undefined ? described.targetId : paramId(request),
          outcome: outcomeOf(reply),
          details: described?.details ?? (request.body as Record<string, unknown> | undefined),
          requestId: request.id,
          source: 'desk',
        });
      } catch (error) {
        request.log.error({ err: error }, 'audit: could not record an admin action');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
