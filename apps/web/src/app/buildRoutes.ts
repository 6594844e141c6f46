import type { MenuItem } from '@gk/contracts/session';
import { lazy } from 'react';
import { lazyView } from '../pages/views';

export { preloadView } from '../pages/views';

import { type AppRoute, filterByRoles, HOME_NAME, HOME_PATH, isExternal, resolvePath } from './routes';

/**
 * The routes of the signed-in area: constant routes (home, the error pages) plus the routes generated
 * from the server's menu list (SPEC point 2): the first level is a layout wrapper, its children load
 * their view by url. Derived here, in app/, when the user info arrives (app/session.ts); the session
 * store only keeps the result.
 */
const Page401 = lazy(() => import('../pages/error/Page401'));
const Page403 = lazy(() => import('../pages/error/Page403'));
const Page404 = lazy(() => import('../pages/error/Page404'));
const UserProfile = lazy(() => import('../pages/profile/Profile'));
const UserPassword = lazy(() => import('../pages/profile/ChangePassword'));
const UserNotice = lazy(() => import('../pages/notice/NoticeCenter'));

/** Routes every signed-in user has. */
export function constantRoutes(): AppRoute[] {
  return [
    {
      path: '/dashboard',
      name: 'Dashboard',
      title: '首页',
      icon: 'HomeOutlined',
      children: [{ path: HOME_PATH, name: HOME_NAME, title: '首页', icon: 'HomeOutlined', affix: true, component: lazyView(HOME_PATH) }],
    },
    {
      // 个人中心 and 修改密码 inside the product (the navbar opens them unless CENTRAL_SITE_URL is set)
      path: '/user',
      name: 'UserSelf',
      title: '个人中心',
      hidden: true,
      children: [
        { path: '/user/profile', name: 'UserProfile', title: '个人中心', hidden: true, component: UserProfile },
        { path: '/user/password', name: 'UserPassword', title: '修改密码', hidden: true, component: UserPassword },
        // 消息中心 (the navbar's bell opens it)
        { path: '/user/notice', name: 'UserNotice', title: '消息中心', hidden: true, component: UserNotice },
      ],
    },
    {
      path: '/error',
      name: 'ErrorPages',
      title: '错误页面',
      hidden: true,
      children: [
        { path: '/401', name: 'Page401', title: '401', hidden: true, component: Page401, noTag: true },
        { path: '/403', name: 'Page403', title: '403', hidden: true, component: Page403, noTag: true },
        { path: '/404', name: 'Page404', title: '404', hidden: true, component: Page404, noTag: true },
      ],
    },
  ];
}

/**
 * Routes from the server's menu list. Every generated route is marked with the role admin; the server
 * already hands out only the menus the user's roles grant, so those roles are listed too.
 */
export function generateRoutes(menus: MenuItem[], userRoles: string[]): AppRoute[] {
  const roles = [...new Set(['admin', ...userRoles])];
  return menus.map((m) => ({
    path: m.url,
    name: m.routeName,
    title: m.title,
    icon: m.icon || undefined,
    hidden: !!m.isHidden,
    roles,
    children: (m.children ?? []).map((c) => {
      const path = resolvePath(m.url, c.url);
      return {
        path,
        name: c.routeName,
        title: c.title,
        icon: c.icon || undefined,
        hidden: !!c.isHidden,
        roles,
        component: isExternal(path) ? undefined : lazyView(path),
      };
    }),
  }));
}

export function buildRoutes(menus: MenuItem[], roles: string[]): AppRoute[] {
  return filterByRoles([...constantRoutes(), ...generateRoutes(menus, roles)], roles);
}
