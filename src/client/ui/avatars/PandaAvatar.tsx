import { Cheeks, Disc, HIGHLIGHT, INK, OUTLINE, Shoulders, Smile } from './avatar-parts';

/** Avatar 5: a panda in a sky-blue jumper (bundled, not offered by the pickers). */
export function PandaAvatar() {
  return (
    <>
      <Disc fill="#e6dcf8" />
      <Shoulders fill="#4b9fe0" />
      <circle cx="30" cy="29" r="8.5" fill={INK} {...OUTLINE} />
      <circle cx="66" cy="29" r="8.5" fill={INK} {...OUTLINE} />
      <circle cx="48" cy="46" r="22" fill="#fbf8f3" {...OUTLINE} />
      <ellipse cx="39" cy="45" rx="5.5" ry="7" transform="rotate(35 39 45)" fill={INK} />
      <ellipse cx="57" cy="45" rx="5.5" ry="7" transform="rotate(-35 57 45)" fill={INK} />
      <circle cx="40" cy="44" r="2.2" fill={HIGHLIGHT} />
      <circle cx="56" cy="44" r="2.2" fill={HIGHLIGHT} />
      <Cheeks y={53} spread={14} />
      <ellipse cx="48" cy="53" rx="3.4" ry="2.4" fill={INK} />
      <Smile y={57.5} width={3.5} />
    </>
  );
}
