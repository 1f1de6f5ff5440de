/**
 * Small drawings for the offering cards and the pages about them, coloured by the theme through CSS classes
 * (illustrations.css), so they read well in light and dark.
 */
import './illustrations.css';

const svgProps = { viewBox: '0 0 160 100', 'aria-hidden': true, focusable: false } as const;

export function CandlesIllustration() {
  return (
    <svg {...svgProps} className="illus">
      <path className="illus__grid" d="M10 80h140M10 55h140M10 30h140" />
      {[
        [24, 50, 66, 42, 74, 'up'],
        [42, 44, 58, 36, 64, 'up'],
        [60, 48, 62, 40, 70, 'down'],
        [78, 34, 50, 26, 56, 'up'],
        [96, 28, 40, 20, 48, 'up'],
        [114, 34, 46, 28, 52, 'down'],
        [132, 18, 32, 12, 38, 'up'],
      ].map(([x, top, bottom, high, low, dir]) => (
        <g key={x} className={dir === 'up' ? 'illus__up' : 'illus__down'}>
          <path d={`M${x} ${high}V${low}`} strokeWidth="2" stroke="currentColor" />
          <rect
            x={Number(x) - 5}
            y={top}
            width="10"
            height={Number(bottom) - Number(top)}
            rx="2"
            fill="currentColor"
          />
        </g>
      ))}
      <path className="illus__accent-line" d="M12 70 L60 46 L96 38 L146 16" />
      <rect className="illus__zone-up" x="98" y="12" width="50" height="22" rx="3" />
      <rect className="illus__zone-down" x="98" y="34" width="50" height="14" rx="3" />
    </svg>
  );
}

/** A ring segment of `share` of the circle starting `from` (shares of 1), in user units, from 12 o'clock. */
function ringArc(share: number, from: number) {
  const circumference = 2 * Math.PI * 30;
  return {
    cx: 52,
    cy: 50,
    r: 30,
    strokeDasharray: `${share * circumference} ${(1 - share) * circumference}`,
    strokeDashoffset: -from * circumference,
    transform: 'rotate(-90 52 50)',
  };
}

export function PortfolioIllustration() {
  return (
    <svg {...svgProps} className="illus">
      <circle className="illus__track" cx="52" cy="50" r="30" />
      <circle className="illus__arc illus__arc--accent" {...ringArc(0.45, 0)} />
      <circle className="illus__arc illus__arc--ink" {...ringArc(0.25, 0.45)} />
      <circle className="illus__arc illus__arc--up" {...ringArc(0.18, 0.7)} />
      <g className="illus__legend">
        <rect className="illus__fill-accent" x="98" y="26" width="10" height="10" rx="2" />
        <rect className="illus__bar" x="114" y="28" width="34" height="6" rx="3" />
        <rect className="illus__fill-ink" x="98" y="45" width="10" height="10" rx="2" />
        <rect className="illus__bar" x="114" y="47" width="26" height="6" rx="3" />
        <rect className="illus__fill-up" x="98" y="64" width="10" height="10" rx="2" />
        <rect className="illus__bar" x="114" y="66" width="18" height="6" rx="3" />
      </g>
    </svg>
  );
}

export function ArtIllustration() {
  return (
    <svg {...svgProps} className="illus">
      <rect className="illus__canvas" x="34" y="10" width="92" height="70" rx="4" />
      <circle className="illus__fill-accent" cx="104" cy="32" r="11" />
      <path className="illus__fill-ink illus__soft" d="M40 74 L66 44 L82 60 L94 50 L120 74 Z" />
      <path className="illus__stand" d="M58 80 L48 96 M102 80 L112 96 M80 80 V96" />
      <path className="illus__brush" d="M134 30 L150 14" />
      <circle className="illus__fill-accent" cx="133" cy="31" r="3.5" />
    </svg>
  );
}

export function MusicIllustration() {
  return (
    <svg {...svgProps} className="illus">
      {[18, 30, 22, 40, 56, 34, 48, 64, 44, 30, 52, 38, 24, 34, 18].map((h, i) => (
        <rect
          key={i}
          className={i % 4 === 1 ? 'illus__fill-accent' : 'illus__fill-ink illus__soft'}
          x={12 + i * 9.5}
          y={50 - h / 2}
          width="5"
          height={h}
          rx="2.5"
        />
      ))}
      <path className="illus__note" d="M118 86 V66 L140 61 V81" />
      <ellipse className="illus__fill-accent" cx="114" cy="87" rx="5" ry="4" />
      <ellipse className="illus__fill-accent" cx="136" cy="82" rx="5" ry="4" />
    </svg>
  );
}

export function WebIllustration() {
  return (
    <svg {...svgProps} className="illus">
      <rect className="illus__canvas" x="18" y="12" width="124" height="78" rx="6" />
      <path className="illus__grid-strong" d="M18 26 H142" />
      <circle className="illus__fill-accent" cx="28" cy="19" r="2.5" />
      <circle className="illus__fill-ink illus__soft" cx="36" cy="19" r="2.5" />
      <circle className="illus__fill-ink illus__soft" cx="44" cy="19" r="2.5" />
      <rect className="illus__fill-ink" x="28" y="36" width="54" height="7" rx="3.5" />
      <rect className="illus__bar" x="28" y="49" width="70" height="5" rx="2.5" />
      <rect className="illus__bar" x="28" y="59" width="58" height="5" rx="2.5" />
      <rect className="illus__fill-accent" x="28" y="72" width="34" height="10" rx="5" />
      <g transform="translate(104 38)">
        <rect width="28" height="18" rx="2" fill="#006aa7" />
        <path d="M8 0h5v18H8zM0 7h28v4H0z" fill="#fecc02" />
      </g>
    </svg>
  );
}

export function NowouIllustration() {
  return (
    <svg {...svgProps} className="illus">
      <path className="illus__grid-strong" d="M14 50 H146" />
      {[30, 66, 102, 138].map((x, i) => (
        <circle
          key={x}
          className={i < 2 ? 'illus__fill-accent' : 'illus__dot'}
          cx={x}
          cy="50"
          r="5"
        />
      ))}
      <rect className="illus__canvas" x="16" y="12" width="44" height="26" rx="4" />
      <path className="illus__check" d="M23 25 l4 4 l7 -8" />
      <rect className="illus__bar" x="38" y="23" width="16" height="4" rx="2" />
      <rect className="illus__canvas" x="84" y="62" width="60" height="28" rx="4" />
      <rect className="illus__bar" x="92" y="70" width="42" height="4" rx="2" />
      <rect className="illus__bar" x="92" y="79" width="30" height="4" rx="2" />
      <rect className="illus__canvas" x="52" y="66" width="24" height="24" rx="12" />
      <path className="illus__spark" d="M64 72 v12 M58 78 h12" />
    </svg>
  );
}
