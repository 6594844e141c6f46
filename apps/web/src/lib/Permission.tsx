import { type ReactNode, useCallback } from 'react';
import { useSession } from '../stores/session';

/**
 * Button permissions (SPEC point 6): the urls of the user's `buttons` from /user/info.
 * `const can = usePermission(); can('/news/saveNews')`.
 */
export function usePermission(): (url: string) => boolean {
  const buttons = useSession((s) => s.buttons);
  return useCallback((url: string) => buttons.includes(url), [buttons]);
}

/** Renders its children only when the user holds the button permission `url`. */
export function Permission({ url, children, fallback = null }: { url: string; children: ReactNode; fallback?: ReactNode }) {
  const can = usePermission();
  return <>{can(url) ? children : fallback}</>;
}
