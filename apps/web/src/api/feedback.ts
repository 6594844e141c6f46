import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts and dialogs for code that lives outside React (the request layer) and for the login page.
 * Ant Design is not on the login page's critical path: the first call loads the antd scope
 * (app/antd.tsx), which mounts a holder with the context-aware `message` / `Modal` instances (theme,
 * locale) and hands them over here; calls made meanwhile run as soon as it is there.
 * `setFeedback` overrides the holder (tests, or a screen that brings its own).
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

let current: Feedback | null = null;
let host: Feedback | null = null;
let queue: ((f: Feedback) => void)[] = [];

function active(): Feedback | null {
  return current ?? host;
}

function flush() {
  const f = active();
  if (!f) return;
  const q = queue;
  queue = [];
  for (const run of q) run(f);
}

export function setFeedback(f: Feedback | null) {
  current = f;
  flush();
}

/** Called by the antd scope's holder (app/antd.tsx). */
export function setFeedbackHost(f: Feedback | null) {
  host = f;
  flush();
}

let loading: Promise<unknown> | null = null;

/** Loads the antd scope, which mounts the feedback holder (once). */
export function loadFeedbackHost(): Promise<unknown> {
  loading ??= import('../app/antd').then((m) => m.mountFeedbackHost());
  return loading;
}

function later(run: (f: Feedback) => void) {
  const f = active();
  if (f) {
    run(f);
    return;
  }
  queue.push(run);
  loadFeedbackHost().catch(() => {
    // the chunk could not load (offline, a stale deployment): the calls are dropped, the page goes on
    queue = [];
    loading = null;
  });
}

const deferred: Feedback = {
  message: {
    error: ((...a: Parameters<MessageInstance['error']>) => later((f) => f.message.error(...a))) as MessageInstance['error'],
    success: ((...a: Parameters<MessageInstance['success']>) => later((f) => f.message.success(...a))) as MessageInstance['success'],
    warning: ((...a: Parameters<MessageInstance['warning']>) => later((f) => f.message.warning(...a))) as MessageInstance['warning'],
    info: ((...a: Parameters<MessageInstance['info']>) => later((f) => f.message.info(...a))) as MessageInstance['info'],
  },
  modal: { confirm: (config) => later((f) => f.modal.confirm(config)) },
};

export function feedback(): Feedback {
  return active() ?? deferred;
}
