import zlib from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResourceQuery } from '../../crud/list.js';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(DIALECTS)('delivery caching on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 10_000 });
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });
  const etagOf = async (path: string) => (await get(path)).headers.etag as string;
  /** the status a revalidation with this ETag gets */
  const revalidate = async (path: string, etag: string) => (await get(path, { 'if-none-match': etag })).statusCode;

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'cache', name: '缓存测试' })).body.code).toBe(200);
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers a matching If-None-Match with 304 without running the list or detail query', async () => {
    const n = (await post('/news/saveNews', { title: '缓存·不查询', type: 'cache' })).body.data;
    const list = vi.spyOn(ResourceQuery.prototype, 'list');
    const one = vi.spyOn(ResourceQuery.prototype, 'get');
    const full = await get('/news?type=cache');
    const record = await get(`/news/${n.id}`);
    expect([full.statusCode, record.statusCode]).toEqual([200, 200]);
    // the spies see the queries of a full reply
    expect(list.mock.calls.length).toBeGreaterThan(0);
    expect(one.mock.calls.length).toBeGreaterThan(0);
    list.mockClear();
    one.mockClear();
    const statements = vi.spyOn(t.current.ctx.db, 'executeQuery');
    for (let i = 0; i < 3; i++) {
      const again = await get('/news?type=cache', { 'if-none-match': full.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(`/news/${n.id}`, { 'if-none-match': record.headers.etag as string })).statusCode).toBe(304);
    }
    expect(list).not.toHaveBeenCalled();
    expect(one).not.toHaveBeenCalled();
    // the versions are kept in memory while the change bus hears: not even they are read again
    expect(statements).not.toHaveBeenCalled();
  });

  it("a write of the resource changes its ETag; a write of another resource does not; a joined type's rename does", async () => {
    await post('/news/saveNews', { title: '缓存·写入', type: 'cache' });
    const path = '/news?type=cache';
    const tag = await etagOf(path);
    await post('/policy/savePolicy', { title: '无关的公告' });
    await post('/headerContorller/saveLink', { name: '无关链接', url: 'https://example.com', enableFlag: 1 });
    expect(await revalidate(path, tag)).toBe(304);
    expect(await etagOf(path)).toBe(tag);

    const n = (await post('/news/saveNews', { title: '缓存·新写入', type: 'cache' })).body.data;
    expect(await revalidate(path, tag)).toBe(200);
    const tag2 = await etagOf(path);
    expect(tag2).not.toBe(tag);

    // the type's name is in every row: its rename is a change of the news list
    const type = (await post('/news/getTypeList', { code: 'cache' })).body.rows.find((r: { code: string }) => r.code === 'cache');
    await post('/news/saveNewsType', { id: type.id, code: 'cache', name: '缓存测试（改名）' });
    const renamed = await get(path, { 'if-none-match': tag2 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().rows.find((r: { id: number }) => r.id === n.id).typeName).toBe('缓存测试（改名）');
  });

  it('a scheduled news going live changes the ETag without any write', async () => {
    const path = '/news?type=cache';
    const n = (await post('/news/saveNews', { title: '缓存·定时', type: 'cache', status: 'draft' })).body.data;
    const at = t.current.ctx.now() + 5000;
    await post(`/news/publishNews?id=${n.id}`, { publishTime: fmt(at) });
    const before = await get(path);
    const tag = before.headers.etag as string;
    expect(before.json().rows.map((r: { id: number }) => r.id)).not.toContain(n.id);
    t.current.advance(2000);
    expect(await revalidate(path, tag)).toBe(304);
    // the clock passes the scheduled second
    t.current.advance(at - t.current.ctx.now() + 1000);
    const live = await get(path, { 'if-none-match': tag });
    expect(live.statusCode).toBe(200);
    expect(live.json().rows.map((r: { id: number }) => r.id)).toContain(n.id);
    expect(await revalidate(path, live.headers.etag as string)).toBe(304);
    // and its record path follows
    expect((await get(`/news/${n.id}`)).statusCode).toBe(200);
  });

  it("a banner's window opening and closing changes the ETag of the banners", async () => {
    const path = '/banners?bannerType=news001';
    const now = t.current.ctx.now();
    await post('/banner/save', { bannerType: 'news001', title: '缓存·窗口', publishTime: fmt(now + 5000), offlineTime: fmt(now + 20_000) });
    const titles = (r: { json(): { data: { title: string }[] } }) => r.json().data.map((b) => b.title);
    const closed = await get(path);
    expect(titles(closed)).not.toContain('缓存·窗口');
    expect(await revalidate(path, closed.headers.etag as string)).toBe(304);
    t.current.advance(6000);
    const open = await get(path, { 'if-none-match': closed.headers.etag as string });
    expect(open.statusCode).toBe(200);
    expect(titles(open)).toContain('缓存·窗口');
    expect(await revalidate(path, open.headers.etag as string)).toBe(304);
    t.current.advance(15_000);
    const over = await get(path, { 'if-none-match': open.headers.etag as string });
    expect(over.statusCode).toBe(200);
    expect(titles(over)).not.toContain('缓存·窗口');
  });

  it("a view leaves the list's and the record's ETag unchanged; a full reply carries the count as of now", async () => {
    const n = (await post('/news/saveNews', { title: '缓存·浏览', type: 'cache' })).body.data;
    const list = await get('/news?type=cache');
    const record = await get(`/news/${n.id}`);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
      expect((await t.current.app.inject({ method: 'POST', url: `/public/v1/news/${n.id}/view`, remoteAddress: ip })).statusCode).toBe(200);
    expect(await revalidate('/news?type=cache', list.headers.etag as string)).toBe(304);
    expect(await revalidate(`/news/${n.id}`, record.headers.etag as string)).toBe(304);
    const fresh = await get(`/news/${n.id}`);
    expect(fresh.headers.etag).toBe(record.headers.etag);
    expect(fresh.json().data.count - record.json().data.count).toBe(3);
  });

  it('sends the cache headers and the tags naming the resource and the records of the reply', async () => {
    const a = (await post('/news/saveNews', { title: '缓存·标签甲', type: 'cache' })).body.data;
    const list = await get('/news?type=cache&pageSize=50');
    expect(list.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(list.headers['cdn-cache-control']).toBe('max-age=60, stale-while-revalidate=600');
    expect(list.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    const ids = list.json().rows.map((r: { id: number }) => `news:${r.id}`);
    expect(ids).toContain(`news:${a.id}`);
    expect(list.headers['surrogate-key']).toBe(['news', ...ids, 'newsType'].join(' '));
    expect(list.headers['cache-tag']).toBe(['news', ...ids, 'newsType'].join(','));
    const record = await get(`/news/${a.id}`);
    expect(record.headers['surrogate-key']).toBe(`news news:${a.id} newsType`);

    const pageDef = (await post('/page/save', { name: '缓存页面', showType: 'tabs' })).body.data;
    const item = (await post('/page/savePageItems', { title: '缓存项', pageId: pageDef.id, content: '<p>项</p>' })).body.data;
    expect((await get(`/pages/${pageDef.id}`)).headers['surrogate-key']).toBe(`page page:${pageDef.id} pageItem pageItem:${item.id}`);
    // a 304 carries the same cache headers; an error none of them
    const nm = await get(`/news/${a.id}`, { 'if-none-match': record.headers.etag as string });
    for (const h of ['cache-control', 'cdn-cache-control', 'etag', 'vary']) expect([h, nm.headers[h]]).toEqual([h, record.headers[h]]);
    // a request carrying a preview token (here one that grants nothing: 403) is private, never stored, with no ETag
    for (const headers of [{ 'x-preview-token': 'some-token' }, {}] as Record<string, string>[]) {
      const preview = await get(`/news/${a.id}${'x-preview-token' in headers ? '' : '?preview=some-token'}`, headers);
      expect(preview.statusCode).toBe(403);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['cdn-cache-control']).toBeUndefined();
      expect(preview.headers.etag).toBeUndefined();
    }
    const missing = await get('/news/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-tag']).toBeUndefined();
  });

  it('a page changes its ETag with a write of its items', async () => {
    const pageDef = (await post('/page/save', { name: '缓存页面二', showType: 'tabs' })).body.data;
    const tag = await etagOf(`/pages/${pageDef.id}`);
    await post('/page/savePageItems', { title: '新的项', pageId: pageDef.id, content: '<p>新</p>' });
    expect(await revalidate(`/pages/${pageDef.id}`, tag)).toBe(200);
  });

  it('compresses a JSON reply over 1 KB with br or gzip as accepted, none under 1 KB; the ETag stays one for all', async () => {
    for (let i = 0; i < 12; i++) await post('/news/saveNews', { title: `缓存·压缩·${i}·${'长标题'.repeat(10)}`, type: 'cache' });
    const path = '/news?type=cache&pageSize=50';
    const plain = await get(path);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // a weak ETag: one for the representations that mean the same; revalidation works whatever the encoding
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    const nm = await get(path, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
    expect(nm.statusCode).toBe(304);
    expect(nm.headers['content-encoding']).toBeUndefined();
    expect(nm.rawPayload.length).toBe(0);

    const small = await get('/news?type=cache&pageSize=1', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
  });

  it('the view counter writes no content version', async () => {
    const n = (await post('/news/saveNews', { title: '缓存·计数版本', type: 'cache' })).body.data;
    const versions = async () => looseDb(t.current.ctx.db).selectFrom('content_version').selectAll().orderBy('name').execute();
    const before = await versions();
    await t.current.app.inject({ method: 'POST', url: `/public/v1/news/${n.id}/view`, remoteAddress: '10.2.0.1' });
    expect(await versions()).toEqual(before);
  });
});
