import { expect, test } from 'vitest';
import { PAGE_KEYS } from '#shared/page-keys';
import { pageLabel, pageTitle } from './admin-format';

test('every page key has a human title, and unknown keys show as themselves', () => {
  for (const key of PAGE_KEYS) expect(pageTitle(key), key).toBeTruthy();
  expect(pageTitle('resetPassword')).toBe('Reset password');
  expect(pageTitle('lokalaJobbAvregistreraMail')).toBe('Avregistrera e-post');
  expect(pageLabel('music')).toBe('Music (music)');
  expect(pageTitle('somewhereElse')).toBeNull();
  expect(pageLabel('somewhereElse')).toBe('somewhereElse');
});
