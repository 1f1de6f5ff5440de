import { expect, test } from 'vitest';
import { currentUserFromMe, isAdmin } from './current-user';

test('the user info itself becomes the current user', () => {
  expect(
    currentUserFromMe({ username: 'mira', avatar: 1, adminRank: 0, email: 'm@example.com' }),
  ).toEqual({
    username: 'mira',
    avatar: 1,
    adminRank: 0,
  });
});

test('a wrapped user is read too, with the spec defaults for missing numbers', () => {
  expect(currentUserFromMe({ user: { username: 'mira' } })).toEqual({
    username: 'mira',
    avatar: 2,
    adminRank: 0,
  });
});

test('no user means signed out', () => {
  expect(currentUserFromMe(null)).toBeNull();
  expect(currentUserFromMe({ user: null })).toBeNull();
  expect(currentUserFromMe({})).toBeNull();
  expect(currentUserFromMe('nope')).toBeNull();
});

test('the Admin button needs adminRank above 9', () => {
  expect(isAdmin(null)).toBe(false);
  expect(isAdmin({ username: 'a', avatar: 2, adminRank: 9 })).toBe(false);
  expect(isAdmin({ username: 'a', avatar: 2, adminRank: 10 })).toBe(true);
});
