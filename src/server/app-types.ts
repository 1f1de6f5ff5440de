/** The app's instance type, for plugins and feature routes (features import it, never app.ts). */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database, Session, User } from '#server/db/schema';
import type { z } from 'zod';

/** Types a route's handler from its zod schemas (plugins/zod-schemas.ts compiles them). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A signed-in browser: its session row and the user it belongs to. */
export interface ActiveSession {
  session: Session;
  user: User;
}

/** Who an account is, as the owner's lists show it beside a record. */
export type AccountSummary = Pick<User, 'id' | 'username' | 'email'>;

/**
 * Looks accounts up by id. The accounts domain provides it (it owns the users table); app.ts hands
 * it to the domains below accounts whose owner lists name the account behind a record.
 */
export type FindAccounts = (
  db: Kysely<Database>,
  userIds: string[],
) => Promise<Map<string, AccountSummary>>;

/** What features register for the metrics endpoint (plugins/metrics.ts). */
export interface Metrics {
  /** A gauge read when Prometheus scrapes. */
  gauge(name: string, help: string, read: () => number): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The audit log's name for what an admin route does (features/audit): set it on admin routes
     * whose reads are sensitive too (an export); state-changing admin routes are logged without it.
     * false: a change not worth a row of its own (a draft saved as the owner types).
     */
    audit?: string | false;
  }
  interface FastifyInstance {
    /** The parsed configuration the app was built with. */
    config: Config;
    /** The storage (plugins/db.ts); repositories take it, or a transaction, as their first argument. */
    db: Kysely<Database>;
    /** Prometheus gauges (plugins/metrics.ts); null unless METRICS_TOKEN is set. */
    metrics: Metrics | null;
  }
  interface FastifyRequest {
    /**
     * The signed-in session with its user, or null when signed out: looked up once per request,
     * and only when asked (put on the request by features/accounts/session.plugin.ts).
     */
    session(): Promise<ActiveSession | null>;
  }
}
