import { createBrowserRouter, Navigate, type RouteObject, useSearchParams } from 'react-router';
// the login page is part of the entry: it is the cold start of most visits, and a lazy chunk would
// only start loading once the entry has run (measured ~100 ms later first paint on /login)
import Login from '../pages/login/Login';
import { onViewLoad } from '../pages/views';
import { useSession } from '../stores/session';
import { RouteError } from './ErrorBoundary';
import { startFirstScreen } from './firstList';
import { Guard, preloadSignedIn } from './Guard';
import { loginUrl, safeRedirect } from './redirect';
import { loadInfo } from './session';

/**
 * With a token, the user info, the layout, the antd scope, the view of the address and, on a list, its first page
 * and columns (on a details screen its record and, with rich text, the editor's code) start loading before React
 * renders, side by side (the route table, built from its menus, would
 * otherwise start the view only after it, and the view its requests only once its code is in). Resolves when the
 * modules are in (or failed).
 */
export function preloadFirstScreen(
  hasToken: boolean,
  pathname = window.location.pathname,
  search = window.location.search,
): Promise<unknown> {
  if (!hasToken) return Promise.resolve();
  startFirstScreen(pathname, search);
  const modules = preloadSignedIn(pathname);
  // the guard's own call joins this one while it is in flight (a failure there is the guard's to handle: it asks again)
  loadInfo().catch(() => undefined);
  return modules;
}

/** /login: a signed-in visitor goes straight on to where they wanted to be. */
function LoginRoute() {
  const token = useSession((s) => s.token);
  const expiredAt = useSession((s) => s.expiredAt);
  const [params] = useSearchParams();
  if (token && !expiredAt) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Login />;
}

/** /auth-redirect: hand-over after an external sign-in; on to `redirect` when signed in, else to the login. */
function AuthRedirect() {
  const token = useSession((s) => s.token && !s.expiredAt);
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  return <Navigate to={token ? target : loginUrl(target)} replace />;
}

export const routeObjects: RouteObject[] = [
  { path: '/login', element: <LoginRoute />, errorElement: <RouteError /> },
  { path: '/auth-redirect', element: <AuthRedirect />, errorElement: <RouteError /> },
  // everything else: the guard, then the layout with the generated routes (and /redirect/*, /401, /403, /404)
  { path: '*', element: <Guard />, errorElement: <RouteError /> },
];

// a navigation to a list whose screen is not loaded yet asks for its first page and columns beside the code
onViewLoad(startFirstScreen);

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
