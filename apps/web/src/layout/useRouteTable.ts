import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { type AppRoute, flattenLeaves, matchLeaf, type RouteLeaf, routeTitle } from '../app/routes';
import { useTranslation } from '../lib/i18n';
import { useApp } from '../stores/app';
import { useSession } from '../stores/session';

/** The generated routes, their routable leaves and the one the location matches. */
export function useRouteTable() {
  const routes = useSession((s) => s.routes);
  const location = useLocation();
  const leaves = useMemo(() => flattenLeaves(routes), [routes]);
  const current: RouteLeaf | undefined = useMemo(() => matchLeaf(leaves, location.pathname), [leaves, location.pathname]);
  return { routes, leaves, current, location };
}

/** Route titles in the chosen language. */
export function useRouteTitle(): (r: Pick<AppRoute, 'name' | 'title'>) => string {
  const { t, i18n } = useTranslation();
  const lang = useApp((s) => s.lang);
  return useCallback(
    (r) =>
      routeTitle(
        r,
        lang,
        (k) => t(k),
        (k) => i18n.exists(k),
      ),
    [lang, t, i18n],
  );
}
