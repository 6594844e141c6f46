/** Logistics artwork for the login page: a container ship at a quay crane under a route network. Inline SVG only. */
const ROWS: (string | null)[][] = [
  ['#60a5fa', '#22d3ee', '#f59e0b', '#3b82f6', '#14b8a6', '#60a5fa', '#f97316', '#38bdf8'],
  [null, '#3b82f6', '#14b8a6', '#f59e0b', '#60a5fa', '#22d3ee', '#3b82f6', null],
  [null, null, '#38bdf8', '#f97316', '#2dd4bf', null, null, null],
];

export function PortArt() {
  return (
    <svg className="gk-port-art" viewBox="0 0 560 340" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pa-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5eb8ff" stopOpacity=".28" />
          <stop offset="1" stopColor="#5eb8ff" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="pa-hull" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8f1ff" />
          <stop offset=".35" stopColor="#e8f1ff" />
          <stop offset=".36" stopColor="#1d4f91" />
          <stop offset="1" stopColor="#123563" />
        </linearGradient>
        <radialGradient id="pa-glow">
          <stop offset="0" stopColor="#7dd3fc" stopOpacity=".9" />
          <stop offset="1" stopColor="#7dd3fc" stopOpacity="0" />
        </radialGradient>
      </defs>

      {/* route network */}
      <g fill="none" stroke="#bfe3ff" strokeOpacity=".45" strokeWidth="1.4" strokeDasharray="4 6">
        <path d="M38 96 Q170 6 300 70" />
        <path d="M300 70 Q420 10 520 60" />
        <path d="M120 150 Q230 90 300 70" />
      </g>
      {[
        [38, 96],
        [300, 70],
        [520, 60],
        [120, 150],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="12" fill="url(#pa-glow)" />
          <circle cx={x} cy={y} r="3.5" fill="#e0f2ff" />
        </g>
      ))}

      {/* quay crane */}
      <g stroke="#dbeafe" strokeWidth="5" strokeLinecap="round" fill="none" opacity=".92">
        <path d="M452 292 V128" />
        <path d="M500 292 V128" />
        <path d="M452 200 H500" strokeWidth="3.5" />
        <path d="M452 166 L500 134" strokeWidth="3" />
        <path d="M300 128 H540" strokeWidth="6" />
        <path d="M476 128 L476 96 L520 128" strokeWidth="3" />
      </g>
      <rect x="332" y="122" width="26" height="12" rx="2" fill="#f59e0b" />
      <path d="M345 134 V176" stroke="#dbeafe" strokeWidth="1.6" />
      <rect x="326" y="176" width="38" height="6" rx="1.5" fill="#dbeafe" />
      <rect x="328" y="182" width="34" height="18" rx="2" fill="#f97316" opacity=".95" />

      {/* quay */}
      <rect x="430" y="292" width="130" height="14" rx="2" fill="#0b2a52" opacity=".85" />

      {/* containers on deck */}
      {ROWS.flatMap((row, r) => row.map((c, i) => ({ c, x: 72 + i * 38, y: 232 - r * 24 }))).map(({ c, x, y }) =>
        c ? (
          <g key={`${x}:${y}`}>
            <rect x={x} y={y} width="36" height="22" rx="2" fill={c} />
            <path
              d={`M${x + 8} ${y + 3} v16 M${x + 16} ${y + 3} v16 M${x + 24} ${y + 3} v16`}
              stroke="#0b2a52"
              strokeOpacity=".22"
              strokeWidth="1.4"
            />
          </g>
        ) : null,
      )}

      {/* bridge */}
      <rect x="384" y="196" width="36" height="58" rx="3" fill="#e8f1ff" />
      <rect x="380" y="190" width="44" height="9" rx="2" fill="#cfe0f7" />
      {[0, 1, 2].map((i) => (
        <rect key={i} x="390" y={206 + i * 14} width="24" height="6" rx="1.5" fill="#1d4f91" opacity=".8" />
      ))}
      <rect x="398" y="172" width="8" height="18" fill="#cfe0f7" />

      {/* hull */}
      <path d="M52 254 H446 L424 300 H82 Z" fill="url(#pa-hull)" />
      <text x="110" y="288" fill="#dbeafe" fontSize="11" fontFamily="Arial, sans-serif" letterSpacing="3" opacity=".85">
        GK-LOGISTICS
      </text>

      {/* sea */}
      <rect x="0" y="300" width="560" height="40" fill="url(#pa-sea)" />
      <g fill="none" stroke="#bfe3ff" strokeLinecap="round">
        <path d="M20 312 q14 -6 28 0 t28 0 t28 0 t28 0" strokeOpacity=".45" strokeWidth="2" />
        <path d="M210 320 q14 -6 28 0 t28 0 t28 0" strokeOpacity=".35" strokeWidth="2" />
        <path d="M380 314 q14 -6 28 0 t28 0 t28 0 t28 0" strokeOpacity=".4" strokeWidth="2" />
        <path d="M90 330 q14 -6 28 0 t28 0" strokeOpacity=".25" strokeWidth="2" />
      </g>
    </svg>
  );
}
