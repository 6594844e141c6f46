import type { Lang } from '@gk/contracts/i18n';
import type { ComponentType } from 'react';
import { appConfig } from '../config';

/**
 * The route model of the signed-in area (SPEC point 2) and what is derived from it: leaves, the
 * sidebar's entries, titles. The routes themselves are built from the menu list in app/buildRoutes.ts
 * (which knows the views); this module imports no view, so a screen may import it.
 */
export interface AppRoute {
  path: string;
  /** route name: the key of the view cache and of the `route.*` titles */
  name: string;
  /** the server's (zh) title */
  title: string;
  icon?: string;
  hidden?: boolean;
  /** shown only to a user holding one of these roles */
  roles?: string[];
  /** a tag that cannot be closed */
  affix?: boolean;
  /** shown without a tag in the tag bar (the error pages) */
  noTag?: boolean;
  children?: AppRoute[];
  component?: ComponentType;
}

export interface RouteLeaf extends AppRoute {
  parent?: AppRoute;
}

export const HOME_PATH = appConfig.homePath;
export const HOME_NAME = 'Home';

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path);
}

/** A child path relative to its parent's base path, unless it is absolute or external. */
export function resolvePath(base: string, path: string): string {
  if (!path) return base;
  if (isExternal(path) || path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** Keeps the routes (and children) without a roles list or with a role the user holds. */
export function filterByRoles(routes: AppRoute[], roles: string[]): AppRoute[] {
  const allowed = (r: AppRoute) => !r.roles || r.roles.length === 0 || r.roles.some((x) => roles.includes(x));
  return routes.filter(allowed).map((r) => (r.children ? { ...r, children: filterByRoles(r.children, roles) } : r));
}

/** Every routable screen (a leaf with a view), with its parent. */
export function flattenLeaves(routes: AppRoute[]): RouteLeaf[] {
  const out: RouteLeaf[] = [];
  for (const r of routes) {
    if (r.children?.length) {
      for (const c of r.children) if (c.component) out.push({ ...c, parent: r });
    } else if (r.component) out.push(r);
  }
  return out;
}

function norm(p: string): string {
  const s = p.replace(/\/+$/, '') || '/';
  return s.toLowerCase();
}

export function matchLeaf(leaves: RouteLeaf[], pathname: string): RouteLeaf | undefined {
  const p = norm(pathname);
  return leaves.find((l) => norm(l.path) === p);
}

/** The title in the chosen language: zh shows the server's title, en / es the `route.<name>` message. */
export function routeTitle(
  route: Pick<AppRoute, 'name' | 'title'>,
  lang: Lang,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  const key = `route.${route.name}`;
  if (lang === 'zh') return route.title || (exists(key) ? t(key) : route.name);
  return exists(key) ? t(key) : route.title;
}

/** One sidebar entry: a link, or a group of links. */
export interface NavEntry {
  key: string;
  name: string;
  title: string;
  icon?: string;
  path: string;
  external: boolean;
  children?: NavEntry[];
}

/**
 * Sidebar entries (SPEC point 2): hidden routes and children are omitted; an entry with one or no
 * visible child is rendered as a single link (to that child, or to the entry itself).
 */
export function navEntries(routes: AppRoute[]): NavEntry[] {
  const leaf = (r: AppRoute, icon?: string): NavEntry => ({
    key: r.path,
    name: r.name,
    title: r.title,
    icon: icon || r.icon,
    path: r.path,
    external: isExternal(r.path),
  });
  const out: NavEntry[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const visible = (r.children ?? []).filter((c) => !c.hidden);
    if (visible.length === 0) out.push(leaf(r));
    else if (visible.length === 1) out.push(leaf(visible[0], r.icon));
    else out.push({ ...leaf(r), children: visible.map((c) => leaf(c)) });
  }
  return out;
}

/** The links a user can open (for the home page's quick links), with their group title. */
export function navLinks(routes: AppRoute[]): (NavEntry & { group?: string; groupName?: string })[] {
  const out: (NavEntry & { group?: string; groupName?: string })[] = [];
  for (const e of navEntries(routes)) {
    if (e.children) for (const c of e.children) out.push({ ...c, group: e.title, groupName: e.name });
    else out.push(e);
  }
  return out;
}
