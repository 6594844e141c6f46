import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { purgeExpired } from './index.js';

describe.each(DIALECTS)('recycle bin on %s', (dialect) => {
  /** a test app, the administrator logged in, with the news type 回收测试 (rb) */
  const app = () => {
    const t = useTestApp(dialect);
    const session = { token: '' };
    const post = (path: string, body?: unknown, lang?: string) =>
      t.current.post(path, body, { token: session.token, headers: lang ? { lang } : {} });
    const db = () => looseDb(t.current.ctx.db);
    const saveNews = async (body: Record<string, unknown>) => {
      const r = await post('/news/saveNews', { type: 'rb', ...body });
      expect(r.body.code).toBe(200);
      return r.body.data as { id: number; title: string; createTime: string };
    };
    beforeAll(async () => {
      session.token = await t.current.login();
      expect((await post('/news/saveNewsType', { code: 'rb', name: '回收测试', sortNo: 1 })).body.code).toBe(200);
    });
    return { t, post, db, saveNews };
  };
  const { t, post, db, saveNews } = app();
  const binOf = async (filter: Record<string, unknown>) =>
    (await post('/recycle/getRecyclePage', { pageNumber: 1, pageSize: 100, ...filter })).body;
  const entryOf = async (resource: string, recordId: number) =>
    (await binOf({ resource })).rows.find((r: { recordId: number }) => r.recordId === recordId) as { id: number } | undefined;

  it('a deleted news item leaves the list, the title search and the total, and shows in the recycle bin', async () => {
    const kept = await saveNews({ title: '关税通知留存', content: '<p>留下</p>' });
    const gone = await saveNews({ title: '关税通知回收甲', summary: '摘要甲', content: '<p>正文<b>甲</b></p>', isTop: 1 });
    const totalBefore = (await post('/news/getNewsList', { pageNumber: 1, pageSize: 1 })).body.total;
    expect((await post('/news/delNews', [gone.id])).body).toEqual({ code: 200, msg: '删除成功' });

    expect((await post('/news/getNewsList', { pageNumber: 1, pageSize: 1 })).body.total).toBe(totalBefore - 1);
    const search = (await post('/news/getNewsList', { title: '回收甲', pageNumber: 1, pageSize: 10 })).body;
    expect(search).toMatchObject({ total: 0, rows: [] });
    expect((await post('/news/getNews', { id: gone.id })).body.code).toBe(404);
    expect(
      (await post('/news/getNewsList', { title: '留存', pageNumber: 1, pageSize: 10 })).body.rows.map((r: { id: number }) => r.id),
    ).toEqual([kept.id]);

    const bin = await binOf({ keyword: '回收甲' });
    expect(bin).toMatchObject({ code: 200, total: 1 });
    expect(bin.rows[0]).toMatchObject({
      resource: 'news',
      resourceName: '新闻',
      recordId: gone.id,
      title: '关税通知回收甲',
      deletedBy: 'admin',
    });
    expect(bin.rows[0].deleteTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await binOf({ keyword: '回收甲', resource: 'policy' })).total).toBe(0);
    expect((await post('/recycle/getRecyclePage', { keyword: '回收甲' }, 'en')).body.rows[0].resourceName).toBe('News');
  });

  it('restore gives back the same id and content, in the list, the title search and the total', async () => {
    const news = await saveNews({ title: '关税通知恢复乙', summary: '摘要乙', content: '<p>正文乙</p>', isHot: 1, sortNo: 3 });
    const listTotal = async () => (await post('/news/getNewsList', { pageNumber: 1, pageSize: 1 })).body.total;
    const before = await listTotal();
    await post('/news/delNews', [news.id]);
    expect(await listTotal()).toBe(before - 1);
    const entry = await entryOf('news', news.id);
    const r = await post('/recycle/restore', [entry!.id]);
    expect(r.body).toEqual({ code: 200, msg: '已恢复 1 条数据', data: { count: 1 } });

    expect(await listTotal()).toBe(before);
    const got = (await post('/news/getNews', { id: news.id })).body.data;
    expect(got).toMatchObject({
      id: news.id,
      title: '关税通知恢复乙',
      summary: '摘要乙',
      content: '<p>正文乙</p>',
      isHot: 1,
      type: 'rb',
      typeName: '回收测试',
      createTime: news.createTime,
    });
    const search = (await post('/news/getNewsList', { title: '恢复乙', pageNumber: 1, pageSize: 10 })).body;
    expect(search.total).toBe(1);
    expect(search.rows[0]).toMatchObject({ id: news.id, title: '关税通知恢复乙' });
    expect(await entryOf('news', news.id)).toBeUndefined();
  });

  it('a recycled code does not block a new record; restoring into the taken code says so and changes nothing', async () => {
    const first = (await post('/news/saveNewsType', { code: 'dup', name: '原类型', sortNo: 5 })).body.data;
    await post(`/news/delNewsType?id=${first.id}`);
    const second = await post('/news/saveNewsType', { code: 'dup', name: '新类型', sortNo: 6 });
    expect(second.body.code).toBe(200);
    const entry = await entryOf('newsType', first.id);

    for (const [lang, msg] of [
      ['zh', '无法恢复「原类型」：类型编码“dup”已被其他记录使用，请先修改那条记录'],
      ['en', 'Cannot restore "原类型": Type code "dup" is already used by another record; change that record first'],
      ['es', 'No se puede restaurar «原类型»: Código del tipo «dup» ya lo usa otro registro; modifique primero ese registro'],
    ]) {
      const r = await post('/recycle/restore', { ids: [entry!.id] }, lang);
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ code: 409, msg });
    }
    expect(await entryOf('newsType', first.id)).toBeDefined();
    const types = (await post('/news/getTypeList', { code: 'dup' })).body;
    expect(types.rows.map((x: { id: number; name: string }) => [x.id, x.name])).toEqual([[second.body.data.id, '新类型']]);
  });

  it('a batch restore is all or nothing', async () => {
    const a = await saveNews({ title: '批量恢复丙' });
    const typeRow = (await post('/news/saveNewsType', { code: 'solo', name: '单独类型' })).body.data;
    await post('/news/delNews', [a.id]);
    await post(`/news/delNewsType?id=${typeRow.id}`);
    await post('/news/saveNewsType', { code: 'solo', name: '占用' });
    const ids = [(await entryOf('news', a.id))!.id, (await entryOf('newsType', typeRow.id))!.id];
    expect((await post('/recycle/restore', ids)).status).toBe(409);
    expect((await post('/news/getNews', { id: a.id })).body.code).toBe(404);
    expect(await entryOf('news', a.id)).toBeDefined();
  });

  it('restoring a record whose referenced type is gone says so', async () => {
    await post('/news/saveNewsType', { code: 'tmp', name: '临时类型' });
    const type = (await post('/news/getTypeList', { code: 'tmp' })).body.rows[0];
    const news = await saveNews({ title: '引用临时类型', type: 'tmp' });
    await post('/news/delNews', [news.id]);
    expect((await post(`/news/delNewsType?id=${type.id}`)).body.code).toBe(200);
    const r = await post('/recycle/restore', [(await entryOf('news', news.id))!.id]);
    expect(r.body).toEqual({ code: 409, msg: '无法恢复「引用临时类型」：新闻类型不存在' });
  });

  it('purge deletes for good; unknown ids change nothing', async () => {
    const news = await saveNews({ title: '彻底删除丁' });
    await post('/news/delNews', [news.id]);
    const entry = await entryOf('news', news.id);
    expect((await post('/recycle/purge', [entry!.id, 999999])).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
    expect(await entryOf('news', news.id)).toBeDefined();
    expect((await post('/recycle/purge', [])).body).toEqual({ code: 400, msg: '请选择要删除的数据' });
    expect((await post('/recycle/purge', [entry!.id])).body).toEqual({ code: 200, msg: '已彻底删除 1 条数据', data: { count: 1 } });
    expect(await entryOf('news', news.id)).toBeUndefined();
    expect((await post('/recycle/restore', [entry!.id])).body.code).toBe(404);
    expect((await post('/news/getNews', { id: news.id })).body.code).toBe(404);
  });

  it('an image stays while a recycled record references it, and may go once purged', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    await t.current.ctx.images.put(name, Buffer.from('png-bytes'), 'image/png');
    const news = await saveNews({ title: '带图片的新闻', summaryImg: `/img/${name}` });
    await post('/news/delNews', [news.id]);
    const del = () => post(`/upload/delImage?oldFileUrl=/img/${name}`);
    expect((await del()).body).toMatchObject({ code: 200, msg: '图片仍被其他记录使用，已保留' });
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    await post('/recycle/purge', [(await entryOf('news', news.id))!.id]);
    expect((await del()).body.code).toBe(200);
    expect(await t.current.ctx.images.exists(name)).toBe(false);
  });

  it('other resources go to the recycle bin too; accounts do not', async () => {
    const link = (await post('/headerContorller/saveLink', { name: '回收链接', url: 'http://example.com', sortNo: 1, enableFlag: 1 })).body
      .data;
    await post('/headerContorller/delLink', [link.id]);
    expect((await binOf({ resource: 'link' })).rows[0]).toMatchObject({
      recordId: link.id,
      title: '回收链接',
      resourceName: expect.any(String),
    });
    const user = (await post('/userInfo/saveUserInfo', { userName: 'recycle_u', name: '回收用户', password: 'Passw0rd_x', enableFlag: 1 }))
      .body;
    expect(user.code).toBe(200);
    expect((await post('/userInfo/delUserInfo', [user.data.id])).body.code).toBe(200);
    const rows = await db().selectFrom('recycle_bin').select('resource').where('resource', '=', 'userInfo').execute();
    expect(rows).toEqual([]);
  });

  it('needs a login', async () => {
    for (const path of ['/recycle/getRecyclePage', '/recycle/restore', '/recycle/purge'])
      expect((await t.current.post(path, {}, {})).body.code).toBe(50008);
  });

  // this test moves the clock a month on (and purges what every other test left in the bin): it has an app of its own
  describe('on a clock of its own', () => {
    const { t, post, db, saveNews } = app();

    it('records older than RECYCLE_DAYS are purged by the daily run', async () => {
      const news = await saveNews({ title: '过期回收戊' });
      await post('/news/delNews', [news.id]);
      const inBin = async () =>
        (await db().selectFrom('recycle_bin').select('id').where('resource', '=', 'news').where('record_id', '=', news.id).execute())
          .length;
      expect(await purgeExpired(t.current.ctx)).toBe(0);
      t.current.advance(29 * 24 * 3600 * 1000);
      await purgeExpired(t.current.ctx);
      expect(await inBin()).toBe(1);
      t.current.advance(2 * 24 * 3600 * 1000);
      expect(await purgeExpired(t.current.ctx)).toBeGreaterThanOrEqual(1);
      expect(await inBin()).toBe(0);
    });
  });

  it('a role with the recycle menu and only news read sees, restores and purges only news entries', async () => {
    // the bin holds this test's entries only (others leave deleted news types in it, which the news menu reads too)
    await db().deleteFrom('recycle_bin').execute();
    const news = await saveNews({ title: '只读回收新闻' });
    const policy = (await post('/policy/savePolicy', { title: '只读回收政策' })).body.data as { id: number };
    await post('/news/delNews', [news.id]);
    await post('/policy/delPolicy', [policy.id]);
    const newsEntry = (await entryOf('news', news.id))!;
    const policyEntry = (await entryOf('policy', policy.id))!;
    const inBin = async (id: number) => (await db().selectFrom('recycle_bin').select('id').where('id', '=', id).execute()).length;

    const role = async (code: string, permissions: string[]) => {
      const r = await post('/role/saveRole', { code, name: code, permissions });
      expect(r.body.code).toBe(200);
      const user = await post('/userInfo/saveUserInfo', {
        userName: `${code}_u`,
        password: 'Recycle_r_123',
        enableFlag: 1,
        roleIds: [r.body.data.id],
      });
      expect(user.body.code).toBe(200);
      return t.current.login(`${code}_u`, 'Recycle_r_123');
    };
    const as = (tk: string) => (path: string, body?: unknown) => t.current.post(path, body, { token: tk });

    // the recycle menu and the news menu (news read), no buttons
    const reader = as(await role('rb_read', ['menu:RecycleList', 'menu:NewsList']));
    const all = (await reader('/recycle/getRecyclePage', { pageNumber: 1, pageSize: 100 })).body;
    expect(all.code).toBe(200);
    expect(new Set(all.rows.map((r: { resource: string }) => r.resource))).toEqual(new Set(['news']));
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.map((r: { id: number }) => r.id)).toContain(newsEntry.id);
    // asking for another resource, or a title of it, finds nothing
    expect((await reader('/recycle/getRecyclePage', { resource: 'policy' })).body).toMatchObject({ code: 200, total: 0, rows: [] });
    expect((await reader('/recycle/getRecyclePage', { keyword: '只读回收政策' })).body).toMatchObject({ code: 200, total: 0, rows: [] });
    // the home page counts what the bin shows
    const binNews = Number(
      (await db().selectFrom('recycle_bin').select(db().fn.countAll().as('n')).where('resource', '=', 'news').executeTakeFirstOrThrow()).n,
    );
    expect((await reader('/dashboard/getStats')).body.data.recycled).toBe(binNews);
    // no recycle buttons: the guard refuses
    expect((await reader('/recycle/restore', [newsEntry.id])).body).toEqual({ code: 403, msg: '没有权限执行此操作' });

    // with the recycle buttons but neither policy read nor news delete
    const restorer = as(await role('rb_buttons', ['menu:RecycleList', 'menu:NewsList', '/recycle/restore', '/recycle/purge']));
    // another resource's entry: as if it did not exist, and it stays
    for (const path of ['/recycle/restore', '/recycle/purge'])
      expect((await restorer(path, [policyEntry.id])).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
    expect((await restorer('/recycle/restore', [newsEntry.id, policyEntry.id])).body.code).toBe(404);
    expect(await inBin(policyEntry.id)).toBe(1);
    expect((await post('/policy/getPolicy', { id: policy.id })).body.code).toBe(404);
    // a news entry needs the right to delete news
    expect((await restorer('/recycle/restore', [newsEntry.id])).body).toEqual({ code: 403, msg: '没有权限执行此操作' });
    expect(await inBin(newsEntry.id)).toBe(1);

    // with the news delete button: news entries restore; policy entries still do not
    const editor = as(await role('rb_news', ['menu:RecycleList', 'menu:NewsList', '/recycle/restore', '/recycle/purge', '/news/delNews']));
    expect((await editor('/recycle/purge', [policyEntry.id])).body.code).toBe(404);
    expect((await editor('/recycle/restore', [newsEntry.id])).body).toEqual({ code: 200, msg: '已恢复 1 条数据', data: { count: 1 } });
    expect((await post('/news/getNews', { id: news.id })).body.data.title).toBe('只读回收新闻');
    expect(await inBin(policyEntry.id)).toBe(1);
  });
});
