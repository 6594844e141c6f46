/** Decorative art of the greeting card: a globe with shipping lanes and a parcel. Inline SVG. */
export function HomeArt() {
  return (
    <svg className="gk-hero-art" viewBox="0 0 240 150" aria-hidden="true" focusable="false">
      <circle cx="150" cy="78" r="58" fill="#fff" fillOpacity=".12" />
      <circle cx="150" cy="78" r="44" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="1.6" />
      <ellipse cx="150" cy="78" rx="18" ry="44" fill="none" stroke="#fff" strokeOpacity=".45" strokeWidth="1.4" />
      <path d="M106 78 H194 M112 56 H188 M112 100 H188" stroke="#fff" strokeOpacity=".4" strokeWidth="1.4" />
      <path d="M40 120 Q90 20 200 34" fill="none" stroke="#fff" strokeOpacity=".8" strokeWidth="1.8" strokeDasharray="4 5" />
      <circle cx="40" cy="120" r="5" fill="#fff" />
      <circle cx="200" cy="34" r="5" fill="#fff" />
      <g transform="translate(22 78)">
        <path d="M0 12 L22 2 L44 12 L22 22 Z" fill="#ffe7ba" />
        <path d="M0 12 V36 L22 46 V22 Z" fill="#ffd591" />
        <path d="M44 12 V36 L22 46 V22 Z" fill="#ffc069" />
        <path d="M11 7 L33 17 V25" fill="none" stroke="#d48806" strokeWidth="2" />
      </g>
    </svg>
  );
}
