/**
 * The pieces every avatar shares, so the five characters keep one style: a pastel disc, shoulders
 * that follow the disc's edge, a 2.5 px ink outline, dot eyes with a highlight, rosy cheeks and a
 * small smile. Drawn on a 96 × 96 grid. The palette is the illustrations' own and is the same in
 * both themes: the pastel disc is what keeps each character readable on a light or a dark page.
 */
export const INK = '#2a211b';
export const HIGHLIGHT = '#fffaf3';
const CHEEK = '#f08a7e';

export const OUTLINE = { stroke: INK, strokeWidth: 2.5, strokeLinejoin: 'round' } as const;

export function Disc({ fill }: { fill: string }) {
  return <circle cx="48" cy="48" r="48" fill={fill} />;
}

/** Shoulders from the chest to the disc's lower edge; only the neckline is outlined. */
export function Shoulders({ fill }: { fill: string }) {
  return (
    <g>
      <path d="M16.3 84C20 71 32 65 48 65s28 6 31.7 19A48 48 0 0 1 16.3 84z" fill={fill} />
      <path d="M16.3 84C20 71 32 65 48 65s28 6 31.7 19" fill="none" {...OUTLINE} />
    </g>
  );
}

export function Eyes({ y = 45, spread = 8, r = 2.8 }: { y?: number; spread?: number; r?: number }) {
  return (
    <g>
      <circle cx={48 - spread} cy={y} r={r} fill={INK} />
      <circle cx={48 + spread} cy={y} r={r} fill={INK} />
      <circle cx={48 - spread + 1} cy={y - 1} r={r / 3} fill={HIGHLIGHT} />
      <circle cx={48 + spread + 1} cy={y - 1} r={r / 3} fill={HIGHLIGHT} />
    </g>
  );
}

export function Cheeks({ y = 53, spread = 13 }: { y?: number; spread?: number }) {
  return (
    <g fill={CHEEK} opacity="0.55">
      <ellipse cx={48 - spread} cy={y} rx="3.6" ry="2.4" />
      <ellipse cx={48 + spread} cy={y} rx="3.6" ry="2.4" />
    </g>
  );
}

export function Smile({ y = 58, width = 4 }: { y?: number; width?: number }) {
  return (
    <path
      d={`M${48 - width} ${y}q${width} 3.4 ${width * 2} 0`}
      fill="none"
      stroke={INK}
      strokeWidth="2.2"
      strokeLinecap="round"
    />
  );
}
