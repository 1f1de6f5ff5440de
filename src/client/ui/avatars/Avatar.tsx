/**
 * One of the five bundled avatars as an inline SVG. With `decorative` the image is hidden from
 * assistive tech (the control around it has the name); otherwise it is an image named
 * "Avatar N (animal)". The drawings are a chunk of their own, drawn once the page has hydrated: the
 * prerendered page and the hydrating render show a plain disc of the same size, so nothing moves.
 */
import { lazy, Suspense } from 'react';
import { useIsClient } from '../../lib/use-is-client';
import { avatarIndex, avatarName } from './avatar-list';
import './avatar.css';

const AvatarArt = lazy(() => import('./avatar-art'));

interface AvatarProps {
  index: number;
  size?: number;
  decorative?: boolean;
  className?: string;
}

export function Avatar({ index, size = 72, decorative = false, className }: AvatarProps) {
  const i = avatarIndex(index);
  const isClient = useIsClient();
  const disc = <circle className="avatar__disc" cx="48" cy="48" r="48" />;
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
      {isClient ? (
        <Suspense fallback={disc}>
          <AvatarArt index={i} />
        </Suspense>
      ) : (
        disc
      )}
    </svg>
  );
}
