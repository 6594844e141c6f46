import { AUTOCOMPLETE_NAMES } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('/AutoComplete look-ups on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';

  const get = async (path: string, opts: { token?: string | null; lang?: string } = {}) => {
    const tok = opts.token === undefined ? token : opts.token;
    const res = await t.current.app.inject({
      method: 'GET',
      url: `/api/AutoComplete/${path}`,
      headers: { ...(tok ? { token: tok } : {}), ...(opts.lang ? { lang: opts.lang } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const post = (path: string, body?: unknown) => t.current.post(`/AutoComplete/${path}`, body, { token });

  beforeAll(async () => {
    await insertUser(t.current.ctx, 'editor1', 'Editor_123456', ['editor']);
    token = await t.current.login('editor1', 'Editor_123456');
  });

  it('answers every look-up of the spec by GET and POST with list and intTotal', async () => {
    for (const name of AUTOCOMPLETE_NAMES) {
      const g = await get(name);
      expect(g.status, name).toBe(200);
      expect(g.body.code, name).toBe(200);
      expect(g.body.list.length, name).toBeGreaterThan(0);
      expect(g.body.list.length, name).toBeLessThanOrEqual(10);
      expect(g.body.intTotal, name).toBeGreaterThanOrEqual(g.body.list.length);
      for (const row of g.body.list) expect(Object.keys(row).sort()).toEqual(['code', 'name']);
      const p = await post(name, {});
      expect(p.body, name).toEqual(g.body);
    }
  });

  it('searches currencies by code and by name', async () => {
    const cny = await get('AutoBaseCurrencys?query=CNY');
    expect(cny.body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(cny.body.list[0]).toEqual({ code: 'CNY', name: '人民币' });
    const byName = await post('AutoBaseCurrencys', { query: '人民币' });
    expect(byName.body.list).toContainEqual({ code: 'CNY', name: '人民币' });
    const q = await get(`AutoBaseCurrencys?q=${encodeURIComponent('人民币')}`);
    expect(q.body.list).toEqual(byName.body.list);
  });

  it('serves transport modes, supervision modes (both names) and transaction modes', async () => {
    expect((await get('AutoBaseTransportModes?query=2')).body.list[0]).toEqual({ code: '2', name: '水路运输' });
    const rw = await post('AutoBaseRegulateWays', { keyword: '0110' });
    expect(rw.body.list[0]).toEqual({ code: '0110', name: '一般贸易' });
    expect((await post('AutoBaseRegulateWayB', { keyword: '0110' })).body).toEqual(rw.body);
    const tm = await get('autoBaseTransactionModes?pageSize=100');
    expect(tm.body.intTotal).toBe(7);
    expect(tm.body.list.map((r: { name: string }) => r.name)).toEqual(['CIF', 'C&F', 'FOB', 'C&I', '市场价', '垫仓', 'EXW']);
  });

  it('answers both spellings of AutoBaseCuts with the levy kinds', async () => {
    const upper = await get('AutoBaseCuts?query=101');
    const lower = await get('autoBaseCuts?query=101');
    expect(upper.body.list[0]).toEqual({ code: '101', name: '一般征税' });
    expect(lower.body).toEqual(upper.body);
    expect((await post('autoBaseCuts', { query: '一般征税' })).body.list[0]).toEqual({ code: '101', name: '一般征税' });
  });

  it('pages with intPage or pageNumber and pageSize (default 10, at most 100)', async () => {
    const first = await get('AutoDistricts');
    expect(first.body.list).toHaveLength(10);
    expect(first.body.intTotal).toBeGreaterThan(3000);
    const p2 = await get('AutoDistricts?intPage=2&pageSize=5');
    const p2b = await post('AutoDistricts', { pageNumber: 2, pageSize: 5 });
    expect(p2.body.list).toHaveLength(5);
    expect(p2b.body.list).toEqual(p2.body.list);
    expect(p2.body.list[0]).toEqual(first.body.list[5]);
    expect((await get('AutoDistricts?pageSize=1000')).body.list).toHaveLength(100);
    const beyond = await get('AutoSigns?intPage=99');
    expect(beyond.body).toMatchObject({ code: 200, list: [], intTotal: 25 });
    const signs = await get(`AutoSigns?query=${encodeURIComponent('草稿')}`);
    expect(signs.body.list).toEqual([{ code: 'Draft', name: '草稿' }]);
  });

  it('refuses bad paging with a clear message and needs a login', async () => {
    expect(await get('AutoSigns?intPage=0')).toEqual({ status: 400, body: { code: 400, msg: '页码必须是大于等于1的整数' } });
    expect((await get('AutoSigns?pageSize=abc', { lang: 'en' })).body).toEqual({
      code: 400,
      msg: 'The page size must be an integer of at least 1',
    });
    const none = await get('AutoSigns', { token: null });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(50008);
    expect((await get('AutoNoSuchThing')).status).toBe(404);
  });
});
