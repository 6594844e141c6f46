/**
 * Which view an address shows — one rule for the SPA's view registry (apps/web/src/pages/views.ts), its first-screen
 * preload (Guard) and the server's shell hints (apps/server/src/http/web-shell.ts). No zod, no resources: the web
 * entry imports it as `@gk/contracts/views`.
 */

/** the home page (SPEC point 2: `/` redirects to /dashboard/home) */
export const HOME_PATH = '/dashboard/home';

/** a view url as the registry keys it: a leading slash, no query or trailing slash, lower case */
export function normalizeViewUrl(url: string): string {
  const u = url.split('?')[0].replace(/\/+$/, '');
  return (u.startsWith('/') ? u : `/${u}`).toLowerCase();
}

/** the view an address ends up showing: `/` and `/dashboard` are the home page, `/redirect/x` is x (AppMain) */
export function viewUrlOf(pathname: string): string {
  const p = normalizeViewUrl(pathname);
  if (p === '/' || p === '/dashboard') return HOME_PATH;
  if (p.startsWith('/redirect/')) return normalizeViewUrl(p.slice('/redirect'.length));
  return p;
}
