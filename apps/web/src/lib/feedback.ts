import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The toast host: toasts and dialogs for code that lives outside React (the request layer) and for the
 * login page. Ant Design is not on the login page's critical path: the first call runs the host loader
 * the app registered (`setFeedbackHostLoader`, main.tsx: the antd scope, app/antd.tsx), which mounts a
 * holder with the context-aware `message` / `Modal` instances (theme, locale) and hands them over here;
 * calls made meanwhile run as soon as it is there. `setFeedback` overrides the holder (tests, or a
 * screen that brings its own). This module imports nothing of the app (lib/ is the bottom layer).
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
let hostLoader: (() => Promise<unknown>) | null = null;

/** How the holder gets mounted (registered once by the app's entry; the antd scope). */
export function setFeedbackHostLoader(load: (() => Promise<unknown>) | null) {
  hostLoader = load;
  loading = null;
}

/** The host's load when one was started (tests wait for it before their document goes away). */
export function feedbackHostLoading(): Promise<unknown> | null {
  return loading;
}

/** Runs the registered host loader, which mounts the feedback holder (once). */
export function loadFeedbackHost(): Promise<unknown> {
  if (!hostLoader) return Promise.reject(new Error('no feedback host registered'));
  loading ??= hostLoader();
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
