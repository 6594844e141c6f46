import type { DeptNode } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';

/** Departments, the user dialog's 部门 / 姓名 / 手机 / 邮箱, a role's 数据权限 and 分配用户 (issue 25). */
describe.each(DIALECTS)('departments, users and role assignment on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, tk = token, lang?: string) =>
    t.current.post(path, body, { token: tk, headers: lang ? { lang } : {} });
  const find = (nodes: DeptNode[], name: string): DeptNode | undefined => {
    for (const n of nodes) {
      if (n.name === name) return n;
      const c = find(n.children ?? [], name);
      if (c) return c;
    }
    return undefined;
  };
  const tree = async () => (await post('/dept/getDeptTree')).body.data as DeptNode[];
  const ancestors = async (id: number) =>
    (await t.current.ctx.db.selectFrom('sys_dept').select('ancestors').where('id', '=', id).executeTakeFirstOrThrow()).ancestors;
  const roleId = async (code: string) =>
    Number((await t.current.ctx.db.selectFrom('sys_role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  let root = 0;
  let shenzhen = 0;
  let szTeam = 0;
  let shanghai = 0;

  beforeAll(async () => {
    token = await t.current.login();
    root = (await tree())[0].id;
    shenzhen = (await post('/dept/saveDept', { parentId: root, name: '深圳分公司', sortNo: 1 })).body.data.id;
    shanghai = (await post('/dept/saveDept', { parentId: root, name: '上海分公司', sortNo: 2 })).body.data.id;
    szTeam = (await post('/dept/saveDept', { parentId: shenzhen, name: '深圳编辑部' })).body.data.id;
  });

  it('answers the tree under 总公司 and keeps ancestors through a move', async () => {
    const nodes = await tree();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ name: '总公司', parentId: null });
    expect(nodes[0].children?.map((c) => c.name)).toEqual(['深圳分公司', '上海分公司']);
    expect(find(nodes, '深圳分公司')?.children?.map((c) => c.name)).toEqual(['深圳编辑部']);
    expect(await ancestors(szTeam)).toBe(`${root},${shenzhen}`);

    // a branch moved under 上海 takes its team along
    const moved = await post('/dept/saveDept', { id: shenzhen, parentId: shanghai, name: '深圳分公司' });
    expect(moved.body.code).toBe(200);
    expect(await ancestors(shenzhen)).toBe(`${root},${shanghai}`);
    expect(await ancestors(szTeam)).toBe(`${root},${shanghai},${shenzhen}`);
    expect((await post('/dept/saveDept', { id: shenzhen, parentId: root, name: '深圳分公司' })).body.code).toBe(200);
    expect(await ancestors(szTeam)).toBe(`${root},${shenzhen}`);
  });

  it('places a department without parent under 总公司; refuses an unknown parent, a loop, a duplicate sibling name and moving the root', async () => {
    const orphan = await post('/dept/saveDept', { name: '无上级' });
    expect(orphan.body.data).toMatchObject({ parentId: root });
    expect((await post(`/dept/delDept?id=${orphan.body.data.id}`)).body.code).toBe(200);
    expect((await post('/dept/saveDept', { parentId: 999999, name: '孤儿' })).body).toEqual({ code: 400, msg: '上级部门不存在' });
    expect((await post('/dept/saveDept', { id: shenzhen, parentId: szTeam, name: '深圳分公司' })).body).toEqual({
      code: 400,
      msg: '上级部门不能是它自己或它的下级部门',
    });
    expect((await post('/dept/saveDept', { parentId: root, name: '深圳分公司' })).body).toEqual({
      code: 409,
      msg: '同一上级部门下已有名为“深圳分公司”的部门',
    });
    expect((await post('/dept/saveDept', { id: root, parentId: shenzhen, name: '总公司' })).body.msg).toBe(
      '总公司是部门树的根，不能移动或删除',
    );
    expect((await post('/dept/saveDept', { name: '', parentId: root }, token, 'en')).body.msg).toBe('Department name must not be empty');
  });

  it('a user has a department, 姓名, 手机 and 邮箱 (姓名 and 手机 are 个人中心 name and tel); the list filters by department and below', async () => {
    const editor = await roleId('editor');
    const saved = await post('/userInfo/saveUserInfo', {
      userName: 'sz-editor',
      password: 'Sz_editor_1',
      enableFlag: 1,
      roleIds: [editor],
      deptId: szTeam,
      nickName: '深圳小王',
      phone: '13800138000',
      email: 'wang@example.com',
    });
    expect(saved.body).toMatchObject({
      code: 200,
      data: { nickName: '深圳小王', phone: '13800138000', email: 'wang@example.com', deptId: szTeam, deptName: '深圳编辑部' },
    });
    const row = await t.current.ctx.db
      .selectFrom('sys_user')
      .select(['name', 'tel', 'dept_id'])
      .where('user_name', '=', 'sz-editor')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '深圳小王', tel: '13800138000', dept_id: szTeam });
    const userToken = await t.current.login('sz-editor', 'Sz_editor_1');
    await post('/user/updateProfile', { name: '王深圳' }, userToken);
    expect((await post(`/userInfo/getUserInfo?id=${saved.body.data.id}`)).body.data.nickName).toBe('王深圳');

    // no department named: the head office; 姓名 blank: the user name
    const plain = await post('/userInfo/saveUserInfo', { userName: 'hq-user', password: 'Hq_user_123', enableFlag: 1, roleIds: [editor] });
    expect(plain.body.data).toMatchObject({ deptId: root, deptName: '总公司', nickName: 'hq-user' });

    const names = async (deptId: number) =>
      (await post('/userInfo/getUserInfoPage', { deptId, pageSize: 100 })).body.rows.map((u: { userName: string }) => u.userName);
    expect(await names(shenzhen)).toEqual(['sz-editor']);
    expect(await names(szTeam)).toEqual(['sz-editor']);
    expect(await names(shanghai)).toEqual([]);
    expect(await names(root)).toEqual(expect.arrayContaining(['sz-editor', 'hq-user', 'admin']));

    expect((await post('/userInfo/saveUserInfo', { id: saved.body.data.id, userName: 'sz-editor', phone: '123' })).body).toEqual({
      code: 400,
      msg: '请输入正确的电话号码或者固话号码',
    });
    expect((await post('/userInfo/saveUserInfo', { id: saved.body.data.id, userName: 'sz-editor', email: 'x@' })).body).toEqual({
      code: 400,
      msg: '请输入正确的邮箱地址',
    });
    expect((await post('/userInfo/saveUserInfo', { id: saved.body.data.id, userName: 'sz-editor', deptId: 999999 })).body).toEqual({
      code: 400,
      msg: '所选部门不存在',
    });
    // an empty role list is refused; an update that leaves roles out keeps them
    expect(
      (await post('/userInfo/saveUserInfo', { userName: 'no-role', password: 'No_role_123', enableFlag: 1, roleIds: [] })).body,
    ).toEqual({
      code: 400,
      msg: '请至少选择一个角色',
    });
    await post('/userInfo/saveUserInfo', { id: saved.body.data.id, userName: 'sz-editor', email: '' });
    expect((await post(`/userInfo/getUserInfo?id=${saved.body.data.id}`)).body.data).toMatchObject({ roleIds: [editor], email: '' });
  });

  it('refuses deleting a department with children or users, naming them', async () => {
    expect((await post(`/dept/delDept?id=${shenzhen}`)).body).toEqual({
      code: 409,
      msg: '部门“深圳分公司”还有下级部门：深圳编辑部，请先删除或移走它们',
    });
    expect((await post(`/dept/delDept?id=${szTeam}`)).body).toEqual({
      code: 409,
      msg: '部门“深圳编辑部”还有用户：sz-editor，请先把这些用户调到其他部门',
    });
    expect((await post(`/dept/delDept?id=${root}`)).body.code).toBe(409);
    const empty = (await post('/dept/saveDept', { parentId: shanghai, name: '临时组' })).body.data.id;
    // a record the department's former members made moves up to 上海 with it gone
    await t.current.app.ready();
    const db = t.current.ctx.db;
    await db.insertInto('record_owner').values({ resource: 'news', record_id: 987654, dept_id: empty, user_id: null }).execute();
    expect((await post(`/dept/delDept?id=${empty}`)).body.code).toBe(200);
    expect(find(await tree(), '临时组')).toBeUndefined();
    const owner = await db
      .selectFrom('record_owner')
      .select('dept_id')
      .where('resource', '=', 'news')
      .where('record_id', '=', 987654)
      .executeTakeFirst();
    expect(owner?.dept_id).toBe(shanghai);
  });

  it("a new record is its creator's, even where an owner row of its id was left behind", async () => {
    const db = t.current.ctx.db;
    await post('/news/saveNewsType', { code: 'own', name: '归属测试' });
    const first = (await post('/news/saveNews', { title: '归属一', type: 'own' })).body.data.id as number;
    // a row no record holds (a restore or a hand edit can leave one): the next record takes it over
    await db
      .insertInto('record_owner')
      .values({ resource: 'news', record_id: first + 1, dept_id: shanghai, user_id: null })
      .execute();
    const second = (await post('/news/saveNews', { title: '归属二', type: 'own' })).body.data.id as number;
    expect(second).toBe(first + 1);
    const admin = await db.selectFrom('sys_user').select(['id', 'dept_id']).where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const owners = await db
      .selectFrom('record_owner')
      .select(['record_id', 'dept_id', 'user_id'])
      .where('resource', '=', 'news')
      .where('record_id', 'in', [first, second])
      .orderBy('record_id')
      .execute();
    expect(owners.map((o) => [Number(o.record_id), Number(o.dept_id), Number(o.user_id)])).toEqual([
      [first, Number(admin.dept_id), Number(admin.id)],
      [second, Number(admin.dept_id), Number(admin.id)],
    ]);
  });

  it('a role keeps its data scope and custom departments', async () => {
    const saved = await post('/role/saveRole', { code: 'sz_news', name: '深圳新闻', permissions: ['menu:NewsList'], dataScope: 'dept' });
    expect(saved.body.data).toMatchObject({ dataScope: 'dept', deptIds: [] });
    const id = saved.body.data.id;
    expect((await post(`/role/getRole?id=${id}`)).body.data).toMatchObject({ dataScope: 'dept', deptIds: [] });
    expect((await post('/role/saveRole', { id, code: 'sz_news', name: '深圳新闻', dataScope: 'custom' })).body).toEqual({
      code: 400,
      msg: '自定义数据权限请至少选择一个部门',
    });
    expect((await post('/role/saveRole', { id, code: 'sz_news', name: '深圳新闻', dataScope: 'everything' })).body.code).toBe(400);
    await post('/role/saveRole', { id, code: 'sz_news', name: '深圳新闻', dataScope: 'custom', deptIds: [shenzhen, szTeam] });
    expect((await post(`/role/getRole?id=${id}`)).body.data).toMatchObject({
      dataScope: 'custom',
      deptIds: [shenzhen, szTeam].sort((a, b) => a - b),
    });
    // a save without the scope keeps it
    await post('/role/saveRole', { id, code: 'sz_news', name: '深圳新闻2' });
    expect((await post(`/role/getRole?id=${id}`)).body.data).toMatchObject({ name: '深圳新闻2', dataScope: 'custom' });
    const rows = await t.current.ctx.db.selectFrom('sys_role_dept').select('dept_id').where('role_id', '=', id).execute();
    expect(rows).toHaveLength(2);
    await post('/role/saveRole', { id, code: 'sz_news', name: '深圳新闻', dataScope: 'all' });
    expect((await t.current.ctx.db.selectFrom('sys_role_dept').select('dept_id').where('role_id', '=', id).execute()).length).toBe(0);
    expect((await post('/role/getDeptTree')).body.data[0].name).toBe('总公司');
    expect((await post('/userInfo/getDeptTree')).body.data[0].name).toBe('总公司');
  });

  it('分配用户: lists holders and candidates, adds and removes in bulk', async () => {
    const rid = (await post('/role/saveRole', { code: 'assign_me', name: '分配测试', permissions: ['menu:NewsList'] })).body.data.id;
    const editor = await roleId('editor');
    const ids: number[] = [];
    for (const n of ['as-a', 'as-b'])
      ids.push(
        (await post('/userInfo/saveUserInfo', { userName: n, password: 'Assign_123', enableFlag: 1, roleIds: [editor] })).body.data.id,
      );
    expect((await post('/role/getRoleUsers', { roleId: rid })).body).toMatchObject({ code: 200, rows: [], total: 0 });
    const cands = await post('/role/getRoleCandidates', { roleId: rid, userName: 'as-' });
    expect(cands.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['as-a', 'as-b']);

    expect((await post('/role/assignUsers', { roleId: rid, userIds: ids })).body).toMatchObject({ code: 200, msg: '已为2个用户分配角色' });
    const holders = await post('/role/getRoleUsers', { roleId: rid, pageNumber: 1, pageSize: 10 });
    expect(holders.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['as-a', 'as-b']);
    expect(holders.body.rows[0]).toMatchObject({ mayTouch: true, deptName: '总公司' });
    expect((await post('/role/unassignUsers', { roleId: rid, userIds: [ids[0]] })).body.msg).toBe('已取消1个用户的角色');
    expect((await post('/role/getRoleUsers', { roleId: rid })).body.total).toBe(1);
    // each in the operation log: the role, and the accounts given or taken
    const logged = (await post('/log/getOperLogPage', { module: 'role', pageNumber: 1, pageSize: 2 })).body.rows;
    expect(logged.map((r: { actionName: string; recordId: number }) => [r.actionName, r.recordId])).toEqual([
      ['取消分配用户', rid],
      ['分配用户', rid],
    ]);
    const entry = (await post(`/log/getOperLog?id=${logged[1].id}`)).body.data;
    expect(JSON.stringify(entry)).toContain('as-a、as-b');
    // the last role of an account stays
    expect((await post('/role/unassignUsers', { roleId: editor, userIds: [ids[0]] })).body).toEqual({
      code: 409,
      msg: '用户“as-a”只有这一个角色，取消后将无法登录，请先为其分配其他角色',
    });
    const me = (await post('/user/getProfile')).body.data.id;
    expect((await post('/role/unassignUsers', { roleId: await roleId('admin'), userIds: [me] })).body).toEqual({
      code: 409,
      msg: '不能修改当前登录账号自己的角色',
    });
    expect((await post('/role/assignUsers', { roleId: rid, userIds: [] })).body.code).toBe(400);
    expect((await post('/role/assignUsers', { roleId: 999999, userIds: ids })).body.code).toBe(404);
  });

  it('climbs are refused: assigning a role beyond the caller, touching an account beyond them, a scope wider than theirs', async () => {
    const manager = (
      await post('/role/saveRole', {
        code: 'user_mgr',
        name: '用户管理员',
        permissions: [
          'menu:UserInfoList',
          '/userInfo/saveUserInfo',
          'menu:RoleList',
          '/role/saveRole',
          '/role/assignUsers',
          '/role/unassignUsers',
        ],
        dataScope: 'dept',
      })
    ).body.data.id;
    const mgrId = (
      await post('/userInfo/saveUserInfo', {
        userName: 'mgr',
        password: 'Manager_123',
        enableFlag: 1,
        roleIds: [manager],
        deptId: shenzhen,
      })
    ).body.data.id;
    const mgr = await t.current.login('mgr', 'Manager_123');
    const editor = await roleId('editor');
    const low = (await post('/role/saveRole', { code: 'low_role', name: '低权限', permissions: ['menu:UserInfoList'] })).body.data.id;
    const target = (await post('/userInfo/saveUserInfo', { userName: 'target', password: 'Target_123', enableFlag: 1, roleIds: [low] }))
      .body.data.id;
    const adminId = (await post('/user/getProfile')).body.data.id;

    // 内容编辑 holds buttons the manager lacks
    expect((await post('/role/assignUsers', { roleId: editor, userIds: [target] }, mgr)).body).toEqual({
      code: 403,
      msg: '不能分配角色“内容编辑”：它拥有您没有的权限',
    });
    // the administrator account is beyond the manager
    expect((await post('/role/assignUsers', { roleId: low, userIds: [adminId] }, mgr)).body.code).toBe(403);
    expect((await post('/role/unassignUsers', { roleId: await roleId('admin'), userIds: [adminId] }, mgr)).body.code).toBe(403);
    // and its own roles stay
    expect((await post('/role/assignUsers', { roleId: low, userIds: [mgrId] }, mgr)).body.code).toBe(409);
    // within its grants it works
    expect((await post('/role/assignUsers', { roleId: low, userIds: [target] }, mgr)).body.code).toBe(200);
    const held = await t.current.ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', adminId).execute();
    expect(held.map((r) => Number(r.role_id))).toEqual([await roleId('admin')]);

    // data scope: 本部门 grants no 全部 and no other branch
    const created = await post(
      '/role/saveRole',
      { code: 'mgr_made', name: '经理建', permissions: ['menu:UserInfoList'], dataScope: 'all' },
      mgr,
    );
    expect(created.body).toEqual({ code: 403, msg: '不能授予超出您自己数据权限的范围：全部数据' });
    expect(
      (
        await post(
          '/role/saveRole',
          { code: 'mgr_made', name: '经理建', permissions: ['menu:UserInfoList'], dataScope: 'custom', deptIds: [shanghai] },
          mgr,
        )
      ).body.code,
    ).toBe(403);
    expect(
      (await post('/role/saveRole', { code: 'mgr_made', name: '经理建', permissions: ['menu:UserInfoList'], dataScope: 'dept' }, mgr)).body
        .code,
    ).toBe(200);
    expect(
      (
        await post(
          '/role/saveRole',
          { code: 'mgr_made2', name: '经理建2', permissions: ['menu:UserInfoList'], dataScope: 'custom', deptIds: [shenzhen] },
          mgr,
        )
      ).body.code,
    ).toBe(200);
  });

  it('用户列表 marks locked accounts; the role filter searches every role', async () => {
    const { ctx } = t.current;
    const editor = await roleId('editor');
    await post('/userInfo/saveUserInfo', { userName: 'locked-one', password: 'Locked_123', enableFlag: 1, roleIds: [editor] });
    for (let i = 0; i < ctx.config.loginMaxFailuresPerAccount; i++)
      await ctx.db.insertInto('sys_login_failure').values({ user_name: 'locked-one', ip: '10.0.0.9', at: ctx.now() }).execute();
    const rows = (await post('/userInfo/getUserInfoPage', { userName: 'locked' })).body.rows;
    expect(rows[0]).toMatchObject({ userName: 'locked-one', locked: true });
    expect((await post('/userInfo/getUserInfoPage', { userName: 'hq-user' })).body.rows[0].locked).toBe(false);

    for (let i = 0; i < 12; i++) await post('/role/saveRole', { code: `many_${i}`, name: `批量角色${i}`, permissions: ['menu:NewsList'] });
    const found = await post('/userInfo/getRoleOptions', { query: '批量角色11', pageNumber: 1, pageSize: 10 });
    expect(found.body.rows.map((r: { name: string }) => r.name)).toEqual(['批量角色11']);
    const second = await post('/userInfo/getRoleOptions', { query: '', pageNumber: 2, pageSize: 10 });
    expect(second.body.rows.length).toBeGreaterThan(0);
    expect((await post('/userInfo/getRoleOptions')).body.rows.length).toBe(second.body.total);
  });
});
