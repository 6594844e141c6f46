import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

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

export function ErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div className="gk-error" data-testid="error-boundary">
      <Result
        status={chunk ? 'info' : 'warning'}
        title={chunk ? t('error.updated.title') : t('error.crash.title')}
        subTitle={chunk ? t('error.updated.text') : t('error.crash.text')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>
        }
      />
    </div>
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
