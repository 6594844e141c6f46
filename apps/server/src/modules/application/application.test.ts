import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { ownFields } from '../../test/records.js';

describe.each(DIALECTS)('application types and applications on %s', (dialect) => {
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

  // every test starts from the same three types and no applications, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('application').execute();
    await db().deleteFrom('application_type').execute();
    for (const [code, name, sortNo] of [
      ['tool', '常用工具', 2],
      ['query', '查询服务', 1],
      ['gov', '政务平台', '1.5'],
    ] as const) {
      const r = await post('/application/saveApplicationType', { code, name, sortNo });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      types[code] = r.body.data.id;
    }
  });

  describe('application types', () => {
    it('lists by sort number with rows and total', async () => {
      const r = await post('/application/getApplicationTypePage', { pageNumber: 1, pageSize: 20 });
      expect(r.body).toMatchObject({ code: 200, msg: '操作成功', total: 3 });
      expect(codes(r.body.rows)).toEqual(['query', 'gov', 'tool']);
      expect(ownFields(r.body.rows[1])).toEqual({ id: types.gov, code: 'gov', name: '政务平台', sortNo: 1.5 });
    });

    it('filters by code and name substrings and the remote-select keyword; pages; sorts by whitelisted columns', async () => {
      const list = async (body: object) => codes((await post('/application/getApplicationTypePage', body)).body.rows);
      expect(await list({ code: 'o' })).toEqual(['gov', 'tool']);
      expect(await list({ code: 'TOOL' })).toEqual(['tool']);
      expect(await list({ name: '查询' })).toEqual(['query']);
      expect(await list({ code: 'gov', name: '工具' })).toEqual([]);
      expect(await list({ query: '政务', pageNumber: 1, pageSize: 10 })).toEqual(['gov']);
      expect(await list({ query: 'que', pageNumber: 1, pageSize: 10 })).toEqual(['query']);
      const p2 = await post('/application/getApplicationTypePage', { pageNumber: 2, pageSize: 2 });
      expect(p2.body.total).toBe(3);
      expect(codes(p2.body.rows)).toEqual(['tool']);
      expect(await list({ sortField: 'sortNo', sortOrder: 'desc' })).toEqual(['tool', 'gov', 'query']);
      const byName = names((await post('/application/getApplicationTypePage', { sortField: 'name', sortOrder: 'asc' })).body.rows);
      expect(byName).toEqual([...byName].sort());
    });

    it('requires code, name and sort number, each with its own message (zh, en, es); refuses a duplicate code', async () => {
      const msg = async (body: object, lang?: string) => (await post('/application/saveApplicationType', body, lang)).body;
      expect(await msg({ name: '新类型', sortNo: 1 })).toEqual({ code: 400, msg: '类型编码不能为空' });
      expect(await msg({ code: '', name: '新类型', sortNo: 1 })).toEqual({ code: 400, msg: '类型编码不能为空' });
      expect(await msg({ code: 'new', sortNo: 1 })).toEqual({ code: 400, msg: '类型名称不能为空' });
      expect(await msg({ code: 'new', name: '新类型' })).toEqual({ code: 400, msg: '排序不能为空' });
      expect(await msg({ code: 'new', name: '新类型', sortNo: '' })).toEqual({ code: 400, msg: '排序不能为空' });
      expect(await msg({ code: 'new', name: '新类型', sortNo: null })).toEqual({ code: 400, msg: '排序不能为空' });
      for (const bad of ['1.1234567', '01', '-1', 'abc']) {
        expect(await msg({ code: 'new', name: '新类型', sortNo: bad })).toEqual({ code: 400, msg: '排序只能输入数字' });
      }
      expect(await msg({ code: ' new', name: '新类型', sortNo: 1 })).toEqual({ code: 400, msg: '必填' });
      expect((await msg({ name: 'x', sortNo: 1 }, 'en')).msg).toBe('Type code must not be empty');
      expect((await msg({ code: 'x', sortNo: 1 }, 'en')).msg).toBe('Type name must not be empty');
      expect((await msg({ code: 'x', name: 'x' }, 'en')).msg).toBe('Sort must not be empty');
      expect((await msg({ code: 'x', name: 'x', sortNo: '01' }, 'en')).msg).toBe('Sort can only be a number');
      expect((await msg({ code: 'x', name: 'x' }, 'es')).msg).toBe('El orden no puede estar vacío');
      const dup = await post('/application/saveApplicationType', { code: 'tool', name: '重复', sortNo: 9 });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ code: 409, msg: '类型编码已存在' });
      expect((await post('/application/getApplicationTypePage', {})).body.total).toBe(3);
    });

    it('updates a type; 404s an unknown id', async () => {
      const upd = await post('/application/saveApplicationType', { id: types.tool, code: 'tool', name: '实用工具', sortNo: 3 });
      expect(ownFields(upd.body.data)).toEqual({ id: types.tool, code: 'tool', name: '实用工具', sortNo: 3 });
      expect((await post('/application/saveApplicationType', { id: 999999, code: 'zz', name: 'x', sortNo: 1 })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });
  });

  describe('applications', () => {
    it('creates an application: typeName read from its type, not from the client', async () => {
      const r = await post('/application/saveApplication', {
        name: '舱单查询',
        type: 'query',
        typeName: '伪造的类型名',
        icon: '/img/manifest.png',
        url: 'https://www.singlewindow.cn/manifest',
        sortNo: '2.5',
      });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      expect(ownFields(r.body.data)).toEqual({
        id: r.body.data.id,
        name: '舱单查询',
        type: 'query',
        typeName: '查询服务',
        icon: '/img/manifest.png',
        url: 'https://www.singlewindow.cn/manifest',
        sortNo: 2.5,
      });
      const row = await db().selectFrom('application').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: '舱单查询', type: 'query', icon: '/img/manifest.png' });
      expect((await post(`/application/getApplication?id=${r.body.data.id}`)).body).toEqual({
        code: 200,
        msg: '操作成功',
        data: r.body.data,
      });
    });

    it('validates name, type, sort number and link (zh, en, es) and writes nothing on bad input', async () => {
      const msg = async (body: object, lang?: string) => (await post('/application/saveApplication', body, lang)).body;
      expect(await msg({ type: 'tool' })).toEqual({ code: 400, msg: '应用名称不得为空' });
      expect(await msg({ name: '', type: 'tool' })).toEqual({ code: 400, msg: '应用名称不得为空' });
      expect(await msg({ name: '汇率换算' })).toEqual({ code: 400, msg: '应用类型不得为空' });
      expect(await msg({ name: '汇率换算', type: '' })).toEqual({ code: 400, msg: '应用类型不得为空' });
      expect(await msg({ name: '汇率换算', type: 'nope' })).toEqual({ code: 400, msg: '应用类型不存在' });
      for (const bad of ['1.1234567', '01', '-2', '1,5']) {
        expect(await msg({ name: '汇率换算', type: 'tool', sortNo: bad })).toEqual({ code: 400, msg: '排序只能输入数字' });
      }
      expect(await msg({ name: '汇率换算', type: 'tool', url: 'javascript:alert(1)' })).toEqual({ code: 400, msg: '链接地址格式不正确' });
      expect((await msg({ type: 'tool' }, 'en')).msg).toBe('Application name must not be empty');
      expect((await msg({ name: 'x' }, 'en')).msg).toBe('Application type must not be empty');
      expect((await msg({ name: 'x', type: 'tool', sortNo: '01' }, 'en')).msg).toBe('Sort can only be a number');
      expect((await msg({ name: 'x' }, 'es')).msg).toBe('El tipo de aplicación no puede estar vacío');
      expect((await post('/application/getApplicationPage', { name: '汇率' })).body.total).toBe(0);
    });

    describe('list', () => {
      beforeEach(async () => {
        for (const [name, type, sortNo] of [
          ['运单查询', 'query', 2],
          ['报关单查询', 'query', 1],
          ['汇率换算', 'tool', 1],
          ['单一窗口', 'gov', null],
          ['体积计算器', 'tool', 2],
        ] as const) {
          expect((await post('/application/saveApplication', { name, type, sortNo, url: 'https://example.com' })).body.code).toBe(200);
        }
      });

      it('orders by sort number (empty last), then newest; typeName joined', async () => {
        const r = await post('/application/getApplicationPage', { pageNumber: 1, pageSize: 20 });
        expect(r.body.total).toBe(5);
        expect(names(r.body.rows)).toEqual(['汇率换算', '报关单查询', '体积计算器', '运单查询', '单一窗口']);
        expect(r.body.rows.map((x: { typeName: string }) => x.typeName)).toEqual([
          '常用工具',
          '查询服务',
          '常用工具',
          '查询服务',
          '政务平台',
        ]);
      });

      it('filters by type and name; pages', async () => {
        const list = async (body: object) => names((await post('/application/getApplicationPage', body)).body.rows);
        expect(await list({ type: 'query' })).toEqual(['报关单查询', '运单查询']);
        expect(await list({ type: 'quer' })).toEqual([]);
        expect(await list({ name: '查询' })).toEqual(['报关单查询', '运单查询']);
        expect(await list({ name: '查询', type: 'tool' })).toEqual([]);
        expect(await list({ name: '', type: '' })).toHaveLength(5);
        const p3 = await post('/application/getApplicationPage', { type: '', name: '', pageNumber: 3, pageSize: 2 });
        expect(p3.body.total).toBe(5);
        expect(names(p3.body.rows)).toEqual(['单一窗口']);
        const dflt = await post('/application/getApplicationPage', {});
        expect(dflt.body.rows).toHaveLength(5);
      });

      it('a renamed type shows its new name everywhere', async () => {
        await post('/application/saveApplicationType', { id: types.gov, code: 'gov', name: '政务服务', sortNo: '1.5' });
        const r = await post('/application/getApplicationPage', { type: 'gov' });
        expect(r.body.rows.map((x: { typeName: string }) => x.typeName)).toEqual(['政务服务']);
      });
    });

    it('updates only the sent fields and 404s unknown ids', async () => {
      const a = (await post('/application/saveApplication', { name: '关税计算', type: 'tool', icon: '/img/tax.png', sortNo: 5 })).body.data;
      const upd = await post('/application/saveApplication', { id: a.id, name: '关税计算器', type: 'query', typeName: '不会被采用' });
      expect(upd.body.data).toMatchObject({
        id: a.id,
        name: '关税计算器',
        type: 'query',
        typeName: '查询服务',
        icon: '/img/tax.png',
        sortNo: 5,
      });
      expect((await post('/application/getApplication?id=0')).body).toEqual({ code: 400, msg: '编号无效' });
    });

    it('deletes a batch of ids (at least one, all or nothing)', async () => {
      const a = (await post('/application/saveApplication', { name: '删除应用甲', type: 'gov' })).body.data.id;
      const b = (await post('/application/saveApplication', { name: '删除应用乙', type: 'gov' })).body.data.id;
      expect((await post('/application/getApplicationPage', { name: '删除应用' })).body.total).toBe(2);
      expect((await post('/application/delApplication', { ids: [a, b] })).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/application/getApplicationPage', { name: '删除应用' })).body.total).toBe(0);
    });
  });

  it('deletes one application type at a time and never one its applications still use', async () => {
    expect((await post('/application/delApplicationType', [types.gov, types.tool])).body).toEqual({
      code: 400,
      msg: '仅能选择一条数据进行删除',
    });
    expect((await post('/application/delApplicationType', [types.gov, types.tool], 'es')).body.msg).toBe(
      'Solo se puede seleccionar un registro para eliminar',
    );
    for (const type of ['query', 'gov']) {
      expect((await post('/application/saveApplication', { name: `在用应用${type}`, type })).body.code).toBe(200);
    }
    const used = await post(`/application/delApplicationType?id=${types.query}`);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ code: 409, msg: '该类型下还有应用，不能删除' });
    await db().deleteFrom('application').where('type', '=', 'gov').execute();
    expect((await post(`/application/delApplicationType?id=${types.gov}`)).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/application/getApplicationTypePage', {})).body.total).toBe(2);
  });
});
