import registerMenuViews from 'virtual:gk-views';
import { normalizeViewUrl as normalize } from '@gk/contracts/views';
import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from '../lib/lazyPreload';

/**
 * The view registry: the screen of each menu url, loaded on demand.
 * The menu's views are found, not listed: for each entry of the contracts' menu tree, the file under pages/ named by
 * its route name (`JobList` → `job/JobList.tsx`), or a screen built from the resource's description when the
 * resource declares the menu and ships no file (pages/menuViews.ts, `virtual:gk-views`). The shell's own views
 * register here with `registerView`. A menu url without a view routes to the 404 page (no placeholder screens).
 */
export type ViewLoader = () => Promise<{
  default: ComponentType;
  /** starts the screen's first requests for these search params (a list: `listPreload`), before it renders */
  preload?: (params: URLSearchParams) => void;
}>;

const loaders = new Map<string, ViewLoader>();
const lists = new Map<string, string>();
const details = new Map<string, string>();
const lazies = new Map<string, PreloadableComponent<object>>();

/**
 * `list`: the view is the list screen of this resource (its `preload` is `listPreload({ resource })`, checked in
 * views.test.ts): the entry starts its first page on a cold load without waiting for its code (app/firstList.ts).
 * `details`: the view is the DetailPage of this resource's records: the entry starts the record of `?id=` and, for
 * a resource with rich text, the editor's code.
 */
export function registerView(url: string, loader: ViewLoader, options: { list?: string; details?: string } = {}): void {
  const key = normalize(url);
  loaders.set(key, loader);
  lazies.delete(key);
  for (const [table, value] of [
    [lists, options.list],
    [details, options.details],
  ] as const)
    if (value) table.set(key, value);
    else table.delete(key);
}

/** the resource whose list the view of this url shows, if it is a list screen */
export function listOf(url: string): string | undefined {
  return lists.get(normalize(url));
}

/** the resource whose record the view of this url shows, if it is a details screen */
export function detailsOf(url: string): string | undefined {
  return details.get(normalize(url));
}

export function hasView(url: string): boolean {
  return loaders.has(normalize(url));
}

let onViewLoadStart: ((pathname: string, search: string, maxAgeMs?: number) => void) | null = null;
/** the views whose module was asked for (by a render, a preload or a pressed link) */
const requested = new Set<string>();

/**
 * What to start when the module of the address's view starts loading (app/: the list's first page and columns,
 * `startFirstList`), so a navigation to a screen not yet loaded asks for its data beside its code, not after it.
 */
export function onViewLoad(start: (pathname: string, search: string, maxAgeMs?: number) => void): void {
  onViewLoadStart = start;
}

/**
 * The lazy component of a url (one per url, so a view keeps its identity), or undefined. Once its module is
 * in (preloadView), it renders without suspending. When the module arrives while its url is the address, the
 * view's `preload` starts the screen's first requests at once (they do not wait for the screen to render).
 */
export function lazyView(url: string): PreloadableComponent<object> | undefined {
  const key = normalize(url);
  const loader = loaders.get(key);
  if (!loader) return undefined;
  let c = lazies.get(key);
  if (!c) {
    c = lazyWithPreload(() => {
      requested.add(key);
      if (normalize(window.location.pathname) === key) onViewLoadStart?.(window.location.pathname, window.location.search);
      return loader().then((m) => {
        if (normalize(window.location.pathname) === key) m.preload?.(new URLSearchParams(window.location.search));
        return m;
      });
    });
    lazies.set(key, c);
  }
  return c;
}

/**
 * Starts loading the view of a url (the first screen, alongside the user info and the layout); resolves when it is
 * in, or has failed (the view's error boundary reports that when it renders); no view: resolves at once.
 */
export function preloadView(url: string): Promise<void> {
  return (
    lazyView(url)
      ?.preload()
      .then(
        () => undefined,
        () => undefined,
      ) ?? Promise.resolve()
  );
}

/** how long the first requests a pressed link started may be taken over: its navigation follows at once, or not at all */
const PRESSED_MAX_AGE_MS = 3000;

/**
 * A link to `to` (a path with its search) was pressed: when its view's module has not been asked for yet, the module
 * and, for a list, its first requests start now instead of once the navigation has rendered (50–80 ms later on a warm
 * page). The requests are handed over only for a few seconds (a navigation that an unsaved-changes prompt held
 * back, then a save, must not show the list as it was before the save). Resolves as `preloadView` does.
 */
export function prefetchView(to: string): Promise<void> {
  const { pathname, search } = new URL(to, window.location.href);
  if (!lazyView(pathname) || requested.has(normalize(pathname))) return Promise.resolve();
  onViewLoadStart?.(pathname, search, PRESSED_MAX_AGE_MS);
  return preloadView(pathname);
}

export function registeredUrls(): string[] {
  return [...loaders.keys()];
}

// ---- the shell's own views ----
registerView('/dashboard/home', () => import('./dashboard/Home'));

// ---- the menu's views: found, not listed (pages/menuViews.ts, vite-plugin-views.ts) ----
registerMenuViews(registerView);
