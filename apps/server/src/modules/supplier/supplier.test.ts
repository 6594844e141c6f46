import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('suppliers on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  const ids = { sf: 0, zt: 0, yt: 0, yd: 0 };

  beforeAll(async () => {
    token = await t.current.login();
  });

  // every test starts from the same four suppliers and no products, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('product').execute();
    await db().deleteFrom('supplier').execute();
    for (const [key, name, sortNo] of [
      ['sf', '顺丰速运', 2],
      ['zt', '中通快递', 1],
      ['yt', '圆通速递', null],
      ['yd', '韵达快递', 3],
    ] as const) {
      const r = await post('/supplier/saveSupplier', { name, summary: `${name}简介`, sortNo });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      ids[key] = r.body.data.id;
    }
  });

  it('creates a supplier with name, summary, logo and sort number; the row is in the database', async () => {
    const r = await post('/supplier/saveSupplier', {
      name: '京东物流',
      summary: '一体化供应链物流服务商',
      logo: '/img/3f2a9c.png',
      sortNo: '10.5',
    });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toEqual({
      id: expect.any(Number),
      name: '京东物流',
      summary: '一体化供应链物流服务商',
      logo: '/img/3f2a9c.png',
      sortNo: 10.5,
    });
    const row = await db().selectFrom('supplier').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('京东物流');
    expect(Number(row.sort_no)).toBe(10.5);
    await post(`/supplier/delSupplier?id=${r.body.data.id}`);
  });

  it('lists in sort order (no sort number last, then newest), filters by name and by the picker keyword', async () => {
    const all = await post('/supplier/getSupplierPage', { pageNumber: 1, pageSize: 20 });
    expect(all.body).toMatchObject({ code: 200, total: 4 });
    expect(all.body.rows.map((r: { name: string }) => r.name)).toEqual(['中通快递', '顺丰速运', '韵达快递', '圆通速递']);
    const byName = await post('/supplier/getSupplierPage', { name: '快递' });
    expect(byName.body.rows.map((r: { name: string }) => r.name)).toEqual(['中通快递', '韵达快递']);
    // the supplier picker of the product screen: remote select with `query`, page size 10, rows with id and name
    const picker = await post('/supplier/getSupplierPage', { query: '顺丰', pageNumber: 1, pageSize: 10 });
    expect(picker.body.total).toBe(1);
    expect(picker.body.rows[0]).toMatchObject({ id: ids.sf, name: '顺丰速运' });
    const sorted = await post('/supplier/getSupplierPage', { sortField: 'sortNo', sortOrder: 'descending' });
    expect(sorted.body.rows.map((r: { name: string }) => r.name)).toEqual(['圆通速递', '韵达快递', '顺丰速运', '中通快递']);
    // summary is not a sortable column: the default order stays
    const notSortable = await post('/supplier/getSupplierPage', { sortField: 'summary', sortOrder: 'desc' });
    expect(notSortable.body.rows.map((r: { name: string }) => r.name)).toEqual(['中通快递', '顺丰速运', '韵达快递', '圆通速递']);
  });

  it('pages from 1 with rows and total', async () => {
    const p1 = await post('/supplier/getSupplierPage', { pageNumber: 1, pageSize: 3 });
    const p2 = await post('/supplier/getSupplierPage', { pageNumber: 2, pageSize: 3 });
    expect(p1.body.total).toBe(4);
    expect(p1.body.rows).toHaveLength(3);
    expect(p2.body.rows).toHaveLength(1);
    expect(p2.body.rows[0].name).toBe('圆通速递');
    expect((await post('/supplier/getSupplierPage', { pageNumber: 9, pageSize: 3 })).body).toMatchObject({ rows: [], total: 4 });
  });

  it('validates with the SPEC messages in zh, en and es, and changes nothing', async () => {
    const bad = async (body: unknown, msg: string, lang?: string) =>
      expect((await post('/supplier/saveSupplier', body, lang)).body).toEqual({ code: 400, msg });
    await bad({ summary: '没有名称' }, '供应商名称不得为空');
    await bad({ name: '' }, '供应商名称不得为空');
    await bad({ name: '   ' }, '供应商名称不得为空');
    await bad({ name: ' 前面有空格' }, '必填');
    await bad({ name: '某供应商', sortNo: '1.1234567' }, '排序只能输入数字');
    await bad({ name: '某供应商', sortNo: '01' }, '排序只能输入数字');
    await bad({ name: '某供应商', sortNo: -1 }, '排序只能输入数字');
    await bad({ name: '某供应商', sortNo: 'abc' }, '排序只能输入数字');
    await bad({ summary: 'x' }, 'Supplier name must not be empty', 'en');
    await bad({ name: 'x', sortNo: '01' }, 'Sort can only be a number', 'en');
    await bad({ summary: 'x' }, 'El nombre del proveedor no puede estar vacío', 'es');
    expect((await post('/supplier/saveSupplier', { name: '六位小数', sortNo: '1.123456' })).body.data.sortNo).toBe(1.123456);
    expect((await post('/supplier/getSupplierPage', {})).body.total).toBe(5);
    const sixId = (await post('/supplier/getSupplierPage', { name: '六位小数' })).body.rows[0].id;
    await post(`/supplier/delSupplier?id=${sixId}`);
  });

  it('updates only what is sent; reads one by id; unknown ids get 404', async () => {
    const id = ids.yd;
    const upd = await post('/supplier/saveSupplier', { id, name: '韵达股份' });
    expect(upd.body.data).toMatchObject({ id, name: '韵达股份', summary: '韵达快递简介', sortNo: 3 });
    const got = await post(`/supplier/getSupplier?id=${id}`);
    expect(got.body).toEqual({ code: 200, msg: '操作成功', data: { id, name: '韵达股份', summary: '韵达快递简介', logo: '', sortNo: 3 } });
    const failed = await post('/supplier/saveSupplier', { id, name: '' });
    expect(failed.body.msg).toBe('供应商名称不得为空');
    expect((await post(`/supplier/getSupplier?id=${id}`)).body.data.name).toBe('韵达股份');
    expect((await post('/supplier/getSupplier?id=abc')).body).toEqual({ code: 400, msg: '编号无效' });
  });

  it('deletes one supplier at a time, and refuses one that still has products', async () => {
    expect((await post('/supplier/delSupplier', [ids.sf, ids.zt])).body).toEqual({
      code: 400,
      msg: '仅能选择一条数据进行删除',
    });
    expect((await post('/supplier/delSupplier', [ids.sf, ids.zt], 'en')).body.msg).toBe('Only one record can be selected for deletion');
    const product = await post('/product/saveProduct', { supplierId: ids.sf, name: '顺丰特快' });
    expect(product.body.code).toBe(200);
    const refused = await post(`/supplier/delSupplier?id=${ids.sf}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, msg: '该供应商下还有产品，不能删除' });
    expect((await post(`/supplier/delSupplier?id=${ids.sf}`, undefined, 'en')).body.msg).toBe(
      'Products still belong to this supplier; it cannot be deleted',
    );
    expect((await post('/supplier/getSupplierPage', {})).body.total).toBe(4);
    // once its products are gone it can be deleted; `{ id }` in the body works as well as `?id=`
    expect((await post('/product/delProduct', [product.body.data.id])).body.code).toBe(200);
    expect((await post('/supplier/delSupplier', { id: ids.sf })).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post(`/supplier/delSupplier?id=${ids.yt}`)).body).toEqual({ code: 200, msg: '删除成功' });
    const left = await post('/supplier/getSupplierPage', {});
    expect(left.body.rows.map((r: { name: string }) => r.name)).toEqual(['中通快递', '韵达快递']);
  });
});
