import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';
import { seedTranslation } from './seed-translations.test-util.js';

/** stored image names with their meta rows (as an upload writes them) */
const IMG = 'c1b2c3d4e5f60718.png';
const IMG2 = 'd1b2c3d4e5f60718.jpg';
const HOST = 'cms.test';
const url = (name: string) => `http://${HOST}/img/${name}`;

type Reply = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => ReplyBody };

describe.each(DIALECTS)('the delivery API in content locales on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicRateLimit: 100_000,
    previewUrls: {
      news: 'https://www.example.com/{locale}/news/{id}?preview={token}',
      policy: 'https://www.example.com/policy/{id}?preview={token}',
    },
  });
  let token = '';
  const post = (path: string, body?: unknown, headers?: Record<string, string>) => t.current.post(path, body, { token, headers });
  const get = (path: string, headers: Record<string, string> = {}): Promise<Reply> =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers: { host: HOST, ...headers } });
  const ok = async (path: string, headers: Record<string, string> = {}) => {
    const r = await get(path, headers);
    expect([path, r.statusCode, r.statusCode === 200 ? '' : r.body]).toEqual([path, 200, '']);
    return r.json();
  };
  const seed = (resource: string, id: number, locale: string, values: Record<string, unknown> | null) =>
    seedTranslation(t.current.ctx, resource, id, locale, values);
  const saveNews = async (body: Record<string, unknown>) => {
    const r = await post('/news/saveNews', { type: 'tr', ...body });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: number };
  };

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'tr', name: '译文测试' })).body.code).toBe(200);
    await looseDb(t.current.ctx.db)
      .insertInto('image_meta')
      .values([
        { name: IMG, width: 1600, height: 900, format: 'png', bytes: 1000, alt: '港口夜景', create_time: '2026-01-01 00:00:00' },
        { name: IMG2, width: 800, height: 600, format: 'jpeg', bytes: 1000, alt: '分享图', create_time: '2026-01-01 00:00:00' },
      ])
      .execute();
  });
  afterEach(() => vi.restoreAllMocks());

  it('?locale=en overlays the translated fields, falls back per field, and says so; the default locale is unchanged', async () => {
    const n = await saveNews({ title: '港口新闻', summary: '中文摘要', content: '<p>中文正文</p>', summaryImg: `/img/${IMG}` });
    await seed('news', n.id, 'en', {
      title: 'Port news',
      summary: '',
      content: `<p>English body <img src="/img/${IMG}"></p>`,
      slug: 'port-news',
    });
    const en = (await ok(`/news/${n.id}?locale=en`)).data;
    expect(en).toMatchObject({
      id: n.id,
      title: 'Port news',
      summary: '中文摘要',
      locale: 'en',
      locales: ['zh-CN', 'en'],
      fallbackFields: ['summary'],
      slug: 'port-news',
      metaTitle: 'Port news',
      metaDescription: '中文摘要',
      keywords: '',
      ogImage: '',
      ogImageMeta: null,
      canonicalUrl: '',
      noindex: 0,
    });
    expect(en.content).toContain('<p>English body <img src="http://cms.test/img/');
    const zh = (await ok(`/news/${n.id}`)).data;
    expect(zh).toMatchObject({ title: '港口新闻', summary: '中文摘要', locale: 'zh-CN', locales: ['zh-CN', 'en'], fallbackFields: [] });
    expect(zh.content).toBe('<p>中文正文</p>');
    // the list the same way, and only the fields asked for when `fields` names them
    const row = (await ok('/news?type=tr&keyword=港口新闻&locale=en')).rows[0];
    expect(row).toMatchObject({ id: n.id, title: 'Port news', locale: 'en', fallbackFields: ['summary'], slug: 'port-news' });
    expect(row).not.toHaveProperty('content');
    expect((await ok('/news?type=tr&keyword=港口新闻&locale=en&fields=id,title,locale,slug')).rows).toEqual([
      { id: n.id, title: 'Port news', locale: 'en', slug: 'port-news' },
    ]);
    expect((await ok('/news?type=tr&keyword=港口新闻&locale=en&fields=id,title')).rows).toEqual([{ id: n.id, title: 'Port news' }]);
    // a record with no English: served in Chinese, which it says
    const plain = await saveNews({ title: '只有中文' });
    expect((await ok(`/news/${plain.id}?locale=en`)).data).toMatchObject({
      title: '只有中文',
      locale: 'zh-CN',
      locales: ['zh-CN'],
      fallbackFields: [],
    });
    // a translation with no text is "missing": the record is served in the next locale of the chain
    await seed('news', plain.id, 'en', { title: '', summary: ' ', metaTitle: 'Only a meta title' });
    expect((await ok(`/news/${plain.id}?locale=en`)).data).toMatchObject({ title: '只有中文', locale: 'zh-CN', locales: ['zh-CN'] });
  });

  it('chooses the locale from Accept-Language (q-values, prefixes), varies by it, and keeps an ETag per locale', async () => {
    const n = await saveNews({ title: '协商新闻' });
    await seed('news', n.id, 'en', { title: 'Negotiated news' });
    const title = async (headers: Record<string, string>) => (await ok(`/news/${n.id}`, headers)).data.title;
    expect(await title({ 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' })).toBe('Negotiated news');
    expect(await title({ 'accept-language': 'fr-FR, zh-Hans;q=0.9, en;q=0.8' })).toBe('协商新闻');
    expect(await title({ 'accept-language': 'zh;q=0.2, en;q=0.5' })).toBe('Negotiated news');
    expect(await title({ 'accept-language': 'fr, de' })).toBe('协商新闻');
    // ?locale= wins over the header
    expect((await ok(`/news/${n.id}?locale=zh-CN`, { 'accept-language': 'en' })).data.title).toBe('协商新闻');

    const en = await get(`/news/${n.id}`, { 'accept-language': 'en' });
    const zh = await get(`/news/${n.id}`, { 'accept-language': 'zh-CN' });
    expect(en.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
    expect(en.headers.etag).not.toBe(zh.headers.etag);
    expect((await get(`/news/${n.id}`, { 'accept-language': 'en-GB', 'if-none-match': String(en.headers.etag) })).statusCode).toBe(304);
    const other = await get(`/news/${n.id}`, { 'accept-language': 'zh-CN', 'if-none-match': String(en.headers.etag) });
    expect([other.statusCode, other.json().data.title]).toEqual([200, '协商新闻']);
    const notModified = await get(`/news/${n.id}`, { 'accept-language': 'zh-CN', 'if-none-match': String(zh.headers.etag) });
    expect([notModified.statusCode, notModified.headers.vary]).toEqual([304, 'Origin, Accept-Language, accept-encoding']);
    // the list too
    const list = await get('/news?type=tr', { 'accept-language': 'en' });
    expect((await get('/news?type=tr', { 'accept-language': 'zh', 'if-none-match': String(list.headers.etag) })).statusCode).toBe(200);
    expect((await get('/news?type=tr', { 'accept-language': 'en', 'if-none-match': String(list.headers.etag) })).statusCode).toBe(304);
    // a saved translation is a new version: the English reply is sent again
    await seed('news', n.id, 'en', { title: 'Negotiated news, edited' });
    const edited = await get(`/news/${n.id}`, { 'accept-language': 'en', 'if-none-match': String(en.headers.etag) });
    expect([edited.statusCode, edited.json().data.title]).toEqual([200, 'Negotiated news, edited']);
  });

  it('an unknown ?locale= is a 400 in the caller language on every path; a known one is no unknown parameter', async () => {
    const n = await saveNews({ title: '语言参数' });
    for (const path of [
      `/news/${n.id}?locale=fr`,
      '/news?locale=fr',
      '/news-types?locale=fr',
      '/company?locale=xx-YY',
      '/feeds/news.xml?locale=fr',
    ]) {
      const r = await get(path);
      expect([path, r.statusCode, r.json()]).toEqual([path, 400, { code: 400, msg: '不支持的内容语言' }]);
      expect(r.headers.vary).toBe('Origin, Accept-Language, accept-encoding');
    }
    expect((await get(`/news/${n.id}?locale=fr`, { lang: 'en' })).json()).toEqual({ code: 400, msg: 'Unsupported content locale' });
    expect((await get(`/news/${n.id}?locale=fr&lang=es`)).json()).toEqual({ code: 400, msg: 'Idioma de contenido no admitido' });
    for (const path of [
      '/news?locale=en',
      '/news?locale=zh-CN&q=语言',
      '/products?locale=en&sort=name',
      '/banners?locale=en',
      '/jobs?locale=en',
    ])
      expect([path, (await get(path)).statusCode]).toEqual([path, 200]);
    expect((await get('/news?locale=en&nope=1')).json().msg).toBe('未知的查询参数：nope');
  });

  it('SEO fields per locale: meta title and description, keywords, share image with its meta, canonical URL, noindex', async () => {
    const n = await saveNews({ title: '搜索优化', summary: '摘要' });
    await seed('news', n.id, 'zh-CN', {
      metaTitle: '中文SEO标题',
      keywords: '港口,物流',
      ogImage: `/img/${IMG2}`,
      noindex: 1,
      slug: 'sou-suo',
    });
    await seed('news', n.id, 'en', {
      title: 'SEO',
      summary: 'Summary',
      metaDescription: 'English description',
      canonicalUrl: 'https://www.example.com/en/news/seo',
      slug: 'seo',
      noindex: 0,
    });
    const zh = (await ok(`/news/${n.id}`)).data;
    const meta = {
      url: url(IMG2),
      width: 800,
      height: 600,
      alt: '分享图',
      srcset: `${url(IMG2)}?w=320 320w, ${url(IMG2)}?w=640 640w, ${url(IMG2)} 800w`,
    };
    expect(zh).toMatchObject({
      slug: 'sou-suo',
      metaTitle: '中文SEO标题',
      metaDescription: '摘要',
      keywords: '港口,物流',
      ogImage: url(IMG2),
      ogImageMeta: meta,
      canonicalUrl: '',
      noindex: 1,
    });
    const en = (await ok(`/news/${n.id}?locale=en`)).data;
    expect(en).toMatchObject({
      slug: 'seo',
      metaTitle: 'SEO',
      metaDescription: 'English description',
      keywords: '',
      // the share image falls back along the chain; noindex is the locale's own
      ogImage: url(IMG2),
      canonicalUrl: 'https://www.example.com/en/news/seo',
      noindex: 0,
    });
    expect((await ok(`/news?type=tr&keyword=搜索优化&fields=id,ogImageMeta`)).rows).toEqual([
      { id: n.id, ogImage: url(IMG2), ogImageMeta: meta },
    ]);
  });

  it("image alt text per locale: {field}Meta and rich text's <img> in the served locale, else the default's", async () => {
    const n = await saveNews({
      title: '替代文字',
      summaryImg: `/img/${IMG}`,
      content: `<p><img src="/img/${IMG}"><img src="/img/${IMG2}"></p>`,
    });
    // the existing calls as before: the default locale's alt text
    expect((await post('/upload/getImageMeta', { name: IMG })).body.data).toMatchObject({ name: IMG, alt: '港口夜景' });
    const saved = await post('/upload/saveImageAlt', { name: `/img/${IMG}`, alt: ' Port at night ', locale: 'en' });
    expect(saved.body).toMatchObject({ code: 200, msg: '替代文字已保存', data: { name: IMG, alt: 'Port at night' } });
    expect((await post('/upload/getImageMeta', { name: IMG, locale: 'en' })).body.data.alt).toBe('Port at night');
    expect((await post('/upload/getImageMeta', { name: IMG2, locale: 'en' })).body.data.alt).toBe('');
    expect((await post('/upload/getImageMeta', { name: IMG })).body.data.alt).toBe('港口夜景');
    expect((await post('/upload/getImageMeta', { name: IMG, locale: 'zh-CN' })).body.data.alt).toBe('港口夜景');
    const bad = await post('/upload/saveImageAlt', { name: IMG, alt: 'x', locale: 'fr' }, { lang: 'en' });
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { code: 400, msg: 'Unsupported content locale' } });

    const en = (await ok(`/news/${n.id}?locale=en`)).data;
    expect(en.summaryImgMeta.alt).toBe('Port at night');
    expect(en.content).toContain('alt="Port at night"');
    // no English alt for the second image: the default's
    expect(en.content).toContain('alt="分享图"');
    const zh = (await ok(`/news/${n.id}`)).data;
    expect(zh.summaryImgMeta.alt).toBe('港口夜景');
    expect(zh.content).toContain('alt="港口夜景"');
    // cleared: the default's again
    await post('/upload/saveImageAlt', { name: IMG, alt: '', locale: 'en' });
    expect((await post('/upload/getImageMeta', { name: IMG, locale: 'en' })).body.data.alt).toBe('');
    const { count } = (await looseDb(t.current.ctx.db)
      .selectFrom('image_alt')
      .select((b) => b.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()) as {
      count: number;
    };
    expect(Number(count)).toBe(0);
  });

  it('pages with their items, single records and a type without SEO fields are served in the locale too', async () => {
    const pageDef = (await post('/page/save', { name: '关于我们', showType: 'tabs' })).body.data;
    const item = (await post('/page/savePageItems', { title: '公司简介', pageId: pageDef.id, sortNo: 1, content: '<p>简介</p>' })).body
      .data;
    await seed('pageItem', item.id, 'en', { title: 'About us', content: '<p>About</p>', slug: 'about-us' });
    const page = (await ok(`/pages/${pageDef.id}?locale=en`)).data;
    expect(page).not.toHaveProperty('locale');
    expect(page.items[0]).toMatchObject({ title: 'About us', content: '<p>About</p>', locale: 'en', slug: 'about-us', fallbackFields: [] });

    expect((await post('/company/saveCompany', { name: '华通国际物流有限公司', summary: '公司简介' })).body.code).toBe(200);
    const company = (await ok('/company')).data;
    await seed('company', company.id, 'en', { name: 'Huatong International Logistics', slug: 'huatong' });
    expect((await ok('/company?locale=en')).data).toMatchObject({
      name: 'Huatong International Logistics',
      summary: '公司简介',
      locale: 'en',
      fallbackFields: ['summary'],
      slug: 'huatong',
      metaTitle: 'Huatong International Logistics',
      metaDescription: '公司简介',
    });

    const banner = (await post('/banner/save', { bannerType: 'news002', title: '横幅', sortNo: 1 })).body.data;
    await seed('banner', banner.id, 'en', { title: 'Banner' });
    const shown = (await ok('/banners?bannerType=news002&locale=en')).data.find((b: { id: number }) => b.id === banner.id);
    expect(shown).toMatchObject({ title: 'Banner', locale: 'en', locales: ['zh-CN', 'en'] });
    expect(shown).not.toHaveProperty('slug');
  });

  it('reads the translations of a page of records in one query, never one per record', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await saveNews({ title: `批量译文${i}` })).id);
    for (const id of ids) await seed('news', id, 'en', { title: `Batch ${id}`, slug: `batch-${id}` });
    // every statement the app runs outside a transaction goes through the database's executor
    const statements = vi.spyOn(t.current.ctx.db.getExecutor(), 'executeQuery');
    const rows = (await ok('/news?keyword=批量译文&locale=en&pageSize=20')).rows as { id: number; title: string }[];
    expect(rows.map((r) => r.title).sort()).toEqual(ids.map((id) => `Batch ${id}`).sort());
    const reads = statements.mock.calls.filter(([q]) => /content_translation|content_slug/.test((q as { sql: string }).sql));
    expect(reads.length).toBe(1);
  });

  it('every reply in a locale matches the OpenAPI document', async () => {
    const doc = await SwaggerParser.dereference((await get('/openapi.json')).json());
    const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': true, uri: true } });
    const n = await saveNews({ title: '契约', summary: '摘要', summaryImg: `/img/${IMG}`, content: '<p>x</p>' });
    await seed('news', n.id, 'en', { title: 'Contract', ogImage: `/img/${IMG2}`, slug: 'contract', noindex: 1 });
    const paths = (doc as ReplyBody).paths;
    const check = async (path: string, schemaPath: string) => {
      const validate = ajv.compile(paths[`/public/v1${schemaPath}`].get.responses[200].content['application/json'].schema);
      const body = await ok(path);
      expect([path, validate(body) ? '' : ajv.errorsText(validate.errors)]).toEqual([path, '']);
    };
    await check(`/news/${n.id}?locale=en`, '/news/{id}');
    await check('/news/by-slug/contract?locale=en', '/news/by-slug/{slug}');
    await check('/news?locale=en&type=tr', '/news');
    await check('/company?locale=en', '/company');
    await check('/banners?locale=en', '/banners');
  });

  it('by-slug: the current slug answers the record, an old one or another locale’s redirects (301), an unknown one is a 404', async () => {
    const n = await saveNews({ title: '别名新闻', content: '<p>正文</p>' });
    await seed('news', n.id, 'zh-CN', { slug: 'bie-ming' });
    await seed('news', n.id, 'en', { title: 'Slug news', slug: 'slug-news' });
    const byId = (await ok(`/news/${n.id}?locale=en`)).data;
    const r = await get('/news/by-slug/slug-news?locale=en');
    expect([r.statusCode, r.json()]).toEqual([200, { code: 200, msg: '操作成功', data: byId }]);
    expect(r.headers.etag).toMatch(/^W\//);
    expect((await get('/news/by-slug/slug-news?locale=en', { 'if-none-match': String(r.headers.etag) })).statusCode).toBe(304);
    expect((await ok('/news/by-slug/bie-ming')).data).toMatchObject({ id: n.id, title: '别名新闻', slug: 'bie-ming' });
    // the English slug in Accept-Language's locale
    expect((await ok('/news/by-slug/slug-news', { 'accept-language': 'en-US' })).data.title).toBe('Slug news');

    // renamed: the old slug redirects to the current one, keeping the query
    await seed('news', n.id, 'en', { title: 'Slug news', slug: 'renamed-news' });
    const old = await get('/news/by-slug/slug-news?locale=en');
    expect([old.statusCode, old.headers.location, old.json()]).toEqual([
      301,
      '/public/v1/news/by-slug/renamed-news?locale=en',
      { code: 301, data: { slug: 'renamed-news' } },
    ]);
    expect((await ok('/news/by-slug/renamed-news?locale=en')).data.title).toBe('Slug news');
    // the Chinese slug asked in English: the English page's slug
    const cross = await get('/news/by-slug/bie-ming?locale=en');
    expect([cross.statusCode, cross.headers.location]).toEqual([301, '/public/v1/news/by-slug/renamed-news?locale=en']);
    // a record without an English slug answers its Chinese one in English too
    const zhOnly = await saveNews({ title: '仅中文别名' });
    await seed('news', zhOnly.id, 'zh-CN', { slug: 'jin-zhong-wen' });
    expect((await ok('/news/by-slug/jin-zhong-wen?locale=en')).data).toMatchObject({
      id: zhOnly.id,
      slug: 'jin-zhong-wen',
      locale: 'zh-CN',
    });

    for (const path of [
      '/news/by-slug/no-such-slug',
      '/news/by-slug/Bad_Slug',
      `/news/by-slug/${'a'.repeat(121)}`,
      '/policies/by-slug/bie-ming',
    ])
      expect([path, (await get(path)).statusCode, (await get(path)).json()]).toEqual([path, 404, { code: 404, msg: '内容不存在或未发布' }]);
    // unpublished: gone by slug too
    await post(`/news/unpublishNews?id=${n.id}`);
    expect((await get('/news/by-slug/renamed-news?locale=en')).statusCode).toBe(404);
    expect((await get('/news/by-slug/slug-news?locale=en')).statusCode).toBe(404);
  });

  it('a preview link targets a locale: the page, the website URL and the token read that locale', async () => {
    const open = (link: string) => t.current.app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
    const n = await saveNews({ title: '预览中文', summary: '中文摘要', content: '<p>中文正文</p>', status: 'draft' });
    await seed('news', n.id, 'en', { title: 'Preview in English', content: '<p>English body</p>' });
    const r = await post('/news/previewNews', { id: n.id, locale: 'en' });
    expect(r.body.data.url).toMatch(/\/preview\/news\/r\d+\?exp=\d+&sig=[\w-]+&locale=en$/);
    expect(r.body.data.siteUrl).toBe(`https://www.example.com/en/news/${n.id}?preview=${encodeURIComponent(r.body.data.token)}`);
    const page = await open(r.body.data.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Preview in English</h1>');
    expect(page.body).toContain('<p>English body</p>');
    // the summary falls back to the default locale's
    expect(page.body).toContain('中文摘要');
    const zh = await open((await post('/news/previewNews', { id: n.id })).body.data.url);
    expect(zh.body).toContain('<h1>预览中文</h1>');
    // the website's page reads the draft in that locale with the token
    const draft = await get(`/news/${n.id}?locale=en&preview=${encodeURIComponent(r.body.data.token)}`);
    expect([draft.statusCode, draft.json().data.title, draft.json().data.locale]).toEqual([200, 'Preview in English', 'en']);
    // a template without {locale} gets it as a parameter; an unknown locale is refused
    const p = (await post('/policy/savePolicy', { title: '公告', status: 'draft' })).body.data;
    expect((await post('/policy/previewPolicy', { id: p.id, locale: 'en' })).body.data.siteUrl).toMatch(
      /\/policy\/\d+\?preview=[^&]+&locale=en$/,
    );
    expect((await post('/policy/previewPolicy', { id: p.id })).body.data.siteUrl).toMatch(/\/policy\/\d+\?preview=[^&]+$/);
    expect((await post('/news/previewNews', { id: n.id, locale: 'fr' })).body).toEqual({ code: 400, msg: '不支持的内容语言' });
    // an unsaved form previewed in English: its English translation fills the page
    const form = await post('/news/previewNewsForm', {
      title: '表单中文',
      content: '<p>表单正文</p>',
      locale: 'en',
      translations: { en: { title: 'Form in English', content: '' } },
    });
    const formPage = await open(form.body.data.url);
    expect(formPage.body).toContain('<h1>Form in English</h1>');
    expect(formPage.body).toContain('<p>表单正文</p>');
    expect(formPage.body).toContain('<html lang="en">');
  });
});
