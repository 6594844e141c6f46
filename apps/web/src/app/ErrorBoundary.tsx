import { CloudSyncOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** A chunk that no longer exists (a new version was deployed while the page was open). */
export function isChunkError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Unable to preload CSS|Importing a module script failed|error loading dynamically/i.test(msg);
}

const RELOAD_KEY = 'gk.chunkReloadAt';

/** Reloads once to pick up the new version; not again within a minute (no reload loop). */
export function reloadForNewVersion(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * A light status block (icon, title, text, action) for states shown before the lazy pages can load;
 * plain elements (no antd), so it shows even when no further chunk can be loaded.
 */
export function StatusPanel(props: {
  testId: string;
  tone: 'info' | 'warning';
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="gk-error gk-status" data-testid={props.testId}>
      <div className={`gk-status-icon is-${props.tone}`}>{props.icon}</div>
      <div className="gk-status-title">{props.title}</div>
      <div className="gk-status-text">{props.text}</div>
      <div className="gk-status-action">{props.action}</div>
    </div>
  );
}

export function ErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <StatusPanel
      testId="error-boundary"
      tone={chunk ? 'info' : 'warning'}
      icon={chunk ? <CloudSyncOutlined /> : <WarningOutlined />}
      title={chunk ? t('error.updated.title') : t('error.crash.title')}
      text={chunk ? t('error.updated.text') : t('error.crash.text')}
      action={
        <button type="button" className="gk-btn gk-btn-primary" onClick={() => window.location.reload()}>
          <ReloadOutlined />
          <span>{t('error.reload')}</span>
        </button>
      }
    />
  );
}

/** Keeps one failing view from taking the whole shell down. */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkError(error) && reloadForNewVersion()) return;
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPanel error={this.state.error} /> : this.props.children;
  }
}

/** The router's error element. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkError(error)) reloadForNewVersion();
  return (
    <div className="gk-standalone-error">
      <ErrorPanel error={error} />
    </div>
  );
}
