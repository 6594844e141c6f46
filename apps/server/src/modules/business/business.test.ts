import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { ownFields } from '../../test/records.js';

describe.each(DIALECTS)('business types and partners on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  const codes = (rows: { code: string }[]) => rows.map((r) => r.code);
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  const types: Record<string, number> = {};

  beforeAll(async () => {
    token = await t.current.login();
  });

  // every test starts from the same four types and no partners, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('business').execute();
    await db().deleteFrom('business_type').execute();
    for (const [code, name, sortNo] of [
      ['kj', '跨境电商', 2],
      ['hy', '国际海运', 1],
      ['cc', '仓储配送', null],
      ['bg', '报关报检', 3],
    ] as const) {
      const r = await post('/business/saveBusinessType', { code, name, sortNo, summary: `${name}业务` });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      types[code] = r.body.data.id;
    }
  });

  describe('business types', () => {
    it('lists by sort number (types without one last) with rows and total', async () => {
      const r = await post('/business/getBusinessTypePage', { pageNumber: 1, pageSize: 20 });
      expect(r.body).toMatchObject({ code: 200, msg: '操作成功', total: 4 });
      expect(codes(r.body.rows)).toEqual(['hy', 'kj', 'bg', 'cc']);
      expect(ownFields(r.body.rows[0])).toEqual({
        id: types.hy,
        code: 'hy',
        name: '国际海运',
        summary: '国际海运业务',
        summaryImg: '',
        sortNo: 1,
      });
      expect(r.body.rows[3].sortNo).toBeNull();
    });

    it('filters by code and name, serves the remote select by keyword, pages', async () => {
      const list = async (body: object) => codes((await post('/business/getBusinessTypePage', body)).body.rows);
      expect(await list({ code: 'k' })).toEqual(['kj']);
      expect(await list({ code: 'KJ' })).toEqual(['kj']);
      expect(await list({ name: '国际' })).toEqual(['hy']);
      expect(await list({ code: 'hy', name: '仓储' })).toEqual([]);
      expect(await list({ query: '报', pageNumber: 1, pageSize: 10 })).toEqual(['bg']);
      expect(await list({ query: 'cc', pageNumber: 1, pageSize: 10 })).toEqual(['cc']);
      const p2 = await post('/business/getBusinessTypePage', { pageNumber: 2, pageSize: 3 });
      expect(p2.body.total).toBe(4);
      expect(codes(p2.body.rows)).toEqual(['cc']);
      expect(await list({ sortField: 'code', sortOrder: 'asc' })).toEqual(['bg', 'cc', 'hy', 'kj']);
      expect(await list({ sortField: 'summary', sortOrder: 'asc' })).toEqual(['hy', 'kj', 'bg', 'cc']);
    });

    it('getBusinessType replies with the entity itself; an unknown id gets the usual error', async () => {
      const r = await post(`/business/getBusinessType?id=${types.kj}`);
      expect(r.status).toBe(200);
      expect(ownFields(r.body)).toEqual({ id: types.kj, code: 'kj', name: '跨境电商', summary: '跨境电商业务', summaryImg: '', sortNo: 2 });
      const missing = await post('/business/getBusinessType?id=999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
      expect((await post('/business/getBusinessType?id=abc')).body).toEqual({ code: 400, msg: '编号无效' });
    });

    it('validates name, code and sort number (zh, en, es); refuses a duplicate code', async () => {
      const msg = async (body: object, lang?: string) => (await post('/business/saveBusinessType', body, lang)).body;
      expect(await msg({ code: 'x' })).toEqual({ code: 400, msg: '业务类型名称不得为空' });
      expect(await msg({ code: 'x', name: '' })).toEqual({ code: 400, msg: '业务类型名称不得为空' });
      expect(await msg({ name: '新类型' })).toEqual({ code: 400, msg: '业务类型编码不得为空' });
      expect(await msg({ name: '新类型', code: '  ' })).toEqual({ code: 400, msg: '业务类型编码不得为空' });
      expect(await msg({ name: ' 新类型', code: 'x' })).toEqual({ code: 400, msg: '必填' });
      for (const bad of ['1.1234567', '01', '-3', '1e3', 'abc']) {
        expect(await msg({ name: '新类型', code: 'x', sortNo: bad })).toEqual({ code: 400, msg: '排序只能输入数字' });
      }
      expect((await msg({ code: 'x' }, 'en')).msg).toBe('Business type name must not be empty');
      expect((await msg({ name: 'x' }, 'en')).msg).toBe('Business type code must not be empty');
      expect((await msg({ name: 'x', code: 'x', sortNo: '01' }, 'en')).msg).toBe('Sort can only be a number');
      expect((await msg({ name: 'x' }, 'es')).msg).toBe('El código del tipo de negocio no puede estar vacío');
      const dup = await post('/business/saveBusinessType', { name: '重复', code: 'kj' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ code: 409, msg: '业务类型编码已存在' });
      expect((await post('/business/getBusinessTypePage', {})).body.total).toBe(4);
    });

    it('updates only the sent fields (its own code is no clash); 404s an unknown id', async () => {
      const upd = await post('/business/saveBusinessType', {
        id: types.cc,
        code: 'cc',
        name: '仓储配送',
        summaryImg: '/img/cc.png',
        sortNo: '4.25',
      });
      expect(ownFields(upd.body.data)).toEqual({
        id: types.cc,
        code: 'cc',
        name: '仓储配送',
        summary: '仓储配送业务',
        summaryImg: '/img/cc.png',
        sortNo: 4.25,
      });
      // a required field sent empty on update is refused and changes nothing
      expect((await post('/business/saveBusinessType', { id: types.cc, code: 'cc', name: '', sortNo: 1 })).body.msg).toBe(
        '业务类型名称不得为空',
      );
      expect((await post(`/business/getBusinessType?id=${types.cc}`)).body.sortNo).toBe(4.25);
      expect((await post('/business/saveBusinessType', { id: 999999, name: 'x', code: 'zz' })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });
  });

  describe('partners', () => {
    it('creates a partner: typeName read from its type, not from the client', async () => {
      const r = await post('/business/saveBusiness', {
        name: '中远海运',
        type: 'hy',
        typeName: '伪造的类型名',
        summary: '全球航线覆盖的航运企业',
        logo: '/img/cosco.png',
        url: 'https://www.coscoshipping.com',
        sortNo: '1.123456',
      });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      expect(ownFields(r.body.data)).toEqual({
        id: r.body.data.id,
        type: 'hy',
        typeName: '国际海运',
        name: '中远海运',
        summary: '全球航线覆盖的航运企业',
        logo: '/img/cosco.png',
        url: 'https://www.coscoshipping.com',
        sortNo: 1.123456,
      });
      const row = await db().selectFrom('business').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
      expect(row.type).toBe('hy');
      expect(row).not.toHaveProperty('type_name');
      expect((await post(`/business/getBusiness?id=${r.body.data.id}`)).body).toEqual({ code: 200, msg: '操作成功', data: r.body.data });
    });

    it('validates name, type, sort number and link (zh, en, es) and writes nothing on bad input', async () => {
      const msg = async (body: object, lang?: string) => (await post('/business/saveBusiness', body, lang)).body;
      expect(await msg({ type: 'hy' })).toEqual({ code: 400, msg: '合作伙伴名称不得为空' });
      expect(await msg({ name: '', type: 'hy' })).toEqual({ code: 400, msg: '合作伙伴名称不得为空' });
      expect(await msg({ name: '顺丰' })).toEqual({ code: 400, msg: '类型不得为空' });
      expect(await msg({ name: '顺丰', type: '' })).toEqual({ code: 400, msg: '类型不得为空' });
      expect(await msg({ name: '顺丰', type: 'nope' })).toEqual({ code: 400, msg: '业务类型不存在' });
      for (const bad of ['1.1234567', '01', '-1', 'x']) {
        expect(await msg({ name: '顺丰', type: 'hy', sortNo: bad })).toEqual({ code: 400, msg: '排序只能输入数字' });
      }
      for (const bad of ['javascript:alert(1)', 'www.sf-express.com', 'ftp://sf.com', 'https://a b.com']) {
        expect(await msg({ name: '顺丰', type: 'hy', url: bad })).toEqual({ code: 400, msg: '链接地址格式不正确' });
      }
      expect((await msg({ type: 'hy' }, 'en')).msg).toBe('Partner name must not be empty');
      expect((await msg({ name: 'x' }, 'en')).msg).toBe('Type must not be empty');
      expect((await msg({ name: 'x', type: 'hy', sortNo: '1.1234567' }, 'en')).msg).toBe('Sort can only be a number');
      expect((await msg({ type: 'hy' }, 'es')).msg).toBe('El nombre del socio no puede estar vacío');
      expect((await post('/business/getBusinessPage', { name: '顺丰' })).body.total).toBe(0);
      expect((await msg({ name: '顺丰', type: 'kj', url: '' })).code).toBe(200);
    });

    describe('list', () => {
      beforeEach(async () => {
        for (const [name, type, sortNo] of [
          ['马士基', 'hy', 2],
          ['中远海运', 'hy', 1],
          ['天猫国际', 'kj', 1],
          ['京东物流', 'cc', null],
          ['菜鸟网络', 'kj', 3],
        ] as const) {
          expect((await post('/business/saveBusiness', { name, type, sortNo })).body.code).toBe(200);
        }
      });

      it('orders by sort number (empty last), then newest', async () => {
        const r = await post('/business/getBusinessPage', { pageNumber: 1, pageSize: 20 });
        expect(r.body.total).toBe(5);
        expect(names(r.body.rows)).toEqual(['天猫国际', '中远海运', '马士基', '菜鸟网络', '京东物流']);
        expect(r.body.rows.map((x: { typeName: string }) => x.typeName)).toEqual([
          '跨境电商',
          '国际海运',
          '国际海运',
          '跨境电商',
          '仓储配送',
        ]);
      });

      it('filters by type and name; pages; sorts by whitelisted columns', async () => {
        const list = async (body: object) => names((await post('/business/getBusinessPage', body)).body.rows);
        expect(await list({ type: 'hy' })).toEqual(['中远海运', '马士基']);
        expect(await list({ type: 'h' })).toEqual([]);
        expect(await list({ name: '国际' })).toEqual(['天猫国际']);
        expect(await list({ name: '物流', type: 'cc' })).toEqual(['京东物流']);
        expect(await list({ name: '物流', type: 'kj' })).toEqual([]);
        const p2 = await post('/business/getBusinessPage', { pageNumber: 2, pageSize: 2 });
        expect(p2.body.total).toBe(5);
        expect(names(p2.body.rows)).toEqual(['马士基', '菜鸟网络']);
        const byType = await post('/business/getBusinessPage', { sortField: 'typeName', sortOrder: 'asc' });
        const typeNames = byType.body.rows.map((x: { typeName: string }) => x.typeName);
        expect(typeNames).toEqual([...typeNames].sort());
      });

      it('a renamed type shows its new name; a changed code follows into its partners', async () => {
        await post('/business/saveBusinessType', { id: types.hy, name: '海运物流', code: 'sea' });
        const r = await post('/business/getBusinessPage', { type: 'sea' });
        expect(names(r.body.rows)).toEqual(['中远海运', '马士基']);
        expect(r.body.rows.every((x: { typeName: string }) => x.typeName === '海运物流')).toBe(true);
        expect((await post('/business/getBusinessPage', { type: 'hy' })).body.total).toBe(0);
        await post('/business/saveBusinessType', { id: types.hy, name: '国际海运', code: 'hy' });
      });
    });

    it('updates only the sent fields and 404s unknown ids', async () => {
      const p = (await post('/business/saveBusiness', { name: '德邦快递', type: 'cc', summary: '原简介', url: 'http://www.deppon.com' }))
        .body.data;
      const upd = await post('/business/saveBusiness', { id: p.id, name: '德邦物流', type: 'kj', typeName: '不会被采用' });
      expect(upd.body.data).toMatchObject({
        id: p.id,
        name: '德邦物流',
        type: 'kj',
        typeName: '跨境电商',
        summary: '原简介',
        url: 'http://www.deppon.com',
      });
      expect((await post('/business/saveBusiness', { id: p.id, name: '德邦物流', type: 'nope' })).body.msg).toBe('业务类型不存在');
      expect((await post(`/business/getBusiness?id=${p.id}`)).body.data.type).toBe('kj');
    });

    it('deletes a batch of partner ids (at least one, all or nothing)', async () => {
      const a = (await post('/business/saveBusiness', { name: '删除伙伴甲', type: 'bg' })).body.data.id;
      const b = (await post('/business/saveBusiness', { name: '删除伙伴乙', type: 'bg' })).body.data.id;
      expect((await post('/business/getBusinessPage', { name: '删除伙伴' })).body.total).toBe(2);
      expect((await post('/business/delBusiness', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/business/getBusinessPage', { name: '删除伙伴' })).body.total).toBe(0);
    });
  });

  it('deletes one business type at a time and never one its partners still use', async () => {
    expect((await post('/business/saveBusiness', { name: '中远海运', type: 'hy' })).body.code).toBe(200);
    expect((await post('/business/delBusinessType', [types.bg, types.cc])).body).toEqual({ code: 400, msg: '仅能选择一条数据进行删除' });
    const used = await post(`/business/delBusinessType?id=${types.hy}`);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ code: 409, msg: '该业务类型下还有合作伙伴，不能删除' });
    expect((await post(`/business/delBusinessType?id=${types.hy}`, undefined, 'en')).body.msg).toBe(
      'Partners still use this business type; it cannot be deleted',
    );
    expect((await post('/business/getBusinessTypePage', {})).body.total).toBe(4);
    expect((await post(`/business/delBusinessType?id=${types.bg}`)).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post(`/business/getBusinessType?id=${types.bg}`)).body.code).toBe(404);
  });
});
