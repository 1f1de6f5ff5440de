/**
 * What a test run prepares once and shares with every test file (vitest's provide/inject): the
 * migrated SQLite template, the known password's hash and (when a server answers) a migrated
 * PostgreSQL template for both projects (tests/support/run-setup.ts); one Chromium and one copy of
 * the build for the browser tests (tests/support/browser-run-setup.ts). Each is undefined where
 * nothing provided it (a script that is not a test run), and the helpers then make their own.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate?: string;
    knownPasswordHash?: string;
    chromiumEndpoint?: string;
    builtClientCopy?: string;
    postgresTemplate?: string;
  }
}

type SharedKey =
  | 'sqliteTemplate'
  | 'knownPasswordHash'
  | 'chromiumEndpoint'
  | 'builtClientCopy'
  | 'postgresTemplate';

function provided(key: SharedKey): string | undefined {
  try {
    return inject(key);
  } catch {
    // Not inside a vitest worker.
    return undefined;
  }
}

export const sqliteTemplate = () => provided('sqliteTemplate');
export const knownPasswordHashOfRun = () => provided('knownPasswordHash');
export const chromiumEndpoint = () => provided('chromiumEndpoint');
export const builtClientCopy = () => provided('builtClientCopy');
export const postgresTemplate = () => provided('postgresTemplate');
