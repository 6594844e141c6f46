import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('news on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });

  beforeAll(async () => {
    token = await t.current.login();
    for (const [code, name, sortNo] of [
      ['hy', '行业动态', 1],
      ['gs', '公司新闻', 2],
    ] as const) {
      const r = await post('/news/saveNewsType', { code, name, sortNo });
      expect(r.body).toMatchObject({ code: 200 });
    }
  });

  describe('news types', () => {
    it('lists types in sort order with rows and total; serves the remote select by keyword', async () => {
      const r = await post('/news/getTypeList', { pageNumber: 1, pageSize: 10 });
      expect(r.body).toMatchObject({ code: 200, total: 2 });
      expect(r.body.rows.map((x: { code: string }) => x.code)).toEqual(['hy', 'gs']);
      expect(r.body.rows[0]).toMatchObject({ code: 'hy', name: '行业动态', sortNo: 1 });
      const kw = await post('/news/getTypeList', { query: '公司', pageNumber: 1, pageSize: 10 });
      expect(kw.body.rows.map((x: { code: string }) => x.code)).toEqual(['gs']);
    });

    it('requires code and name, refuses a duplicate code', async () => {
      expect((await post('/news/saveNewsType', { name: 'x' })).body).toEqual({ code: 400, msg: '类型编码不能为空' });
      expect((await post('/news/saveNewsType', { code: 'x', name: '' })).body).toEqual({ code: 400, msg: '类型名称不能为空' });
      expect((await post('/news/saveNewsType', { code: ' x', name: 'y' })).body).toEqual({ code: 400, msg: '必填' });
      const dup = await post('/news/saveNewsType', { code: 'hy', name: '重复' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ code: 409, msg: '类型编码已存在' });
    });

    it('refuses to delete a type still used, and more than one at once', async () => {
      const types = (await post('/news/getTypeList', {})).body.rows;
      await post('/news/saveNews', { title: '用着类型的新闻', type: 'gs' });
      const gs = types.find((x: { code: string }) => x.code === 'gs');
      const used = await t.current.app.inject({ method: 'POST', url: `/api/news/delNewsType?id=${gs.id}`, headers: { token } });
      expect(used.json()).toEqual({ code: 409, msg: '该类型下还有新闻，不能删除' });
      expect(
        (
          await post(
            '/news/delNewsType',
            types.map((x: { id: number }) => x.id),
          )
        ).body,
      ).toEqual({ code: 400, msg: '仅能选择一条数据进行删除' });
      expect((await post('/news/getTypeList', {})).body.total).toBe(2);
    });
  });

  describe('news', () => {
    it('creates with the server setting createTime and typeName, sanitizing HTML', async () => {
      const r = await post('/news/saveNews', {
        title: '海关总署发布跨境电商新规',
        type: 'hy',
        typeName: '伪造的名称',
        summary: '摘要',
        summaryImg: '/img/abc.png',
        content: '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><strong>加粗</strong></p>',
        createTime: '1999-01-01 00:00:00',
        count: 999,
      });
      expect(r.body.code).toBe(200);
      expect(r.body.msg).toBe('保存成功');
      const saved = r.body.data;
      expect(saved.id).toBeGreaterThan(0);
      expect(saved.typeName).toBe('行业动态');
      expect(saved.count).toBe(0);
      expect(saved.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(saved.createTime).not.toBe('1999-01-01 00:00:00');
      expect(saved.content).toBe('<p>正文<a>链接</a><strong>加粗</strong></p>');
      const row = await looseDb(t.current.ctx.db).selectFrom('news').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
      expect(row.title).toBe('海关总署发布跨境电商新规');
      expect(row.content).not.toContain('script');
    });

    it('validates with the SPEC messages in zh, en and es', async () => {
      expect((await post('/news/saveNews', { type: 'hy' })).body).toEqual({ code: 400, msg: '标题不得为空' });
      expect((await post('/news/saveNews', { title: '标题' })).body).toEqual({ code: 400, msg: '新闻类型不得为空' });
      expect((await post('/news/saveNews', { type: 'hy' }, 'en')).body.msg).toBe('Title must not be empty');
      expect((await post('/news/saveNews', { title: 'x' }, 'en')).body.msg).toBe('News type must not be empty');
      expect((await post('/news/saveNews', { type: 'hy' }, 'es')).body.msg).toBe('El título no puede estar vacío');
      expect((await post('/news/saveNews', { title: 'x', type: 'nope' })).body).toEqual({ code: 400, msg: '新闻类型不存在' });
      expect((await post('/news/saveNews', { title: 'x', type: 'hy', isTop: 2 })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await post('/news/saveNews', { title: 'x', type: 'hy', summaryImg: 'javascript:alert(1)' })).body).toEqual({
        code: 400,
        msg: '图片地址无效',
      });
      expect((await post('/news/saveNews', { title: { a: 1 }, type: 'hy' })).body.code).toBe(400);
    });

    it('updates only what is sent, leaves the record whole on a failed save, 404s an unknown id', async () => {
      const created = (await post('/news/saveNews', { title: '原标题', type: 'hy', summary: '原摘要' })).body.data;
      const upd = await post('/news/saveNews', { id: created.id, title: '新标题', type: 'hy' });
      expect(upd.body.data).toMatchObject({ id: created.id, title: '新标题', summary: '原摘要', createTime: created.createTime });
      const bad = await post('/news/saveNews', { id: created.id, title: '', type: 'hy' });
      expect(bad.body.msg).toBe('标题不得为空');
      const after = await t.current.app.inject({ method: 'POST', url: `/api/news/getNews?id=${created.id}`, headers: { token } });
      expect(after.json().data.title).toBe('新标题');
      expect((await post('/news/saveNews', { id: 999999, title: 'x', type: 'hy' })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
      const badId = await t.current.app.inject({ method: 'POST', url: '/api/news/getNews?id=abc', headers: { token } });
      expect(badId.json()).toEqual({ code: 400, msg: '编号无效' });
    });

    it('filters by type (code), title substring, flags and date range; pages from 1; refuses an inverted date range', async () => {
      for (let i = 0; i < 5; i++) await post('/news/saveNews', { title: `物流快讯第${i}期`, type: 'gs', isHot: i % 2 });
      const byTitle = await post('/news/getNewsList', { title: '快讯', pageNumber: 1, pageSize: 2 });
      expect(byTitle.body.total).toBe(5);
      expect(byTitle.body.rows).toHaveLength(2);
      const p3 = await post('/news/getNewsList', { title: '快讯', pageNumber: 3, pageSize: 2 });
      expect(p3.body.rows).toHaveLength(1);
      const hot = await post('/news/getNewsList', { code: 'gs', isHot: '1', title: '快讯' });
      expect(hot.body.total).toBe(2);
      const typed = await post('/news/getNewsList', { code: 'hy' });
      expect(typed.body.rows.every((r: { typeName: string }) => r.typeName === '行业动态')).toBe(true);
      const today = t.current.ctx.nowText().slice(0, 10);
      expect((await post('/news/getNewsList', { startTime: today, endTime: today, title: '快讯' })).body.total).toBe(5);
      expect((await post('/news/getNewsList', { startTime: '2000-01-01', endTime: '2000-01-02' })).body.total).toBe(0);
      expect((await post('/news/getNewsList', { startTime: '2020-02-01', endTime: '2020-01-01' })).body).toEqual({
        code: 400,
        msg: '开始时间不能晚于结束时间',
      });
      // % and _ are literal characters in a search
      expect((await post('/news/getNewsList', { title: '%' })).body.total).toBe(0);
    });

    it('toggles isTop and isHot with 0/1 only; the top news comes first', async () => {
      const n = (await post('/news/saveNews', { title: '置顶测试', type: 'hy' })).body.data;
      const url = (p: string, flag: string) => `/api/news/${p}?id=${n.id}&flag=${flag}`;
      const top = await t.current.app.inject({ method: 'POST', url: url('upisTop', '1'), headers: { token } });
      expect(top.json()).toEqual({ code: 200, msg: '操作成功' });
      const list = await post('/news/getNewsList', {});
      expect(list.body.rows[0].id).toBe(n.id);
      expect(list.body.rows[0].isTop).toBe(1);
      const bad = await t.current.app.inject({ method: 'POST', url: url('upisHot', '2'), headers: { token } });
      expect(bad.json()).toEqual({ code: 400, msg: '只能是 0 或 1' });
    });

    it('deletes a batch of ids in one transaction; an unknown id deletes nothing', async () => {
      const a = (await post('/news/saveNews', { title: '删A', type: 'hy' })).body.data.id;
      const b = (await post('/news/saveNews', { title: '删B', type: 'hy' })).body.data.id;
      expect((await post('/news/getNewsList', { title: '删' })).body.total).toBe(2);
      expect((await post('/news/delNews', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/news/getNewsList', { title: '删' })).body.total).toBe(0);
    });
  });
});
