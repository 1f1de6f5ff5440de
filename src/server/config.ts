/**
 * The server's configuration: environment variables (docs/product/command-line.md#configuration), parsed once at start.
 * The Config type is inferred from the schema; a bad value becomes one line naming the variable.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '#server/config-error';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isPort(value: string): boolean {
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;
}

function hasScheme(value: string, schemes: string[]): boolean {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

/** Fastify's trustProxy: a boolean, a hop count, or the addresses of the proxies in front. */
function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `24h` → milliseconds (the schema's regex has checked the form). */
function durationMs(value: string): number {
  return Number(value.slice(0, -1)) * UNIT_MS[value.slice(-1) as keyof typeof UNIT_MS];
}

/** `1500ms` or `2s` → milliseconds, for the database's timeouts. */
function shortDurationMs(value: string): number {
  return value.endsWith('ms') ? Number(value.slice(0, -2)) : Number(value.slice(0, -1)) * 1000;
}

const SHORT_DURATION = /^(?:[1-9]\d{0,6}ms|[1-9]\d{0,3}s)$/;
const SHORT_DURATION_MESSAGE = 'must be a duration like 1500ms or 5s';

const mailbox = /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

function configSchema() {
  return z
    .object({
      PORT: z
        .string()
        .refine(isPort, 'must be an integer from 1 to 65535')
        .transform(Number)
        .default(3000),
      HOST: z
        .string()
        .regex(/^[\w.:%[\]-]+$/, 'must be a host name or an IP address')
        .default('127.0.0.1'),
      DATA_DIR: z.string().default('./data'),
      DATABASE_URL: z
        .string()
        .refine(
          (v) => hasScheme(v, ['postgres:', 'postgresql:']),
          'must be a postgres:// or postgresql:// URL',
        )
        .optional(),
      DATABASE_CONNECT_TIMEOUT: z
        .string()
        .regex(SHORT_DURATION, SHORT_DURATION_MESSAGE)
        .transform(shortDurationMs)
        .default(1500),
      DATABASE_STATEMENT_TIMEOUT: z
        .string()
        .regex(SHORT_DURATION, SHORT_DURATION_MESSAGE)
        .transform(shortDurationMs)
        .default(5000),
      SMTP_URL: z
        .string()
        .refine((v) => hasScheme(v, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')
        .optional(),
      MAIL_FROM: z
        .string()
        .regex(mailbox, 'must be an address like "Site name <no-reply@example.com>"')
        .optional(),
      PUBLIC_URL: z
        .string()
        .refine(
          isOrigin,
          'must be an http:// or https:// origin without a path, like https://example.com',
        )
        .transform((v) => new URL(v).origin)
        .optional(),
      TRUST_PROXY: z
        .string()
        .transform((value, ctx) => {
          const parsed = parseTrustProxy(value);
          if (parsed !== undefined) return parsed;
          ctx.addIssue({
            code: 'custom',
            message:
              'must be true, false, a hop count or a comma-separated list of proxy addresses',
          });
          return z.NEVER;
        })
        .default(false),
      LOG_LEVEL: z
        .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
        .default('info'),
      SERVE_CLIENT: z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .transform((v) => v === 'true')
        .default(true),
      CLIENT_DIR: z.string().default('dist/client'),
      BACKUP_EVERY: z
        .string()
        .regex(/^[1-9]\d{0,5}(s|m|h|d)$/, 'must be a duration like 24h, 30m or 7d')
        .transform(durationMs)
        .optional(),
      BACKUP_KEEP: z
        .string()
        .regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 9999')
        .transform(Number)
        .default(7),
      METRICS_TOKEN: z
        .string()
        .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
        .optional(),
      MFA_KEY: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a 32-byte key)')
        .optional(),
    })
    .transform((env) => {
      const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      return {
        port: env.PORT,
        host: env.HOST,
        dataDir: resolve(env.DATA_DIR),
        databaseUrl: env.DATABASE_URL,
        /**
         * PostgreSQL: how long a request waits for a connection (a new one, or a free one in the
         * pool), and how long one statement may run, before it is answered 503
         * (docs/deploy.md#when-something-fails).
         */
        databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT,
        databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT,
        smtpUrl: env.SMTP_URL,
        /** null: `<the published site name> <no-reply@localhost>` (mail/transport.ts). */
        mailFrom: env.MAIL_FROM ?? null,
        publicUrl,
        /** Cookies get Secure and responses HSTS only when the public origin is https. */
        secureOrigin: publicUrl.startsWith('https:'),
        trustProxy: env.TRUST_PROXY,
        logLevel: env.LOG_LEVEL,
        serveClient: env.SERVE_CLIENT,
        clientDir: resolve(env.CLIENT_DIR),
        /** Turns GET /api/metrics on, for this bearer token (docs/product/command-line.md#metrics). */
        metricsToken: env.METRICS_TOKEN,
        /** Scheduled backups' interval, off when unset (docs/product/command-line.md#scheduled-backups). */
        backupEveryMs: env.BACKUP_EVERY,
        /** How many scheduled backups are kept, the newest. */
        backupKeep: env.BACKUP_KEEP,
        /** Seals admins' authenticator secrets; when unset, a key file in DATA_DIR (features/mfa). */
        mfaKey: env.MFA_KEY?.toLowerCase(),
      };
    });
}

export type Config = z.output<ReturnType<typeof configSchema>>;

export type ConfigEnv = Record<string, string | undefined>;

const VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_CONNECT_TIMEOUT',
  'DATABASE_STATEMENT_TIMEOUT',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'SERVE_CLIENT',
  'CLIENT_DIR',
  'MFA_KEY',
  'BACKUP_EVERY',
  'BACKUP_KEEP',
  'METRICS_TOKEN',
] as const;

/** Shows a bad value in the error line without the password a URL may carry. */
function shown(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return JSON.stringify(url.href);
    }
  } catch {
    // not a URL: shown as it is
  }
  return JSON.stringify(value);
}

/**
 * Parses the environment (an empty variable counts as unset). Throws a ConfigError whose message is
 * one line, e.g. `Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")`.
 */
export function parseConfig(env: ConfigEnv): Config {
  const input: ConfigEnv = {};
  for (const name of VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== '') input[name] = value;
  }
  const result = configSchema().safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const value = input[name];
  // A key is never echoed, not even a malformed one: it may be a real key with a typo.
  const got =
    value === undefined || name === 'MFA_KEY' || name === 'METRICS_TOKEN'
      ? ''
      : ` (got ${shown(value)})`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got}`);
}
