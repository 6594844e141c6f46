import { userInfoEndpoints } from '@gk/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('user accounts on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  let adminId = 0;
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const userRow = (userName: string) =>
    t.current.ctx.db.selectFrom('sys_user').selectAll().where('user_name', '=', userName).executeTakeFirst();
  const sessionsOf = async (userId: number) =>
    Number(
      (
        await t.current.ctx.db
          .selectFrom('sys_session')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** the accounts the create tests make: zhangsan (an enabled editor) and lisi (disabled) */
  const accounts = async () => {
    expect((await post('/userInfo/saveUserInfo', { userName: 'zhangsan', password: 'Zhang_san1', enableFlag: 1 })).body.code).toBe(200);
    expect((await post('/userInfo/saveUserInfo', { userName: 'lisi', password: 'Lisi_12345', flag: 0 })).body.code).toBe(200);
  };

  beforeAll(async () => {
    token = await t.current.login();
    adminId = (await userRow('admin'))!.id;
  });

  // every test starts with the administrator's account only, whatever ran before it, and makes the others it needs
  beforeEach(async () => {
    const others = await t.current.ctx.db.selectFrom('sys_user').select('id').where('id', '<>', adminId).execute();
    if (others.length)
      expect(
        (
          await post(
            '/userInfo/delUserInfo',
            others.map((r) => r.id),
          )
        ).body.code,
      ).toBe(200);
  });

  describe('create', () => {
    it('creates an editor account with a hashed password, never returning it', async () => {
      const r = await post('/userInfo/saveUserInfo', { userName: 'zhangsan ', password: 'Zhang_san1', enableFlag: 1 });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      const u = r.body.data;
      expect(u).toMatchObject({ userName: 'zhangsan', enableFlag: 1, flag: 1, roleNames: '内容编辑' });
      expect(u.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt|argon|Zhang_san1/i);
      const row = await userRow('zhangsan');
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword('Zhang_san1', row!.password_hash)).toBe(true);
      const userToken = await t.current.login('zhangsan', 'Zhang_san1');
      const info = await t.current.post('/user/info', {}, { token: userToken });
      expect(info.body.data.roles).toEqual(['editor']);
    });

    it('accepts flag for enableFlag', async () => {
      const r = await post('/userInfo/saveUserInfo', { userName: 'lisi', password: 'Lisi_12345', flag: 0 });
      expect(r.body.data).toMatchObject({ userName: 'lisi', enableFlag: 0, flag: 0 });
    });

    it('checks every rule with its message', async () => {
      await accounts();
      const cases: [unknown, string][] = [
        [{ password: 'Abc_12345', enableFlag: 1 }, '用户名不得为空'],
        [{ userName: '  ', password: 'Abc_12345', enableFlag: 1 }, '用户名不得为空'],
        [{ userName: ' wangwu', password: 'Abc_12345', enableFlag: 1 }, '必填'],
        [{ userName: 'zhangsan', password: 'Abc_12345', enableFlag: 1 }, '用户名已存在'],
        [{ userName: 'wangwu', enableFlag: 1 }, '密码不得为空'],
        [{ userName: 'wangwu', password: '', enableFlag: 1 }, '密码不得为空'],
        [{ userName: 'wangwu', password: 'a'.repeat(31), enableFlag: 1 }, '密码不得超过30位'],
        [{ userName: 'wangwu', password: 'Abc_123', enableFlag: 1 }, '密码不得少于8位'],
        [{ userName: 'wangwu', password: 'Abc-1234', enableFlag: 1 }, '密码仅由英文字母，数字以及下划线组成'],
        [{ userName: 'wangwu', password: '密码密码密码密码', enableFlag: 1 }, '密码仅由英文字母，数字以及下划线组成'],
        [{ userName: 'wangwu', password: 'Abc_12345' }, '启用状态不得为空'],
        [{ userName: 'wangwu', password: 'Abc_12345', enableFlag: 2 }, '只能是 0 或 1'],
      ];
      for (const [body, msg] of cases) {
        const r = await post('/userInfo/saveUserInfo', body);
        expect(r.body, JSON.stringify(body)).toEqual({ code: r.status, msg });
        expect([400, 409]).toContain(r.status);
      }
      expect(await userRow('wangwu')).toBeUndefined();
      expect((await post('/userInfo/saveUserInfo', { userName: 'wangwu', password: 'a'.repeat(31), enableFlag: 1 }, 'en')).body.msg).toBe(
        'Password must not exceed 30 characters',
      );
      expect((await post('/userInfo/saveUserInfo', { userName: '', password: 'Abc_12345', enableFlag: 1 }, 'en')).body.msg).toBe(
        'User name must not be empty',
      );
      expect((await post('/userInfo/saveUserInfo', { userName: 'wangwu', enableFlag: 1 }, 'en')).body.msg).toBe(
        'Password must not be empty',
      );
      expect((await post('/userInfo/saveUserInfo', { userName: 'wangwu', password: 'Abc_1', enableFlag: 1 }, 'es')).body.msg).toBe(
        'La contraseña debe tener al menos 8 caracteres',
      );
    });
  });

  describe('update', () => {
    it('keeps the old password when none is given; a new one is hashed and ends their sessions', async () => {
      await accounts();
      const row = (await userRow('zhangsan'))!;
      const userToken = await t.current.login('zhangsan', 'Zhang_san1');
      const kept = await post('/userInfo/saveUserInfo', { id: row.id, userName: 'zhangsan', password: '', enableFlag: 1 });
      expect(kept.body.code).toBe(200);
      expect((await userRow('zhangsan'))!.password_hash).toBe(row.password_hash);
      expect((await t.current.post('/user/info', {}, { token: userToken })).body.code).toBe(200);

      const bad = await post('/userInfo/saveUserInfo', { id: row.id, userName: 'zhangsan', password: 'short', enableFlag: 1 });
      expect(bad.body).toEqual({ code: 400, msg: '密码不得少于8位' });

      const changed = await post('/userInfo/saveUserInfo', { id: row.id, userName: 'zhangsan', password: 'New_pass_99', enableFlag: 1 });
      expect(changed.body.code).toBe(200);
      expect(await verifyPassword('New_pass_99', (await userRow('zhangsan'))!.password_hash)).toBe(true);
      expect((await t.current.post('/user/info', {}, { token: userToken })).body.code).toBe(50008);
      await t.current.login('zhangsan', 'New_pass_99');
    });

    it('refuses renaming onto another account and unknown ids', async () => {
      await accounts();
      const row = (await userRow('lisi'))!;
      expect((await post('/userInfo/saveUserInfo', { id: row.id, userName: 'zhangsan', enableFlag: 0 })).body).toEqual({
        code: 409,
        msg: '用户名已存在',
      });
      expect((await post('/userInfo/saveUserInfo', { id: 999999, userName: 'ghost', enableFlag: 1 })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });
  });

  describe('list', () => {
    it('pages with rows and total, filters by user name, enableFlag (or flag) and creation date', async () => {
      await accounts();
      const all = await post('/userInfo/getUserInfoPage', { pageNumber: 1, pageSize: 10 });
      expect(all.body).toMatchObject({ code: 200, total: 3 });
      const admin = all.body.rows.find((r: { userName: string }) => r.userName === 'admin');
      expect(admin).toMatchObject({ id: adminId, enableFlag: 1, flag: 1, roleNames: '超级管理员' });
      for (const r of all.body.rows) {
        // no password; `mayTouch`: what the caller may do to the account (the administrator: everything)
        // issue 25: department, 姓名, 手机, 邮箱 and whether the throttle locked it
        expect(Object.keys(r).sort()).toEqual([
          'createTime',
          'deptId',
          'deptName',
          'email',
          'enableFlag',
          'flag',
          'id',
          'locked',
          'mayTouch',
          'nickName',
          'phone',
          'roleNames',
          'userName',
        ]);
        expect(r.mayTouch).toBe(true);
      }
      expect(
        (await post('/userInfo/getUserInfoPage', { userName: 'ZHANG' })).body.rows.map((r: { userName: string }) => r.userName),
      ).toEqual(['zhangsan']);
      const off = await post('/userInfo/getUserInfoPage', { enableFlag: 0 });
      expect(off.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['lisi']);
      expect((await post('/userInfo/getUserInfoPage', { flag: '1' })).body.total).toBe(2);
      const today = (await userRow('lisi'))!.create_time.slice(0, 10);
      expect((await post('/userInfo/getUserInfoPage', { startTime: today, endTime: today })).body.total).toBe(3);
      expect((await post('/userInfo/getUserInfoPage', { startTime: '2000-01-01', endTime: '2000-12-31' })).body.total).toBe(0);
      expect((await post('/userInfo/getUserInfoPage', { startTime: '2020-02-01', endTime: '2020-01-01' })).body).toEqual({
        code: 400,
        msg: '开始时间不能晚于结束时间',
      });
    });
  });

  describe('showPassWord', () => {
    it('never shows a password', async () => {
      await accounts();
      const row = (await userRow('zhangsan'))!;
      const r = await post(`/userInfo/showPassWord?id=${row.id}`);
      expect(r.body).toEqual({
        code: 200,
        msg: '密码已加密保存，无法查看；如需更改请重置密码',
        data: { id: row.id, userName: 'zhangsan' },
      });
      expect((await post(`/userInfo/showPassWord?id=${row.id}`, undefined, 'en')).body.msg).toBe(
        'Passwords are stored encrypted and cannot be shown; reset it instead',
      );
      expect((await post('/userInfo/showPassWord?id=999999')).body.code).toBe(404);
    });
  });

  describe('enable flag, delete and their guards', () => {
    it('disabling a user ends their sessions at once; enabling lets them log in again', async () => {
      const id = await insertUser(t.current.ctx, 'zhaoliu', 'Zhao_liu123', ['editor']);
      const userToken = await t.current.login('zhaoliu', 'Zhao_liu123');
      expect(await sessionsOf(id)).toBe(1);
      const r = await post(`/userInfo/upUserInfoFlag?id=${id}&enableFlag=0`);
      expect(r.body).toEqual({ code: 200, msg: '操作成功' });
      expect(await sessionsOf(id)).toBe(0);
      expect((await t.current.post('/user/info', {}, { token: userToken })).body.code).toBe(50008);
      expect((await t.current.post('/login/doLogin', { username: 'zhaoliu', password: 'Zhao_liu123' })).body.code).toBe(403);
      expect((await post('/userInfo/upUserInfoFlag', { id, flag: 1 })).body.code).toBe(200);
      await t.current.login('zhaoliu', 'Zhao_liu123');
      expect((await post('/userInfo/upUserInfoFlag', { id, enableFlag: 3 })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    });

    it('nobody can disable or delete their own account', async () => {
      const off = await post(`/userInfo/upUserInfoFlag?id=${adminId}&flag=0`);
      expect(off.status).toBe(409);
      expect(off.body).toEqual({ code: 409, msg: '不能删除或停用当前登录的账号' });
      const save = await post('/userInfo/saveUserInfo', { id: adminId, userName: 'admin', enableFlag: 0 }, 'en');
      expect(save.body).toEqual({ code: 409, msg: 'You cannot delete or disable the account you are logged in with' });
      const del = await post('/userInfo/delUserInfo', [adminId]);
      expect(del.body).toEqual({ code: 409, msg: '不能删除或停用当前登录的账号' });
      const row = (await userRow('admin'))!;
      expect(row.enable_flag).toBe(1);
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200);
    });

    it('only an administrator disables or deletes an administrator (the last one is never left without)', async () => {
      // a user manager that is not an admin: a role granted the userInfo permissions only
      const { ctx } = t.current;
      const role = await ctx.db
        .insertInto('sys_role')
        .values({ code: 'usermgr', name: '账号管理员' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('sys_role_permission')
        .values(Object.values(userInfoEndpoints).map((e) => ({ role_id: role.id, permission_key: e.path })))
        .execute();
      const mgrId = await insertUser(ctx, 'usermgr1', 'User_mgr123', ['usermgr']);
      const mgr = await t.current.login('usermgr1', 'User_mgr123');
      const asMgr = (path: string, body?: unknown) => t.current.post(path, body, { token: mgr });

      const adminOnly = { code: 403, msg: '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“admin”' };
      expect((await asMgr(`/userInfo/upUserInfoFlag?id=${adminId}&flag=0`)).body).toEqual(adminOnly);
      expect((await asMgr('/userInfo/delUserInfo', [adminId])).body).toEqual(adminOnly);
      expect((await userRow('admin'))!.enable_flag).toBe(1);

      // a second admin: the manager may not touch it either; the administrator may
      const admin2 = await insertUser(ctx, 'admin2', 'Admin2_12345', ['admin']);
      expect((await asMgr(`/userInfo/upUserInfoFlag?id=${admin2}&flag=0`)).body.code).toBe(403);
      expect((await userRow('admin2'))!.enable_flag).toBe(1);
      expect((await post(`/userInfo/upUserInfoFlag?id=${admin2}&flag=0`)).body.code).toBe(200);
      expect((await post('/userInfo/delUserInfo', [adminId, admin2])).body).toEqual({ code: 409, msg: '不能删除或停用当前登录的账号' });
      expect((await post('/userInfo/delUserInfo', [admin2])).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await asMgr('/userInfo/delUserInfo', [mgrId])).body.msg).toBe('不能删除或停用当前登录的账号');
    });

    it('deletes several accounts at once, their sessions and roles with them; all or none', async () => {
      const a = await insertUser(t.current.ctx, 'del_a', 'Del_a_12345', ['editor']);
      const b = await insertUser(t.current.ctx, 'del_b', 'Del_b_12345', ['editor']);
      const tokenA = await t.current.login('del_a', 'Del_a_12345');
      expect((await post('/userInfo/delUserInfo', [a, 999999])).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
      expect(await userRow('del_a')).toBeDefined();
      expect((await post('/userInfo/delUserInfo', [])).body).toEqual({ code: 400, msg: '请选择要删除的数据' });
      const r = await post('/userInfo/delUserInfo', [a, b]);
      expect(r.body).toEqual({ code: 200, msg: '删除成功' });
      expect(await userRow('del_a')).toBeUndefined();
      expect(await sessionsOf(a)).toBe(0);
      const roles = await t.current.ctx.db.selectFrom('sys_user_role').selectAll().where('user_id', 'in', [a, b]).execute();
      expect(roles).toEqual([]);
      expect((await t.current.post('/user/info', {}, { token: tokenA })).body.code).toBe(50008);
    });
  });

  describe('permissions', () => {
    it('an editor gets 403 on every userInfo call', async () => {
      await accounts();
      await insertUser(t.current.ctx, 'editor9', 'Editor_99999', ['editor']);
      const editor = await t.current.login('editor9', 'Editor_99999');
      const target = (await userRow('zhangsan'))!.id;
      const calls: [string, unknown][] = [
        ['/userInfo/getUserInfoPage', {}],
        ['/userInfo/saveUserInfo', { userName: 'hacker', password: 'Hacker_123', enableFlag: 1 }],
        ['/userInfo/delUserInfo', [target]],
        [`/userInfo/upUserInfoFlag?id=${target}&flag=0`, {}],
        [`/userInfo/showPassWord?id=${target}`, {}],
      ];
      for (const [path, body] of calls) {
        const r = await t.current.post(path, body, { token: editor });
        expect(r.status, path).toBe(403);
        expect(r.body, path).toEqual({ code: 403, msg: '没有权限执行此操作' });
      }
      expect(await userRow('hacker')).toBeUndefined();
      expect((await userRow('zhangsan'))!.enable_flag).toBe(1);
    });
  });
});
