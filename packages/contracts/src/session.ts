/**
 * The session contract without schemas: the auth endpoints and the shapes of the login and user-info
 * replies. Kept free of zod so the web's login path can import it alone (`@gk/contracts/session`).
 */
import { defineEndpoints } from './endpoints.js';

export const authEndpoints = defineEndpoints('auth', {
  login: { path: '/login/doLogin', kind: 'public', name: '登录' },
  info: { path: '/user/info', kind: 'session', name: '获取用户信息' },
  logout: { path: '/user/logout', kind: 'session', name: '退出登录' },
  jwt: { path: '/customerAccount/login/getJwt', kind: 'session', name: '获取 JWT' },
});

export interface LoginData {
  token: string;
  username: string;
}

/** One entry of the server-supplied menu tree (SPEC point 2 "Dynamic menu routes"). */
export interface MenuItem {
  url: string;
  routeName: string;
  title: string;
  icon: string;
  isHidden: boolean;
  children: MenuItem[];
}

export interface ButtonPermission {
  url: string;
  name: string;
}

export interface UserInfo {
  id: number;
  name: string;
  userName: string;
  customsName: string;
  avatar: string;
  introduction: string;
  tel: string;
  logoImg: string;
  logoIcon: string;
  roles: string[];
  menus: MenuItem[];
  buttons: ButtonPermission[];
  /** an administrator reset the password: the user must change it before anything else */
  mustChangePwd?: boolean;
  /** CENTRAL_SITE_URL when set: 个人中心 / 修改密码 open there instead of inside the product */
  centralSiteUrl?: string;
  /** CONTENT_LOCALES: the content locales, the default first (what the detail page's locale switcher offers) */
  contentLocales?: string[];
}

export interface JwtData {
  jwt: string;
  expiresIn: number;
}
