import {
  ADMIN_ONLY_MODULES,
  allEndpoints,
  allResources,
  expandGrants,
  monitorEndpoints,
  permissionIndex,
  ROLES,
  roleEndpoints,
} from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCore } from '../../auth/seed.js';
import { forgetSessions } from '../../auth/sessions.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

/**
 * Reads follow the screens that need them, not the module (issue 25): over every screen of the contracts, a role
 * holding exactly that screen can call the reads it needs (its own, its pickers', another module's included) and
 * gets 403 on every other read, those only another screen of the same module needs first of all. Legacy roles
 * are re-derived at start; nobody reaches a read through a key or a screen they lack. SQLite and PostgreSQL.
 */
const PW = 'Reads_pass_1';
const idx = permissionIndex();
const reads = allEndpoints().filter((e) => e.kind === 'read');
/** the list reads: every resource's, and the monitor's (not resources of the table) */
const lists = new Set([
  ...allResources().flatMap((r) => (r.endpoints.list ? [r.endpoints.list.path] : [])),
  monitorEndpoints.onlinePage.path,
  monitorEndpoints.loginLogPage.path,
]);

describe.each(DIALECTS)('reads granted per screen on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  const db = () => t.current.ctx.db;
  const call = async (path: string, token: string) => (await t.current.post(path, {}, { token })).body.code as number;
  const saveRole = async (code: string, permissions: string[], id?: number, token = admin) => {
    const r = await t.current.post(
      roleEndpoints.save.path,
      { ...(id ? { id } : {}), code, name: code, enableFlag: 1, permissions },
      { token },
    );
    expect([code, r.body.code, r.body.msg]).toEqual([code, 200, '保存成功']);
    return r.body.data as { id: number; permissions: string[] };
  };
  const readRows = async (roleId: number) =>
    (
      await db()
        .selectFrom('sys_role_permission as rp')
        .innerJoin('sys_permission as p', 'p.key', 'rp.permission_key')
        .select('p.key')
        .where('rp.role_id', '=', roleId)
        .where('p.kind', '=', 'read')
        .execute()
    )
      .map((r) => r.key)
      .sort();

  beforeAll(async () => {
    admin = await t.current.login();
  });

  it('a role holding exactly one screen calls that screen’s reads and gets 403 on every other, for every screen', async () => {
    const role = await saveRole('one_screen', []);
    await insertUser(t.current.ctx, 'one-screen', PW, ['one_screen']);
    const token = await t.current.login('one-screen', PW);
    let refusedInModule = 0;
    for (const [s, info] of idx.screens) {
      const saved = await saveRole('one_screen', [`menu:${s}`], role.id);
      expect([s, saved.permissions]).toEqual([s, [`menu:${s}`]]);
      const granted = expandGrants([`menu:${s}`]).reads;
      expect([s, await readRows(role.id)]).toEqual([s, [...granted].sort()]);
      for (const e of reads) {
        const code = await call(e.path, token);
        if (granted.has(e.path)) expect([s, e.path, code]).not.toEqual([s, e.path, 403]);
        else {
          expect([s, e.path, code]).toEqual([s, e.path, 403]);
          if (e.module === info.module) refusedInModule++;
        }
      }
      // the lists it needs answer
      for (const p of granted) if (lists.has(p)) expect([s, p, await call(p, token)]).toEqual([s, p, 200]);
    }
    // the screens sharing a module (在线用户 / 登录日志, 角色管理 / 菜单设置, 新闻类型 / 新闻列表, …) keep apart
    expect(refusedInModule).toBeGreaterThan(10);
  });

  it('在线用户 alone: no 登录日志; 角色管理 alone: no 菜单设置; 公司信息 alone: no 联系方式; the news list keeps its type picker', async () => {
    const role = await saveRole('pairs', ['menu:OnlineList']);
    await insertUser(t.current.ctx, 'pairs', PW, ['pairs']);
    const token = await t.current.login('pairs', PW);
    const check = async (keys: string[], ok: string[], refused: string[]) => {
      await saveRole('pairs', keys, role.id);
      for (const p of ok) expect([keys, p, await call(p, token)]).toEqual([keys, p, 200]);
      for (const p of refused) expect([keys, p, await call(p, token)]).toEqual([keys, p, 403]);
    };
    await check(['menu:OnlineList'], ['/monitor/getOnlinePage'], ['/monitor/getLoginLogPage']);
    await check(['/monitor/forceLogout'], ['/monitor/getOnlinePage'], ['/monitor/getLoginLogPage']);
    await check(['menu:LoginLogList'], ['/monitor/getLoginLogPage'], ['/monitor/getOnlinePage']);
    await check(['menu:RoleList'], ['/role/getRolePage', '/role/getPermissionTree'], ['/role/getMenuSettings']);
    await check(['menu:MenuSettings'], ['/role/getMenuSettings'], ['/role/getRolePage', '/role/getPermissionTree']);
    await check(['menu:CompanyDetails'], ['/company/getCompany'], ['/headerContorller/getContactPage']);
    await check(['menu:ContactList'], ['/headerContorller/getContactPage'], ['/company/getCompany']);
    await check(['menu:NewsType'], ['/news/getTypeList'], ['/news/getNewsList']);
    await check(['menu:NewsList'], ['/news/getNewsList', '/news/getTypeList'], []);
    await check(['menu:BusinessTypeList'], ['/business/getBusinessTypePage'], ['/business/getBusinessPage']);
    await check(['menu:PageList'], ['/page/getList'], ['/page/getPageItemList']);
    // the product form's supplier picker is another module's list: it comes with 产品列表, the supplier's details do not
    await check(['menu:ProductList'], ['/product/getProductPage', '/supplier/getSupplierPage'], ['/supplier/getSupplier']);
  });

  it('a legacy role (reads granted per module) is re-derived at start: its screens keep every read, other screens’ reads go', async () => {
    // as saved before this rule: a screen's menu rows and every read of its module
    const legacy = async (code: string, routeNames: string[], modules: string[]) => {
      const role = await saveRole(code, []);
      const menus = await db().selectFrom('sys_menu').select('id').where('route_name', 'in', routeNames).execute();
      await db()
        .insertInto('sys_role_menu')
        .values(menus.map((m) => ({ role_id: role.id, menu_id: m.id })))
        .execute();
      const keys = reads.filter((e) => modules.includes(e.module)).map((e) => e.path);
      await db()
        .insertInto('sys_role_permission')
        .values(keys.map((k) => ({ role_id: role.id, permission_key: k })))
        .execute();
      await insertUser(t.current.ctx, code.replace(/_/g, '-'), PW, [code]);
      return { role, token: await t.current.login(code.replace(/_/g, '-'), PW) };
    };
    const online = await legacy('legacy_online', ['Monitor', 'OnlineList'], ['monitor']);
    const newsList = await legacy('legacy_news', ['News', 'NewsList', 'NewsDetails'], ['news']);
    const product = await legacy('legacy_product', ['Product', 'ProductList', 'ProductDetails'], ['product']);
    // before the repair: the per-module grant
    expect(await call('/monitor/getLoginLogPage', online.token)).toBe(200);
    expect(await call('/supplier/getSupplierPage', product.token)).toBe(403);
    await seedCore(t.current.ctx);
    forgetSessions(t.current.ctx);
    expect(await call('/monitor/getOnlinePage', online.token)).toBe(200);
    expect(await call('/monitor/getLoginLogPage', online.token)).toBe(403);
    expect(await readRows(online.role.id)).toEqual(['/monitor/getOnlinePage']);
    // a role holding a module's list screen keeps every read it needs (here: all of the news module's but none lost)
    expect(await readRows(newsList.role.id)).toEqual([...expandGrants(['menu:NewsList']).reads].sort());
    for (const p of ['/news/getNewsList', '/news/getNews', '/news/getTypeList'])
      expect([p, await call(p, newsList.token)]).not.toEqual([p, 403]);
    // and gains the picker it lacked
    expect(await call('/supplier/getSupplierPage', product.token)).toBe(200);
    // a second start changes nothing
    await seedCore(t.current.ctx);
    expect(await readRows(online.role.id)).toEqual(['/monitor/getOnlinePage']);
  });

  it('the seeded 内容编辑 keeps every read of its screens: no new 403', async () => {
    const editor = await db()
      .selectFrom('sys_role')
      .select(['id', 'customized'])
      .where('code', '=', ROLES.EDITOR)
      .executeTakeFirstOrThrow();
    const expected = reads.filter((e) => !ADMIN_ONLY_MODULES.includes(e.module)).map((e) => e.path);
    expect(await readRows(Number(editor.id))).toEqual([...expected].sort());
    await insertUser(t.current.ctx, 'seeded-editor', PW, [ROLES.EDITOR]);
    const token = await t.current.login('seeded-editor', PW);
    for (const p of expected) expect([p, await call(p, token)]).not.toEqual([p, 403]);
    // saved once in the role editor with what it shows, it keeps them too
    const shown = (await t.current.post(`${roleEndpoints.get.path}?id=${editor.id}`, {}, { token: admin })).body.data
      .permissions as string[];
    await saveRole(ROLES.EDITOR, shown, Number(editor.id));
    expect(await readRows(Number(editor.id))).toEqual([...expected].sort());
  });

  describe('climbs', () => {
    let mgr = '';
    beforeAll(async () => {
      await saveRole('reads_mgr', ['menu:RoleList', '/role/saveRole', 'menu:OnlineList']);
      await insertUser(t.current.ctx, 'reads-mgr', PW, ['reads_mgr']);
      mgr = await t.current.login('reads-mgr', PW);
    });

    it('a read is no key of the tree: naming it grants nothing (400)', async () => {
      const r = await t.current.post(
        roleEndpoints.save.path,
        { code: 'read_key', name: 'x', permissions: ['/monitor/getLoginLogPage'] },
        { token: admin },
      );
      expect(r.body).toEqual({ code: 400, msg: '未知的权限：/monitor/getLoginLogPage' });
    });

    it('a role manager holding 角色管理 and 在线用户 reads neither 菜单设置 nor 登录日志, nor grants them', async () => {
      expect(await call('/role/getMenuSettings', mgr)).toBe(403);
      expect(await call('/monitor/getLoginLogPage', mgr)).toBe(403);
      const refused = await t.current.post(
        roleEndpoints.save.path,
        { code: 'll', name: 'll', permissions: ['menu:LoginLogList'] },
        { token: mgr },
      );
      expect([refused.status, refused.body]).toEqual([403, { code: 403, msg: '不能授予您自己没有的权限：登录日志' }]);
      // what it may grant (在线用户) brings no read beyond it
      const ok = await saveRole('online_only', ['menu:OnlineList'], undefined, mgr);
      expect(await readRows(ok.id)).toEqual(['/monitor/getOnlinePage']);
    });
  });
});
