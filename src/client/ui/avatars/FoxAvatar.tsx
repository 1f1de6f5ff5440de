import { Cheeks, Disc, Eyes, INK, OUTLINE, Shoulders, Smile } from './avatar-parts';

/** Avatar 1: a fox in a teal jumper. */
export function FoxAvatar() {
  return (
    <>
      <Disc fill="#ffe1c7" />
      <Shoulders fill="#2f8f7f" />
      <path d="M30 38 25 14l19 12z" fill="#e8772e" {...OUTLINE} />
      <path d="M66 38 71 14 52 26z" fill="#e8772e" {...OUTLINE} />
      <path d="M30.5 30 28 19l8 6z M65.5 30 68 19l-8 6z" fill="#7a3414" />
      <circle cx="48" cy="46" r="22" fill="#e8772e" {...OUTLINE} />
      <path
        d="M27.5 50c4 1 9 1 13-2 2 3 5 4 7.5 4s5.5-1 7.5-4c4 3 9 3 13 2-3 11-11 17.5-20.5 17.5S30.5 61 27.5 50z"
        fill="#fff6ec"
      />
      <Eyes y={44} spread={8.5} />
      <Cheeks y={52} spread={14} />
      <ellipse cx="48" cy="54.5" rx="3.2" ry="2.3" fill={INK} />
      <Smile y={58.5} width={3.5} />
    </>
  );
}
