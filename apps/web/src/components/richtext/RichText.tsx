import type { EditorConfig } from '@gk/contracts';
import { LIMITS } from '@gk/contracts/list';
import { Alert, Button, Input, Skeleton } from 'antd';
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { loadEditorConfig } from './editorConfig';
import { EditorView, loadEditor } from './loadEditor';

/**
 * The rich-text field (SPEC points 2, 8 and 9): TipTap, loaded on demand so list pages never pay for it,
 * with the server's editor settings read once from /config. If the settings or the editor code cannot be
 * loaded, a clear message is shown and the body stays editable as plain HTML in a textarea.
 */

export interface RichTextProps {
  value?: string | null;
  onChange?: (html: string) => void;
  onBlur?: () => void;
  id?: string;
  /** change notification delay; default 50 ms, never below 20 ms (SPEC point 9) */
  debounceMs?: number;
  /** default 600 px (SPEC point 9); the width is always 100% */
  height?: number;
  disabled?: boolean;
  placeholder?: string;
}

export interface EditorProps extends RichTextProps {
  config: EditorConfig;
}

// lives beside the config so the lazily loaded Editor does not import this module back (no import cycle)
export { editorDebounce } from './editorConfig';

class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('rich-text editor failed to load', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The plain fallback: the message, a retry, and the HTML in a textarea of the editor's height. */
function Fallback({ value, onChange, onBlur, id, height, disabled, onRetry }: RichTextProps & { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="gk-richtext-fallback" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t('ui.editor.loadFailed')}
        description={t('ui.editor.fallbackHint')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('ui.retry')}
          </Button>
        }
        style={{ marginBottom: 8 }}
      />
      <Input.TextArea
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        style={{ height: height ?? LIMITS.editorHeight, width: '100%', fontFamily: 'monospace' }}
      />
    </div>
  );
}

export function RichText(props: RichTextProps) {
  const { height = LIMITS.editorHeight } = props;
  const [config, setConfig] = useState<EditorConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // the settings and the code together: the editor renders once both are in, without suspending (a suspended
  // boundary's reveal is held back up to 300 ms by React)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) reads the settings again
  useEffect(() => {
    let alive = true;
    setFailed(false);
    Promise.all([loadEditorConfig(), loadEditor()]).then(
      ([c]) => alive && setConfig(c),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  // after a failure, a fresh lazy component so the retry really loads the code again
  const View = useMemo(
    () => (attempt === 0 ? EditorView : lazy(() => EditorView.preload() as Promise<{ default: typeof EditorView }>)),
    [attempt],
  );

  const retry = () => {
    setConfig(null);
    setAttempt((n) => n + 1);
  };
  const fallback = <Fallback {...props} height={height} onRetry={retry} />;
  if (failed) return fallback;
  /** `waiting`: for the settings and the code, or (a suspended editor, which should not happen) for the code alone */
  const loading = (waiting: 'settings' | 'code') => (
    <Skeleton.Node active style={{ width: '100%', height }} className={`gk-richtext-loading gk-richtext-waiting-${waiting}`} />
  );
  if (!config) return loading('settings');
  return (
    <EditorBoundary key={attempt} fallback={fallback}>
      <Suspense fallback={loading('code')}>
        <View {...props} height={height} config={config} />
      </Suspense>
    </EditorBoundary>
  );
}
