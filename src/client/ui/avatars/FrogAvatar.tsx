import { Cheeks, Disc, HIGHLIGHT, INK, OUTLINE, Shoulders } from './avatar-parts';

/** Avatar 4: a green frog in a violet jumper. */
export function FrogAvatar() {
  return (
    <>
      <Disc fill="#d3e8fb" />
      <Shoulders fill="#7c5cc4" />
      <circle cx="36" cy="33" r="9.5" fill="#5fb35a" {...OUTLINE} />
      <circle cx="60" cy="33" r="9.5" fill="#5fb35a" {...OUTLINE} />
      <ellipse cx="48" cy="50" rx="25" ry="18" fill="#5fb35a" {...OUTLINE} />
      <path d="M31 40c5-3 29-3 34 0" fill="#5fb35a" />
      <circle cx="36" cy="33" r="5.6" fill={HIGHLIGHT} />
      <circle cx="60" cy="33" r="5.6" fill={HIGHLIGHT} />
      <circle cx="37" cy="34" r="3" fill={INK} />
      <circle cx="61" cy="34" r="3" fill={INK} />
      <circle cx="38" cy="33" r="1" fill={HIGHLIGHT} />
      <circle cx="62" cy="33" r="1" fill={HIGHLIGHT} />
      <Cheeks y={52} spread={16} />
      <path d="M45 45.5h.01M51 45.5h.01" stroke={INK} strokeWidth="2.4" strokeLinecap="round" />
      <path d="M36 53q12 9 24 0" fill="none" stroke={INK} strokeWidth="2.4" strokeLinecap="round" />
    </>
  );
}
