import { defineEndpoints, defineResource, roleEndpoints } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';

/**
 * A module seen only by this test: its description declares a menu, its endpoints are declared as usual, and nothing
 * else is registered. The seed gives it its menu rows, the role editor its buttons, admin and the editor role hold it.
 */
const eps = defineEndpoints('testCareer', {
  list: { path: '/testCareer/getTestCareerPage', kind: 'read', name: '测试招聘列表' },
  save: { path: '/testCareer/saveTestCareer', kind: 'write', name: '保存测试招聘' },
  publish: { path: '/testCareer/publishTestCareer', kind: 'write', name: '发布测试招聘' },
});
defineResource({
  name: 'testCareer',
  module: 'testCareer',
  table: 'test_career',
  label: 'testCareer.entity',
  fields: [{ name: 'title', type: 'text', label: 'policy.f.title', list: true }],
  save: z.object({ title: z.string() }),
  filters: [],
  endpoints: { list: eps.list, save: eps.save },
  del: 'ids',
  order: [],
  menu: {
    url: '/testCareer',
    routeName: 'TestCareer',
    title: '测试招聘管理',
    icon: 'SolutionOutlined',
    after: '/banner',
    list: { url: '/testCareer/testCareer-list', routeName: 'TestCareerList', title: '测试招聘列表', icon: 'UnorderedListOutlined' },
    details: { url: '/testCareer/testCareer-details', routeName: 'TestCareerDetails', title: '测试招聘详情', icon: 'EditOutlined' },
  },
});

const GROUP = {
  url: '/testCareer',
  routeName: 'TestCareer',
  title: '测试招聘管理',
  icon: 'SolutionOutlined',
  isHidden: false,
  children: [
    {
      url: '/testCareer/testCareer-list',
      routeName: 'TestCareerList',
      title: '测试招聘列表',
      icon: 'UnorderedListOutlined',
      isHidden: false,
      children: [],
    },
    {
      url: '/testCareer/testCareer-details',
      routeName: 'TestCareerDetails',
      title: '测试招聘详情',
      icon: 'EditOutlined',
      isHidden: true,
      children: [],
    },
  ],
};

describe.each(DIALECTS)('a menu declared by a resource description on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  beforeAll(async () => {
    admin = await t.current.login();
  });
  const info = async (token: string) => (await t.current.post('/user/info', {}, { token })).body.data;

  it("is seeded and handed out after 轮播图管理, with its module's write calls as the administrator's buttons", async () => {
    const data = await info(admin);
    const names = data.menus.map((m: { routeName: string }) => m.routeName);
    expect(names[names.indexOf('Banner') + 1]).toBe('TestCareer');
    expect(data.menus.find((m: { routeName: string }) => m.routeName === 'TestCareer')).toEqual(GROUP);
    const buttons = data.buttons.map((b: { url: string }) => b.url);
    expect(buttons).toEqual(expect.arrayContaining(['/testCareer/saveTestCareer', '/testCareer/publishTestCareer']));
  });

  it('puts its buttons under its group in the role editor, and a role granted them gets the menu, its reads and those buttons', async () => {
    const tree = await t.current.post('/role/getPermissionTree', undefined, { token: admin });
    const group = tree.body.data.find((n: { key: string }) => n.key === 'menu:TestCareer');
    expect(group.children.map((c: { key: string }) => c.key)).toEqual(['menu:TestCareerList']);
    expect(group.children[0].children.map((c: { key: string }) => c.key)).toEqual([
      '/testCareer/saveTestCareer',
      '/testCareer/publishTestCareer',
    ]);
    // the button alone grants its screen, and the details screen follows the list
    const keys = ['/testCareer/saveTestCareer'];
    const saved = await t.current.post('/role/saveRole', { code: 'career_ed', name: '招聘编辑', permissions: keys }, { token: admin });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功' });
    const uid = await insertUser(t.current.ctx, 'career-only', 'Career_only_12', []);
    const role = await t.current.ctx.db.selectFrom('sys_role').select('id').where('code', '=', 'career_ed').executeTakeFirstOrThrow();
    await t.current.ctx.db.insertInto('sys_user_role').values({ user_id: uid, role_id: role.id }).execute();
    const data = await info(await t.current.login('career-only', 'Career_only_12'));
    expect(data.menus).toEqual([GROUP]);
    expect(data.buttons.map((b: { url: string }) => b.url)).toEqual(['/testCareer/saveTestCareer']);
    const granted = await t.current.ctx.db
      .selectFrom('sys_role_permission')
      .select('permission_key')
      .where('role_id', '=', role.id)
      .execute();
    expect(granted.map((g) => g.permission_key).sort()).toEqual(['/testCareer/getTestCareerPage', '/testCareer/saveTestCareer']);
  });

  it('is held by the editor role as seeded (not an administrators-only module)', async () => {
    await insertUser(t.current.ctx, 'career-editor', 'Career_edit_12', ['editor']);
    const data = await info(await t.current.login('career-editor', 'Career_edit_12'));
    expect(data.menus.map((m: { routeName: string }) => m.routeName)).toContain('TestCareer');
  });

  it('cannot be granted by a role manager who lacks its keys: a climb to its publish button is refused and saves nothing', async () => {
    const roleKeys = [
      'menu:RoleList',
      'menu:RoleDetails',
      ...Object.values(roleEndpoints)
        .filter((e) => e.kind === 'write')
        .map((e) => e.path),
    ];
    const mine = [...roleKeys, 'menu:TestCareerList', '/testCareer/saveTestCareer'];
    const made = await t.current.post(
      '/role/saveRole',
      { code: 'career_mgr', name: '招聘角色管理员', permissions: mine },
      { token: admin },
    );
    expect(made.body).toMatchObject({ code: 200 });
    await insertUser(t.current.ctx, 'career-mgr', 'Career_mgr_123', ['career_mgr']);
    const mgr = await t.current.login('career-mgr', 'Career_mgr_123');
    const climb = await t.current.post(
      '/role/saveRole',
      { code: 'career_pub', name: '招聘发布', permissions: ['menu:TestCareerList', '/testCareer/publishTestCareer'] },
      { token: mgr },
    );
    expect(climb.status).toBe(403);
    expect(climb.body).toEqual({ code: 403, msg: '不能授予您自己没有的权限：发布测试招聘' });
    expect(await t.current.ctx.db.selectFrom('sys_role').select('id').where('code', '=', 'career_pub').executeTakeFirst()).toBeUndefined();
    // within its grants it still works
    const within = await t.current.post(
      '/role/saveRole',
      { code: 'career_save', name: '招聘保存', permissions: ['menu:TestCareerList', '/testCareer/saveTestCareer'] },
      { token: mgr },
    );
    expect(within.body).toMatchObject({ code: 200, msg: '保存成功' });
  });
});
