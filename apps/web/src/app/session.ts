import type { UserInfo } from '@gk/contracts/session';
import { loginCall, logoutCall, userInfoCall } from '../api/auth';
import { RequestError } from '../api/request';
import { tr } from '../lib/i18n';
import { registerInfoLoader } from '../lib/sessionInfo';
import { setToken } from '../lib/token';
import { useSession } from '../stores/session';
import { buildRoutes } from './buildRoutes';

/** Signing in and out, and the user info with the routes derived from its menus (SPEC point 4). */
export async function login(username: string, password: string): Promise<void> {
  const reply = await loginCall(username, password);
  const token = reply.data?.token;
  if (!token) throw new RequestError(tr('auth.verifyFailed'));
  setToken(token);
  useSession.setState({ token, user: null, roles: [], buttons: [], routes: [], expiredAt: null });
}

let inflight: Promise<UserInfo> | null = null;

/** Fetches /user/info (once at a time) and generates the routes; fails without data or roles. */
export function loadInfo(): Promise<UserInfo> {
  if (inflight) return inflight;
  inflight = (async () => {
    try {
      const reply = await userInfoCall();
      const info = reply.data;
      if (!info) throw new RequestError(tr('auth.verifyFailed'), 'NO_INFO');
      if (!Array.isArray(info.roles) || info.roles.length === 0) throw new RequestError(tr('auth.noUsableRole'), 'NO_ROLES');
      useSession.setState({
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
}

registerInfoLoader(loadInfo);

/** Logs out on the server (when there is a session) and clears the session here. */
export async function logout(): Promise<void> {
  if (useSession.getState().token) await logoutCall().catch(() => undefined);
  useSession.getState().reset();
}
