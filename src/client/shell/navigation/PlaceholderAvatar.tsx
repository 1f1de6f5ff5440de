/**
 * A friendly stand-in avatar until the five illustrated avatars arrive with accounts.
 * Decorative: the control around it carries the name.
 */
export function PlaceholderAvatar({ size = 72 }: { size?: number }) {
  return (
    <svg
      className="placeholder-avatar"
      width={size}
      height={size}
      viewBox="0 0 72 72"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="36" cy="36" r="36" fill="var(--color-accent-soft)" />
      <path d="M13 62c3-12 12-18 23-18s20 6 23 18a36 36 0 0 1-46 0z" fill="var(--color-accent)" />
      <circle
        cx="36"
        cy="29"
        r="13"
        fill="var(--color-surface)"
        stroke="var(--color-text)"
        strokeWidth="2.5"
      />
      <circle cx="31.5" cy="28" r="1.8" fill="var(--color-text)" />
      <circle cx="40.5" cy="28" r="1.8" fill="var(--color-text)" />
      <path
        d="M31 33.5c2.8 2.6 7.2 2.6 10 0"
        fill="none"
        stroke="var(--color-text)"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
