import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and dialogs for every screen and for code outside React (the request layer, the login page), without
 * antd's message / Modal / notification on any first screen. The first call runs the host loader the app
 * registered (`setFeedbackHostLoader`, main.tsx: app/antd.tsx), which mounts a holder with the context-aware
 * `message` / `Modal` instances (theme, locale) and hands them over here (`setFeedbackHost`); calls made meanwhile
 * run as soon as it is there, in order. Once there, a call runs at once, as antd's own would. `setFeedback`
 * overrides the holder (tests, or a screen that brings its own). This module imports nothing of the app (lib/ is
 * the bottom layer).
 */
type Say = 'error' | 'success' | 'warning' | 'info' | 'loading';
type Ask = 'confirm' | 'info' | 'error' | 'warning';

/** What a holder hands over: antd's hook instances (or a test's stand-ins). */
export interface Feedback {
  message: Pick<MessageInstance, Say>;
  modal: Pick<HookAPI, Ask>;
}

/** What screens call: a toast, or a dialog whose promise tells whether it was confirmed (false when closed otherwise, or when the holder could not load). */
export interface FeedbackApi {
  message: { [K in Say]: (...args: Parameters<MessageInstance[K]>) => void };
  modal: { [K in Ask]: (config: ModalFuncProps) => Promise<boolean> };
}

let current: Feedback | null = null;
let host: Feedback | null = null;
let queue: { run: (f: Feedback) => void; drop: () => void }[] = [];

function active(): Feedback | null {
  return current ?? host;
}

function flush() {
  const f = active();
  if (!f) return;
  const q = queue;
  queue = [];
  for (const call of q) call.run(f);
}

export function setFeedback(f: Feedback | null) {
  current = f;
  flush();
}

/** Called by the antd scope's holder (components/FeedbackHolder.tsx). */
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

/** Runs the registered host loader, which mounts the feedback holder (once; again after a failed load). */
export function loadFeedbackHost(): Promise<unknown> {
  if (!hostLoader) return Promise.reject(new Error('no feedback host registered'));
  loading ??= hostLoader().catch((e: unknown) => {
    // the chunk could not load (offline, a stale deployment): the calls waiting are dropped (a dialog answers
    // "not confirmed"), the page goes on, and the next call tries again
    loading = null;
    const q = queue;
    queue = [];
    for (const call of q) call.drop();
    throw e;
  });
  return loading;
}

function later(run: (f: Feedback) => void, drop: () => void = () => {}) {
  const f = active();
  if (f) {
    run(f);
    return;
  }
  queue.push({ run, drop });
  loadFeedbackHost().catch(() => {});
}

const say =
  <K extends Say>(kind: K) =>
  (...args: Parameters<MessageInstance[K]>) =>
    later((f) => (f.message[kind] as (...a: Parameters<MessageInstance[K]>) => unknown)(...args));

const ask = (kind: Ask) => (config: ModalFuncProps) =>
  new Promise<boolean>((resolve) =>
    later(
      (f) => {
        // antd's hook dialogs are thenables that settle with true (OK) or false (cancel, closed) when they close
        Promise.resolve(f.modal[kind](config)).then(
          (confirmed) => resolve(confirmed === true),
          () => resolve(false),
        );
      },
      () => resolve(false),
    ),
  );

const api: FeedbackApi = {
  message: { error: say('error'), success: say('success'), warning: say('warning'), info: say('info'), loading: say('loading') },
  modal: { confirm: ask('confirm'), info: ask('info'), error: ask('error'), warning: ask('warning') },
};

/** The toasts and dialogs (one object for the whole app; its calls go to the holder, loading it first if needed). */
export function feedback(): FeedbackApi {
  return api;
}

/** The same object for components, where antd's `App.useApp()` would be (no provider needed, not a hook). */
export const useFeedback = feedback;
