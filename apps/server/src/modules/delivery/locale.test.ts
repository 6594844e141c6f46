import { newsResource } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { contentLocalesOf, siteUrlsOf } from '../../config.js';
import { acceptedLanguages, fallbackChain, matchLocale, negotiateLocale } from './locale.js';
import { localesOfRecord, localize, type RecordLocales } from './localized.js';
import { sitePageUrl, xmlText } from './site-urls.js';

const LOCALES = ['zh-CN', 'en'];
const config = { contentLocales: LOCALES, contentFallback: ['zh-CN'] };

describe('content locale negotiation', () => {
  it('matches a tag to a content locale: same tag in any case, else the same primary language', () => {
    expect(matchLocale('en', LOCALES)).toBe('en');
    expect(matchLocale('EN-us', LOCALES)).toBe('en');
    expect(matchLocale('zh', LOCALES)).toBe('zh-CN');
    expect(matchLocale('zh-Hans', LOCALES)).toBe('zh-CN');
    expect(matchLocale('zh_cn', LOCALES)).toBe('zh-CN');
    expect(matchLocale('fr', LOCALES)).toBeNull();
    expect(matchLocale('*', LOCALES)).toBeNull();
    // the second subtag decides between two of the same language
    expect(matchLocale('pt-BR', ['pt-PT', 'pt-BR'])).toBe('pt-BR');
    expect(matchLocale('pt', ['pt-PT', 'pt-BR'])).toBe('pt-PT');
  });

  it('reads Accept-Language by q-value (ties in header order), leaving q=0 and malformed entries out', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptedLanguages('en;q=0.5, zh-CN;q=0.9, ja')).toEqual(['ja', 'zh-CN', 'en']);
    expect(acceptedLanguages('en;q=0, zh;q=0.1')).toEqual(['zh']);
    expect(acceptedLanguages('<script>, en;q=2, de;q=abc, fr')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('?locale= first (any case, a prefix too), then Accept-Language, then the default; an unknown ?locale= is refused', () => {
    expect(negotiateLocale(config, { locale: 'en' }, 'zh-CN')).toBe('en');
    expect(negotiateLocale(config, { locale: 'ZH' }, 'en')).toBe('zh-CN');
    expect(negotiateLocale(config, {}, 'fr-FR, en-US;q=0.8, zh;q=0.5')).toBe('en');
    expect(negotiateLocale(config, {}, 'fr, zh-Hans;q=0.9, en;q=0.8')).toBe('zh-CN');
    expect(negotiateLocale(config, {}, 'fr, *;q=0.1')).toBe('zh-CN');
    expect(negotiateLocale(config, {}, 'fr, de')).toBe('zh-CN');
    expect(negotiateLocale(config, {}, undefined)).toBe('zh-CN');
    expect(negotiateLocale(config, { locale: '' }, 'en')).toBe('en');
    for (const bad of ['fr', 'x'.repeat(40), ['ja'], '../en'])
      expect(() => negotiateLocale(config, { locale: bad }, 'en')).toThrow('translation.localeUnknown');
  });

  it('reads a field along [locale, ...CONTENT_FALLBACK], each once, the default last', () => {
    const three = contentLocalesOf({ CONTENT_LOCALES: 'zh-CN,en,ja', CONTENT_FALLBACK: 'en' });
    expect(three).toEqual({ contentLocales: ['zh-CN', 'en', 'ja'], contentFallback: ['en', 'zh-CN'] });
    expect(fallbackChain(three, 'ja')).toEqual(['ja', 'en', 'zh-CN']);
    expect(fallbackChain(three, 'en')).toEqual(['en', 'zh-CN']);
    expect(fallbackChain(three, 'zh-CN')).toEqual(['zh-CN', 'en']);
  });
});

describe('a record in a locale', () => {
  const record = { id: 7, title: '中文标题', summary: '中文摘要', content: '<p>中文正文</p>' };
  const rows = (entries: Record<string, Record<string, unknown>>, hasText = true): RecordLocales => ({
    rows: new Map(Object.entries(entries).map(([l, data]) => [l, { data, hasText, updateTime: '2026-01-01 00:00:00' }])),
    slugs: new Map(),
  });

  it('overlays the translated fields, falls back per field and says which; the default locale is the columns', () => {
    const rec = rows({ en: { title: 'English title', summary: '  ', content: '' } });
    const en = localize(newsResource, record, rec, 'en', config);
    expect(en.record).toMatchObject({ title: 'English title', summary: '中文摘要', content: '<p>中文正文</p>' });
    expect(en.info).toEqual({ locale: 'en', locales: ['zh-CN', 'en'], fallbackFields: ['summary', 'content'] });
    const zh = localize(newsResource, record, rec, 'zh-CN', config);
    expect(zh.record.title).toBe('中文标题');
    expect(zh.info).toEqual({ locale: 'zh-CN', locales: ['zh-CN', 'en'], fallbackFields: [] });
  });

  it('a record without text in the locale is served in the next along the chain, which it says', () => {
    const missing = localize(newsResource, record, rows({ en: { title: '' } }, false), 'en', config);
    expect(missing.info).toEqual({ locale: 'zh-CN', locales: ['zh-CN'], fallbackFields: [] });
    expect(missing.record.title).toBe('中文标题');
    const none = localize(newsResource, record, undefined, 'en', config);
    expect(none.info.locale).toBe('zh-CN');
  });

  it("SEO fields of the served locale: the slug along the chain, the title and summary standing in, noindex from the default's", () => {
    const rec = rows({ 'zh-CN': { metaTitle: '中文SEO', noindex: 1, ogImage: '/img/a1b2c3d4e5f60718.png' }, en: { title: 'English' } });
    rec.slugs.set('zh-CN', 'zhong-wen');
    const en = localize(newsResource, record, rec, 'en', config);
    expect(en.seo).toEqual({
      slug: 'zhong-wen',
      metaTitle: 'English',
      metaDescription: '中文摘要',
      keywords: '',
      ogImage: '/img/a1b2c3d4e5f60718.png',
      canonicalUrl: '',
      noindex: 1,
    });
    rec.slugs.set('en', 'english');
    rec.rows.get('en')!.data.noindex = 0;
    expect(localize(newsResource, record, rec, 'en', config).seo).toMatchObject({ slug: 'english', noindex: 0 });
    expect(localize(newsResource, record, rec, 'zh-CN', config).seo).toMatchObject({ slug: 'zhong-wen', metaTitle: '中文SEO', noindex: 1 });
  });

  it('a record carrying `translations` (a draft as the staff get answers it) is read from them, not from the tables', () => {
    const draft = {
      ...record,
      slug: 'zhong-wen-cao-gao',
      metaTitle: '草稿SEO',
      translations: { en: { title: 'Draft in English', summary: '', slug: 'draft-en', metaTitle: '' }, ja: null },
    };
    const rec = localesOfRecord(newsResource, draft, config);
    expect(rec && [...rec.slugs]).toEqual([
      ['zh-CN', 'zhong-wen-cao-gao'],
      ['en', 'draft-en'],
    ]);
    const en = localize(newsResource, draft, rec ?? undefined, 'en', config);
    expect([en.record.title, en.info, en.seo?.slug, en.seo?.metaTitle]).toEqual([
      'Draft in English',
      { locale: 'en', locales: ['zh-CN', 'en'], fallbackFields: ['summary', 'content'] },
      'draft-en',
      'Draft in English',
    ]);
    expect(localize(newsResource, draft, rec ?? undefined, 'zh-CN', config).seo?.metaTitle).toBe('草稿SEO');
    expect(localesOfRecord(newsResource, record, config)).toBeNull();
  });

  it('a third locale falls back along CONTENT_FALLBACK before the default', () => {
    const three = contentLocalesOf({ CONTENT_LOCALES: 'zh-CN,en,ja', CONTENT_FALLBACK: 'en' });
    const rec = rows({ en: { title: 'English title', summary: 'English summary' }, ja: { title: '日本語' } });
    const ja = localize(newsResource, record, rec, 'ja', three);
    expect(ja.record).toMatchObject({ title: '日本語', summary: 'English summary', content: '<p>中文正文</p>' });
    expect(ja.info).toEqual({ locale: 'ja', locales: ['zh-CN', 'en', 'ja'], fallbackFields: ['summary', 'content'] });
  });
});

describe('site URLs (PUBLIC_SITE_URL, SITE_URL_<RESOURCE>)', () => {
  it('are read with their resource names, and bad values refused at start', () => {
    expect(siteUrlsOf({})).toEqual({ publicSiteUrl: null, siteUrls: {} });
    expect(
      siteUrlsOf({
        PUBLIC_SITE_URL: 'https://www.example.com/',
        SITE_URL_NEWS: '/news/{slug}',
        SITE_URL_PAGE_ITEM: '/{locale}/about/{id}',
      }),
    ).toEqual({ publicSiteUrl: 'https://www.example.com', siteUrls: { news: '/news/{slug}', pageItem: '/{locale}/about/{id}' } });
    expect(() => siteUrlsOf({ PUBLIC_SITE_URL: 'ftp://example.com' })).toThrow('PUBLIC_SITE_URL must be http(s)');
    expect(() => siteUrlsOf({ PUBLIC_SITE_URL: 'not a url' })).toThrow('PUBLIC_SITE_URL is not a URL');
    expect(() => siteUrlsOf({ PUBLIC_SITE_URL: 'https://x.example/?a=1' })).toThrow('takes no query');
    expect(() => siteUrlsOf({ SITE_URL_NEWS: '/news/{slug}' })).toThrow('SITE_URL_NEWS needs PUBLIC_SITE_URL');
    const site = { PUBLIC_SITE_URL: 'https://www.example.com' };
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: 'news/{slug}' })).toThrow('SITE_URL_NEWS must be a site path');
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: '//evil.example/{slug}' })).toThrow('must be a site path');
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: '/news/{title}' })).toThrow('{title} is not one of');
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: '/news/{slug' })).toThrow('{slug is not one of');
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: '/news/latest' })).toThrow('by {slug} or {id}');
    expect(() => siteUrlsOf({ ...site, SITE_URL_NEWS: '/news/{slug} x' })).toThrow('without spaces');
  });

  it('fill the template; a template naming the slug gives no URL for a record without one', () => {
    const c = { publicSiteUrl: 'https://www.example.com', siteUrls: { news: '/{locale}/news/{slug}?id={id}', policy: '/p/{id}' } };
    expect(sitePageUrl(c, 'news', { id: 3, slug: 'a-b', locale: 'zh-CN' })).toBe('https://www.example.com/zh-CN/news/a-b?id=3');
    expect(sitePageUrl(c, 'news', { id: 3, slug: '', locale: 'en' })).toBeNull();
    expect(sitePageUrl(c, 'policy', { id: 4, slug: '', locale: 'en' })).toBe('https://www.example.com/p/4');
    expect(sitePageUrl(c, 'job', { id: 4, slug: 'x', locale: 'en' })).toBeNull();
  });

  it('XML text escapes the five entities and drops what XML 1.0 forbids', () => {
    expect(xmlText(`a&b<c>"d"'e'\u0001\u000b\tz`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;\tz');
  });
});
