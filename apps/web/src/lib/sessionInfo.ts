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

/** the grants fingerprint the user info on screen came with */
let grants: string | null = null;

/**
 * Every signed-in reply names the caller's grants (`x-grants`). When a reply's differs from the one the
 * user info came with (an administrator changed the role, its buttons or the menus), the user info is read
 * again, so the sidebar and the buttons follow at once instead of at the next reload.
 */
export function noteGrants(version: string | null, fromUserInfo: boolean): void {
  if (!version) return;
  if (fromUserInfo || grants === null) {
    grants = version;
    return;
  }
  if (version === grants) return;
  grants = version;
  if (loader) loader().catch(() => undefined);
}
