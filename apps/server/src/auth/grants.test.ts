import {
  allPermissionKeys,
  menuKey,
  menuTree,
  roleEndpoints,
  type UserInfoAccess,
  userInfoEndpoints,
  userInfoMessages,
} from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { covers, type Grants, uncovered } from './grants.js';
import { seedCore } from './seed.js';
import { forgetSessions } from './sessions.js';

/**
 * Who may grant what (issue 21, docs/security.md): an account holding only the 用户管理 buttons, or only 角色管理,
 * tries every way up to administrator; each is refused with a clear message and changes nothing, on SQLite and
 * PostgreSQL. The administrator and a user manager acting within their grants still work.
 */

const writes = (module: Record<string, { path: string; kind: string }>) =>
  Object.values(module)
    .filter((e) => e.kind === 'write')
    .map((e) => e.path);
const USER_KEYS = ['menu:UserInfoList', ...writes(userInfoEndpoints)];
const ROLE_KEYS = ['menu:RoleList', 'menu:RoleDetails', 'menu:MenuSettings', ...writes(roleEndpoints)];
const NEWS_KEYS = ['menu:NewsType', 'menu:NewsList', 'menu:NewsDetails', '/news/saveNews'];
const TOPS = new Set(menuTree().map((m) => menuKey(m.routeName)));
const EVERY_KEY = [...new Set(allPermissionKeys().filter((k) => !TOPS.has(k)))];

const PW = 'Grants_pass_1';
const NEW_PW = 'Climbed_pass_1';

describe('covers', () => {
  const g = (...keys: string[]): Grants => ({ admin: false, keys: new Set(keys) });
  const admin: Grants = { admin: true, keys: new Set() };
  it('holds when every key of the target is the holder’s; only an administrator covers an administrator', () => {
    expect(covers(g('a', 'b'), g('a'))).toBe(true);
    expect(covers(g('a'), g())).toBe(true);
    expect(covers(g('a'), g('a', 'b'))).toBe(false);
    expect(uncovered(g('a'), g('a', 'b'))).toEqual({ key: 'b' });
    expect(covers(g(...EVERY_KEY), admin)).toBe(false);
    expect(uncovered(g(...EVERY_KEY), admin)).toEqual({ admin: true });
    expect(covers(admin, admin)).toBe(true);
    expect(covers(admin, g(...EVERY_KEY))).toBe(true);
  });
});

describe.each(DIALECTS)('who may grant what on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  const ids: Record<string, number> = {};
  const roleIds: Record<string, number> = {};
  const db = () => t.current.ctx.db;

  /** everything a climb could change: accounts, their roles, roles, grants, menu settings, sessions */
  const snapshot = async () => ({
    users: await db()
      .selectFrom('sys_user')
      .select(['id', 'user_name', 'password_hash', 'enable_flag', 'must_change_password'])
      .orderBy('id')
      .execute(),
    userRoles: await db().selectFrom('sys_user_role').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    roles: await db().selectFrom('sys_role').select(['id', 'code', 'name', 'enable_flag', 'sort_no', 'remark']).orderBy('id').execute(),
    grants: await db().selectFrom('sys_role_permission').selectAll().orderBy('role_id').orderBy('permission_key').execute(),
    menus: await db().selectFrom('sys_role_menu').selectAll().orderBy('role_id').orderBy('menu_id').execute(),
    menuSettings: await db()
      .selectFrom('sys_menu')
      .select(['id', 'custom_title', 'custom_icon', 'custom_sort_no', 'custom_hidden'])
      .orderBy('id')
      .execute(),
    sessions: await db().selectFrom('sys_session').select(['id', 'user_id']).orderBy('id').execute(),
  });

  /** the call is refused with exactly this reply and the database is as before */
  const refused = async (token: string, path: string, body: unknown, reply: { code: number; msg: string }, lang?: string) => {
    const before = await snapshot();
    const r = await t.current.post(path, body, { token, headers: lang ? { lang } : {} });
    expect([path, r.status, r.body]).toEqual([path, reply.code, reply]);
    expect(await snapshot()).toEqual(before);
  };

  const asAdmin = (path: string, body?: unknown) => t.current.post(path, body, { token: admin });
  const saveRole = async (code: string, name: string, permissions: string[]) => {
    const r = await asAdmin('/role/saveRole', { code, name, permissions });
    expect(r.body.code).toBe(200);
    roleIds[code] = r.body.data.id;
  };
  const saveUser = async (userName: string, roles: string[]) => {
    // the dialog refuses an account without roles (issue 25): such an account is made by removing its role afterwards
    const named = roles.length ? { roleIds: roles.map((c) => roleIds[c]) } : {};
    const r = await asAdmin('/userInfo/saveUserInfo', { userName, password: PW, enableFlag: 1, ...named });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    ids[userName] = r.body.data.id;
    if (!roles.length) await t.current.ctx.db.deleteFrom('sys_user_role').where('user_id', '=', r.body.data.id).execute();
  };
  const rolesOfUser = async (userId: number) =>
    (await db().selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) =>
      Number(r.role_id),
    );

  /** each account's `mayTouch` / `touchRefusal` as the user list answers them to this caller */
  const listAccess = async (token: string) => {
    const r = await t.current.post(userInfoEndpoints.list.path, { pageNumber: 1, pageSize: 100 }, { token });
    expect(r.body.code).toBe(200);
    const rows = r.body.rows as ({ userName: string } & UserInfoAccess)[];
    expect(rows.length).toBe(r.body.total);
    return Object.fromEntries(
      rows.map(({ userName, mayTouch, touchRefusal }) => [userName, { mayTouch, ...(touchRefusal ? { touchRefusal } : {}) }]),
    );
  };
  /** the list's answer is the writes' rule: 解锁 (harmless) of every other listed account is refused exactly when the list says so */
  const writesAgree = async (token: string, selfId: number, access: Record<string, UserInfoAccess>) => {
    const messages = {
      'userInfo.adminOnly': userInfoMessages.zh['userInfo.adminOnly'],
      'userInfo.notCovered': userInfoMessages.zh['userInfo.notCovered'],
    };
    for (const [name, a] of Object.entries(access)) {
      const userId = Number((await db().selectFrom('sys_user').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id);
      if (userId === selfId) continue;
      const r = await t.current.post(`/userInfo/unlock?id=${userId}`, {}, { token });
      expect([name, r.body]).toEqual([
        name,
        // an account the caller may touch passes the grants check; it is not locked, and 解锁 says so (issue 25)
        a.mayTouch
          ? { code: 400, msg: `账号“${name}”未被锁定，无需解锁` }
          : { code: 403, msg: messages[a.touchRefusal!].replace('{name}', name) },
      ]);
    }
  };

  beforeAll(async () => {
    admin = await t.current.login();
    for (const r of await db().selectFrom('sys_role').select(['id', 'code']).execute()) roleIds[r.code] = Number(r.id);
    ids.admin = Number((await db().selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id);
    // the legitimate administrator path: roles and accounts made through the API
    await saveRole('user_mgr', '用户管理员', USER_KEYS);
    await saveRole('role_mgr', '角色管理员', ROLE_KEYS);
    await saveRole('news_ed', '新闻编辑', NEWS_KEYS);
    await saveRole('user_news', '用户与新闻管理员', [...USER_KEYS, ...NEWS_KEYS]);
    await saveRole('news_off', '停用的新闻角色', NEWS_KEYS);
    expect((await asAdmin('/role/upRoleFlag', { id: roleIds.news_off, flag: 0 })).body.code).toBe(200);
    await saveRole('spare_news', '未使用的新闻角色', NEWS_KEYS);
    await saveUser('umgr', ['user_mgr']);
    await saveUser('rmgr', ['role_mgr']);
    await saveUser('unews', ['user_news']);
    await saveUser('newsy', ['news_ed']);
    await saveUser('plain', []);
    await saveUser('dormant', ['news_off']);
  });

  describe('an account holding only 用户管理', () => {
    let umgr = '';
    beforeAll(async () => {
      umgr = await t.current.login('umgr', PW);
    });

    it('cannot give itself or anyone the admin role, nor create an admin account', async () => {
      const ownRoles = { code: 409, msg: '不能修改当前登录账号自己的角色' };
      await refused(umgr, '/userInfo/saveUserInfo', { id: ids.umgr, userName: 'umgr', roleIds: [roleIds.admin] }, ownRoles);
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { id: ids.umgr, userName: 'umgr', roleIds: [roleIds.user_mgr, roleIds.admin] },
        ownRoles,
      );
      const beyondAdmin = { code: 403, msg: '不能分配角色“超级管理员”：它拥有您没有的权限' };
      await refused(umgr, '/userInfo/saveUserInfo', { id: ids.plain, userName: 'plain', roleIds: [roleIds.admin] }, beyondAdmin);
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { userName: 'climber', password: PW, enableFlag: 1, roleIds: [roleIds.admin] },
        beyondAdmin,
      );
      // nor any role holding more than it does
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { id: ids.plain, userName: 'plain', roleIds: [roleIds.news_ed] },
        {
          code: 403,
          msg: '不能分配角色“新闻编辑”：它拥有您没有的权限',
        },
      );
      // a new account's default role (内容编辑) is assigned too: refused when it is beyond the caller
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { userName: 'climber', password: PW, enableFlag: 1 },
        {
          code: 403,
          msg: '不能分配角色“内容编辑”：它拥有您没有的权限',
        },
      );
    });

    it('cannot reset admin’s password (either way), log in as admin, disable, unlock, delete or rename it, or take its admin role', async () => {
      const adminOnly = { code: 403, msg: '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“admin”' };
      const calls: [string, unknown][] = [
        ['/userInfo/resetPassword', { id: ids.admin, password: NEW_PW }],
        ['/userInfo/saveUserInfo', { id: ids.admin, userName: 'admin', password: NEW_PW }],
        [`/userInfo/upUserInfoFlag?id=${ids.admin}&flag=0`, {}],
        ['/userInfo/saveUserInfo', { id: ids.admin, userName: 'admin', enableFlag: 0 }],
        ['/userInfo/saveUserInfo', { id: ids.admin, userName: 'admin', roleIds: [roleIds.user_mgr] }],
        ['/userInfo/saveUserInfo', { id: ids.admin, userName: 'admin2' }],
        [`/userInfo/unlock?id=${ids.admin}`, {}],
        ['/userInfo/delUserInfo', [ids.admin]],
        ['/userInfo/delUserInfo', [ids.plain, ids.admin]],
      ];
      for (const [path, body] of calls) await refused(umgr, path, body, adminOnly);
      // each refusal is in the operation log, as refused, with its message
      const log = await asAdmin('/log/getOperLogPage', { module: 'userInfo', userName: 'umgr', result: 0, pageNumber: 1, pageSize: 50 });
      expect(log.body.rows.find((e: { action: string }) => e.action === '重置密码')).toMatchObject({
        recordId: ids.admin,
        result: 0,
        reason: adminOnly.msg,
      });
      const login = await t.current.post('/login/doLogin', { username: 'admin', password: NEW_PW });
      expect(login.body.code).toBe(400);
      expect((await t.current.post('/user/info', {}, { token: admin })).body.data.roles).toEqual(['admin']);
    });

    it('cannot enable an account holding more than it does', async () => {
      expect((await asAdmin(`/userInfo/upUserInfoFlag?id=${ids.newsy}&flag=0`)).body.code).toBe(200);
      const notCovered = { code: 403, msg: '账号“newsy”拥有您没有的权限，您不能修改、重置、停用、解锁或删除它' };
      await refused(umgr, `/userInfo/upUserInfoFlag?id=${ids.newsy}&flag=1`, {}, notCovered);
      await refused(umgr, '/userInfo/saveUserInfo', { id: ids.newsy, userName: 'newsy', enableFlag: 1 }, notCovered);
      expect((await asAdmin(`/userInfo/upUserInfoFlag?id=${ids.newsy}&flag=1`)).body.code).toBe(200);
    });

    it('cannot touch an account holding more than it does, a disabled role counting', async () => {
      for (const name of ['newsy', 'dormant', 'rmgr']) {
        const notCovered = { code: 403, msg: `账号“${name}”拥有您没有的权限，您不能修改、重置、停用、解锁或删除它` };
        await refused(umgr, '/userInfo/resetPassword', { id: ids[name], password: NEW_PW }, notCovered);
        await refused(umgr, '/userInfo/saveUserInfo', { id: ids[name], userName: name, password: NEW_PW }, notCovered);
        await refused(umgr, `/userInfo/upUserInfoFlag?id=${ids[name]}&flag=0`, {}, notCovered);
        await refused(umgr, '/userInfo/delUserInfo', [ids[name]], notCovered);
      }
    });

    it('the user list marks the accounts it may not touch, by the rule every write checks', async () => {
      const access = await listAccess(umgr);
      expect(access.admin).toEqual({ mayTouch: false, touchRefusal: 'userInfo.adminOnly' });
      for (const name of ['newsy', 'dormant', 'rmgr', 'unews'])
        expect(access[name]).toEqual({ mayTouch: false, touchRefusal: 'userInfo.notCovered' });
      for (const name of ['umgr', 'plain']) expect(access[name]).toEqual({ mayTouch: true });
      await writesAgree(umgr, ids.umgr, access);
      // the administrator may touch every account
      const all = await listAccess(admin);
      expect(Object.values(all).every((a) => a.mayTouch === true && !('touchRefusal' in a))).toBe(true);
    });

    it('answers in the request’s language', async () => {
      await refused(
        umgr,
        '/userInfo/resetPassword',
        { id: ids.admin, password: NEW_PW },
        { code: 403, msg: 'Only an administrator may change, reset, disable, unlock or delete the administrator account "admin"' },
        'en',
      );
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { id: ids.plain, userName: 'plain', roleIds: [roleIds.admin] },
        { code: 403, msg: 'No puede asignar el rol «超级管理员»: tiene permisos que usted no tiene' },
        'es',
      );
      await refused(
        umgr,
        '/userInfo/saveUserInfo',
        { id: ids.umgr, userName: 'umgr', roleIds: [roleIds.admin] },
        { code: 409, msg: 'You cannot change the roles of the account you are logged in with' },
        'en',
      );
    });

    it('the picker offers only the roles it may assign', async () => {
      const r = await t.current.post(userInfoEndpoints.roles.path, {}, { token: umgr });
      expect(r.body.code).toBe(200);
      const grantable = (r.body.rows as { code: string; grantable: boolean }[]).filter((x) => x.grantable).map((x) => x.code);
      expect(grantable).toEqual(['user_mgr']);
      const all = await asAdmin(userInfoEndpoints.roles.path, {});
      expect(all.body.rows.every((x: { grantable: boolean }) => x.grantable)).toBe(true);
      expect(all.body.total).toBe(all.body.rows.length);
    });

    it('a role saved before the picker’s call existed gets it at the next start (reads follow menus)', async () => {
      const path = userInfoEndpoints.roles.path;
      await db().deleteFrom('sys_role_permission').where('role_id', '=', roleIds.user_mgr).where('permission_key', '=', path).execute();
      forgetSessions(t.current.ctx);
      expect((await t.current.post(path, {}, { token: umgr })).body.code).toBe(403);
      await seedCore(t.current.ctx);
      forgetSessions(t.current.ctx);
      expect((await t.current.post(path, {}, { token: umgr })).body.code).toBe(200);
      // nothing else was added: the role's reads are those of the module it holds a menu of
      const keys = await db().selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', roleIds.user_mgr).execute();
      expect(keys.map((k) => k.permission_key).filter((k) => !k.startsWith('/userInfo/'))).toEqual([]);
    });

    it('still manages accounts within its grants', async () => {
      // an account with its own role, or none
      const made = await t.current.post(
        '/userInfo/saveUserInfo',
        { userName: 'helper', password: PW, enableFlag: 1, roleIds: [roleIds.user_mgr] },
        { token: umgr },
      );
      expect(made.body).toMatchObject({ code: 200, data: { userName: 'helper', roleNames: '用户管理员' } });
      const reset = await t.current.post('/userInfo/resetPassword', { id: ids.plain, password: NEW_PW }, { token: umgr });
      expect(reset.body).toEqual({ code: 200, msg: '密码已重置，该用户下次登录时须修改密码' });
      expect((await t.current.post(`/userInfo/upUserInfoFlag?id=${made.body.data.id}&flag=0`, {}, { token: umgr })).body.code).toBe(200);
      expect((await t.current.post('/userInfo/delUserInfo', [made.body.data.id], { token: umgr })).body.code).toBe(200);
      // its own account: name and password yes, roles no (unchanged roles are no change)
      const own = await t.current.post(
        '/userInfo/saveUserInfo',
        { id: ids.umgr, userName: 'umgr', roleIds: [roleIds.user_mgr] },
        { token: umgr },
      );
      expect(own.body.code).toBe(200);
    });
  });

  describe('an account holding only 角色管理', () => {
    let rmgr = '';
    beforeAll(async () => {
      rmgr = await t.current.login('rmgr', PW);
    });

    it('cannot write every key into its own role, nor edit, disable or delete it', async () => {
      const own = { code: 403, msg: '不能修改您自己所属的角色“角色管理员”' };
      await refused(rmgr, '/role/saveRole', { id: roleIds.role_mgr, code: 'role_mgr', name: '角色管理员', permissions: EVERY_KEY }, own);
      await refused(rmgr, '/role/saveRole', { id: roleIds.role_mgr, code: 'role_mgr', name: '改名' }, own);
      await refused(rmgr, '/role/upRoleFlag', { id: roleIds.role_mgr, flag: 0 }, own);
      await refused(rmgr, `/role/delRole?id=${roleIds.role_mgr}`, {}, own);
    });

    it('cannot create a role, or edit one, into keys it lacks', async () => {
      await refused(
        rmgr,
        '/role/saveRole',
        { code: 'climb', name: '登天', permissions: EVERY_KEY },
        {
          code: 403,
          msg: `不能授予您自己没有的权限：${'轮播图列表'}`,
        },
      );
      await refused(
        rmgr,
        '/role/saveRole',
        { code: 'climb', name: '登天', permissions: [...ROLE_KEYS, '/userInfo/resetPassword'] },
        {
          code: 403,
          msg: '不能授予您自己没有的权限：重置密码',
        },
      );
      const mine = await t.current.post(
        '/role/saveRole',
        { code: 'sub_role', name: '子角色', permissions: ['menu:RoleList'] },
        { token: rmgr },
      );
      expect(mine.body.code).toBe(200);
      await refused(
        rmgr,
        '/role/saveRole',
        { id: mine.body.data.id, code: 'sub_role', name: '子角色', permissions: ['menu:UserInfoList'] },
        {
          code: 403,
          msg: '不能授予您自己没有的权限：用户列表',
        },
      );
      // a first-level key grants nothing by itself and is no climb; within its own keys the edit is saved
      const edited = await t.current.post(
        '/role/saveRole',
        { id: mine.body.data.id, code: 'sub_role', name: '子角色', permissions: ['menu:System', 'menu:RoleList', '/role/saveRole'] },
        { token: rmgr },
      );
      expect(edited.body.code).toBe(200);
      expect([...edited.body.data.permissions].sort()).toEqual(['/role/saveRole', 'menu:RoleList']);
      expect((await t.current.post('/role/upRoleFlag', { id: mine.body.data.id, flag: 0 }, { token: rmgr })).body.code).toBe(200);
      expect((await t.current.post(`/role/delRole?id=${mine.body.data.id}`, {}, { token: rmgr })).body.code).toBe(200);
    });

    it('cannot edit, disable or delete the admin role or one holding more than it does', async () => {
      const admin = { code: 403, msg: '角色“超级管理员”拥有您没有的权限，您不能修改、停用或删除它' };
      await refused(rmgr, '/role/saveRole', { id: roleIds.admin, code: 'admin', name: '超管' }, admin);
      await refused(rmgr, '/role/upRoleFlag', { id: roleIds.admin, flag: 0 }, admin);
      await refused(rmgr, `/role/delRole?id=${roleIds.admin}`, {}, admin);
      const spare = { code: 403, msg: '角色“未使用的新闻角色”拥有您没有的权限，您不能修改、停用或删除它' };
      await refused(rmgr, '/role/saveRole', { id: roleIds.spare_news, code: 'spare_news', name: '改名', permissions: [] }, spare);
      await refused(rmgr, '/role/upRoleFlag', { id: roleIds.spare_news, flag: 0 }, spare);
      await refused(rmgr, `/role/delRole?id=${roleIds.spare_news}`, {}, spare);
      await refused(
        rmgr,
        '/role/upRoleFlag',
        { id: roleIds.news_off, flag: 1 },
        { code: 403, msg: 'Role "停用的新闻角色" holds permissions you do not have; you cannot change, disable or delete it' },
        'en',
      );
    });

    it('changes only the menu settings of menus it holds', async () => {
      const settings = (await t.current.post('/role/getMenuSettings', {}, { token: rmgr })).body.data as {
        id: number;
        routeName: string;
        children: { id: number; routeName: string }[];
      }[];
      const top = (name: string) => settings.find((m) => m.routeName === name)!;
      const child = (parent: string, name: string) => top(parent).children.find((c) => c.routeName === name)!;
      await refused(
        rmgr,
        '/role/saveMenuSetting',
        { id: child('UserInfo', 'UserInfoList').id, isHidden: true },
        {
          code: 403,
          msg: '不能修改您自己没有的菜单“用户列表”',
        },
      );
      // a first level needs every entry under it (系统管理 holds Webhook, which this account lacks)
      await refused(
        rmgr,
        '/role/saveMenuSetting',
        { id: top('System').id, title: '我的系统' },
        {
          code: 403,
          msg: '不能修改您自己没有的菜单“系统管理”',
        },
      );
      const ok = await t.current.post('/role/saveMenuSetting', { id: child('System', 'MenuSettings').id, title: '菜单' }, { token: rmgr });
      expect(ok.body.code).toBe(200);
      expect((await asAdmin('/role/saveMenuSetting', { id: child('System', 'MenuSettings').id, title: '' })).body.code).toBe(200);
    });

    it('has no way to accounts at all', async () => {
      await refused(
        rmgr,
        '/userInfo/saveUserInfo',
        { id: ids.rmgr, userName: 'rmgr', roleIds: [roleIds.admin] },
        {
          code: 403,
          msg: '没有权限执行此操作',
        },
      );
    });
  });

  describe('an account holding 用户管理 and news', () => {
    it('assigns roles within its grants and touches accounts they cover, nothing more', async () => {
      // the accounts it changes are its own (the shared plain, newsy and umgr keep their roles and passwords for the other tests)
      await saveUser('uplain', []);
      await saveUser('unewsy', ['news_ed']);
      await saveUser('uumgr', ['user_mgr']);
      const unews = await t.current.login('unews', PW);
      const as = (path: string, body?: unknown) => t.current.post(path, body, { token: unews });
      expect((await as('/userInfo/saveUserInfo', { id: ids.uplain, userName: 'uplain', roleIds: [roleIds.news_ed] })).body.code).toBe(200);
      expect(await rolesOfUser(ids.uplain)).toEqual([roleIds.news_ed]);
      expect((await as('/userInfo/resetPassword', { id: ids.unewsy, password: NEW_PW })).body.code).toBe(200);
      expect((await as(`/userInfo/upUserInfoFlag?id=${ids.unewsy}&flag=0`)).body.code).toBe(200);
      expect((await as(`/userInfo/upUserInfoFlag?id=${ids.unewsy}&flag=1`)).body.code).toBe(200);
      // a user manager holds less than this account: touched too
      expect((await as('/userInfo/resetPassword', { id: ids.uumgr, password: NEW_PW })).body.code).toBe(200);
      // not its own roles, not the role manager, not the admin role
      await refused(
        unews,
        '/userInfo/saveUserInfo',
        { id: ids.unews, userName: 'unews', roleIds: [roleIds.user_news, roleIds.news_ed] },
        {
          code: 409,
          msg: '不能修改当前登录账号自己的角色',
        },
      );
      await refused(
        unews,
        '/userInfo/resetPassword',
        { id: ids.rmgr, password: NEW_PW },
        {
          code: 403,
          msg: '账号“rmgr”拥有您没有的权限，您不能修改、重置、停用、解锁或删除它',
        },
      );
      // the list offers the same: the user managers yes, the role manager and the administrator no
      const access = await listAccess(unews);
      expect([access.umgr, access.uumgr, access.newsy, access.unewsy, access.rmgr, access.admin]).toEqual([
        { mayTouch: true },
        { mayTouch: true },
        { mayTouch: true },
        { mayTouch: true },
        { mayTouch: false, touchRefusal: 'userInfo.notCovered' },
        { mayTouch: false, touchRefusal: 'userInfo.adminOnly' },
      ]);
      await writesAgree(unews, ids.unews, access);
      await refused(
        unews,
        '/userInfo/saveUserInfo',
        { id: ids.uplain, userName: 'uplain', roleIds: [roleIds.editor] },
        {
          code: 403,
          msg: '不能分配角色“内容编辑”：它拥有您没有的权限',
        },
      );
    });
  });

  describe('an account holding only 在线用户 (强退)', () => {
    it('cannot force out the administrator or an account holding more than it does; forces out one it covers', async () => {
      // accounts of its own (other tests change passwords and roles of the shared ones)
      await saveRole('online_mgr', '在线用户管理员', ['menu:OnlineList', '/monitor/forceLogout']);
      await saveUser('omgr', ['online_mgr']);
      await saveUser('orich', ['user_mgr']);
      // an account it covers: one holding the same as it does (an account without a usable role cannot sign in)
      await saveUser('oplain', ['online_mgr']);
      const omgr = await t.current.login('omgr', PW);
      const sessionOf = async (userName: string) => {
        await t.current.login(userName, userName === 'admin' ? undefined : PW);
        const row = await db()
          .selectFrom('sys_session')
          .select('id')
          .where('user_id', '=', ids[userName])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      await refused(
        omgr,
        '/monitor/forceLogout',
        { ids: [await sessionOf('admin')] },
        { code: 403, msg: '只有超级管理员可以强制超级管理员账号“admin”退出登录' },
      );
      await refused(
        omgr,
        '/monitor/forceLogout',
        { ids: [await sessionOf('orich')] },
        { code: 403, msg: '账号“orich”拥有您没有的权限，您不能强制它退出登录' },
      );
      const plain = await sessionOf('oplain');
      expect((await t.current.post('/monitor/forceLogout', { ids: [plain] }, { token: omgr })).body.code).toBe(200);
      // ended, its row kept to tell its holder why (您已被管理员强制下线)
      expect(await db().selectFrom('sys_session').select(['expires_at', 'end_reason']).where('id', '=', plain).executeTakeFirst()).toEqual({
        expires_at: 0,
        end_reason: 'forced',
      });
    });
  });

  describe('the administrator', () => {
    it('still grants anything: an admin account, any role, another admin reset, disabled and deleted', async () => {
      const made = await asAdmin('/userInfo/saveUserInfo', { userName: 'admin2', password: PW, enableFlag: 1, roleIds: [roleIds.admin] });
      expect(made.body).toMatchObject({ code: 200, data: { roleNames: '超级管理员' } });
      const id2 = made.body.data.id;
      expect((await asAdmin('/userInfo/resetPassword', { id: id2, password: NEW_PW })).body.code).toBe(200);
      expect(
        (await asAdmin('/userInfo/saveUserInfo', { id: id2, userName: 'admin2', roleIds: [roleIds.admin, roleIds.news_ed] })).body.code,
      ).toBe(200);
      expect((await asAdmin(`/userInfo/upUserInfoFlag?id=${id2}&flag=0`)).body.code).toBe(200);
      expect((await asAdmin('/userInfo/delUserInfo', [id2])).body.code).toBe(200);
      // a role held by an account, edited into every key (its own: the shared 角色管理员 keeps its keys for the other tests)
      await saveRole('any_mgr', '任意角色管理员', ROLE_KEYS);
      await saveUser('anymgr', ['any_mgr']);
      const role = await asAdmin('/role/saveRole', {
        id: roleIds.any_mgr,
        code: 'any_mgr',
        name: '任意角色管理员',
        permissions: EVERY_KEY,
      });
      expect(role.body.code).toBe(200);
      expect(role.body.data.permissions.length).toBe(EVERY_KEY.length);
      // a menu setting of anything; its own account keeps its roles and its own admin role
      const settings = (await asAdmin('/role/getMenuSettings')).body.data as { id: number; routeName: string }[];
      const system = settings.find((m) => m.routeName === 'System')!;
      expect((await asAdmin('/role/saveMenuSetting', { id: system.id, title: '系统' })).body.code).toBe(200);
      expect((await asAdmin('/role/saveMenuSetting', { id: system.id, title: '' })).body.code).toBe(200);
      await refused(
        admin,
        '/userInfo/saveUserInfo',
        { id: ids.admin, userName: 'admin', roleIds: [roleIds.editor] },
        {
          code: 409,
          msg: '不能取消当前登录账号自己的超级管理员角色',
        },
      );
    });
  });
});
