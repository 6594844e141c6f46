import type { UserInfo } from '@gk/contracts/session';
import { create } from 'zustand';
import type { AppRoute } from '../app/routes';
import { getToken, removeToken } from '../lib/token';

/**
 * The signed-in user, their permissions and the routes generated from their menus (SPEC point 4).
 * Data only: signing in, loading the user info and deriving the routes are done by app/session.ts.
 */
interface SessionState {
  token: string | undefined;
  user: UserInfo | null;
  roles: string[];
  /** button-permission urls */
  buttons: string[];
  routes: AppRoute[];
  /**
   * Where the user was when the server answered a session-expiry code (SPEC point 8): the token is
   * already gone; the page stays until the user leaves it (then the login page), or chooses 重新登录.
   */
  expiredAt: string | null;
  /** clears token (and its cookie), user, roles and routes */
  reset(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: getToken(),
  user: null,
  roles: [],
  buttons: [],
  routes: [],
  expiredAt: null,
  reset() {
    removeToken();
    set({ token: undefined, user: null, roles: [], buttons: [], routes: [], expiredAt: null });
  },
}));
