import { Spin } from 'antd';
import { Activity, type ComponentType, memo, Suspense, use, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { type Location, Navigate, Route, Routes } from 'react-router';
import { ViewErrorBoundary } from '../app/ErrorBoundary';
import { HOME_PATH, type RouteLeaf } from '../app/routes';
import { useDocumentTitle } from '../app/useTitle';
import type { PreloadableComponent } from '../lib/lazyPreload';
import { useTags } from '../stores/tags';
import { useRouteTable, useRouteTitle } from './useRouteTable';

/**
 * Where routed views appear, kept alive by route name (SPEC point 2): every cached view stays in a
 * React `<Activity>`, visible when active and hidden otherwise (its state and DOM kept, its effects
 * paused until it shows again). Each view sees the location it was last shown at, so a hidden detail
 * screen does not react to another screen's query. Closing a tag drops its cache; a refresh (via
 * /redirect) remounts it. Scroll positions are kept per view. The error pages get no tag.
 */
const viewLoading = (
  <div className="gk-view-loading">
    <Spin delay={200} />
  </div>
);

/**
 * A view: its module first — until it is in, this suspends to AppMain's boundary, which is already showing, so a
 * navigation (a transition) keeps the previous view on screen instead of committing a fallback (React would then
 * hold the new view back for 300 ms after it) — then the view inside a boundary of its own, for what it loads lazily.
 */
const isPreloadable = (c: ComponentType): c is PreloadableComponent<object> => 'preload' in c && typeof c.preload === 'function';

function ViewSlot({ View }: { View: ComponentType }) {
  if (isPreloadable(View)) use(View.preload());
  return (
    <Suspense fallback={viewLoading}>
      <View />
    </Suspense>
  );
}

const CachedView = memo(function CachedView({ leaf, location, active }: { leaf: RouteLeaf; location: Location; active: boolean }) {
  const View = leaf.component!;
  return (
    // the wrapper's `hidden` changes with the switch itself (Activity re-renders a hidden tree later), so
    // tests and tools that look for the active view find exactly one
    <div className="gk-view" data-view={leaf.name} hidden={!active}>
      <Activity mode={active ? 'visible' : 'hidden'}>
        <Routes location={location}>
          <Route
            path={leaf.path}
            element={
              <ViewErrorBoundary>
                <ViewSlot View={View} />
              </ViewErrorBoundary>
            }
          />
        </Routes>
      </Activity>
    </div>
  );
});

export function AppMain() {
  const { leaves, current, location } = useRouteTable();
  const cached = useTags((s) => s.cached);
  const gens = useTags((s) => s.gens);
  const addView = useTags((s) => s.addView);
  const title = useRouteTitle();
  useDocumentTitle(current ? title(current) : undefined);

  // the last location each cached view was shown at
  const locations = useRef(new Map<string, Location>());
  if (current) locations.current.set(current.name, location);

  useEffect(() => {
    if (current && !current.noTag)
      addView({
        name: current.name,
        path: current.path,
        fullPath: location.pathname + location.search,
        title: current.title,
        affix: current.affix,
      });
  }, [current, location.pathname, location.search, addView]);

  // scroll position per view: remembered while it is active, restored when it shows again
  const scrolls = useRef(new Map<string, number>());
  const activeName = useRef<string | undefined>(undefined);
  /** whether the window has scrolled (or been scrolled) since the page loaded */
  const moved = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      moved.current = true;
      if (activeName.current) scrolls.current.set(activeName.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    activeName.current = current?.name;
    if (!current) return;
    // scrollTo lays the page out at once, inside React's commit: a first view at the top of a page that has not
    // scrolled yet (every cold load) needs none
    const target = scrolls.current.get(current.name) ?? 0;
    if (target === 0 && !moved.current) return;
    moved.current = true;
    window.scrollTo(0, target);
  }, [current]);

  const byName = useMemo(() => new Map(leaves.map((l) => [l.name, l])), [leaves]);
  const names = useMemo(() => {
    const list = cached.filter((n) => byName.has(n));
    if (current && !list.includes(current.name)) list.push(current.name);
    return list;
  }, [cached, current, byName]);
  for (const n of [...locations.current.keys()]) if (!names.includes(n)) locations.current.delete(n);
  for (const n of [...scrolls.current.keys()]) if (!names.includes(n)) scrolls.current.delete(n);

  let redirect: string | null = null;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith('/redirect/')) redirect = path.slice('/redirect'.length) + location.search;
  else if (path === '/' || path === '/dashboard') redirect = HOME_PATH;
  else if (!current) redirect = '/404';

  return (
    <main className="gk-app-main">
      <Suspense fallback={viewLoading}>
        {names.map((n) => {
          const leaf = byName.get(n)!;
          const loc = locations.current.get(n);
          if (!loc) return null;
          return <CachedView key={`${n}:${gens[n] ?? 0}`} leaf={leaf} location={loc} active={current?.name === n} />;
        })}
      </Suspense>
      {redirect && <Navigate to={redirect} replace />}
    </main>
  );
}
