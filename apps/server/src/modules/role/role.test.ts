import { allEndpoints, allPermissionKeys, menuTree } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCore } from '../../auth/seed.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

const NEWS_ONLY = ['menu:NewsType', 'menu:NewsList', '/news/saveNews'];

describe.each(DIALECTS)('roles on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, opts: { token?: string; lang?: string } = {}) =>
    t.current.post(path, body, { token: opts.token ?? token, headers: opts.lang ? { lang: opts.lang } : {} });
  const roleRow = (code: string) => t.current.ctx.db.selectFrom('sys_role').selectAll().where('code', '=', code).executeTakeFirst();
  const giveRole = async (userId: number, code: string) => {
    const role = (await roleRow(code))!;
    await t.current.ctx.db.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
    await t.current.ctx.db.insertInto('sys_user_role').values({ user_id: userId, role_id: role.id }).execute();
  };

  beforeAll(async () => {
    token = await t.current.login();
  });

  it('the permission tree lists every screen with its own buttons under it (details follow their list), and a group for uploads', async () => {
    const r = await post('/role/getPermissionTree');
    expect(r.body.code).toBe(200);
    const news = r.body.data.find((n: { key: string }) => n.key === 'menu:News');
    expect(news.title).toBe('新闻管理');
    const shape = (n: { key: string; children?: unknown[] }): unknown => (n.children ? { [n.key]: n.children.map(shape as never) } : n.key);
    expect(shape(news)).toEqual({
      'menu:News': [
        { 'menu:NewsType': ['/news/saveNewsType', '/news/delNewsType'] },
        {
          'menu:NewsList': [
            '/news/saveNews',
            '/news/delNews',
            '/news/upisTop',
            '/news/upisHot',
            '/news/publishNews',
            '/news/unpublishNews',
            '/news/previewNewsForm',
          ],
        },
      ],
    });
    expect(news.children[0].children[0]).toEqual({ key: '/news/saveNewsType', title: '保存新闻类型', kind: 'button' });
    const upload = r.body.data.find((n: { key: string }) => n.key === 'module:upload');
    expect(upload).toMatchObject({ kind: 'group', title: '图片上传' });
    expect(upload.children.map((c: { key: string }) => c.key)).toContain('/upload/upload');
    // in English and Spanish, every node is translated
    for (const lang of ['en', 'es']) {
      const tr = await post('/role/getPermissionTree', undefined, { lang });
      expect(JSON.stringify(tr.body.data)).not.toMatch(/[\u3400-\u9fff]/);
    }
    const en = (await post('/role/getPermissionTree', undefined, { lang: 'en' })).body.data;
    expect(en.find((n: { key: string }) => n.key === 'menu:Monitor')).toMatchObject({ title: 'Monitoring' });
  });

  it('a role with only news permissions gives exactly the news menu, its reads and the buttons it names', async () => {
    const saved = await post('/role/saveRole', {
      code: 'news_ed',
      name: '新闻编辑',
      sortNo: 3,
      enableFlag: 1,
      remark: '只管新闻',
      permissions: NEWS_ONLY,
    });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功', data: { code: 'news_ed', name: '新闻编辑', sortNo: 3, enableFlag: 1 } });
    expect([...saved.body.data.permissions].sort()).toEqual([...NEWS_ONLY].sort());
    const got = await post(`/role/getRole?id=${saved.body.data.id}`);
    expect([...got.body.data.permissions].sort()).toEqual([...NEWS_ONLY].sort());
    expect(got.body.data.remark).toBe('只管新闻');

    const uid = await insertUser(t.current.ctx, 'news-only', 'News_only_12', []);
    await giveRole(uid, 'news_ed');
    const userToken = await t.current.login('news-only', 'News_only_12');
    const info = await post('/user/info', {}, { token: userToken });
    expect(info.body.data.roles).toEqual(['news_ed']);
    expect(info.body.data.menus.map((m: { title: string }) => m.title)).toEqual(['新闻管理']);
    expect(info.body.data.menus[0].children.map((m: { url: string }) => m.url)).toEqual([
      '/news/news-type',
      '/news/news-list',
      '/news/news-details',
    ]);
    expect(info.body.data.buttons.map((b: { url: string }) => b.url)).toEqual(['/news/saveNews']);
    expect((await post('/news/getNewsList', {}, { token: userToken })).body.code).toBe(200);
    expect((await post('/news/getTypeList', {}, { token: userToken })).body.code).toBe(200);
    expect((await post('/news/delNews', [1], { token: userToken })).body).toEqual({ code: 403, msg: '没有权限执行此操作' });
    expect((await post('/policy/getPolicyPage', {}, { token: userToken })).body.code).toBe(403);
    expect((await post('/role/getRolePage', {}, { token: userToken })).body.code).toBe(403);

    // every other call of the tree answers 403: each module's reads and writes outside news
    const others = allEndpoints().filter(
      (e) =>
        e.method === 'POST' &&
        (e.kind === 'read' || e.kind === 'write') &&
        e.module !== 'news' &&
        e.module !== 'upload' &&
        e.module !== 'fieldConfig',
    );
    expect(others.length).toBeGreaterThan(40);
    for (const e of others) {
      const r = await post(e.path, {}, { token: userToken });
      expect([e.path, r.body]).toEqual([e.path, { code: 403, msg: '没有权限执行此操作' }]);
    }

    // removing the button refuses the call at once (same session, no wait)
    const saveNews = { title: '测试', type: 'x' };
    const before = await post('/news/saveNews', saveNews, { token: userToken });
    expect(before.body.code).not.toBe(403);
    const grants = before.headers['x-grants'];
    expect(grants).toMatch(/^[\w-]{16}$/);
    expect((await post('/news/getNewsList', {}, { token: userToken })).headers['x-grants']).toBe(grants);
    await post('/role/saveRole', {
      id: saved.body.data.id,
      code: 'news_ed',
      name: '新闻编辑',
      permissions: NEWS_ONLY.filter((k) => k !== '/news/saveNews'),
    });
    const refused = await post('/news/saveNews', saveNews, { token: userToken });
    expect(refused.body).toEqual({ code: 403, msg: '没有权限执行此操作' });
    // the refusal (and every later reply) names new grants: the screen reads /user/info again and hides the button
    expect(refused.headers['x-grants']).toMatch(/^[\w-]{16}$/);
    expect(refused.headers['x-grants']).not.toBe(grants);
    const info2 = await post('/user/info', {}, { token: userToken });
    expect(info2.body.data.buttons).toEqual([]);
    expect(info2.headers['x-grants']).toBe(refused.headers['x-grants']);
  });

  it('disabling a role takes its grants away at once; enabling gives them back', async () => {
    const saved = await post('/role/saveRole', { code: 'pol_ed', name: '政策编辑', permissions: ['menu:PolicyList'] });
    const uid = await insertUser(t.current.ctx, 'pol-only', 'Pol_only_123', []);
    await giveRole(uid, 'pol_ed');
    const userToken = await t.current.login('pol-only', 'Pol_only_123');
    expect((await post('/policy/getPolicyPage', {}, { token: userToken })).body.code).toBe(200);
    expect((await post('/role/upRoleFlag', { id: saved.body.data.id, flag: 0 })).body.code).toBe(200);
    expect((await post('/policy/getPolicyPage', {}, { token: userToken })).body.code).toBe(403);
    expect((await post('/user/info', {}, { token: userToken })).body).toEqual({ code: 403, msg: expect.any(String) });
    expect((await post('/role/upRoleFlag', { id: saved.body.data.id, flag: 1 })).body.code).toBe(200);
    expect((await post('/policy/getPolicyPage', {}, { token: userToken })).body.code).toBe(200);
  });

  it('admin keeps everything: no reduction, no disabling, no deleting, no renaming its code', async () => {
    const admin = (await roleRow('admin'))!;
    const reduced = await post('/role/saveRole', { id: admin.id, code: 'admin', name: '超管', permissions: ['menu:NewsList'] });
    expect(reduced.body.code).toBe(200);
    expect(reduced.body.data.name).toBe('超管');
    expect(reduced.body.data.permissions.length).toBe(allPermissionKeys().length - menuTree().length);
    expect((await post('/policy/getPolicyPage', {})).body.code).toBe(200);
    const msg = '超级管理员拥有全部权限，不能减少权限、停用或删除';
    expect((await post('/role/saveRole', { id: admin.id, code: 'admin', name: '超管', enableFlag: 0 })).body).toEqual({ code: 409, msg });
    expect((await post('/role/upRoleFlag', { id: admin.id, flag: 0 })).body).toEqual({ code: 409, msg });
    expect((await post('/role/saveRole', { id: admin.id, code: 'boss', name: '超管' })).body).toEqual({ code: 409, msg });
    expect((await post(`/role/delRole?id=${admin.id}`)).body).toEqual({ code: 409, msg });
    expect((await roleRow('admin'))!.enable_flag).toBe(1);
  });

  it('a role held by users cannot be deleted and says by whom; an unused one can', async () => {
    const saved = await post('/role/saveRole', { code: 'held', name: '在用角色', permissions: [] });
    const a = await insertUser(t.current.ctx, 'holder-a', 'Holder_a_123', []);
    await giveRole(a, 'held');
    const refused = await post(`/role/delRole?id=${saved.body.data.id}`);
    expect(refused.body).toEqual({ code: 409, msg: '角色“在用角色”仍被以下用户使用：holder-a，请先调整这些用户的角色' });
    expect(await roleRow('held')).toBeTruthy();
    await t.current.ctx.db.deleteFrom('sys_user_role').where('user_id', '=', a).execute();
    expect((await post(`/role/delRole?id=${saved.body.data.id}`)).body).toEqual({ code: 200, msg: '删除成功' });
    expect(await roleRow('held')).toBeUndefined();
  });

  it('checks its input with clear messages and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ name: '无编码' }, '角色编码不得为空'],
      [{ code: 'a b', name: 'x' }, '角色编码只能由英文字母、数字和下划线组成'],
      [{ code: 'editor', name: '重复' }, '角色编码已存在'],
      [{ code: 'nm' }, '角色名称不得为空'],
      [{ code: 'srt', name: 'x', sortNo: '1.5' }, '排序只能输入整数'],
      [{ code: 'bad_perm', name: 'x', permissions: ['menu:Nope'] }, '未知的权限：menu:Nope'],
      [{ code: 'bad_perm2', name: 'x', permissions: 'all' }, '权限列表格式不正确'],
    ];
    for (const [body, msg] of cases) expect((await post('/role/saveRole', body)).body).toEqual({ code: expect.any(Number), msg });
    expect(await roleRow('bad_perm')).toBeUndefined();
    expect((await post('/role/saveRole', { name: '' }, { lang: 'en' })).body.msg).toBe('Role code must not be empty');
  });

  it('lists with search, paging and the number of users holding each role', async () => {
    await post('/role/saveRole', { code: 'list_a', name: '列表甲', sortNo: 1, permissions: [] });
    const uid = await insertUser(t.current.ctx, 'list-user', 'List_user_12', []);
    await giveRole(uid, 'list_a');
    const r = await post('/role/getRolePage', { code: 'list_a', pageNumber: 1, pageSize: 10 });
    expect(r.body.total).toBe(1);
    expect(r.body.rows[0]).toMatchObject({ code: 'list_a', name: '列表甲', userCount: 1, enableFlag: 1 });
    await post('/role/saveRole', { code: 'list_b', name: '列表乙', sortNo: 2, permissions: [] });
    const both = await post('/role/getRolePage', { code: 'list_' });
    expect(both.body.rows.map((x: { code: string; userCount: number }) => [x.code, x.userCount])).toEqual([
      ['list_a', 1],
      ['list_b', 0],
    ]);
    const byName = await post('/role/getRolePage', { name: '列表甲' });
    expect(byName.body.rows.map((x: { code: string }) => x.code)).toEqual(['list_a']);
  });

  it('the seed no longer overwrites a role an administrator changed', async () => {
    const editor = (await roleRow('editor'))!;
    expect(
      (await post('/role/saveRole', { id: editor.id, code: 'editor', name: '内容编辑', permissions: ['menu:NewsList'] })).body.code,
    ).toBe(200);
    await seedCore(t.current.ctx);
    const got = await post(`/role/getRole?id=${editor.id}`);
    expect(got.body.data.permissions).toEqual(['menu:NewsList']);
  });

  it('menu settings rename, re-icon, reorder and hide entries; the sidebar follows; defaults come back', async () => {
    const settings = await post('/role/getMenuSettings');
    const news = settings.body.data.find((m: { routeName: string }) => m.routeName === 'News');
    const newsList = news.children.find((m: { routeName: string }) => m.routeName === 'NewsList');
    expect(newsList).toMatchObject({ title: '新闻列表', defaultTitle: '新闻列表', isHidden: false });
    const banner = settings.body.data.find((m: { routeName: string }) => m.routeName === 'Banner');
    expect((await post('/role/saveMenuSetting', { id: banner.id, sortNo: 50 })).body.code).toBe(200);
    expect((await post('/role/saveMenuSetting', { id: news.id, title: '资讯中心', icon: 'BookOutlined', sortNo: 0 })).body.code).toBe(200);
    expect((await post('/role/saveMenuSetting', { id: newsList.id, isHidden: true })).body.code).toBe(200);
    const info = await post('/user/info', {});
    expect(info.body.data.menus[0]).toMatchObject({ title: '资讯中心', icon: 'BookOutlined', routeName: 'News' });
    expect(info.body.data.menus[0].children.find((c: { routeName: string }) => c.routeName === 'NewsList').isHidden).toBe(true);
    expect((await post('/role/saveMenuSetting', { id: news.id, title: '', icon: '' })).body.code).toBe(200);
    const back = await post('/user/info', {});
    expect(back.body.data.menus.find((m: { routeName: string }) => m.routeName === 'News').title).toBe('新闻管理');
    expect((await post('/role/saveMenuSetting', { id: news.id, icon: 'bad-icon!' })).body).toEqual({
      code: 400,
      msg: '图标名称只能由英文字母组成',
    });
    expect((await post('/role/saveMenuSetting', { id: 999999, title: 'x' })).body).toEqual({ code: 404, msg: '菜单不存在' });
    // an id that is no id is the same 400 on both databases (PostgreSQL once answered 500)
    for (const bad of ['abc', 1.5, '', null, 99999999999, -1])
      expect([bad, (await post('/role/saveMenuSetting', { id: bad, title: 'x' })).body]).toEqual([bad, { code: 400, msg: '编号无效' }]);
    expect((await post('/role/saveMenuSetting', { id: 'abc' }, { lang: 'en' })).body).toEqual({ code: 400, msg: 'Invalid ID' });
  });
});
