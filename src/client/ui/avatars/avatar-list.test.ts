import { expect, test } from 'vitest';
import * as shared from '#shared/account-schemas';
import {
  AVATAR_DESCRIPTIONS,
  BUNDLED_AVATARS,
  DEFAULT_AVATAR,
  SELECTABLE_AVATARS,
  avatarIndex,
  avatarName,
  nextSelectableAvatar,
} from './avatar-list';

test('the avatar numbers are the shared ones: 5 bundled, 4 selectable, default 2', () => {
  expect(BUNDLED_AVATARS).toBe(shared.BUNDLED_AVATARS);
  expect(SELECTABLE_AVATARS).toBe(shared.SELECTABLE_AVATARS);
  expect(DEFAULT_AVATAR).toBe(shared.DEFAULT_AVATAR);
  expect(AVATAR_DESCRIPTIONS).toHaveLength(BUNDLED_AVATARS);
});

test('each click cycles 0, 1, 2, 3 and back to 0; the fifth avatar moves on to 0', () => {
  expect([0, 1, 2, 3].map(nextSelectableAvatar)).toEqual([1, 2, 3, 0]);
  expect(nextSelectableAvatar(4)).toBe(0);
});

test('unknown stored values show the default avatar', () => {
  expect(avatarIndex(4)).toBe(4);
  expect(avatarIndex(7)).toBe(2);
  expect(avatarIndex(-1)).toBe(2);
  expect(avatarIndex(1.5)).toBe(2);
  expect(avatarIndex(undefined)).toBe(2);
});

test('names count from 1 and say what is drawn', () => {
  expect(avatarName(0)).toBe('Avatar 1 (fox)');
  expect(avatarName(2)).toBe('Avatar 3 (bear)');
});
