import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('policy on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

  beforeAll(async () => {
    token = await t.current.login();
  });

  it('creates a policy: the server sets createTime and count, sanitizes the HTML, keeps every field', async () => {
    const r = await post('/policy/savePolicy', {
      title: '关于进一步优化跨境贸易营商环境的公告',
      summary: '海关总署公告2024年第1号',
      summaryImg: '/img/policy.png',
      author: '海关总署',
      source: '海关总署官网',
      isTop: 0,
      isHot: 1,
      content: '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">原文</a><em>重要</em></p>',
      createTime: '2000-01-01 00:00:00',
      count: 500,
    });
    expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
    const saved = r.body.data;
    expect(saved).toMatchObject({
      title: '关于进一步优化跨境贸易营商环境的公告',
      summary: '海关总署公告2024年第1号',
      summaryImg: '/img/policy.png',
      author: '海关总署',
      source: '海关总署官网',
      isTop: 0,
      isHot: 1,
      count: 0,
    });
    expect(saved.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(saved.createTime).not.toBe('2000-01-01 00:00:00');
    expect(saved.content).toBe('<p>正文<a>原文</a><em>重要</em></p>');
    const row = await db().selectFrom('policy').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.content).not.toContain('script');
    expect(row.content).not.toContain('onclick');
    expect(Number(row.count)).toBe(0);
    const got = await post(`/policy/getPolicy?id=${saved.id}`);
    // with the state at the server's now and the pending draft (none) of a publishable record
    const info = { publishState: 'published', hasDraft: false, draftTime: null, draftUser: null };
    expect(got.body).toEqual({ code: 200, msg: '操作成功', data: { ...saved, ...info } });
  });

  it('validates with the SPEC message in zh, en and es and writes nothing on bad input', async () => {
    const before = (await post('/policy/getPolicyPage', {})).body.total;
    expect((await post('/policy/savePolicy', { summary: '无标题' })).body).toEqual({ code: 400, msg: '标题不得为空' });
    expect((await post('/policy/savePolicy', { title: '' })).body).toEqual({ code: 400, msg: '标题不得为空' });
    expect((await post('/policy/savePolicy', { title: '   ' })).body).toEqual({ code: 400, msg: '标题不得为空' });
    expect((await post('/policy/savePolicy', { title: ' 前导空格' })).body).toEqual({ code: 400, msg: '必填' });
    expect((await post('/policy/savePolicy', {}, 'en')).body).toEqual({ code: 400, msg: 'Title must not be empty' });
    expect((await post('/policy/savePolicy', {}, 'es')).body).toEqual({ code: 400, msg: 'El título no puede estar vacío' });
    expect((await post('/policy/savePolicy', { title: 'x', isTop: 2 })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    expect((await post('/policy/savePolicy', { title: 'x', isHot: 'yes' })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    expect((await post('/policy/savePolicy', { title: 'x', summaryImg: 'javascript:alert(1)' })).body).toEqual({
      code: 400,
      msg: '图片地址无效',
    });
    expect((await post('/policy/savePolicy', { title: 'x'.repeat(201) })).body).toEqual({ code: 400, msg: '不能超过200个字符' });
    expect((await post('/policy/getPolicyPage', {})).body.total).toBe(before);
  });

  it('updates only the sent fields, keeps createTime, refuses an unknown or bad id', async () => {
    const created = (await post('/policy/savePolicy', { title: '原标题', summary: '原摘要', author: '张三' })).body.data;
    const upd = await post('/policy/savePolicy', { id: created.id, title: '新标题', createTime: '2001-01-01 00:00:00' });
    expect(upd.body.data).toMatchObject({
      id: created.id,
      title: '新标题',
      summary: '原摘要',
      author: '张三',
      createTime: created.createTime,
    });
    const bad = await post('/policy/savePolicy', { id: created.id, title: '' });
    expect(bad.body).toEqual({ code: 400, msg: '标题不得为空' });
    expect((await post(`/policy/getPolicy?id=${created.id}`)).body.data.title).toBe('新标题');
    const missing = await post('/policy/getPolicy?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
    expect((await post('/policy/getPolicy?id=abc')).body).toEqual({ code: 400, msg: '编号无效' });
    expect((await post('/policy/getPolicy')).body).toEqual({ code: 400, msg: '编号无效' });
  });

  describe('list', () => {
    beforeAll(async () => {
      await db().deleteFrom('policy').execute();
      const seed = [
        { title: '通关便利化措施', source: '海关总署', isTop: 0, isHot: 1 },
        { title: '出口退税新政', source: '国家税务总局', isTop: 0, isHot: 0 },
        { title: '通关单证简化', source: '海关总署', isTop: 1, isHot: 0 },
        { title: '跨境电商零售进口', source: '商务部', isTop: 0, isHot: 1 },
      ];
      for (const p of seed) {
        t.current.advance(1000);
        expect((await post('/policy/savePolicy', p)).body.code).toBe(200);
      }
    });

    it('orders by isTop desc then createTime desc by default', async () => {
      const r = await post('/policy/getPolicyPage', { pageNumber: 1, pageSize: 20 });
      expect(r.body).toMatchObject({ code: 200, msg: '操作成功', total: 4 });
      expect(titles(r.body.rows)).toEqual(['通关单证简化', '跨境电商零售进口', '出口退税新政', '通关便利化措施']);
      expect(Object.keys(r.body.rows[0]).sort()).toEqual(
        [
          'author',
          'count',
          'createTime',
          'id',
          'isHot',
          'isTop',
          'source',
          'summary',
          'summaryImg',
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

    it('filters by title substring, isTop, isHot and code (the source)', async () => {
      expect(titles((await post('/policy/getPolicyPage', { title: '通关' })).body.rows)).toEqual(['通关单证简化', '通关便利化措施']);
      expect(titles((await post('/policy/getPolicyPage', { isTop: 1 })).body.rows)).toEqual(['通关单证简化']);
      expect(titles((await post('/policy/getPolicyPage', { isTop: '0', isHot: '1' })).body.rows)).toEqual([
        '跨境电商零售进口',
        '通关便利化措施',
      ]);
      expect(titles((await post('/policy/getPolicyPage', { isHot: 0 })).body.rows)).toEqual(['通关单证简化', '出口退税新政']);
      expect(titles((await post('/policy/getPolicyPage', { code: '税务' })).body.rows)).toEqual(['出口退税新政']);
      expect(titles((await post('/policy/getPolicyPage', { code: '海关', title: '单证' })).body.rows)).toEqual(['通关单证简化']);
      // an empty filter is no filter; a filter matching nothing gives an empty page
      expect((await post('/policy/getPolicyPage', { title: '', code: '', isTop: '' })).body.total).toBe(4);
      expect((await post('/policy/getPolicyPage', { title: '不存在的标题' })).body).toMatchObject({ total: 0, rows: [] });
      expect((await post('/policy/getPolicyPage', { isTop: 2 })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    });

    it('pages from 1 with 20 rows by default', async () => {
      const p1 = await post('/policy/getPolicyPage', { pageNumber: 1, pageSize: 3 });
      const p2 = await post('/policy/getPolicyPage', { pageNumber: 2, pageSize: 3 });
      expect(p1.body.total).toBe(4);
      expect(p1.body.rows).toHaveLength(3);
      expect(p2.body.rows).toHaveLength(1);
      expect(p2.body.rows[0].title).toBe('通关便利化措施');
      for (let i = 0; i < 18; i++) await post('/policy/savePolicy', { title: `批量公告${i}` });
      const dflt = await post('/policy/getPolicyPage', {});
      expect(dflt.body.total).toBe(22);
      expect(dflt.body.rows).toHaveLength(20);
      await db().deleteFrom('policy').where('title', 'like', '批量公告%').execute();
    });

    it('sorts by a whitelisted column only', async () => {
      const byTitle = await post('/policy/getPolicyPage', { sortField: 'title', sortOrder: 'desc' });
      const got = titles(byTitle.body.rows);
      expect(got).toEqual([...got].sort().reverse());
      const byCount = await post('/policy/getPolicyPage', { sortField: 'content', sortOrder: 'asc' });
      expect(titles(byCount.body.rows)).toEqual(['通关单证简化', '跨境电商零售进口', '出口退税新政', '通关便利化措施']);
    });
  });

  it('toggles isTop and isHot with 0/1 only; an unknown id is a 404', async () => {
    const p = (await post('/policy/savePolicy', { title: '置顶开关测试' })).body.data;
    expect((await post(`/policy/upisTop?id=${p.id}&flag=1`)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await post(`/policy/upisHot?id=${p.id}&flag=1`)).body).toEqual({ code: 200, msg: '操作成功' });
    let got = (await post(`/policy/getPolicy?id=${p.id}`)).body.data;
    expect(got).toMatchObject({ isTop: 1, isHot: 1 });
    expect((await post('/policy/getPolicyPage', {})).body.rows[0].id).toBe(p.id);
    expect((await post(`/policy/upisHot?id=${p.id}&flag=0`)).body.code).toBe(200);
    got = (await post(`/policy/getPolicy?id=${p.id}`)).body.data;
    expect(got).toMatchObject({ isTop: 1, isHot: 0 });
    expect((await post(`/policy/upisTop?id=${p.id}&flag=2`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    expect((await post(`/policy/upisHot?id=${p.id}&flag=abc`, undefined, 'en')).body).toEqual({ code: 400, msg: 'Must be 0 or 1' });
    expect((await post(`/policy/upisTop?id=${p.id}`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
    expect((await post(`/policy/getPolicy?id=${p.id}`)).body.data.isTop).toBe(1);
    expect((await post('/policy/upisHot?flag=1')).body).toEqual({ code: 400, msg: '编号无效' });
  });

  it('deletes a batch of ids all or nothing; needs at least one id', async () => {
    const a = (await post('/policy/savePolicy', { title: '待删除A' })).body.data.id;
    const b = (await post('/policy/savePolicy', { title: '待删除B' })).body.data.id;
    const c = (await post('/policy/savePolicy', { title: '待删除C' })).body.data.id;
    expect((await post('/policy/delPolicy', [], 'en')).body).toEqual({ code: 400, msg: 'Select the data to delete' });
    expect((await post('/policy/getPolicyPage', { title: '待删除' })).body.total).toBe(3);
    expect((await post('/policy/delPolicy', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/policy/delPolicy', { ids: [c] })).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/policy/getPolicyPage', { title: '待删除' })).body.total).toBe(0);
    expect((await post(`/policy/getPolicy?id=${a}`)).body.code).toBe(404);
  });
});
