/**
 * Reading the user info again (after a profile, password or menu change) from a screen. The screens are
 * loaded by the routes that app/session.ts builds, so they cannot import it without a cycle; app/session.ts
 * registers its loader here when it loads (before any screen can run).
 */
let loader: (() => Promise<unknown>) | null = null;

export function registerInfoLoader(load: () => Promise<unknown>): void {
  loader = load;
}

/** Fetches /user/info again and regenerates the routes and the sidebar. */
export function reloadSessionInfo(): Promise<unknown> {
  if (!loader) return Promise.reject(new Error('the session module is not loaded'));
  return loader();
}
