import type { Lang } from '@gk/contracts';
import { ConfigProvider, Modal, message, Spin, type ThemeConfig, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedback } from '../api/feedback';
import { useLoading } from '../api/loading';
import { useApp } from '../stores/app';
import { useSettings } from '../stores/settings';

const ANTD_LOCALE = { zh: zhCN, en: enUS, es: esES } satisfies Record<Lang, unknown>;

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif";

/**
 * Hands context-aware message / modal instances (theme, locale) to code outside React (the request
 * layer) and to the login page. Screens inside the layout may also use antd's `App.useApp()`.
 */
function FeedbackHolder() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    setFeedback({ message: messageApi, modal: modalApi });
    return () => setFeedback(null);
  }, [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}

/** Mirrors a few theme tokens into CSS variables for the plain-CSS parts of the shell. */
function ThemeVars() {
  const { token } = theme.useToken();
  const dark = useSettings((s) => s.dark);
  useEffect(() => {
    const root = document.documentElement;
    const vars: Record<string, string> = {
      '--gk-primary': token.colorPrimary,
      '--gk-primary-bg': token.colorPrimaryBg,
      '--gk-primary-bg-hover': token.colorPrimaryBgHover,
      '--gk-primary-border': token.colorPrimaryBorder,
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
      '--gk-radius': `${token.borderRadius}px`,
      '--gk-radius-lg': `${token.borderRadiusLG}px`,
      '--gk-shadow': token.boxShadowTertiary,
      '--gk-font': token.fontFamily,
    };
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [token, dark]);
  return null;
}

function LoadingOverlay() {
  const { loading } = useLoading();
  const { t } = useTranslation();
  return <Spin fullscreen spinning={loading} description={t('common.processing')} />;
}

export function Providers({ children }: { children: ReactNode }) {
  const lang = useApp((s) => s.lang);
  const { themeColor, dark, size } = useSettings();
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: themeColor, borderRadius: 6, fontFamily: FONT_FAMILY },
      components: {
        Menu: { darkItemBg: '#0b1a2e', darkSubMenuItemBg: '#07121f', darkPopupBg: '#0b1a2e', itemBorderRadius: 6 },
      },
    }),
    [dark, themeColor],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALE[lang]} theme={themeConfig} componentSize={size}>
      <FeedbackHolder />
      <ThemeVars />
      <LoadingOverlay />
      {children}
    </ConfigProvider>
  );
}
