import type { MenuItem } from '@gk/contracts/session';
import { describe, expect, it } from 'vitest';
import { ownGrants } from './grants';

const menu = (routeName: string, children: string[] = []): MenuItem => ({
  url: `/${routeName}`,
  routeName,
  title: routeName,
  icon: '',
  isHidden: false,
  children: children.map((c) => menu(c)),
});

describe('the signed-in user’s own grants (what the role editor and the role picker offer)', () => {
  it('are the menus under a first level and the buttons of /user/info', () => {
    const g = ownGrants({ menus: [menu('UserInfo', ['UserInfoList'])] }, ['user_mgr'], ['/userInfo/saveUserInfo']);
    expect(g.admin).toBe(false);
    expect(g.has('menu:UserInfoList')).toBe(true);
    expect(g.has('/userInfo/saveUserInfo')).toBe(true);
    // a first level is no key of its own; nothing else is held
    expect(g.has('menu:UserInfo')).toBe(false);
    expect(g.has('/role/saveRole')).toBe(false);
    expect(g.has('menu:RoleList')).toBe(false);
  });

  it('are everything for an administrator', () => {
    const g = ownGrants({ menus: [] }, ['admin'], []);
    expect(g.admin).toBe(true);
    expect(g.has('/role/saveRole')).toBe(true);
  });

  it('are nothing before the user info is in', () => {
    expect(ownGrants(null, [], []).has('menu:NewsList')).toBe(false);
  });
});
