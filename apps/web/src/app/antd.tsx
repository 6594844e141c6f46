import { ConfigProvider, Spin, type ThemeConfig, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import type { Lang } from '@gk/contracts/i18n';
import { type ComponentType, type ReactNode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { useLoading } from '../api/loading';
import { loadFeedbackHost } from '../lib/feedback';
import { dayjsLocale, useTranslation } from '../lib/i18n';
import { useReducedMotion } from '../lib/reducedMotion';
import { useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { applyThemeVars, cacheThemeVars, FONT_FAMILY } from './theme';

/**
 * The Ant Design scope, loaded with the first screen that needs antd (the layout, the error pages) or
 * the first toast / dialog — never on the login page's critical path. It holds the ConfigProvider
 * (theme, locale, component size), the root the toasts' and dialogs' holder joins when first needed, the theme
 * variables of the plain-CSS shell, the global loading overlay and the dayjs locale.
 */
const ANTD_LOCALE = { zh: zhCN, en: enUS, es: esES } satisfies Record<Lang, unknown>;

// dayjs values made from now on use the chosen language (date pickers, the home page's date)
dayjs.locale(dayjsLocale(useApp.getState().lang));
useApp.subscribe((s, prev) => {
  if (s.lang !== prev.lang) dayjs.locale(dayjsLocale(s.lang));
});

/** ConfigProvider with the chosen language, theme colour, dark mode, component size and the system's motion setting. */
export function AntdConfig({ children }: { children: ReactNode }) {
  const lang = useApp((s) => s.lang);
  const reducedMotion = useReducedMotion();
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.dark);
  const size = useSettings((s) => s.size);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      // links (查看详情, 编辑), info / processing tags and info toasts derive from colorInfo, not colorPrimary:
      // the theme colour is set on all three so it reaches them (tokens, not CSS overrides of one colour)
      token: {
        colorPrimary: themeColor,
        colorInfo: themeColor,
        colorLink: themeColor,
        borderRadius: 6,
        fontFamily: FONT_FAMILY,
        // "reduce motion" in the system: dialogs, drawers, menus and toasts appear and go at once
        motion: !reducedMotion,
      },
      components: {
        Menu: { darkItemBg: '#0b1a2e', darkSubMenuItemBg: '#07121f', darkPopupBg: '#0b1a2e', itemBorderRadius: 6 },
      },
    }),
    [dark, themeColor, reducedMotion],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALE[lang]} theme={themeConfig} componentSize={size}>
      {children}
    </ConfigProvider>
  );
}

/** Mirrors a few theme tokens into CSS variables for the plain-CSS parts of the shell (and remembers them). */
function ThemeVars() {
  const { token } = theme.useToken();
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.dark);
  useEffect(() => {
    const vars: Record<string, string> = {
      '--gk-primary': token.colorPrimary,
      '--gk-primary-hover': token.colorPrimaryHover,
      '--gk-primary-active': token.colorPrimaryActive,
      '--gk-primary-bg': token.colorPrimaryBg,
      '--gk-primary-bg-hover': token.colorPrimaryBgHover,
      '--gk-primary-border': token.colorPrimaryBorder,
      '--gk-control-outline': token.controlOutline,
      '--gk-error': token.colorError,
      '--gk-error-hover': token.colorErrorHover,
      '--gk-error-outline': token.colorErrorOutline,
      '--gk-bg-layout': token.colorBgLayout,
      '--gk-bg-container': token.colorBgContainer,
      '--gk-bg-elevated': token.colorBgElevated,
      '--gk-fill': token.colorFillTertiary,
      '--gk-fill-secondary': token.colorFillSecondary,
      '--gk-border': token.colorBorderSecondary,
      '--gk-border-strong': token.colorBorder,
      '--gk-text': token.colorText,
      '--gk-text-secondary': token.colorTextSecondary,
      '--gk-text-tertiary': token.colorTextTertiary,
      '--gk-text-placeholder': token.colorTextPlaceholder,
      '--gk-radius': `${token.borderRadius}px`,
      '--gk-radius-lg': `${token.borderRadiusLG}px`,
      '--gk-shadow': token.boxShadowTertiary,
      '--gk-font': token.fontFamily,
    };
    applyThemeVars(vars, dark);
    cacheThemeVars({ themeColor, dark }, vars);
  }, [token, themeColor, dark]);
  return null;
}

function LoadingOverlay() {
  const { loading } = useLoading();
  const { t } = useTranslation();
  return <Spin fullscreen spinning={loading} description={t('common.processing')} />;
}

let hostRoot: ReturnType<typeof createRoot> | null = null;
/** The holder of the toasts and dialogs, once its chunk is loaded (components/FeedbackHolder.tsx). */
let Holder: ComponentType | null = null;

function renderHost() {
  hostRoot?.render(
    <AntdConfig>
      {Holder && <Holder />}
      <ThemeVars />
      <LoadingOverlay />
    </AntdConfig>,
  );
}

/**
 * Mounts the theme variables and the loading overlay in a root of their own (once), so they need no place in
 * the page's tree and no re-render of it; the toasts' and dialogs' holder joins them when it is loaded.
 */
export function mountFeedbackHost() {
  if (hostRoot || typeof document === 'undefined') return;
  const el = document.createElement('div');
  el.dataset.gkFeedback = '';
  document.body.appendChild(el);
  hostRoot = createRoot(el);
  renderHost();
}

/** The feedback host's loader (main.tsx): antd's message and Modal, in the host's root. */
export async function mountFeedback() {
  const m = await import('../components/FeedbackHolder');
  Holder = m.FeedbackHolder;
  if (hostRoot) renderHost();
  else mountFeedbackHost();
}

/** Unmounts the feedback host (tests: before their document goes away, so no render runs after it). */
export function unmountFeedbackHost() {
  hostRoot?.unmount();
  hostRoot = null;
}

/**
 * The user's first touch of the page (a pointer pressed, a key) fetches the toasts' and dialogs' code, so the
 * toast or dialog it leads to (a save, a delete) shows at once; a request error fetches it too.
 */
function loadFeedbackOnFirstTouch() {
  const events = ['pointerdown', 'keydown'] as const;
  const touched = () => {
    for (const e of events) window.removeEventListener(e, touched, true);
    loadFeedbackHost().catch(() => {});
  };
  for (const e of events) window.addEventListener(e, touched, { capture: true, passive: true });
  return () => {
    for (const e of events) window.removeEventListener(e, touched, true);
  };
}

/** The antd scope of a subtree (the layout, the error pages). */
export default function AntdScope({ children }: { children: ReactNode }) {
  useEffect(mountFeedbackHost, []);
  useEffect(loadFeedbackOnFirstTouch, []);
  return <AntdConfig>{children}</AntdConfig>;
}
