import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterAll, afterEach } from 'vitest';
import { feedbackHostLoading, setFeedbackHostLoader } from '../lib/feedback';
import { initI18n } from '../lib/i18n';

// A find/waitFor limit is a failure detector only: a passing wait returns as soon as its condition holds.
// With eight suites sharing two cores (load ~20) one list re-render can take seconds of wall time. Set here, for
// every web test (a file not using test-utils kept the library's 1 s, which a busy machine overran).
configure({ asyncUtilTimeout: 15_000 });

/** jsdom lacks a few browser APIs Ant Design uses. */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserver });
}

if (!window.scrollTo || String(window.scrollTo).includes('not implemented')) {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
}

// antd reads computed styles of pseudo elements, which jsdom does not implement
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((elt: Element) => getComputedStyle(elt)) as typeof window.getComputedStyle;

initI18n('zh');
// as main.tsx does: the toast host is the antd scope
setFeedbackHostLoader(() =>
  import('../app/antd').then(async (m) => {
    await m.mountFeedback();
    return m;
  }),
);
// a file that opened the toast host unmounts it before jsdom goes away (else React renders into a gone window)
afterAll(async () => {
  const loading = feedbackHostLoading();
  if (!loading) return;
  const m = (await loading.catch(() => null)) as typeof import('../app/antd') | null;
  m?.unmountFeedbackHost();
});
// in the app the antd scope sets it (app/antd.tsx); screens under test expect zh dates as well
dayjs.locale('zh-cn');

afterEach(() => {
  cleanup();
});
