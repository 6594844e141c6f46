import { useId } from 'react';

/** The brand mark: a container stack under a crane beam, drawn inline (no external asset). */
export function LogoMark({ size = 28 }: { size?: number }) {
  const id = `gk-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="gk-logo-mark">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--gk-primary, #1677ff)' }} />
          <stop offset="1" style={{ stopColor: '#36cfc9' }} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <path d="M8 9h16" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M16 9v4" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      <rect x="7" y="14" width="8.5" height="5" rx="1" fill="#fff" opacity=".95" />
      <rect x="16.5" y="14" width="8.5" height="5" rx="1" fill="#fff" opacity=".75" />
      <rect x="11.5" y="20" width="9" height="5" rx="1" fill="#fff" opacity=".9" />
    </svg>
  );
}
