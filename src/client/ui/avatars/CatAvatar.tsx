import { Cheeks, Disc, Eyes, INK, OUTLINE, Shoulders } from './avatar-parts';

/** Avatar 2: a grey cat in a mustard jumper. */
export function CatAvatar() {
  return (
    <>
      <Disc fill="#d5f0e2" />
      <Shoulders fill="#e0a526" />
      <path d="M28.5 37 29 17l15 10z" fill="#8e99ab" {...OUTLINE} />
      <path d="M67.5 37 67 17 52 27z" fill="#8e99ab" {...OUTLINE} />
      <path d="M32 31v-8l6 4z M64 31v-8l-6 4z" fill="#f4a9a0" />
      <circle cx="48" cy="47" r="22" fill="#8e99ab" {...OUTLINE} />
      <path
        d="M48 25.5v7M42 26.5l1.5 5.5M54 26.5 52.5 32"
        stroke="#5f6a7c"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <ellipse cx="48" cy="56" rx="9" ry="6.5" fill="#eef1f6" />
      <Eyes y={46} spread={8.5} r={3} />
      <Cheeks y={53} spread={14} />
      <path d="M45.4 52.6h5.2L48 55.4z" fill="#e56f7a" stroke="#e56f7a" strokeLinejoin="round" />
      <path
        d="M48 55.4v1.8m0 0c-1 1.6-3 1.8-4.2.8m4.2-.8c1 1.6 3 1.8 4.2.8"
        fill="none"
        stroke={INK}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path
        d="M38 55.5 29 54M38 58l-8.5 2.5M58 55.5l9-1.5M58 58l8.5 2.5"
        stroke={INK}
        strokeWidth="1.4"
        strokeLinecap="round"
        opacity="0.7"
      />
    </>
  );
}
