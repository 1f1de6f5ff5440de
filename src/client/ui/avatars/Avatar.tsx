/**
 * One of the five bundled avatars as an inline SVG. With `decorative` the image is hidden from
 * assistive tech (the control around it has the name); otherwise it is an image named
 * "Avatar N (animal)".
 */
import type { ComponentType } from 'react';
import { avatarIndex, avatarName } from './avatar-list';
import { BearAvatar } from './BearAvatar';
import { CatAvatar } from './CatAvatar';
import { FoxAvatar } from './FoxAvatar';
import { FrogAvatar } from './FrogAvatar';
import { PandaAvatar } from './PandaAvatar';
import './avatar.css';

const ART: ComponentType[] = [FoxAvatar, CatAvatar, BearAvatar, FrogAvatar, PandaAvatar];

interface AvatarProps {
  index: number;
  size?: number;
  decorative?: boolean;
  className?: string;
}

export function Avatar({ index, size = 72, decorative = false, className }: AvatarProps) {
  const i = avatarIndex(index);
  const Art = ART[i] ?? BearAvatar;
  return (
    <svg
      className={['avatar', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 96 96"
      data-avatar={i}
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': avatarName(i) })}
    >
      <Art />
    </svg>
  );
}
