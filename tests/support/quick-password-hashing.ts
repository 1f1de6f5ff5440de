/**
 * vitest setupFiles of both projects: password hashes in tests of other features are made at low
 * scrypt cost (docs/decisions/2026-11-29-quick-hashing-in-tests.md). Every log-in in the suite
 * would otherwise take a few hundred ms of a core at the app's real parameters, which
 * src/server/features/accounts/passwords.test.ts keeps testing (useAppPasswordHashing).
 */
import { afterAll, beforeAll } from 'vitest';
import {
  currentHashParams,
  SCRYPT_PARAMS,
  setHashParamsForTests,
  type ScryptParams,
} from '#server/features/accounts/passwords';

export const QUICK_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

setHashParamsForTests(QUICK_SCRYPT_PARAMS);

/** The app's own parameters for every test of the calling file. */
export function useAppPasswordHashing(): void {
  let before: ScryptParams;
  beforeAll(() => {
    before = currentHashParams();
    setHashParamsForTests(SCRYPT_PARAMS);
  });
  afterAll(() => setHashParamsForTests(before));
}
