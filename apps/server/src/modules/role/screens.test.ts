import {
  allEndpoints,
  allPermissionKeys,
  allResources,
  menuKey,
  menuTree,
  permissionIndex,
  type permissionTree,
  roleEndpoints,
} from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCore } from '../../auth/seed.js';
import { forgetSessions } from '../../auth/sessions.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

/**
 * What the role editor shows is what the server enforces (issue 25), over every screen and button of the contracts:
 * a screen is granted when it or any of its buttons is held, details routes follow their list, and nobody grants a
 * screen through a button they lack. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
const PW = 'Screens_pass_1';
type Menu = { routeName: string; children: Menu[] };
const idx = permissionIndex();
const listOf = (routeName: string) => {
  const c = menuTree()
    .flatMap((m) => m.children ?? [])
    .find((x) => x.routeName === routeName);
  const r = c?.list ? allResources().find((x) => x.name === c.list) : undefined;
  return r?.endpoints.list?.path;
};
/** the sidebar as route names: first level → its entries, sorted */
const shape = (menus: Menu[]) => Object.fromEntries(menus.map((m) => [m.routeName, m.children.map((c) => c.routeName).sort()]));
const expected = (screens: string[]) => {
  const out: Record<string, string[]> = {};
  for (const s of screens) {
    const info = idx.screens.get(s)!;
    out[info.top] = [...(out[info.top] ?? []), s, ...info.followers].sort();
  }
  return out;
};

describe.each(DIALECTS)('screens granted through their buttons on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  const db = () => t.current.ctx.db;
  const asAdmin = (path: string, body?: unknown) => t.current.post(path, body, { token: admin });
  const saveRole = async (code: string, permissions: string[], id?: number) => {
    const r = await asAdmin(roleEndpoints.save.path, { ...(id ? { id } : {}), code, name: code, enableFlag: 1, permissions });
    expect([code, r.body.code, r.body.msg]).toEqual([code, 200, '保存成功']);
    return r.body.data as { id: number; permissions: string[] };
  };

  beforeAll(async () => {
    admin = await t.current.login();
  });

  it('a role saved with every key of the tree gives its holder every screen, and every list call answers 200', async () => {
    const role = await saveRole('everything', allPermissionKeys());
    const got = await asAdmin(`${roleEndpoints.get.path}?id=${role.id}`);
    // nothing half-held: the editor shows every screen and button ticked
    const keys = allPermissionKeys().filter((k) => !menuTree().some((m) => menuKey(m.routeName) === k));
    expect([...got.body.data.permissions].sort()).toEqual([...keys].sort());
    await insertUser(t.current.ctx, 'all-keys', PW, ['everything']);
    const token = await t.current.login('all-keys', PW);
    const info = (await t.current.post('/user/info', {}, { token })).body.data;
    expect(shape(info.menus)).toEqual(expected([...idx.screens.keys()]));
    for (const s of idx.screens.keys()) {
      const path = listOf(s);
      if (path) expect([s, path, (await t.current.post(path, {}, { token })).body.code]).toEqual([s, path, 200]);
    }
    // and no read of a screen's module is refused
    const modules = new Set([...idx.screens.values()].map((s) => s.module));
    for (const e of allEndpoints().filter((x) => x.kind === 'read' && x.method === 'POST' && modules.has(x.module)))
      expect([e.path, (await t.current.post(e.path, {}, { token })).body.code]).not.toEqual([e.path, 403]);
  });

  it('a role holding only one screen’s buttons gives exactly that screen (with its details route), for every screen with buttons', async () => {
    const withButtons = [...idx.screens.keys()].filter((s) => idx.buttons.some((e) => idx.buttonScreen.get(e.path) === s));
    expect(withButtons.length).toBeGreaterThan(20);
    const role = await saveRole('buttons_only', []);
    await insertUser(t.current.ctx, 'buttons-only', PW, ['buttons_only']);
    const token = await t.current.login('buttons-only', PW);
    for (const s of withButtons) {
      const buttons = idx.buttons.filter((e) => idx.buttonScreen.get(e.path) === s).map((e) => e.path);
      const saved = await saveRole('buttons_only', buttons, role.id);
      // the editor shows the screen ticked with its buttons: what the server enforces
      expect([s, [...saved.permissions].sort()]).toEqual([s, [menuKey(s), ...buttons].sort()]);
      const info = (await t.current.post('/user/info', {}, { token })).body.data;
      expect([s, shape(info.menus)]).toEqual([s, expected([s])]);
      expect([s, info.buttons.map((b: { url: string }) => b.url).sort()]).toEqual([s, [...buttons].sort()]);
      const path = listOf(s);
      if (path) expect([s, path, (await t.current.post(path, {}, { token })).body.code]).toEqual([s, path, 200]);
    }
  });

  it('a list screen gives its details route; a details key alone (legacy) is accepted and grants nothing', async () => {
    const list = await saveRole('news_list', ['menu:NewsList']);
    expect(list.permissions).toEqual(['menu:NewsList']);
    const menus = await db()
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select('m.route_name')
      .where('rm.role_id', '=', list.id)
      .execute();
    expect(menus.map((m) => m.route_name).sort()).toEqual(['News', 'NewsDetails', 'NewsList']);
    const legacy = await saveRole('news_details', ['menu:NewsDetails']);
    expect(legacy.permissions).toEqual([]);
    const unknown = await asAdmin(roleEndpoints.save.path, { code: 'bogus', name: 'bogus', permissions: ['menu:Nowhere'] });
    expect(unknown.body).toEqual({ code: 400, msg: '未知的权限：menu:Nowhere' });
  });

  it('a role saved before this rule gets the screens its buttons imply and its details routes at the next start', async () => {
    // as the seeded 内容编辑 customised with Webhook's buttons, and a news role without 新闻详情
    const role = await saveRole('legacy_hook', []);
    await db()
      .insertInto('sys_role_permission')
      .values(['/webhook/saveWebhook', '/webhook/delWebhook'].map((k) => ({ role_id: role.id, permission_key: k })))
      .execute();
    const newsList = await db().selectFrom('sys_menu').select('id').where('route_name', 'in', ['News', 'NewsList']).execute();
    await db()
      .insertInto('sys_role_menu')
      .values(newsList.map((m) => ({ role_id: role.id, menu_id: m.id })))
      .execute();
    await insertUser(t.current.ctx, 'legacy-hook', PW, ['legacy_hook']);
    const token = await t.current.login('legacy-hook', PW);
    expect((await t.current.post('/webhook/getWebhookPage', {}, { token })).body.code).toBe(403);
    await seedCore(t.current.ctx);
    forgetSessions(t.current.ctx);
    expect((await t.current.post('/webhook/getWebhookPage', {}, { token })).body.code).toBe(200);
    const info = (await t.current.post('/user/info', {}, { token })).body.data;
    expect(shape(info.menus)).toEqual(expected(['NewsList', 'WebhookList']));
    const got = await asAdmin(`${roleEndpoints.get.path}?id=${role.id}`);
    expect([...got.body.data.permissions].sort()).toEqual([
      '/webhook/delWebhook',
      '/webhook/saveWebhook',
      'menu:NewsList',
      'menu:WebhookList',
    ]);
  });

  describe('climbs', () => {
    const roleKeys = [
      'menu:RoleList',
      ...Object.values(roleEndpoints)
        .filter((e) => e.kind === 'write')
        .map((e) => e.path),
    ];
    let mgr = '';
    beforeAll(async () => {
      await saveRole('screen_mgr', roleKeys);
      await insertUser(t.current.ctx, 'screen-mgr', PW, ['screen_mgr']);
      mgr = await t.current.login('screen-mgr', PW);
    });
    const climb = async (code: string, permissions: string[], msg: string) => {
      const r = await t.current.post(roleEndpoints.save.path, { code, name: code, permissions }, { token: mgr });
      expect([code, r.status, r.body]).toEqual([code, 403, { code: 403, msg }]);
      expect(await db().selectFrom('sys_role').select('id').where('code', '=', code).executeTakeFirst()).toBeUndefined();
    };

    it('a role manager cannot grant a screen through a button they lack, nor the screen itself', async () => {
      await climb('hook_btn', ['/webhook/testWebhook'], '不能授予您自己没有的权限：测试 Webhook');
      await climb('hook_screen', ['menu:WebhookList'], '不能授予您自己没有的权限：Webhook');
      await climb('users_screen', ['menu:UserInfoList'], '不能授予您自己没有的权限：用户列表');
      // the details route of a list they lack is no way in either: it grants nothing (accepted, empty)
      const r = await t.current.post(
        roleEndpoints.save.path,
        { code: 'via_details', name: 'x', permissions: ['menu:PolicyDetails', 'menu:NewsDetails'] },
        { token: mgr },
      );
      expect(r.body).toMatchObject({ code: 200, data: { permissions: [] } });
    });

    it('holding a button without its screen (a role saved before the rule) still grants neither: the screen is checked too', async () => {
      // the manager's role gets 测试 Webhook straight in the database, without the Webhook screen
      const mine = await db().selectFrom('sys_role').select('id').where('code', '=', 'screen_mgr').executeTakeFirstOrThrow();
      await db().insertInto('sys_role_permission').values({ role_id: mine.id, permission_key: '/webhook/testWebhook' }).execute();
      forgetSessions(t.current.ctx);
      await climb('hook_derived', ['/webhook/testWebhook'], '不能授予您自己没有的权限：Webhook');
    });

    it('within its grants it still saves, and the screen comes with the buttons', async () => {
      // its own role's 保存菜单设置 gave it 菜单设置 (the screen the button sits under)
      const menus = await t.current.post(
        roleEndpoints.save.path,
        { code: 'menus_only', name: 'x', permissions: ['/role/saveMenuSetting'] },
        { token: mgr },
      );
      expect(menus.body).toMatchObject({ code: 200, data: { permissions: ['menu:MenuSettings', '/role/saveMenuSetting'] } });
      const ok = await t.current.post(
        roleEndpoints.save.path,
        { code: 'roles_only', name: 'x', permissions: ['/role/saveRole'] },
        { token: mgr },
      );
      expect(ok.body).toMatchObject({ code: 200, data: { permissions: expect.arrayContaining(['menu:RoleList', '/role/saveRole']) } });
    });
  });

  it('the tree the server hands out holds each button once', async () => {
    const tree = (await asAdmin(roleEndpoints.tree.path)).body.data as ReturnType<typeof permissionTree>;
    const keys: string[] = [];
    const walk = (ns: typeof tree) => {
      for (const n of ns) {
        keys.push(n.key);
        if (n.children) walk(n.children);
      }
    };
    walk(tree);
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.filter((k) => k === '/monitor/forceLogout')).toHaveLength(1);
  });
});
