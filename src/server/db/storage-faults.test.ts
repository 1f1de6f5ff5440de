import { expect, test } from 'vitest';
import { storageFault } from './storage-faults';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

test('a refused, reset or ended connection is the storage being unreachable', () => {
  for (const error of [
    withCode('ECONNREFUSED'),
    withCode('ECONNRESET'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006'),
    new Error('Connection terminated unexpectedly'),
    new Error('Connection terminated due to connection timeout'),
    new Error('Query read timeout'),
    new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
  ])
    expect(storageFault(error), String(error)).toBe('unreachable');
});

test('a statement or lock timeout, or SQLite busy, is the storage being busy', () => {
  for (const code of ['57014', '55P03', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT'])
    expect(storageFault(withCode(code)), code).toBe('busy');
  // A full pool: every connection in use for the whole connect timeout.
  expect(storageFault(new Error('timeout exceeded when trying to connect'))).toBe('busy');
});

test('no space left is the storage being full', () => {
  for (const code of ['53100', 'SQLITE_FULL', 'ENOSPC', 'EDQUOT'])
    expect(storageFault(withCode(code)), code).toBe('full');
});

test('anything else is not a storage fault', () => {
  for (const error of [
    new Error('boom'),
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('SQLITE_CONSTRAINT_UNIQUE'),
    withCode('42P01', 'relation does not exist'),
    null,
    'a string',
  ])
    expect(storageFault(error), String(error)).toBeNull();
});
