import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';
import { checkUrlset } from './xml-check.test-util.js';

const HOST = 'cms.test';
const SITE = 'https://www.huatong.example';

/**
 * Issue 24's "done when", end to end through the calls an editor and a website make (no table written by hand):
 * the staff save of a translation → `?locale=en`, the list's translation filter and outdated status, slugs and
 * redirects, `q` per locale, the ETag clearing on a translation edit, the sitemap's alternates.
 */
describe.each(DIALECTS)('an English translation from the editor to the website on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 100_000, publicSiteUrl: SITE, siteUrls: { news: '/{locale}/news/{slug}' } });
  let token = '';
  const post = async (path: string, body?: unknown) => {
    const r = await t.current.post(path, body, { token });
    expect(r.body.code, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data as ReplyBody;
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: path, headers: { host: HOST, ...headers } });
  const pub = async (path: string, headers: Record<string, string> = {}) => {
    const r = await get(`/public/v1${path}`, headers);
    expect([path, r.statusCode]).toEqual([path, 200]);
    return r.json() as ReplyBody;
  };
  /** the staff list's ids (its reply is the page itself: `rows`, `total`) */
  const listIds = async (body: Record<string, unknown>) => {
    const r = await t.current.post('/news/getNewsList', { pageNumber: 1, pageSize: 50, type: 'fl', ...body }, { token });
    expect(r.body.code).toBe(200);
    return (r.body.rows as { id: number }[]).map((row) => row.id);
  };

  let news: ReplyBody;
  let other: ReplyBody;
  beforeAll(async () => {
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'fl', name: '流程' });
    news = await post('/news/saveNews', {
      type: 'fl',
      title: '报关单申报流程',
      summary: '一体化通关',
      content: '<p>海关报关单的申报要点</p>',
    });
    other = await post('/news/saveNews', { type: 'fl', title: '冷链仓库启用', summary: '', content: '<p>冷链</p>' });
    await post(`/news/publishNews?id=${news.id}`);
    await post(`/news/publishNews?id=${other.id}`);
  });

  it('a translation saved by the editor is what ?locale=en serves; an untranslated field falls back and says so', async () => {
    expect((await pub(`/news/${news.id}?locale=en`)).data).toMatchObject({ title: '报关单申报流程', locale: 'zh-CN', locales: ['zh-CN'] });
    const etag = (await get(`/public/v1/news/${news.id}?locale=en`)).headers.etag;
    const saved = await post('/news/saveNews', {
      ...news,
      translations: { en: { title: 'Filing customs declarations', content: '<p>What a declaration must hold</p>' } },
    });
    expect(saved.translationStatus).toEqual({ en: 'translated' });
    expect(saved.translations.en.slug).toBe('filing-customs-declarations');
    const en = (await pub(`/news/${news.id}?locale=en`)).data;
    expect(en).toMatchObject({
      title: 'Filing customs declarations',
      summary: '一体化通关',
      content: '<p>What a declaration must hold</p>',
      locale: 'en',
      locales: ['zh-CN', 'en'],
      slug: 'filing-customs-declarations',
    });
    expect(en.fallbackFields).toEqual(['summary']);
    // the reply a cache kept is not answered again: the edit changed the ETag of the English reply
    expect((await get(`/public/v1/news/${news.id}?locale=en`, { 'if-none-match': String(etag) })).statusCode).toBe(200);
    // Accept-Language picks the same, and the reply says it varies by it
    const negotiated = await get(`/public/v1/news/${news.id}`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(negotiated.json().data.title).toBe('Filing customs declarations');
    expect(String(negotiated.headers.vary)).toMatch(/Accept-Language/i);
    // the Chinese reply is unchanged
    expect((await pub(`/news/${news.id}`)).data).toMatchObject({
      title: '报关单申报流程',
      locale: 'zh-CN',
      slug: 'bao-guan-dan-shen-bao-liu-cheng',
    });
  });

  it('the list filter finds the records missing English; editing the Chinese body marks the English outdated', async () => {
    expect(await listIds({ translationLocale: 'en', translationStatus: 'missing' })).toEqual([other.id]);
    expect(await listIds({ translationLocale: 'en', translationStatus: 'translated' })).toEqual([news.id]);
    const current = await post(`/news/getNews?id=${news.id}`);
    await post('/news/saveNews', { ...current, content: '<p>海关报关单的申报要点（2026 年修订）</p>' });
    expect((await post(`/news/getNews?id=${news.id}`)).translationStatus).toEqual({ en: 'outdated' });
    expect(await listIds({ translationLocale: 'en', translationStatus: 'outdated' })).toEqual([news.id]);
    // the English saved again with new text is up to date
    const again = await post('/news/saveNews', {
      ...(await post(`/news/getNews?id=${news.id}`)),
      translations: { en: { title: 'Filing customs declarations', content: '<p>What a declaration must hold (2026)</p>' } },
    });
    expect(again.translationStatus).toEqual({ en: 'translated' });
  });

  it('by-slug serves the current slug and redirects the old one after a rename', async () => {
    expect((await pub('/news/by-slug/filing-customs-declarations?locale=en')).data.id).toBe(news.id);
    const current = await post(`/news/getNews?id=${news.id}`);
    await post('/news/saveNews', { ...current, translations: { en: { ...current.translations.en, slug: 'customs-filing-guide' } } });
    const old = await get('/public/v1/news/by-slug/filing-customs-declarations?locale=en');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toContain('/news/by-slug/customs-filing-guide');
    expect(old.json()).toEqual({ code: 301, data: { slug: 'customs-filing-guide' } });
    expect((await pub('/news/by-slug/customs-filing-guide?locale=en')).data.title).toBe('Filing customs declarations');
    expect((await pub('/news/by-slug/bao-guan-dan-shen-bao-liu-cheng')).data.id).toBe(news.id);
  });

  it('q finds an English word (any form) in the English body and a two-character Chinese word in the Chinese one', async () => {
    const ids = async (q: string, locale: string) =>
      ((await pub(`/news?q=${encodeURIComponent(q)}&locale=${locale}`)).rows as { id: number }[]).map((r) => r.id);
    expect(await ids('declarations', 'en')).toEqual([news.id]);
    expect(await ids('declaration', 'en')).toEqual([news.id]);
    expect(await ids('declaration', 'zh-CN')).toEqual([]);
    expect(await ids('报关', 'zh-CN')).toEqual([news.id]);
    expect(await ids('冷链', 'zh-CN')).toEqual([other.id]);
    // the untranslated news is found in English by the Chinese it is served with
    expect(await ids('冷链', 'en')).toEqual([other.id]);
  });

  it('the sitemap lists each news in every locale it exists in, with hreflang alternates', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const file = await get('/sitemap-news-1.xml');
    const { problems, urls } = checkUrlset(file.body);
    expect(problems).toEqual([]);
    const en = urls.find((u) => u.loc === `${SITE}/en/news/customs-filing-guide`);
    expect(en?.alternates).toEqual(
      expect.arrayContaining([
        { hreflang: 'zh-CN', href: `${SITE}/zh-CN/news/bao-guan-dan-shen-bao-liu-cheng` },
        { hreflang: 'en', href: `${SITE}/en/news/customs-filing-guide` },
      ]),
    );
    // the untranslated news is listed in Chinese only
    expect(urls.filter((u) => u.loc.includes('/en/')).map((u) => u.loc)).toEqual([`${SITE}/en/news/customs-filing-guide`]);
  });
});
