import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { seedTranslation } from './seed-translations.test-util.js';
import { contentVersions } from './version.js';
import { checkRss } from './xml-check.test-util.js';

const SITE = 'https://www.example.com';
const HOST = 'cms.test';
const API = `http://${HOST}/public/v1`;

describe.each(DIALECTS)('the RSS feeds on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 100_000, publicSiteUrl: SITE, siteUrls: { news: '/{locale}/news/{slug}' } });
  let token = '';
  const post = (p: string, body?: unknown) => t.current.post(p, body, { token });
  const get = (p: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${p}`, headers: { host: HOST, ...headers } });
  const feed = async (p: string, headers: Record<string, string> = {}) => {
    const r = await get(p, headers);
    expect([p, r.statusCode, r.headers['content-type']]).toEqual([p, 200, 'application/rss+xml; charset=utf-8']);
    const checked = checkRss(r.body);
    expect(checked.problems).toEqual([]);
    return { ...checked, raw: r.body, headers: r.headers };
  };
  const ids: number[] = [];
  let translated = 0;

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'rss', name: '订阅' })).body.code).toBe(200);
    expect((await post('/company/saveCompany', { name: '华通国际物流', summary: '简介' })).body.code).toBe(200);
    const company = (await get('/company')).json().data;
    await seedTranslation(t.current.ctx, 'company', company.id, 'en', { name: 'Huatong Logistics' });
    // 60 published news, one a minute from 2025-01-01 08:00 (Shanghai), inserted at once
    const rows = Array.from({ length: 60 }, (_x, i) => ({
      title: `订阅新闻${i + 1}`,
      type: 'rss',
      summary: `第${i + 1}条的摘要`,
      status: 'published',
      publish_time: `2025-01-01 ${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
      create_time: '2024-12-31 00:00:00',
    }));
    const inserted = await t.current.ctx.db.insertInto('news').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
    await t.current.ctx.db.transaction().execute((trx) => contentVersions(t.current.ctx).bump(trx, ['news']));
    // the newest: a title to escape, then one translated into English with its slug
    await post('/news/saveNews', { title: '<Tom & "Jerry">', summary: 'a < b & c', type: 'rss', publishTime: '2025-02-01 09:00:00' });
    translated = (await post('/news/saveNews', { title: '英文订阅', summary: '中文摘要', type: 'rss', publishTime: '2025-02-02 09:00:00' }))
      .body.data.id;
    await seedTranslation(t.current.ctx, 'news', translated, 'en', { title: 'English feed item', slug: 'english-feed-item' });
    await seedTranslation(t.current.ctx, 'news', translated, 'zh-CN', { slug: 'ying-wen-ding-yue' });
    // neither a draft nor a record scheduled ahead is in it
    await post('/news/saveNews', { title: '订阅草稿', type: 'rss', status: 'draft' });
  });

  it('carries the latest 50 shown, newest first, with absolute links, guids, RFC 822 dates and escaped text', async () => {
    const { channel, items, raw } = await feed('/feeds/news.xml');
    expect(channel).toMatchObject({
      title: '华通国际物流 · 新闻动态',
      link: `${SITE}/`,
      language: 'zh-cn',
      description: '华通国际物流最新发布的新闻动态',
    });
    expect(items.length).toBe(50);
    expect(items[0]).toEqual({
      title: '英文订阅',
      link: `${SITE}/zh-CN/news/ying-wen-ding-yue`,
      guid: `${SITE}/zh-CN/news/ying-wen-ding-yue`,
      pubDate: 'Sun, 02 Feb 2025 01:00:00 GMT',
      description: '中文摘要',
    });
    expect(channel.lastBuildDate).toBe('Sun, 02 Feb 2025 01:00:00 GMT');
    // escaped in the document, the same text once read
    expect(items[1]).toMatchObject({ title: '<Tom & "Jerry">', description: 'a < b & c', pubDate: 'Sat, 01 Feb 2025 01:00:00 GMT' });
    expect(raw).toContain('<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;</title>');
    // its slug, made from the title by the save
    expect(items[1].link).toBe(`${SITE}/zh-CN/news/tom-jerry`);
    // then the bulk news from the newest: the 48 latest of 60
    expect(items.slice(2).map((i) => i.title)).toEqual(Array.from({ length: 48 }, (_x, i) => `订阅新闻${60 - i}`));
    expect(items[2].pubDate).toBe('Wed, 01 Jan 2025 00:59:00 GMT');
    expect(raw).not.toContain('订阅草稿');
  });

  it('in English: the overlay with fallback, the English page links, the English channel', async () => {
    const { channel, items } = await feed('/feeds/news.xml?locale=en');
    expect(channel).toMatchObject({
      title: 'Huatong Logistics · News',
      language: 'en',
      description: 'The latest News of Huatong Logistics',
    });
    expect(items[0]).toMatchObject({ title: 'English feed item', link: `${SITE}/en/news/english-feed-item`, description: '中文摘要' });
    expect((await feed('/feeds/news.xml', { 'accept-language': 'en-US' })).items[0].title).toBe('English feed item');
  });

  it('an ETag per locale, answered 304, changed by a write', async () => {
    const zh = await get('/feeds/news.xml');
    const en = await get('/feeds/news.xml', { 'accept-language': 'en' });
    expect(zh.headers.etag).toMatch(/^W\//);
    expect(en.headers.etag).not.toBe(zh.headers.etag);
    expect(zh.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
    expect(zh.headers['cache-tag']).toContain('news');
    expect((await get('/feeds/news.xml', { 'if-none-match': String(zh.headers.etag) })).statusCode).toBe(304);
    expect((await get('/feeds/news.xml', { 'accept-language': 'en', 'if-none-match': String(zh.headers.etag) })).statusCode).toBe(200);
    await seedTranslation(t.current.ctx, 'news', translated, 'en', { title: 'English feed item, edited', slug: 'english-feed-item' });
    const again = await get('/feeds/news.xml', { 'accept-language': 'en', 'if-none-match': String(en.headers.etag) });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('English feed item, edited');
    // the company's name titles the channel: its rename is a new version too
    await post('/company/saveCompany', { id: (await get('/company')).json().data.id, name: '华通国际物流集团' });
    expect((await get('/feeds/news.xml', { 'if-none-match': String(zh.headers.etag) })).statusCode).toBe(200);
  });

  it('policies: a feed too, linking to the delivery API without a site template', async () => {
    const p = (await post('/policy/savePolicy', { title: '海关公告', summary: '公告摘要' })).body.data;
    const { channel, items } = await feed('/feeds/policies.xml');
    expect(channel.title).toBe('华通国际物流集团 · 政策公告');
    expect(items[0]).toMatchObject({
      title: '海关公告',
      link: `${API}/policies/${p.id}?locale=zh-CN`,
      guid: `${API}/policies/${p.id}?locale=zh-CN`,
    });
  });
});
