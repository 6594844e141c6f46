import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testConfig } from '../../config.js';
import type { Ctx } from '../../context.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { seedTranslation } from './seed-translations.test-util.js';
import { registerSitemaps } from './sitemap.js';
import { contentVersions } from './version.js';
import { checkSitemapIndex, checkUrlset } from './xml-check.test-util.js';

const SITE = 'https://www.example.com';
const HOST = 'cms.test';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(DIALECTS)('the sitemap on %s', (dialect) => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-sitemap-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="app"></div></body></html>');
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, {
    publicRateLimit: 100_000,
    webDir,
    publicSiteUrl: SITE,
    siteUrls: { news: '/{locale}/news/{slug}', policy: '/policies/{id}', job: '/jobs/{slug}' },
  });
  let token = '';
  const post = (p: string, body?: unknown) => t.current.post(p, body, { token });
  const get = (p: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: p, headers: { host: HOST, ...headers } });
  const seed = (resource: string, id: number, locale: string, values: Record<string, unknown> | null, updateTime?: string) =>
    seedTranslation(t.current.ctx, resource, id, locale, values, { updateTime });
  const saveNews = async (body: Record<string, unknown>) => {
    const r = await post('/news/saveNews', { type: 'sm', ...body });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: number };
  };
  /** the newest revision time of a record (its last save) */
  const savedAt = async (id: number) =>
    String(
      (
        await t.current.ctx.db
          .selectFrom('revision')
          .select(sql<string>`max(save_time)`.as('t'))
          .where('resource', '=', 'news')
          .where('record_id', '=', id)
          .executeTakeFirstOrThrow()
      ).t,
    );
  const iso = (local: string) => `${local.replace(' ', 'T')}+08:00`;
  const urlset = async (p: string) => {
    const r = await get(p);
    expect([p, r.statusCode, r.headers['content-type']]).toEqual([p, 200, 'application/xml; charset=utf-8']);
    const checked = checkUrlset(r.body);
    expect(checked.problems).toEqual([]);
    return checked.urls;
  };

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'sm', name: '站点地图' })).body.code).toBe(200);
  });

  it('an index over one file per resource with a template, each valid, with hreflang alternates and lastmod; hidden pages left out', async () => {
    t.current.freeze();
    onTestFinished(() => t.current.freeze(false));
    const a = await saveNews({ title: '双语新闻', publishTime: '2025-03-01 10:00:00' });
    await seed('news', a.id, 'zh-CN', { slug: 'shuang-yu' });
    await seed('news', a.id, 'en', { title: 'Bilingual', slug: 'bilingual' }, '2099-01-02 03:04:05');
    const b = await saveNews({ title: '只有中文' });
    await seed('news', b.id, 'zh-CN', { slug: 'zhi-you-zhong-wen' });
    // an English row without text is no English page
    await seed('news', b.id, 'en', { title: '', slug: 'only-chinese' });
    const hiddenZh = await saveNews({ title: '中文不收录' });
    await seed('news', hiddenZh.id, 'zh-CN', { slug: 'bu-shou-lu', noindex: 1 });
    await seed('news', hiddenZh.id, 'en', { title: 'Indexed in English', slug: 'indexed-in-english', noindex: 0 });
    const draft = await saveNews({ title: '草稿', status: 'draft' });
    await seed('news', draft.id, 'zh-CN', { slug: 'cao-gao' });
    const later = await saveNews({ title: '定时', status: 'draft' });
    await post(`/news/publishNews?id=${later.id}`, { publishTime: fmt(t.current.ctx.now() + 3600_000) });
    await seed('news', later.id, 'zh-CN', { slug: 'ding-shi' });
    await saveNews({ title: '没有别名' });
    const p = (await post('/policy/savePolicy', { title: '公告' })).body.data;

    const index = await get('/sitemap.xml');
    expect([index.statusCode, index.headers['content-type']]).toEqual([200, 'application/xml; charset=utf-8']);
    const checked = checkSitemapIndex(index.body);
    expect(checked.problems).toEqual([]);
    // jobs have a template but none is published: no file
    expect(checked.sitemaps.map((s) => s.loc)).toEqual([`http://${HOST}/sitemap-news-1.xml`, `http://${HOST}/sitemap-policy-1.xml`]);
    for (const s of checked.sitemaps) expect(s.lastmod).toMatch(/\+08:00$/);

    const news = await urlset('/sitemap-news-1.xml');
    const byLoc = new Map(news.map((u) => [u.loc, u]));
    const zhA = `${SITE}/zh-CN/news/shuang-yu`;
    const enA = `${SITE}/en/news/bilingual`;
    const alternates = [
      { hreflang: 'zh-CN', href: zhA },
      { hreflang: 'en', href: enA },
      { hreflang: 'x-default', href: zhA },
    ];
    expect(byLoc.get(zhA)).toEqual({ loc: zhA, lastmod: iso(await savedAt(a.id)), alternates });
    // the English page changed last when its translation did
    expect(byLoc.get(enA)).toEqual({ loc: enA, lastmod: '2099-01-02T03:04:05+08:00', alternates });
    expect(byLoc.get(`${SITE}/zh-CN/news/zhi-you-zhong-wen`)?.alternates).toEqual([]);
    expect(byLoc.has(`${SITE}/en/news/only-chinese`)).toBe(false);
    expect(byLoc.has(`${SITE}/zh-CN/news/bu-shou-lu`)).toBe(false);
    expect(byLoc.get(`${SITE}/en/news/indexed-in-english`)?.alternates).toEqual([]);
    expect([...byLoc.keys()].filter((l) => /cao-gao|ding-shi/.test(l))).toEqual([]);
    // a news saved with no slug typed gets one made from its title
    expect(byLoc.has(`${SITE}/zh-CN/news/mei-you-bie-ming`)).toBe(true);
    expect(news.length).toBe(5);
    expect((await urlset('/sitemap-policy-1.xml')).map((u) => u.loc)).toContain(`${SITE}/policies/${p.id}`);

    // the scheduled record appears once its time has come; a new version of the file says so
    const tag = String((await get('/sitemap-news-1.xml')).headers.etag);
    expect((await get('/sitemap-news-1.xml', { 'if-none-match': tag })).statusCode).toBe(304);
    t.current.advance(3600_000 + 1000);
    expect((await get('/sitemap-news-1.xml', { 'if-none-match': tag })).statusCode).toBe(200);
    expect((await urlset('/sitemap-news-1.xml')).map((u) => u.loc)).toContain(`${SITE}/zh-CN/news/ding-shi`);
  });

  it('answers gzip to a client that takes it, and 404 for a file that is not there', async () => {
    const plain = await get('/sitemap-news-1.xml');
    const gz = await t.current.app.inject({
      method: 'GET',
      url: '/sitemap-news-1.xml',
      headers: { host: HOST, 'accept-encoding': 'gzip, br' },
    });
    expect([gz.headers['content-encoding'], gz.headers.vary]).toEqual(['gzip', 'accept-encoding']);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    for (const p of ['/sitemap-news-2.xml', '/sitemap-job-1.xml', '/sitemap-banner-1.xml', '/sitemap-news.xml', '/sitemap-news-0.xml']) {
      const r = await get(p);
      expect([p, r.statusCode, r.headers['content-type']]).toEqual([p, 404, 'application/json; charset=utf-8']);
    }
  });

  it('is answered before the SPA fallback, which still answers other paths', async () => {
    const spa = await get('/news/some-page');
    expect([spa.statusCode, spa.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect((await get('/sitemap.xml')).body).toContain('<sitemapindex');
  });
});

describe.each(DIALECTS)('the sitemap without templates on %s', (dialect) => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-sitemap-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { webDir, publicRateLimit: 3 });

  it('is a 404, never the SPA shell; counted by the per-address limit like the delivery API', async () => {
    const r = await t.current.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect([r.statusCode, r.json()]).toEqual([404, { code: 404, msg: '接口不存在：/sitemap.xml' }]);
    for (let i = 0; i < 2; i++) expect((await t.current.app.inject({ method: 'GET', url: '/sitemap-news-1.xml' })).statusCode).toBe(404);
    const limited = await t.current.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect([limited.statusCode, limited.json()]).toEqual([429, { code: 429, msg: '请求过于频繁，请稍后再试' }]);
  });
});

describe('sitemap templates', () => {
  it('a template naming no delivered resource, or the slug of one without slugs, is refused at start', async () => {
    const start = (siteUrls: Record<string, string>) =>
      registerSitemaps(Fastify(), { config: testConfig({ publicSiteUrl: SITE, siteUrls }) } as unknown as Ctx);
    await expect(start({ nothing: '/x/{id}' })).rejects.toThrow('SITE_URL_NOTHING: no delivered resource is named nothing');
    await expect(start({ waybill: '/x/{id}' })).rejects.toThrow('SITE_URL_WAYBILL: no delivered resource is named waybill');
    await expect(start({ banner: '/b/{slug}' })).rejects.toThrow('SITE_URL_BANNER: banner has no slugs; name its records by {id}');
  });
});

describe.each(DIALECTS)('a sitemap of 100,000 news on %s', (dialect) => {
  const t = useTestApp(dialect, { publicSiteUrl: SITE, siteUrls: { news: '/news/{id}' } });

  beforeAll(async () => {
    // the app started (its start-up slug backfill passed over an empty table: these news are linked by id), then
    // inserted in bulk by one statement (the write pipeline would take minutes), then a new content version
    await t.current.app.ready();
    const { db } = t.current.ctx;
    const rows =
      dialect === 'postgres'
        ? sql`select 'bulk ' || n, 'bk', 'published', '2025-01-01 00:00:00', '2024-12-31 00:00:00' from generate_series(1, 100000) as n`
        : sql`select 'bulk ' || n, 'bk', 'published', '2025-01-01 00:00:00', '2024-12-31 00:00:00' from c`;
    const prefix = dialect === 'postgres' ? sql`` : sql`with recursive c(n) as (select 1 union all select n + 1 from c where n < 100000) `;
    await sql`${prefix}insert into news (title, type, status, publish_time, create_time) ${rows}`.execute(db);
    await db.transaction().execute((trx) => contentVersions(t.current.ctx).bump(trx, ['news']));
  }, 120_000);

  it('is split at 50,000 URLs into two files, each streamed (chunked) and valid', async () => {
    const address = await t.current.app.listen({ port: 0, host: '127.0.0.1' });
    /** a GET over a real connection: the reply's headers, its body and how many chunks it came in */
    const fetchRaw = (p: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; chunks: number }>((resolve, reject) => {
        http
          .get(`${address}${p}`, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString(), chunks: parts.length }),
            );
            res.on('error', reject);
          })
          .on('error', reject);
      });
    const index = await fetchRaw('/sitemap.xml');
    const checked = checkSitemapIndex(index.body);
    expect(checked.problems).toEqual([]);
    expect(checked.sitemaps.map((s) => s.loc.replace(address, ''))).toEqual(['/sitemap-news-1.xml', '/sitemap-news-2.xml']);
    let total = 0;
    const seen = new Set<string>();
    for (const s of checked.sitemaps) {
      const file = await fetchRaw(s.loc.replace(address, ''));
      expect(file.status).toBe(200);
      expect(file.headers['transfer-encoding']).toBe('chunked');
      expect(file.headers['content-length']).toBeUndefined();
      expect(file.chunks).toBeGreaterThan(1);
      const { problems, urls } = checkUrlset(file.body);
      expect(problems).toEqual([]);
      expect(urls.length).toBe(50_000);
      for (const u of urls) seen.add(u.loc);
      expect(urls[0].lastmod).toBe('2025-01-01T00:00:00+08:00');
      total += urls.length;
    }
    expect([total, seen.size]).toEqual([100_000, 100_000]);
  }, 120_000);
});
