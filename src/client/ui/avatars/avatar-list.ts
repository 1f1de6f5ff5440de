/**
 * The five bundled avatars (docs/product/accounts.md#avatars): index 0–4, default 2; the sign-up and edit
 * flows offer only 0–3. Each has a short description that becomes part of its accessible name.
 */

// The same numbers as #shared/account-schemas (a test keeps them equal): that module builds zod
// schemas on import, and the navigation panel that shows avatars is part of the first load.
export const BUNDLED_AVATARS = 5;
export const SELECTABLE_AVATARS = 4;
export const DEFAULT_AVATAR = 2;

export const AVATAR_DESCRIPTIONS = ['fox', 'cat', 'bear', 'frog', 'panda'] as const;

/** Any stored number as a bundled avatar index; unknown values show the default. */
export function avatarIndex(value: number | null | undefined): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < BUNDLED_AVATARS
    ? value
    : DEFAULT_AVATAR;
}

/** "Avatar 3 (bear)": people count from 1. */
export function avatarName(index: number): string {
  const i = avatarIndex(index);
  return `Avatar ${i + 1} (${AVATAR_DESCRIPTIONS[i]})`;
}

/** The pickers' cycle: 0, 1, 2, 3 and back to 0 (docs/product/accounts.md#edit-avatar-and-username). */
export function nextSelectableAvatar(index: number): number {
  return index >= 0 && index < SELECTABLE_AVATARS - 1 ? index + 1 : 0;
}
