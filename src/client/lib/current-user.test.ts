import { expect, test, vi } from 'vitest';
import { currentUserFromMe, isAdmin, userInfoFromBody } from './current-user';
import { devLog, devLogEnabled, setDevLogRank } from './dev-log';

test('the user info itself becomes the current user', () => {
  expect(
    currentUserFromMe({ username: 'mira', avatar: 1, adminRank: 0, email: 'm@example.com' }),
  ).toEqual({
    username: 'mira',
    avatar: 1,
    adminRank: 0,
  });
});

test('a wrapped user is read too, with the defaults for missing numbers', () => {
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

test('the whole user info is read with the defaults for what is missing', () => {
  expect(
    userInfoFromBody({ user: { uid: 'u1', email: 'm@example.com', username: 'mira' } }),
  ).toEqual({
    uid: 'u1',
    email: 'm@example.com',
    emailVerified: false,
    displayName: '',
    username: 'mira',
    avatar: 2,
    bio: '',
    adminRank: 0,
    userPrivileges: { earlyUser: false },
    subscribedToNewsletter: false,
    subscribedProducts: [],
    createdAt: '',
  });
});

test('developer logging reaches the console only for a logged-in adminRank of 3 or more', () => {
  const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
  try {
    setDevLogRank(null);
    devLog('signed out');
    setDevLogRank(2);
    devLog('rank 2');
    expect(debug).not.toHaveBeenCalled();
    setDevLogRank(3);
    expect(devLogEnabled()).toBe(true);
    devLog('rank 3', { a: 1 });
    expect(debug).toHaveBeenCalledWith('[dev]', 'rank 3', { a: 1 });
  } finally {
    setDevLogRank(null);
    debug.mockRestore();
  }
});
