import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('pages and page items on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
  const pages: Record<string, number> = {};

  beforeAll(async () => {
    token = await t.current.login();
  });

  // every test starts from the same three pages and no items, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('page_item').execute();
    await db().deleteFrom('page_def').execute();
    for (const [name, showType] of [
      ['关于我们', 'splice'],
      ['服务中心', 'tabs'],
      ['帮助文档', 'tabs'],
    ]) {
      const r = await post('/page/save', { name, showType });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      pages[name] = r.body.data.id;
    }
  });

  describe('page definitions', () => {
    it('lists the newest first; every row carries code (= id) and name for the page-type select', async () => {
      const r = await post('/page/getList', { pageNumber: 1, pageSize: 20 });
      expect(r.body).toMatchObject({ code: 200, total: 3 });
      expect(r.body.rows.map((x: { name: string }) => x.name)).toEqual(['帮助文档', '服务中心', '关于我们']);
      expect(r.body.rows[2]).toEqual({ id: pages.关于我们, code: pages.关于我们, name: '关于我们', showType: 'splice' });
    });

    it('filters by name substring, showType and the select keyword; pages', async () => {
      const names = async (body: object) => (await post('/page/getList', body)).body.rows.map((x: { name: string }) => x.name);
      expect(await names({ name: '服务' })).toEqual(['服务中心']);
      expect(await names({ showType: 'tabs' })).toEqual(['帮助文档', '服务中心']);
      expect(await names({ showType: 'splice' })).toEqual(['关于我们']);
      expect(await names({ query: '文档', pageNumber: 1, pageSize: 10 })).toEqual(['帮助文档']);
      expect(await names({ name: '中心', showType: 'splice' })).toEqual([]);
      const p2 = await post('/page/getList', { pageNumber: 2, pageSize: 2 });
      expect(p2.body.total).toBe(3);
      expect(p2.body.rows.map((x: { name: string }) => x.name)).toEqual(['关于我们']);
      const byName = await post('/page/getList', { sortField: 'name', sortOrder: 'asc' });
      const got = byName.body.rows.map((x: { name: string }) => x.name);
      expect(got).toEqual([...got].sort());
    });

    it('validates name and showType (zh, en, es)', async () => {
      expect((await post('/page/save', { showType: 'tabs' })).body).toEqual({ code: 400, msg: '页面名称不得为空' });
      expect((await post('/page/save', { name: '', showType: 'tabs' })).body).toEqual({ code: 400, msg: '页面名称不得为空' });
      expect((await post('/page/save', { name: '新页面' })).body).toEqual({ code: 400, msg: '展示方式不得为空' });
      expect((await post('/page/save', { name: '新页面', showType: '' })).body).toEqual({ code: 400, msg: '展示方式不得为空' });
      expect((await post('/page/save', { name: '新页面', showType: 'grid' })).body).toEqual({
        code: 400,
        msg: '展示方式只能是拼接或选项卡',
      });
      expect((await post('/page/save', { showType: 'tabs' }, 'en')).body.msg).toBe('Page name must not be empty');
      expect((await post('/page/save', { name: 'x' }, 'en')).body.msg).toBe('Display method must not be empty');
      expect((await post('/page/save', { name: 'x' }, 'es')).body.msg).toBe('La forma de presentación no puede estar vacía');
      expect((await post('/page/getList', {})).body.total).toBe(3);
    });

    it('reads one by id (query params), updates it, 404s an unknown id', async () => {
      const got = await post(`/page/getById?id=${pages.帮助文档}`);
      expect(got.body).toEqual({
        code: 200,
        msg: '操作成功',
        data: { id: pages.帮助文档, code: pages.帮助文档, name: '帮助文档', showType: 'tabs' },
      });
      const upd = await post('/page/save', { id: pages.帮助文档, name: '帮助中心', showType: 'splice', code: 777 });
      expect(upd.body.data).toEqual({ id: pages.帮助文档, code: pages.帮助文档, name: '帮助中心', showType: 'splice' });
      expect((await post('/page/save', { id: 999999, name: 'x', showType: 'tabs' })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });
  });

  describe('page items', () => {
    it('creates an item: pageName read from the page definition, createTime by the server, HTML sanitized', async () => {
      const r = await post('/page/savePageItems', {
        title: '公司简介',
        pageId: pages.关于我们,
        pageName: '伪造的页面名',
        tag: '简介',
        summary: '港口物流综合服务商',
        summaryImg: '/img/about.png',
        content: '<h2>简介</h2><img src="x" onerror="alert(1)"><script>document.cookie</script><p style="position:fixed">正文</p>',
        sortNo: '1.5',
        isHot: 1,
        createTime: '2000-01-01 00:00:00',
      });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      const saved = r.body.data;
      expect(saved).toMatchObject({
        title: '公司简介',
        pageId: pages.关于我们,
        pageName: '关于我们',
        tag: '简介',
        summary: '港口物流综合服务商',
        summaryImg: '/img/about.png',
        sortNo: 1.5,
        isHot: 1,
        isTop: 0,
      });
      expect(saved.createTime).not.toBe('2000-01-01 00:00:00');
      expect(saved.content).not.toMatch(/script|onerror|cookie|position/);
      expect(saved.content).toContain('<h2>简介</h2>');
      const row = await db().selectFrom('page_item').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
      expect(Number(row.page_id)).toBe(pages.关于我们);
      expect(row.content).not.toContain('script');
      for (const path of ['/page/getPageItemById', '/page/getPageItem']) {
        // with the state at the server's now and the pending draft (none) of a publishable record
        const info = { publishState: 'published', hasDraft: false, draftTime: null, draftUser: null };
        expect((await post(`${path}?id=${saved.id}`)).body).toEqual({ code: 200, msg: '操作成功', data: { ...saved, ...info } });
      }
    });

    it('validates title, page type and sort number with the SPEC messages (zh, en, es)', async () => {
      const pid = pages.关于我们;
      const before = (await post('/page/getPageItemList', {})).body.total;
      const msg = async (body: object, lang?: string) => (await post('/page/savePageItems', body, lang)).body;
      expect(await msg({ pageId: pid })).toEqual({ code: 400, msg: '标题不得为空' });
      expect(await msg({ title: '', pageId: pid })).toEqual({ code: 400, msg: '标题不得为空' });
      expect(await msg({ title: '标题' })).toEqual({ code: 400, msg: '页面类型不得为空' });
      expect(await msg({ title: '标题', pageId: '' })).toEqual({ code: 400, msg: '页面类型不得为空' });
      expect(await msg({ title: '标题', pageId: null })).toEqual({ code: 400, msg: '页面类型不得为空' });
      expect(await msg({ title: '标题', pageId: 999999 })).toEqual({ code: 400, msg: '页面类型不存在' });
      expect(await msg({ title: '标题', pageId: 'abc' })).toEqual({ code: 400, msg: '页面类型不存在' });
      for (const bad of ['1.1234567', '01', '-1', 'abc', '1.', '00.5', 1.1234567]) {
        expect(await msg({ title: '标题', pageId: pid, sortNo: bad })).toEqual({ code: 400, msg: '排序只能输入数字' });
      }
      expect(await msg({ title: '标题', pageId: pid, isTop: 3 })).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await msg({ pageId: pid }, 'en')).msg).toBe('Title must not be empty');
      expect((await msg({ title: 'x' }, 'en')).msg).toBe('Page type must not be empty');
      expect((await msg({ title: 'x', pageId: pid, sortNo: '01' }, 'en')).msg).toBe('Sort can only be a number');
      expect((await msg({ title: 'x' }, 'es')).msg).toBe('El tipo de página no puede estar vacío');
      expect((await post('/page/getPageItemList', {})).body.total).toBe(before);
      for (const good of ['0', '0.123456', '12.5', 3, '']) {
        const r = await msg({ title: '合法排序', pageId: pid, sortNo: good });
        expect(r.code).toBe(200);
        expect(r.data.sortNo).toBe(good === '' ? null : Number(good));
      }
      await db().deleteFrom('page_item').where('title', '=', '合法排序').execute();
    });

    it('updates only the sent fields; the page name always follows the database', async () => {
      const item = (await post('/page/savePageItems', { title: '服务流程', pageId: pages.服务中心, tag: '流程', sortNo: 2 })).body.data;
      const moved = await post('/page/savePageItems', { id: item.id, title: '服务流程', pageId: pages.关于我们, pageName: '客户端名称' });
      expect(moved.body.data).toMatchObject({
        pageId: pages.关于我们,
        pageName: '关于我们',
        tag: '流程',
        sortNo: 2,
        createTime: item.createTime,
      });
      await post('/page/save', { id: pages.关于我们, name: '走进我们', showType: 'splice' });
      expect((await post(`/page/getPageItem?id=${item.id}`)).body.data.pageName).toBe('走进我们');
      const listed = (await post('/page/getPageItemList', { pageId: pages.关于我们, title: '服务流程' })).body.rows;
      expect(listed.map((r: { pageName: string }) => r.pageName)).toEqual(['走进我们']);
      expect((await post('/page/savePageItems', { id: item.id, title: '服务流程', pageId: 999999 })).body).toEqual({
        code: 400,
        msg: '页面类型不存在',
      });
      expect((await post(`/page/getPageItemById?id=${item.id}`)).body.data.pageId).toBe(pages.关于我们);
      expect((await post('/page/getPageItem?id=x')).body).toEqual({ code: 400, msg: '编号无效' });
      await post('/page/save', { id: pages.关于我们, name: '关于我们', showType: 'splice' });
    });

    describe('list', () => {
      beforeEach(async () => {
        const seed = [
          { title: '报关指南', pageId: pages.服务中心, sortNo: 2 },
          { title: '报检指南', pageId: pages.服务中心, sortNo: 1 },
          { title: '常见问题', pageId: pages.服务中心 },
          { title: '企业文化', pageId: pages.关于我们, sortNo: 1 },
          { title: '联系方式', pageId: pages.关于我们, sortNo: 0.5, isTop: 1 },
        ];
        for (const s of seed) {
          t.current.advance(1000);
          expect((await post('/page/savePageItems', s)).body.code).toBe(200);
        }
      });

      it('orders pinned first, then by sort number (empty last), then newest among equal sort numbers', async () => {
        const r = await post('/page/getPageItemList', { pageNumber: 1, pageSize: 20 });
        expect(r.body.total).toBe(5);
        expect(titles(r.body.rows)).toEqual(['联系方式', '企业文化', '报检指南', '报关指南', '常见问题']);
        const first = r.body.rows[0];
        expect(Object.keys(first).sort()).toEqual(
          [
            'createTime',
            'id',
            'isHot',
            'isTop',
            'pageId',
            'pageName',
            'sortNo',
            'summary',
            'summaryImg',
            'tag',
            'title',
            'status',
            'publishTime',
            'offlineTime',
            'publishState',
            'hasDraft',
            'draftTime',
            'draftUser',
            'translationStatus',
          ].sort(),
        );
      });

      it('filters by page type (pageId or code), title and the created-date range', async () => {
        const list = async (body: object) => titles((await post('/page/getPageItemList', body)).body.rows);
        expect(await list({ pageId: pages.服务中心 })).toEqual(['报检指南', '报关指南', '常见问题']);
        expect(await list({ pageId: String(pages.关于我们) })).toEqual(['联系方式', '企业文化']);
        expect(await list({ code: pages.关于我们 })).toEqual(['联系方式', '企业文化']);
        expect(await list({ title: '指南' })).toEqual(['报检指南', '报关指南']);
        expect(await list({ title: '指南', pageId: pages.关于我们 })).toEqual([]);
        const today = t.current.ctx.nowText().slice(0, 10);
        expect(await list({ startTime: today, endTime: today, title: '报' })).toEqual(['报检指南', '报关指南']);
        expect(await list({ startTime: '2000-01-01', endTime: '2000-12-31' })).toEqual([]);
        expect(await list({ endTime: '2000-12-31' })).toEqual([]);
        expect((await list({ startTime: today })).length).toBe(5);
        expect((await post('/page/getPageItemList', { startTime: '2024-02-01', endTime: '2024-01-01' })).body).toEqual({
          code: 400,
          msg: '开始时间不能晚于结束时间',
        });
        expect((await post('/page/getPageItemList', { startTime: '2024/01/01' })).body).toEqual({
          code: 400,
          msg: '日期格式应为 YYYY-MM-DD',
        });
        expect((await post('/page/getPageItemList', { pageId: 'abc' })).body).toEqual({ code: 400, msg: '字段 pageId 的值无效' });
        expect((await post('/page/getPageItemList', { pageId: '' })).body.total).toBe(5);
      });

      it('pages and sorts by whitelisted columns', async () => {
        const p1 = await post('/page/getPageItemList', { pageNumber: 1, pageSize: 2 });
        const p3 = await post('/page/getPageItemList', { pageNumber: 3, pageSize: 2 });
        expect(titles(p1.body.rows)).toEqual(['联系方式', '企业文化']);
        expect(titles(p3.body.rows)).toEqual(['常见问题']);
        expect(p3.body.total).toBe(5);
        const byName = await post('/page/getPageItemList', { sortField: 'pageName', sortOrder: 'desc' });
        const names = byName.body.rows.map((r: { pageName: string }) => r.pageName);
        expect(names).toEqual([...names].sort().reverse());
        const bySort = await post('/page/getPageItemList', { sortField: 'sortNo', sortOrder: 'desc' });
        expect(titles(bySort.body.rows)).toEqual(['常见问题', '报关指南', '企业文化', '报检指南', '联系方式']);
      });
    });

    it('deletes a batch of ids (at least one, all or nothing)', async () => {
      const a = (await post('/page/savePageItems', { title: '删除甲', pageId: pages.服务中心 })).body.data.id;
      const b = (await post('/page/savePageItems', { title: '删除乙', pageId: pages.服务中心 })).body.data.id;
      expect((await post('/page/getPageItemList', { title: '删除' })).body.total).toBe(2);
      expect((await post('/page/delPageItems', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/page/getPageItemList', { title: '删除' })).body.total).toBe(0);
    });
  });

  it('deletes one page definition at a time and never one its items still use', async () => {
    expect((await post('/page/savePageItems', { title: '服务内容', pageId: pages.服务中心 })).body.code).toBe(200);
    const ids = Object.values(pages);
    expect((await post('/page/del', ids)).body).toEqual({ code: 400, msg: '仅能选择一条数据进行删除' });
    expect((await post('/page/del', ids, 'en')).body.msg).toBe('Only one record can be selected for deletion');
    const used = await post(`/page/del?id=${pages.服务中心}`);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ code: 409, msg: '该页面下还有页面内容，不能删除' });
    expect((await post(`/page/del?id=${pages.服务中心}`, undefined, 'es')).body.msg).toBe(
      'Esta página todavía tiene contenidos; no se puede eliminar',
    );
    expect((await post('/page/getList', {})).body.total).toBe(3);
    expect((await post(`/page/del?id=${pages.帮助文档}`)).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/page/getList', {})).body.total).toBe(2);
    await db().deleteFrom('page_item').where('page_id', '=', pages.服务中心).execute();
    expect((await post(`/page/del?id=${pages.服务中心}`)).body).toEqual({ code: 200, msg: '删除成功' });
  });
});
