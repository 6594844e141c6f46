import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('delivery API on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 10_000 });
  /** the clock stands still but for a test's own steps: a busy machine's slow requests must not reach a time early */
  const frozen = () => {
    t.current.freeze();
    onTestFinished(() => t.current.freeze(false));
  };
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });
  /** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
  const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'dl', name: '投递测试' })).body.code).toBe(200);
  });

  it('a draft is absent, present after publishing, and gone after its offline time; no internal field leaves', async () => {
    frozen();
    const n = (await post('/news/saveNews', { title: '投递草稿', type: 'dl', content: '<p>正文</p>', status: 'draft' })).body.data;
    const absent = await get(`/news/${n.id}`);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ code: 404, msg: '内容不存在或未发布' });
    expect((await get('/news?keyword=投递草稿')).json()).toMatchObject({ code: 200, total: 0, rows: [] });

    await post(`/news/publishNews?id=${n.id}`);
    const one = await get(`/news/${n.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: n.id, title: '投递草稿', typeName: '投递测试', content: '<p>正文</p>' });
    expect(Object.keys(one.json().data)).not.toEqual(expect.arrayContaining(['status']));
    for (const k of ['status', 'offlineTime', 'createTime']) expect(one.json().data).not.toHaveProperty(k);
    const list = (await get('/news?keyword=投递草稿&type=dl')).json();
    expect(list).toMatchObject({ code: 200, msg: '操作成功', total: 1 });
    expect(list.rows[0]).toMatchObject({ id: n.id, title: '投递草稿' });
    expect(list.rows[0]).not.toHaveProperty('content');

    await post('/news/saveNews', { id: n.id, title: '投递草稿', type: 'dl', offlineTime: fmt(t.current.ctx.now() + 2000) });
    expect((await get(`/news/${n.id}`)).statusCode).toBe(200);
    t.current.advance(2000);
    expect((await get(`/news/${n.id}`)).statusCode).toBe(404);
    expect((await get('/news?keyword=投递草稿')).json().total).toBe(0);
  });

  it("an unfiltered list's total counts exactly the live records: drafts, scheduled and offline ones left out", async () => {
    frozen();
    const total = async () => (await get('/news')).json().total as number;
    /** the same count the filtered way (the live condition over each type's rows), summed over the types */
    const byTypes = async () => {
      let n = 0;
      for (const ty of (await get('/news-types')).json().data) n += (await get(`/news?type=${ty.code}`)).json().total;
      return n;
    };
    const start = await total();
    expect(start).toBe(await byTypes());
    await post('/news/saveNews', { title: '计数·已发布', type: 'dl' });
    await post('/news/saveNews', { title: '计数·草稿', type: 'dl', status: 'draft' });
    const later = (await post('/news/saveNews', { title: '计数·定时', type: 'dl', status: 'draft' })).body.data;
    await post(`/news/publishNews?id=${later.id}`, { publishTime: fmt(t.current.ctx.now() + 5000) });
    await post('/news/saveNews', { title: '计数·将下线', type: 'dl', offlineTime: fmt(t.current.ctx.now() + 2000) });
    expect(await total()).toBe(start + 2);
    expect(await byTypes()).toBe(start + 2);
    t.current.advance(3000);
    expect(await total()).toBe(start + 1);
    expect(await byTypes()).toBe(start + 1);
    t.current.advance(3000);
    expect(await total()).toBe(start + 2);
    expect(await byTypes()).toBe(start + 2);
  });

  it('a record published 5 s ahead appears within a second of that time', async () => {
    frozen();
    const p = (await post('/policy/savePolicy', { title: '定时发布的公告', status: 'draft' })).body.data;
    // from the start of a second: the real time the test takes must not carry the clock into the scheduled second
    t.current.advance(1000 - (t.current.ctx.now() % 1000));
    const at = t.current.ctx.now() + 5000;
    await post(`/policy/publishPolicy?id=${p.id}`, { publishTime: fmt(at) });
    expect((await get(`/policies/${p.id}`)).statusCode).toBe(404);
    t.current.advance(4000);
    expect((await get('/policies?keyword=定时发布的公告')).json().total).toBe(0);
    // the clock reaches the scheduled second (publish times have a resolution of one second)
    t.current.advance(at - t.current.ctx.now() + (1000 - (at % 1000)));
    expect((await get(`/policies/${p.id}`)).statusCode).toBe(200);
    expect((await get('/policies?keyword=定时发布的公告')).json().total).toBe(1);
  });

  it('answers If-None-Match with 304; every edit, publish and delete changes the ETag; caching and CORS headers', async () => {
    const n = (await post('/news/saveNews', { title: 'ETag新闻', type: 'dl' })).body.data;
    const first = await get(`/news/${n.id}`, { origin: 'https://www.example.com' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const again = await get(`/news/${n.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await post('/news/saveNews', { id: n.id, title: 'ETag新闻（改）', type: 'dl' });
    const edited = await get(`/news/${n.id}`, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    const listTag = (await get('/news?type=dl')).headers.etag;
    await post(`/news/unpublishNews?id=${n.id}`);
    expect((await get('/news?type=dl', { 'if-none-match': listTag as string })).statusCode).toBe(200);
    const before = await get('/news?type=dl');
    const tag2 = before.headers.etag as string;
    expect((await get('/news?type=dl', { 'if-none-match': tag2 })).statusCode).toBe(304);
    const third = (await post('/news/saveNews', { title: '第三条', type: 'dl' })).body.data;
    expect((await get('/news?type=dl', { 'if-none-match': tag2 })).statusCode).toBe(200);
    // the ETag follows the content version, not the bytes: a write undone by another is one more full reply
    await post('/news/delNews', [third.id]);
    const after = await get('/news?type=dl', { 'if-none-match': tag2 });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect((await get('/news?type=dl', { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  it('a 304 carries the same cache and CORS headers as the 200 it stands for; every reply varies by Origin', async () => {
    const n = (await post('/news/saveNews', { title: '缓存头新闻', type: 'dl' })).body.data;
    for (const path of [`/news/${n.id}`, '/news?type=dl', '/news-types']) {
      const full = await get(path, { origin: 'https://www.example.com' });
      expect(full.statusCode).toBe(200);
      const notModified = await get(path, { origin: 'https://www.example.com', 'if-none-match': full.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
      expect(full.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
      for (const h of ['cache-control', 'etag', 'vary', 'access-control-allow-origin', 'access-control-expose-headers'])
        expect([h, notModified.headers[h]]).toEqual([h, full.headers[h]]);
    }
    const missing = await get('/news/999999', { origin: 'https://www.example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('counts a visit once per address and hour', async () => {
    frozen();
    const n = (await post('/news/saveNews', { title: '计数新闻', type: 'dl' })).body.data;
    const view = (ip: string) => t.current.app.inject({ method: 'POST', url: `/public/v1/news/${n.id}/view`, remoteAddress: ip });
    expect((await view('10.0.0.1')).json()).toEqual({ code: 200, msg: '已记录' });
    await view('10.0.0.1');
    await view('10.0.0.2');
    const count = async () =>
      Number((await looseDb(t.current.ctx.db).selectFrom('news').select('count').where('id', '=', n.id).executeTakeFirstOrThrow()).count);
    expect(await count()).toBe(2);
    t.current.advance(3600_000);
    await view('10.0.0.1');
    expect(await count()).toBe(3);
    expect((await t.current.app.inject({ method: 'POST', url: '/public/v1/news/999999/view' })).statusCode).toBe(404);
  });

  it('serves banners in their window, pages with published items, links, contact and company; 404s the rest', async () => {
    frozen();
    const now = t.current.ctx.now();
    const live = (await post('/banner/save', { bannerType: 'news002', title: '常驻横幅', sortNo: 2 })).body.data;
    const holiday = (await post('/banner/save', { bannerType: 'news002', title: '节日横幅', sortNo: 1, offlineTime: fmt(now + 10_000) }))
      .body.data;
    await post('/banner/save', { bannerType: 'news002', title: '停用横幅', enableFlag: 0 });
    await post('/banner/save', { bannerType: 'news002', title: '未来横幅', publishTime: fmt(now + 3600_000) });
    const titles = async () => (await get('/banners?bannerType=news002')).json().data.map((b: { title: string }) => b.title);
    expect(await titles()).toEqual(['节日横幅', '常驻横幅']);
    expect((await get('/banners?bannerType=news002')).json().data[0]).toEqual({
      id: holiday.id,
      title: '节日横幅',
      name: '',
      bannerType: 'news002',
      bannerTypeName: '新闻中心-通知公告',
      summary: '',
      imgUrl: '',
      imgUrlMeta: null,
      url: '',
      sortNo: 1,
      publishTime: null,
      // a translatable resource says which locale it was served in (no translation yet: the default)
      locale: 'zh-CN',
      locales: ['zh-CN'],
      fallbackFields: [],
    });
    t.current.advance(10_000);
    expect(await titles()).toEqual(['常驻横幅']);
    expect(live.id).toBeGreaterThan(0);

    const pageDef = (await post('/page/save', { name: '服务介绍', showType: 'tabs' })).body.data;
    await post('/page/savePageItems', { title: '第二项', pageId: pageDef.id, sortNo: 2, content: '<p>二</p>' });
    await post('/page/savePageItems', { title: '第一项', pageId: pageDef.id, sortNo: 1, content: '<p>一</p>' });
    const draft = (await post('/page/savePageItems', { title: '草稿项', pageId: pageDef.id, sortNo: 0, status: 'draft' })).body.data;
    const page = (await get(`/pages/${pageDef.id}`)).json().data;
    expect(page).toMatchObject({ id: pageDef.id, name: '服务介绍', showType: 'tabs' });
    expect(page.items.map((x: { title: string; content: string }) => [x.title, x.content])).toEqual([
      ['第一项', '<p>一</p>'],
      ['第二项', '<p>二</p>'],
    ]);
    expect((await get(`/page-items/${draft.id}`)).statusCode).toBe(404);
    expect((await get('/pages/999999')).json()).toEqual({ code: 404, msg: '内容不存在或未发布' });

    expect(
      (await post('/headerContorller/saveLink', { name: '海关总署', url: 'https://www.customs.gov.cn', enableFlag: 1 })).body.code,
    ).toBe(200);
    await post('/headerContorller/saveLink', { name: '停用链接', url: 'https://example.com', enableFlag: 0 });
    const links = (await get('/links')).json().data.map((l: { name: string }) => l.name);
    expect(links).toContain('海关总署');
    expect(links).not.toContain('停用链接');
    expect((await get('/links')).json().data[0]).not.toHaveProperty('enableFlag');

    expect((await get('/contact')).statusCode).toBe(404);
    await post('/headerContorller/saveContact', { organizers: '华通国际物流', address: '上海', phone: '021-12345678', enableFlag: 1 });
    expect((await get('/contact')).json().data).toMatchObject({ organizers: '华通国际物流', phone: '021-12345678' });
    await post('/company/saveCompany', { name: '华通国际物流有限公司' });
    expect((await get('/company')).json().data).toMatchObject({ name: '华通国际物流有限公司' });

    expect((await get('/nothing-here')).json()).toEqual({ code: 404, msg: '内容不存在或未发布' });
    expect((await get('/news/abc')).json().code).toBe(400);
  });

  it('describes itself as OpenAPI 3.1', async () => {
    const doc = (await get('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/public/v1/news', '/public/v1/news/{id}', '/public/v1/news/{id}/view']),
    );
    const params = doc.paths['/public/v1/news'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'pageSize', 'keyword', 'type']));
    expect(
      doc.paths['/public/v1/news/{id}'].get.responses['200'].content['application/json'].schema.properties.data.properties,
    ).toHaveProperty('content');
  });
});

describe.each(DIALECTS)('delivery API with a list of allowed origins on %s', (dialect) => {
  const t = useTestApp(dialect, { publicCorsOrigins: 'https://www.example.com, https://m.example.com', publicRateLimit: 10_000 });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });

  it('names the allowed origin on the 200 and on its 304, once in Vary, and no origin for another site', async () => {
    for (const origin of ['https://www.example.com', 'https://m.example.com']) {
      const full = await get('/news-types', { origin });
      expect(full.headers['access-control-allow-origin']).toBe(origin);
      expect(full.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
      const notModified = await get('/news-types', { origin, 'if-none-match': full.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
      for (const h of ['cache-control', 'etag', 'vary', 'access-control-allow-origin', 'access-control-expose-headers'])
        expect([h, notModified.headers[h]]).toEqual([h, full.headers[h]]);
    }
    const other = await get('/news-types', { origin: 'https://evil.example.net' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
  });
});

describe.each(DIALECTS)('delivery API rate limit on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 3 });
  it('answers 429 with a message after the per-address limit', async () => {
    const get = () => t.current.app.inject({ method: 'GET', url: '/public/v1/news-types', remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    const r = await get();
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    const other = await t.current.app.inject({ method: 'GET', url: '/public/v1/news-types', remoteAddress: '10.9.9.8' });
    expect(other.statusCode).toBe(200);
  });
});
