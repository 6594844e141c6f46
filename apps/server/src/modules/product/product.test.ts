import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('products on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  let sf = 0;
  let zt = 0;

  beforeAll(async () => {
    token = await t.current.login();
    sf = (await post('/supplier/saveSupplier', { name: '顺丰速运', sortNo: 1 })).body.data.id;
    zt = (await post('/supplier/saveSupplier', { name: '中通快递', sortNo: 2 })).body.data.id;
  });

  // every test starts with no product, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('product').execute();
  });
  /** 冷链专线1号 … 5号, sort numbers 1 … 5, the odd ones 顺丰's and the even ones 中通's */
  const coldChain = async () => {
    for (let i = 1; i <= 5; i++)
      expect((await post('/product/saveProduct', { supplierId: i % 2 ? sf : zt, name: `冷链专线${i}号`, sortNo: i })).body.code).toBe(200);
  };

  it('creates a product: createTime set by the server, supplierName read from the database, not the client', async () => {
    const r = await post('/product/saveProduct', {
      supplierId: String(sf),
      supplierName: '伪造的供应商',
      name: '顺丰即日达',
      summary: '当日收当日达',
      img: '/img/a1b2c3.jpg',
      url: 'https://www.sf-express.com/product/sdr',
      sortNo: 1,
      createTime: '1999-01-01 00:00:00',
    });
    expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
    const saved = r.body.data;
    expect(saved).toMatchObject({
      supplierId: sf,
      supplierName: '顺丰速运',
      name: '顺丰即日达',
      summary: '当日收当日达',
      img: '/img/a1b2c3.jpg',
      url: 'https://www.sf-express.com/product/sdr',
      sortNo: 1,
    });
    expect(saved.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(saved.createTime).not.toBe('1999-01-01 00:00:00');
    const row = await db().selectFrom('product').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(Number(row.supplier_id)).toBe(sf);
    expect(row).not.toHaveProperty('supplier_name');
    // renaming the supplier shows in the product at once
    await post('/supplier/saveSupplier', { id: sf, name: '顺丰控股' });
    expect((await post(`/product/getProduct?id=${saved.id}`)).body.data.supplierName).toBe('顺丰控股');
    await post('/supplier/saveSupplier', { id: sf, name: '顺丰速运' });
    // a site path is a valid link too
    const local = await post('/product/saveProduct', { supplierId: zt, name: '中通标快', url: '/product/zt-standard' });
    expect(local.body.data).toMatchObject({ url: '/product/zt-standard', supplierName: '中通快递', sortNo: null });
  });

  it('validates with the SPEC messages in zh, en and es, and changes nothing', async () => {
    const before = (await post('/product/getProductPage', {})).body.total;
    const bad = async (body: unknown, msg: string, lang?: string) =>
      expect((await post('/product/saveProduct', body, lang)).body).toEqual({ code: 400, msg });
    await bad({ supplierId: sf }, '产品名称不得为空');
    await bad({ supplierId: sf, name: '  ' }, '产品名称不得为空');
    await bad({ supplierId: sf, name: ' 前导空格' }, '必填');
    await bad({ name: '无供应商' }, '供应商不得为空');
    await bad({ name: '无供应商', supplierId: '' }, '供应商不得为空');
    await bad({ name: '无供应商', supplierId: null }, '供应商不得为空');
    await bad({ name: '供应商不存在', supplierId: 999999 }, '供应商不存在或已被删除');
    await bad({ name: '供应商无效', supplierId: 'abc' }, '供应商不存在或已被删除');
    await bad({ supplierId: sf, name: 'x', sortNo: '1.1234567' }, '排序只能输入数字');
    await bad({ supplierId: sf, name: 'x', sortNo: '01' }, '排序只能输入数字');
    await bad({ supplierId: sf, name: 'x', url: 'javascript:alert(1)' }, '链接地址格式不正确（http://、https:// 或以 / 开头的站内地址）');
    await bad({ supplierId: sf, name: 'x', url: '//evil.example.com/x' }, '链接地址格式不正确（http://、https:// 或以 / 开头的站内地址）');
    await bad({ supplierId: sf }, 'Product name must not be empty', 'en');
    await bad({ name: 'x' }, 'Supplier must not be empty', 'en');
    await bad({ supplierId: sf, name: 'x', sortNo: '1.1234567' }, 'Sort can only be a number', 'en');
    await bad({ supplierId: sf }, 'El nombre del producto no puede estar vacío', 'es');
    await bad({ name: 'x' }, 'El proveedor no puede estar vacío', 'es');
    expect((await post('/product/getProductPage', {})).body.total).toBe(before);
  });

  it('filters by supplier, name substring and created-date range; the getProductList alias answers the same', async () => {
    await coldChain();
    const old = (await post('/product/saveProduct', { supplierId: zt, name: '冷链旧产品' })).body.data.id;
    await db().updateTable('product').set({ create_time: '2024-03-15 23:59:59' }).where('id', '=', old).execute();

    const byName = await post('/product/getProductPage', { name: '冷链', pageNumber: 1, pageSize: 20 });
    expect(byName.body.total).toBe(6);
    const bySupplier = await post('/product/getProductPage', { name: '冷链专线', supplierId: sf });
    expect(bySupplier.body.rows.map((r: { name: string }) => r.name)).toEqual(['冷链专线1号', '冷链专线3号', '冷链专线5号']);
    expect(bySupplier.body.rows.every((r: { supplierName: string }) => r.supplierName === '顺丰速运')).toBe(true);
    const asText = await post('/product/getProductPage', { name: '冷链', supplierId: String(zt) });
    expect(asText.body.total).toBe(3);
    const day = await post('/product/getProductPage', { startTime: '2024-03-15', endTime: '2024-03-15' });
    expect(day.body.rows.map((r: { id: number }) => r.id)).toEqual([old]);
    expect((await post('/product/getProductPage', { startTime: '2024-03-16', name: '冷链' })).body.total).toBe(5);
    expect((await post('/product/getProductPage', { endTime: '2024-03-14' })).body.total).toBe(0);
    expect((await post('/product/getProductPage', { startTime: '2024-03-16', endTime: '2024-03-15' })).body).toEqual({
      code: 400,
      msg: '开始时间不能晚于结束时间',
    });
    expect((await post('/product/getProductPage', { startTime: '2024/03/15' })).body.code).toBe(400);
    expect((await post('/product/getProductPage', { supplierId: 'abc' })).body).toEqual({ code: 400, msg: '字段 supplierId 的值无效' });
    const alias = await post('/product/getProductList', { name: '冷链专线', supplierId: sf });
    expect(alias.body).toEqual(bySupplier.body);
  });

  it('pages from 1, sorts by sort number then newest, and by whitelisted columns only', async () => {
    await coldChain();
    const p1 = await post('/product/getProductPage', { name: '冷链专线', pageNumber: 1, pageSize: 2 });
    const p3 = await post('/product/getProductPage', { name: '冷链专线', pageNumber: 3, pageSize: 2 });
    expect(p1.body.total).toBe(5);
    expect(p1.body.rows.map((r: { name: string }) => r.name)).toEqual(['冷链专线1号', '冷链专线2号']);
    expect(p3.body.rows.map((r: { name: string }) => r.name)).toEqual(['冷链专线5号']);
    const bySupplierName = await post('/product/getProductPage', { name: '冷链专线', sortField: 'supplierName', sortOrder: 'asc' });
    const names = bySupplierName.body.rows.map((r: { supplierName: string }) => r.supplierName);
    // grouped by supplier name: the name changes exactly once down the list
    expect(names.filter((n: string, i: number) => i > 0 && n !== names[i - 1])).toHaveLength(1);
    const bySort = await post('/product/getProductPage', { name: '冷链专线', sortField: 'sortNo', sortOrder: 'desc' });
    expect(bySort.body.rows[0].name).toBe('冷链专线5号');
    expect((await post('/product/getProductPage', { sortField: 'url) --', sortOrder: 'desc' })).body.code).toBe(200);
  });

  it('updates only what is sent and 404s unknown ids', async () => {
    const p = (await post('/product/saveProduct', { supplierId: sf, name: '原名', summary: '原简介', sortNo: 7 })).body.data;
    const upd = await post('/product/saveProduct', { id: p.id, supplierId: zt, name: '新名', supplierName: '伪造' });
    expect(upd.body.data).toMatchObject({
      id: p.id,
      supplierId: zt,
      supplierName: '中通快递',
      name: '新名',
      summary: '原简介',
      sortNo: 7,
      createTime: p.createTime,
    });
    expect((await post('/product/saveProduct', { id: p.id, supplierId: 999999, name: '新名' })).body.msg).toBe('供应商不存在或已被删除');
    expect((await post(`/product/getProduct?id=${p.id}`)).body.data.supplierId).toBe(zt);
    expect((await post('/product/saveProduct', { id: 999999, supplierId: sf, name: 'x' })).body).toEqual({
      code: 404,
      msg: '数据不存在或已被删除',
    });
  });

  it('deletes a batch of ids in one transaction; an empty or unknown selection deletes nothing', async () => {
    const a = (await post('/product/saveProduct', { supplierId: sf, name: '待删甲' })).body.data.id;
    const b = (await post('/product/saveProduct', { supplierId: sf, name: '待删乙' })).body.data.id;
    expect((await post('/product/delProduct', [], 'en')).body.msg).toBe('Select the data to delete');
    expect((await post('/product/delProduct', [], 'es')).body.msg).toBe('Seleccione los datos que desea eliminar');
    expect((await post('/product/getProductPage', { name: '待删' })).body.total).toBe(2);
    expect((await post('/product/delProduct', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/product/getProductPage', { name: '待删' })).body.total).toBe(0);
  });
});
