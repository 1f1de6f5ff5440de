/** The player's icons on a 24×24 grid, filled with currentColor; decorative (the buttons carry names). */
import type { ReactNode } from 'react';

function Icon({ size = 22, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.9-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z" />
  </Icon>
);

export const PauseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="6" y="4.5" width="4.2" height="15" rx="1.2" />
    <rect x="13.8" y="4.5" width="4.2" height="15" rx="1.2" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <rect x="4.5" y="5" width="2.6" height="14" rx="1" />
    <path d="M19.5 6.06v11.88a1 1 0 0 1-1.55.83l-8.9-5.94a1 1 0 0 1 0-1.66l8.9-5.94a1 1 0 0 1 1.55.83z" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <rect x="16.9" y="5" width="2.6" height="14" rx="1" />
    <path d="M4.5 6.06v11.88a1 1 0 0 0 1.55.83l8.9-5.94a1 1 0 0 0 0-1.66l-8.9-5.94a1 1 0 0 0-1.55.83z" />
  </Icon>
);

export const VolumeIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.4 3.67a1 1 0 0 0 1.6-.8V5.63a1 1 0 0 0-1.6-.8L8 8.5H5a1 1 0 0 0-1 1z" />
    <path
      d="M16.5 8.5a5 5 0 0 1 0 7M18.8 6a8.5 8.5 0 0 1 0 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </Icon>
);

export const MutedIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.4 3.67a1 1 0 0 0 1.6-.8V5.63a1 1 0 0 0-1.6-.8L8 8.5H5a1 1 0 0 0-1 1z" />
    <path
      d="M17 9.5l5 5M22 9.5l-5 5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </Icon>
);
