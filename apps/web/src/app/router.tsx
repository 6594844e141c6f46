import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useSearchParams } from 'react-router';
import { useSession } from '../stores/session';
import { RouteError } from './ErrorBoundary';
import { Guard } from './Guard';
import { loginUrl, safeRedirect } from './redirect';
import { Splash } from './Splash';

const Login = lazy(() => import('../pages/login/Login'));

/** /login: a signed-in visitor goes straight on to where they wanted to be. */
function LoginRoute() {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <Suspense fallback={<Splash />}>
      <Login />
    </Suspense>
  );
}

/** /auth-redirect: hand-over after an external sign-in; on to `redirect` when signed in, else to the login. */
function AuthRedirect() {
  const token = useSession((s) => s.token);
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

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
