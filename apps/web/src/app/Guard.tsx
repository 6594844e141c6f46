import { DisconnectOutlined, ReloadOutlined } from '@ant-design/icons';
import { viewUrlOf } from '@gk/contracts/views';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAuthFailure, RequestError } from '../api/request';
import { feedback } from '../lib/feedback';
import { loadScreenMessages, tr, useTranslation } from '../lib/i18n';
import { lazyWithPreload } from '../lib/lazyPreload';
import { useSession } from '../stores/session';
import { preloadView } from './buildRoutes';
import { StatusPanel } from './ErrorBoundary';
import { loginUrl } from './redirect';
import { Splash } from './Splash';
import { loadInfo } from './session';

/** The antd scope (ConfigProvider) of the signed-in area and of the error pages; not on the login page. */
const AntdScope = lazyWithPreload(() => import('./antd'));
const Layout = lazyWithPreload(() => import('../layout/Layout'));
const Page401 = lazy(() => import('../pages/error/Page401'));
const Page403 = lazy(() => import('../pages/error/Page403'));
const Page404 = lazy(() => import('../pages/error/Page404'));

/**
 * With a token, the layout, the antd scope, the view of the address and the screens' strings of the language load
 * alongside the user info (not one after another); resolves when all four are in (or failed: the boundaries report
 * it when they render; without the strings the screens show their keys).
 */
export function preloadSignedIn(pathname: string): Promise<unknown> {
  return Promise.allSettled([AntdScope.preload(), Layout.preload(), preloadView(viewUrlOf(pathname)), loadScreenMessages()]);
}

const CHANGE_PASSWORD = '/user/password';

/**
 * What the login page is told when /user/info turns the session down at start: an account left without a usable
 * role reads 账号未分配可用角色，请联系管理员 (the server's legacy reply is English, `auth.rolesEmpty`), a session ended
 * by 强退 or a password change elsewhere its own message; a stale token (expired, unknown) nothing.
 */
export function signOutReason(e: unknown): string | null {
  if (!(e instanceof RequestError)) return null;
  // /user/info answers 403 only for a session whose roles are gone (`auth.rolesEmpty`)
  if (e.code === 'NO_ROLES' || Number(e.code) === 403) return tr('auth.noUsableRole');
  if ([tr('auth.forcedOut'), tr('auth.passwordChangedElsewhere')].includes(e.message)) return e.message;
  return null;
}

const PUBLIC_ERRORS: Record<string, React.ComponentType> = { '/401': Page401, '/403': Page403, '/404': Page404 };

/**
 * The route guard (SPEC point 2): without a token → /login?redirect=<where you were>; with a token the
 * user info is loaded once, the routes are generated from its menus, and the layout takes over.
 * The error pages are public: without a token they show on their own, with one inside the layout.
 */
export function Guard() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const expiredAt = useSession((s) => s.expiredAt);
  const location = useLocation();
  // the session expired on another page and the user left it: signed out, on to the login page
  const leftExpired = !!expiredAt && expiredAt !== location.pathname + location.search;
  const { t } = useTranslation();
  const [offline, setOffline] = useState(false);
  // the signed-in frame renders once its modules are in, so nothing in it suspends on the first screen: a suspended
  // boundary shows its fallback and React then holds the content back for 300 ms after it (the Splash shows meanwhile)
  const [modulesIn, setModulesIn] = useState(false);

  const load = useCallback(() => {
    setOffline(false);
    loadInfo().catch((e) => {
      // the server turned the session down: sign out; the network or the server failed: keep the session, offer a retry
      if (isAuthFailure(e)) {
        // why, when it is more than a stale token: no usable role (never the server's English getInfo text), 强退 …
        const why = signOutReason(e);
        if (why) feedback().message.error(why);
        useSession.getState().reset();
      } else setOffline(true);
    });
  }, []);

  useEffect(() => {
    if (leftExpired) useSession.getState().reset();
  }, [leftExpired]);

  useEffect(() => {
    if (token && !user && !expiredAt) load();
  }, [token, user, expiredAt, load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the modules of the address the frame first renders (later ones load as they are opened)
  useEffect(() => {
    if (!token || modulesIn) return;
    let live = true;
    void preloadSignedIn(location.pathname).then(() => {
      if (live) setModulesIn(true);
    });
    return () => {
      live = false;
    };
  }, [token, modulesIn]);

  if (!token || leftExpired) {
    const ErrorPage = PUBLIC_ERRORS[location.pathname.replace(/\/+$/, '')];
    if (ErrorPage)
      return (
        <Suspense fallback={<Splash />}>
          <AntdScope>
            <div className="gk-standalone-error">
              <ErrorPage />
            </div>
          </AntdScope>
        </Suspense>
      );
    return <Navigate to={loginUrl(location.pathname, location.search)} replace />;
  }
  if (!user && offline)
    return (
      <div className="gk-standalone-error">
        <StatusPanel
          testId="offline"
          tone="warning"
          icon={<DisconnectOutlined />}
          title={t('shell.offlineTitle')}
          text={t('shell.offlineText')}
          action={
            <button type="button" className="gk-btn gk-btn-primary" onClick={load}>
              <ReloadOutlined />
              <span>{t('shell.retry')}</span>
            </button>
          }
        />
      </div>
    );
  if (!user || !modulesIn) return <Splash />;
  // a password reset by an administrator: the holder changes it before anything else (the server refuses the rest)
  if (user.mustChangePwd && !user.centralSiteUrl && location.pathname !== CHANGE_PASSWORD) return <Navigate to={CHANGE_PASSWORD} replace />;
  return (
    <Suspense fallback={<Splash />}>
      <AntdScope>
        <Layout />
      </AntdScope>
    </Suspense>
  );
}
