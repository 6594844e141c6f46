import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('waybill templates on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);

  beforeAll(async () => {
    token = await t.current.login();
  });

  // every test starts from the same three templates, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('waybill_template').execute();
    const seed = [
      { code: 'SF-STD', name: '顺丰标准运单', sortNo: 2 },
      { code: 'ZT-STD', name: '中通标准运单', sortNo: 1 },
      { code: 'EMS-INTL', name: 'EMS国际运单' },
    ];
    for (const w of seed) expect((await post('/waybill/saveWaybill', w)).body.code).toBe(200);
  });

  it('creates a template: createTime by the server, enabled by default, script removed from the HTML body', async () => {
    const r = await post('/waybill/saveWaybill', {
      code: 'YTO-COLD',
      name: '圆通冷链运单',
      sketchImg: '/img/5d41402a.png',
      content:
        '<table><tr><td onmouseover="steal()">寄件人</td><td><img src="x" onerror="alert(1)"></td></tr></table><script>alert(document.cookie)</script><a href="javascript:void(0)">打印</a>',
      sortNo: 3,
      createTime: '2000-01-01 00:00:00',
    });
    expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
    const saved = r.body.data;
    expect(saved).toMatchObject({ code: 'YTO-COLD', name: '圆通冷链运单', sketchImg: '/img/5d41402a.png', sortNo: 3, enableFlag: 1 });
    expect(saved.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(saved.createTime).not.toBe('2000-01-01 00:00:00');
    expect(saved.content).toBe('<table><tr><td>寄件人</td><td><img src="x" /></td></tr></table><a>打印</a>');
    const row = await db().selectFrom('waybill_template').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onerror|onmouseover|javascript/);
    expect((await post(`/waybill/getWaybill?id=${saved.id}`)).body).toEqual({ code: 200, msg: '操作成功', data: saved });
    await post('/waybill/delWaybill', [saved.id]);
  });

  it('validates with the messages in zh, en and es; a duplicate code is refused', async () => {
    const bad = async (body: unknown, msg: string, lang?: string) =>
      expect((await post('/waybill/saveWaybill', body, lang)).body).toEqual({ code: 400, msg });
    await bad({ name: '无编码' }, '模板编码不得为空');
    await bad({ code: '  ', name: '空白编码' }, '模板编码不得为空');
    await bad({ code: 'X1' }, '模板名称不得为空');
    await bad({ code: 'X1', name: '' }, '模板名称不得为空');
    await bad({ code: 'X1', name: 'x', sortNo: '1.1234567' }, '排序只能输入数字');
    await bad({ code: 'X1', name: 'x', sortNo: '01' }, '排序只能输入数字');
    await bad({ code: 'X1', name: 'x', enableFlag: 2 }, '只能是 0 或 1');
    await bad({ name: 'x' }, 'Template code must not be empty', 'en');
    await bad({ code: 'X1' }, 'Template name must not be empty', 'en');
    await bad({ code: 'X1', name: 'x', sortNo: '01' }, 'Sort can only be a number', 'en');
    await bad({ name: 'x' }, 'El código de la plantilla no puede estar vacío', 'es');
    const dup = await post('/waybill/saveWaybill', { code: 'SF-STD', name: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ code: 409, msg: '模板编码已存在' });
    expect((await post('/waybill/saveWaybill', { code: 'SF-STD', name: '重复' }, 'en')).body.msg).toBe('This template code already exists');
    expect((await post('/waybill/getWaybillPage', {})).body.total).toBe(3);
  });

  it('lists by sort number (none last) then newest, filters by name and code, pages from 1', async () => {
    const all = await post('/waybill/getWaybillPage', { pageNumber: 1, pageSize: 20 });
    expect(all.body.rows.map((r: { code: string }) => r.code)).toEqual(['ZT-STD', 'SF-STD', 'EMS-INTL']);
    expect(all.body.rows[0]).toMatchObject({ name: '中通标准运单', enableFlag: 1, sortNo: 1 });
    expect((await post('/waybill/getWaybillPage', { name: '标准' })).body.total).toBe(2);
    expect((await post('/waybill/getWaybillPage', { code: 'std' })).body.rows.map((r: { code: string }) => r.code)).toEqual([
      'ZT-STD',
      'SF-STD',
    ]);
    expect((await post('/waybill/getWaybillPage', { code: 'ems', name: '国际' })).body.total).toBe(1);
    expect((await post('/waybill/getWaybillPage', { code: 'ems', name: '标准' })).body.total).toBe(0);
    const p2 = await post('/waybill/getWaybillPage', { pageNumber: 2, pageSize: 2 });
    expect(p2.body).toMatchObject({ total: 3, rows: [{ code: 'EMS-INTL' }] });
    const byCode = await post('/waybill/getWaybillPage', { sortField: 'code', sortOrder: 'asc' });
    expect(byCode.body.rows.map((r: { code: string }) => r.code)).toEqual(['EMS-INTL', 'SF-STD', 'ZT-STD']);
  });

  it('updates only what is sent (keeping its own code), 404s unknown ids', async () => {
    const id = (await post('/waybill/getWaybillPage', { code: 'SF-STD' })).body.rows[0].id;
    await post('/waybill/saveWaybill', { id, code: 'SF-STD', name: '顺丰标准运单', content: '<p>寄件人：{{sender}}</p>' });
    const upd = await post('/waybill/saveWaybill', { id, code: 'SF-STD', name: '顺丰标准运单（新版）' });
    expect(upd.body.data).toMatchObject({
      id,
      code: 'SF-STD',
      name: '顺丰标准运单（新版）',
      content: '<p>寄件人：{{sender}}</p>',
      sortNo: 2,
    });
    expect((await post('/waybill/saveWaybill', { id, code: 'ZT-STD', name: 'x' })).body).toEqual({ code: 409, msg: '模板编码已存在' });
    expect((await post(`/waybill/getWaybill?id=${id}`)).body.data.code).toBe('SF-STD');
    expect((await post('/waybill/saveWaybill', { id: 999999, code: 'NEW', name: 'x' })).body).toEqual({
      code: 404,
      msg: '数据不存在或已被删除',
    });
  });

  it('deletes a batch of ids; an empty or unknown selection deletes nothing', async () => {
    const ids = (await post('/waybill/getWaybillPage', {})).body.rows.map((r: { id: number }) => r.id);
    expect((await post('/waybill/getWaybillPage', {})).body.total).toBe(3);
    expect((await post('/waybill/delWaybill', ids.slice(0, 2))).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/waybill/getWaybillPage', {})).body.total).toBe(1);
  });
});
