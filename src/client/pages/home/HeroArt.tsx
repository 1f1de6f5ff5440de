/** Home's drawing: a rising line over hills, a sun and a note (coloured by home.css). */
export function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 320 260" aria-hidden="true" focusable="false">
      <circle className="hero__sun" cx="210" cy="96" r="62" />
      <path
        className="hero__hill hero__hill--back"
        d="M0 210 C60 150 120 150 170 180 S270 150 320 170 V260 H0 Z"
      />
      <path
        className="hero__hill hero__hill--front"
        d="M0 230 C70 190 130 200 190 220 S280 200 320 214 V260 H0 Z"
      />
      <path className="hero__ridge" d="M0 230 C70 190 130 200 190 220 S280 200 320 214" />
      <path className="hero__line" d="M24 150 L74 118 L112 132 L160 84 L196 100 L248 48 L296 58" />
      {[
        [74, 118],
        [160, 84],
        [248, 48],
      ].map(([x, y]) => (
        <circle key={x} className="hero__point" cx={x} cy={y} r="6" />
      ))}
      <g className="hero__notes">
        <path d="M56 58 V34 L80 28 V52" />
        <circle cx="51" cy="59" r="6" />
        <circle cx="75" cy="53" r="6" />
      </g>
    </svg>
  );
}
