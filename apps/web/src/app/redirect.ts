import { appConfig } from '../config';

/** A `?redirect=` target is only followed when it is a path of this site (no open redirect). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return appConfig.homePath;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/auth-redirect')) return appConfig.homePath;
  return target;
}

export function loginUrl(pathname: string, search = ''): string {
  const here = `${pathname}${search}`;
  if (pathname === '/' || pathname === '/login') return '/login';
  return `/login?redirect=${encodeURIComponent(here)}`;
}
