import { useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * False on the first render, true once the browser has painted and is idle (at most `timeout` ms later): parts of the
 * frame that are not needed to see the first screen (the notice bell) render, and so load their code, only then,
 * instead of competing with the screen's own chunks and rendering.
 */
export function useAfterFirstPaint(timeout = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setReady(true), { timeout });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(() => setReady(true), 1);
    return () => window.clearTimeout(id);
  }, [timeout]);
  return ready;
}
