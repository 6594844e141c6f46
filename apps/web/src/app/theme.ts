/**
 * The --gk-* CSS variables of the plain-CSS parts of the shell. They mirror Ant Design theme tokens:
 * the antd scope (app/antd.tsx) computes them and keeps a copy here in localStorage, so pages shown
 * before antd loads (the login page, the splash, the error panels) start with the right colours.
 * Without a copy, the defaults in styles.css (antd's light and dark themes) apply, with the chosen
 * primary colour.
 */
import type { Settings } from '../stores/settings';

export const THEME_VARS_KEY = 'gk.themeVars';

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif";

type ThemeKey = Pick<Settings, 'themeColor' | 'dark'>;

const keyOf = (s: ThemeKey) => `${s.themeColor}|${s.dark ? 'dark' : 'light'}`;

export function applyThemeVars(vars: Record<string, string>, dark: boolean) {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function cacheThemeVars(settings: ThemeKey, vars: Record<string, string>) {
  try {
    localStorage.setItem(THEME_VARS_KEY, JSON.stringify({ key: keyOf(settings), vars }));
  } catch {
    // storage full or blocked: the next visit starts from the defaults
  }
}

function cachedVars(settings: ThemeKey): Record<string, string> | null {
  try {
    const v = JSON.parse(localStorage.getItem(THEME_VARS_KEY) ?? 'null');
    return v && v.key === keyOf(settings) && v.vars && typeof v.vars === 'object' ? v.vars : null;
  } catch {
    return null;
  }
}

/** Before antd is loaded: the remembered variables of these settings, else the primary colour alone. */
export function applyInitialTheme(settings: ThemeKey) {
  if (typeof document === 'undefined') return;
  applyThemeVars(cachedVars(settings) ?? { '--gk-primary': settings.themeColor }, settings.dark);
}
