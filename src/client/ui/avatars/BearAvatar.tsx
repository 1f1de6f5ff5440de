import { Cheeks, Disc, Eyes, INK, OUTLINE, Shoulders, Smile } from './avatar-parts';

/** Avatar 3 (the default): a brown bear in a coral jumper. */
export function BearAvatar() {
  return (
    <>
      <Disc fill="#fde7a6" />
      <Shoulders fill="#e4664f" />
      <circle cx="30" cy="29" r="8.5" fill="#a8683d" {...OUTLINE} />
      <circle cx="66" cy="29" r="8.5" fill="#a8683d" {...OUTLINE} />
      <circle cx="30" cy="29" r="4" fill="#e8bf92" />
      <circle cx="66" cy="29" r="4" fill="#e8bf92" />
      <circle cx="48" cy="46" r="22" fill="#a8683d" {...OUTLINE} />
      <ellipse cx="48" cy="55" rx="10.5" ry="8" fill="#ecc89d" />
      <Eyes y={43} spread={9} />
      <Cheeks y={51} spread={15} />
      <ellipse cx="48" cy="51.5" rx="3.6" ry="2.6" fill={INK} />
      <Smile y={56} width={3.5} />
    </>
  );
}
