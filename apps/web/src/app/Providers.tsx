import { type ReactNode, useLayoutEffect } from 'react';
import { useSettings } from '../stores/settings';
import { applyInitialTheme } from './theme';

/**
 * The app-wide providers that cost nothing on the login page: the theme variables of the plain-CSS
 * shell, from the last antd theme of these settings (app/theme.ts). Ant Design's ConfigProvider, the
 * feedback holder and the loading overlay live in the antd scope (app/antd.tsx), loaded with the first
 * screen, toast or dialog that needs them.
 */
export function Providers({ children }: { children: ReactNode }) {
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.dark);
  // before the first paint; once loaded, the antd scope keeps the variables exact
  useLayoutEffect(() => applyInitialTheme({ themeColor, dark }), [themeColor, dark]);
  return children;
}
