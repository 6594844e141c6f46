import { useSyncExternalStore } from 'react';

/** The system's "reduce motion" setting (macOS, Windows, Android, iOS): dialogs, menus and toasts then appear at once. */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(changed: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', changed);
  return () => m?.removeEventListener?.('change', changed);
}

export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

/** true while the system asks for reduced motion; follows a change of the setting without a reload */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
