/** The five drawings, in their own chunk: Avatar.tsx loads it after the page has hydrated. */
import type { ComponentType } from 'react';
import { BearAvatar } from './BearAvatar';
import { CatAvatar } from './CatAvatar';
import { FoxAvatar } from './FoxAvatar';
import { FrogAvatar } from './FrogAvatar';
import { PandaAvatar } from './PandaAvatar';

const ART: ComponentType[] = [FoxAvatar, CatAvatar, BearAvatar, FrogAvatar, PandaAvatar];

export default function AvatarArt({ index }: { index: number }) {
  const Art = ART[index] ?? BearAvatar;
  return <Art />;
}
