import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { ConfigError } from '#server/config-error';

function errorLine(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

test('an empty environment gives the documented defaults', () => {
  expect(parseConfig({})).toEqual({
    port: 3000,
    host: '127.0.0.1',
    dataDir: resolve('data'),
    databaseUrl: undefined,
    databaseConnectTimeoutMs: 1500,
    databaseStatementTimeoutMs: 5000,
    smtpUrl: undefined,
    mailFrom: null,
    publicUrl: 'http://localhost:3000',
    secureOrigin: false,
    trustProxy: false,
    logLevel: 'info',
    serveClient: true,
    clientDir: resolve('dist/client'),
    backupEveryMs: undefined,
    backupKeep: 7,
    metricsToken: undefined,
  });
});

test('BACKUP_EVERY takes a duration and BACKUP_KEEP a count', () => {
  const config = parseConfig({ BACKUP_EVERY: '24h', BACKUP_KEEP: '3' });
  expect(config.backupEveryMs).toBe(86_400_000);
  expect(config.backupKeep).toBe(3);
  expect(parseConfig({ BACKUP_EVERY: '30m' }).backupEveryMs).toBe(1_800_000);
  expect(() => parseConfig({ BACKUP_EVERY: 'daily' })).toThrow(
    'Invalid configuration: BACKUP_EVERY must be a duration like 24h, 30m or 7d (got "daily")',
  );
  expect(() => parseConfig({ BACKUP_KEEP: '0' })).toThrow(
    'Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 9999 (got "0")',
  );
});

test('the database timeouts take milliseconds or seconds', () => {
  const config = parseConfig({
    DATABASE_CONNECT_TIMEOUT: '800ms',
    DATABASE_STATEMENT_TIMEOUT: '2s',
  });
  expect(config.databaseConnectTimeoutMs).toBe(800);
  expect(config.databaseStatementTimeoutMs).toBe(2000);
  expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT: '0s' })).toThrow(
    'Invalid configuration: DATABASE_STATEMENT_TIMEOUT must be a duration like 1500ms or 5s (got "0s")',
  );
});

test('without MAIL_FROM the sender is left to the mail transport (the published site name)', () => {
  expect(parseConfig({}).mailFrom).toBeNull();
});

test('an empty variable counts as unset', () => {
  expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
    port: 3000,
    databaseUrl: undefined,
  });
});

test('the public URL defaults to the port and is reduced to its origin', () => {
  expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  const config = parseConfig({ PUBLIC_URL: 'https://Example.com/' });
  expect(config.publicUrl).toBe('https://example.com');
  expect(config.secureOrigin).toBe(true);
});

test('good values are parsed into their types', () => {
  const config = parseConfig({
    PORT: '65535',
    HOST: '0.0.0.0',
    DATA_DIR: '/var/lib/site',
    DATABASE_URL: 'postgresql://site:pw@db:5432/site',
    SMTP_URL: 'smtps://user:pw@mail.example.com:465',
    MAIL_FROM: 'Alex <hello@example.com>',
    LOG_LEVEL: 'warn',
    SERVE_CLIENT: 'false',
    CLIENT_DIR: '/srv/client',
  });
  expect(config).toMatchObject({
    port: 65535,
    host: '0.0.0.0',
    dataDir: '/var/lib/site',
    databaseUrl: 'postgresql://site:pw@db:5432/site',
    smtpUrl: 'smtps://user:pw@mail.example.com:465',
    mailFrom: 'Alex <hello@example.com>',
    logLevel: 'warn',
    serveClient: false,
    clientDir: '/srv/client',
  });
});

test('TRUST_PROXY takes true, false, a hop count or proxy addresses', () => {
  expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
    '10.0.0.1',
    '10.0.0.0/8',
    '::1',
    'loopback',
  ]);
});

test.each([
  [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")'],
  [{ PORT: '0' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "0")'],
  [
    { PORT: '65536' },
    'Invalid configuration: PORT must be an integer from 1 to 65535 (got "65536")',
  ],
  [{ PORT: '80.5' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "80.5")'],
  [
    { HOST: 'my host' },
    'Invalid configuration: HOST must be a host name or an IP address (got "my host")',
  ],
  [
    { DATABASE_URL: 'mysql://db/site' },
    'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/site")',
  ],
  [
    { SMTP_URL: 'http://mail' },
    'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://mail")',
  ],
  [
    { MAIL_FROM: 'nobody' },
    'Invalid configuration: MAIL_FROM must be an address like "Site name <no-reply@example.com>" (got "nobody")',
  ],
  [
    { PUBLIC_URL: 'example.com' },
    'Invalid configuration: PUBLIC_URL must be an http:// or https:// origin without a path, like https://example.com (got "example.com")',
  ],
  [
    { PUBLIC_URL: 'https://example.com/site' },
    'Invalid configuration: PUBLIC_URL must be an http:// or https:// origin without a path, like https://example.com (got "https://example.com/site")',
  ],
  [
    { TRUST_PROXY: 'yes' },
    'Invalid configuration: TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses (got "yes")',
  ],
  [
    { TRUST_PROXY: '10.0.0.0/33' },
    'Invalid configuration: TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses (got "10.0.0.0/33")',
  ],
  [
    { LOG_LEVEL: 'verbose' },
    'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
  ],
  [
    { SERVE_CLIENT: 'yes' },
    'Invalid configuration: SERVE_CLIENT must be true or false (got "yes")',
  ],
])('%j is refused with one line naming the variable', (env, line) => {
  const message = errorLine(env);
  expect(message).toBe(line);
  expect(message).not.toContain('\n');
});

test('a password in a refused URL is not echoed', () => {
  const message = errorLine({ DATABASE_URL: 'mysql://site:s3cret@db/site' });
  expect(message).toContain('DATABASE_URL');
  expect(message).not.toContain('s3cret');
});

test('a value with a line break still gives one line', () => {
  const message = errorLine({ MAIL_FROM: 'Site <a@b.c>\nBcc: x@y.z' });
  expect(message.startsWith('Invalid configuration: MAIL_FROM')).toBe(true);
  expect(message).not.toContain('\n');
});
