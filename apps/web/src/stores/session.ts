import type { UserInfo } from '@gk/contracts/session';
import { create } from 'zustand';
import { loginCall, logoutCall, userInfoCall } from '../api/auth';
import { RequestError } from '../api/request';
import { getToken, removeToken, setToken } from '../api/token';
import { tr } from '../app/i18n';
import { type AppRoute, buildRoutes } from '../app/routes';

/** The signed-in user, their permissions and the routes generated from their menus (SPEC point 4). */
interface SessionState {
  token: string | undefined;
  user: UserInfo | null;
  roles: string[];
  /** button-permission urls */
  buttons: string[];
  routes: AppRoute[];
  login(username: string, password: string): Promise<void>;
  /** fetches /user/info (once at a time) and generates the routes */
  loadInfo(): Promise<UserInfo>;
  logout(): Promise<void>;
  /** clears token, user, roles and routes */
  reset(): void;
}

let inflight: Promise<UserInfo> | null = null;

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  user: null,
  roles: [],
  buttons: [],
  routes: [],
  async login(username, password) {
    const reply = await loginCall(username, password);
    const token = reply.data?.token;
    if (!token) throw new RequestError(tr('auth.verifyFailed'));
    setToken(token);
    set({ token, user: null, roles: [], buttons: [], routes: [] });
  },
  loadInfo() {
    if (inflight) return inflight;
    inflight = (async () => {
      try {
        const reply = await userInfoCall();
        const info = reply.data;
        if (!info) throw new RequestError(tr('auth.verifyFailed'), 'NO_INFO');
        if (!Array.isArray(info.roles) || info.roles.length === 0) throw new RequestError(tr('auth.rolesEmpty'), 'NO_ROLES');
        set({
          user: info,
          roles: info.roles,
          buttons: (info.buttons ?? []).map((b) => b.url),
          routes: buildRoutes(info.menus ?? [], info.roles),
        });
        return info;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  },
  async logout() {
    if (get().token) await logoutCall().catch(() => undefined);
    get().reset();
  },
  reset() {
    removeToken();
    set({ token: undefined, user: null, roles: [], buttons: [], routes: [] });
  },
}));
