/**
 * Tells a failure of the storage itself (the database unreachable or restarting, too slow, the disk
 * full) from a bug, so that a request meeting one is answered 503 with Retry-After and a plain
 * message instead of a generic 500 (docs/deploy.md#when-something-fails).
 */

export type StorageFault = 'unreachable' | 'busy' | 'full';

/** Socket errors on the way to PostgreSQL. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html): class 08
 * (connection exception) is matched by prefix.
 */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** statement_timeout, lock_timeout; SQLite's busy_timeout ran out. */
const BUSY_CODES = new Set(['57014', '55P03', 'SQLITE_BUSY', 'SQLITE_LOCKED']);
/** PostgreSQL's disk_full, SQLite's, the file system's (no space, over quota). */
const FULL_CODES = new Set(['53100', 'SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * node-pg's own errors carry no code, only these messages. A connection that could not be opened in
 * time is `Connection terminated due to connection timeout`; a query that waited its whole connect
 * timeout for a free connection of a full pool is the storage being busy.
 */
const UNREACHABLE_PG_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
];
const BUSY_PG_MESSAGES = ['timeout exceeded when trying to connect'];

function faultOf(error: unknown): StorageFault | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (FULL_CODES.has(code) || code.startsWith('SQLITE_FULL')) return 'full';
    if (BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY')) return 'busy';
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code)) return 'unreachable';
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
  }
  if (typeof message === 'string') {
    if (UNREACHABLE_PG_MESSAGES.some((m) => message.startsWith(m))) return 'unreachable';
    if (BUSY_PG_MESSAGES.some((m) => message.startsWith(m))) return 'busy';
  }
  return null;
}

/** The storage fault behind `error` (or its causes), or null when it is something else. */
export function storageFault(error: unknown): StorageFault | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const fault = faultOf(current);
    if (fault) return fault;
    if (current instanceof AggregateError) {
      for (const inner of current.errors as unknown[]) {
        const innerFault = faultOf(inner);
        if (innerFault) return innerFault;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
