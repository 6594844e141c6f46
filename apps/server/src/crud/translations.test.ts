import { SLUG_PATTERN } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { referencedNames } from '../storage/references.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { SLUG_MADE_MAX, uniqueSlug } from './slugs.js';
import { slugify } from './translations.js';

type Row = Record<string, unknown>;

describe('slugify', () => {
  it('spells Chinese in pinyin without tones, one word per character, digits and Latin words kept', () => {
    expect(slugify('深圳港新闻', 'zh-CN')).toBe('shen-zhen-gang-xin-wen');
    expect(slugify('2026年华通物流 Express 上线！', 'zh-CN')).toBe('2026-nian-hua-tong-wu-liu-express-shang-xian');
    expect(slugify('绿色物流', 'zh-CN')).toBe('lv-se-wu-liu');
  });

  it('makes lowercase words of other scripts: accents and apostrophes dropped, punctuation a break', () => {
    expect(slugify('Huatong Opens Its East China Hub!', 'en')).toBe('huatong-opens-its-east-china-hub');
    expect(slugify("China's  new   tariff: 2026/27", 'en')).toBe('chinas-new-tariff-2026-27');
    expect(slugify('Logística Exprés', 'es')).toBe('logistica-expres');
    expect(slugify('Ｆｕｌｌ－ｗｉｄｔｈ ＡＢＣ', 'en')).toBe('full-width-abc');
    expect(slugify('!!! ???', 'en')).toBe('');
  });

  it('is cut between words at most SLUG_MADE_MAX characters and always matches the slug pattern', () => {
    const long = slugify('word '.repeat(60), 'en');
    expect(long.length).toBeLessThanOrEqual(SLUG_MADE_MAX);
    expect(long.endsWith('-')).toBe(false);
    expect(slugify('a'.repeat(200), 'en')).toHaveLength(SLUG_MADE_MAX);
    for (const s of [long, slugify('国际快递的体积重量如何计算？', 'zh-CN'), slugify('--A--B--', 'en')]) expect(s).toMatch(SLUG_PATTERN);
  });
});

describe.each(DIALECTS)('translations on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, tk = token) => t.current.post(path, body, { token: tk });
  const db = () => looseDb(t.current.ctx.db);
  const getNews = async (id: number) => (await post(`/news/getNews?id=${id}`)).body.data as Row & { translations: Record<string, Row> };
  const saveNews = async (body: Row) => {
    const r = await post('/news/saveNews', { type: 'tr', ...body });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Row & { id: number; translations: Record<string, Row> };
  };
  /** a save of a stored news (its required fields sent as they are) */
  const update = (record: Row, body: Row, tk = token) =>
    post('/news/saveNews', { type: 'tr', title: record.title, ...body, id: record.id }, tk);
  const slugRows = (resource: string, id: number) =>
    db()
      .selectFrom('content_slug')
      .select(['locale', 'slug', 'current'])
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .orderBy('locale')
      .orderBy('slug')
      .execute()
      .then((rows) => rows.map((r) => [r.locale, r.slug, Number(r.current)]));
  let seq = 0;
  /** a title unique to one test (the slug tests want their own words) */
  const uniq = (words: string) => `${words} ${dialect} ${++seq}`;

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'tr', name: '译文类型' })).body.code).toBe(200);
  });

  it('a save carries translations and SEO fields; get answers them with the statuses; rich text is sanitized', async () => {
    const saved = await saveNews({
      title: '华东分拨中心投入运营',
      summary: '中文摘要',
      content: '<p>中文正文</p>',
      metaTitle: '华东分拨中心',
      keywords: '分拨,物流',
      translations: {
        en: {
          title: 'East China hub opens',
          summary: 'English summary',
          content: '<p>English body<script>alert(1)</script></p>',
          metaDescription: 'The new hub in Lingang',
          noindex: 1,
        },
      },
    });
    expect(saved).toMatchObject({
      title: '华东分拨中心投入运营',
      slug: 'hua-dong-fen-bo-zhong-xin-tou-ru-yun-ying',
      metaTitle: '华东分拨中心',
      metaDescription: '',
      keywords: '分拨,物流',
      ogImage: '',
      canonicalUrl: '',
      noindex: 0,
      translationStatus: { en: 'translated' },
      translations: {
        en: {
          title: 'East China hub opens',
          summary: 'English summary',
          content: '<p>English body</p>',
          slug: 'east-china-hub-opens',
          metaTitle: '',
          metaDescription: 'The new hub in Lingang',
          keywords: '',
          ogImage: '',
          canonicalUrl: '',
          noindex: 1,
        },
      },
    });
    // the saved reply is what get answers
    const got = await getNews(saved.id);
    expect(got).toMatchObject({ ...saved, publishState: got.publishState });
    const rows = await db()
      .selectFrom('content_translation')
      .select(['locale', 'has_text', 'source_version', 'user_name'])
      .where('resource', '=', 'news')
      .where('record_id', '=', saved.id)
      .orderBy('locale')
      .execute();
    expect(rows.map((r) => [r.locale, Number(r.has_text), Number(r.source_version), r.user_name])).toEqual([
      ['en', 1, 1, 'admin'],
      ['zh-CN', 1, 1, 'admin'],
    ]);
    expect(await slugRows('news', saved.id)).toEqual([
      ['en', 'east-china-hub-opens', 1],
      ['zh-CN', 'hua-dong-fen-bo-zhong-xin-tou-ru-yun-ying', 1],
    ]);
  });

  it('a save without translations leaves them untouched; a locale sent as null removes it and its slugs', async () => {
    const saved = await saveNews({ title: uniq('遗留客户端'), translations: { en: { title: 'Legacy client', summary: 'kept' } } });
    const legacy = await update(saved, { isHot: 1 });
    expect(legacy.body.data).toMatchObject({ isHot: 1, translations: saved.translations, translationStatus: { en: 'translated' } });
    // a translations object without the locale leaves that locale as it is too
    expect((await update(saved, { translations: {} })).body.data.translations).toEqual(saved.translations);
    const removed = await update(saved, { translations: { en: null } });
    expect(removed.body.data.translations).toEqual({});
    expect(removed.body.data.translationStatus).toEqual({ en: 'missing' });
    expect((await slugRows('news', saved.id)).filter(([l]) => l === 'en')).toEqual([]);
    // a save answers the locales, slugs and SEO fields as they now are, as get answers them
    const i18n = (r: Row) => ({
      slug: r.slug,
      metaTitle: r.metaTitle,
      translations: r.translations,
      translationStatus: r.translationStatus,
    });
    const renamed = await update(saved, {
      slug: `${saved.slug}-x`,
      metaTitle: '新标题',
      translations: { en: { title: 'Back', slug: '' } },
    });
    expect(renamed.body.data).toMatchObject({ slug: `${saved.slug}-x`, metaTitle: '新标题', translationStatus: { en: 'translated' } });
    expect(renamed.body.data.translations.en.slug).toBe('back');
    for (const reply of [legacy, removed, renamed]) expect(reply.body.code).toBe(200);
    expect(i18n(renamed.body.data)).toEqual(i18n(await getNews(saved.id)));
  });

  it('refuses an unknown locale, a malformed translations value and a bad field, in the request language', async () => {
    const saved = await saveNews({ title: uniq('校验') });
    const bad = async (body: Row, msg: string) => expect((await update(saved, { ...body })).body).toEqual({ code: 400, msg });
    await bad({ translations: { fr: { title: 'Bonjour' } } }, '不支持的内容语言');
    await bad({ translations: { 'zh-CN': { title: '默认语言' } } }, '不支持的内容语言');
    await bad({ translations: 'en' }, '译文格式不正确');
    await bad({ translations: [{ title: 'x' }] }, '译文格式不正确');
    await bad({ translations: { en: 'title' } }, '译文格式不正确');
    await bad({ translations: { en: { title: 'x'.repeat(201) } } }, '不能超过200个字符');
    await bad({ translations: { en: { title: ' leading space' } } }, '必填');
    await bad({ translations: { en: { slug: 'Not A Slug' } } }, '链接别名只能由小写字母、数字和连字符组成，最长 120 个字符');
    await bad({ slug: 'bad_slug' }, '链接别名只能由小写字母、数字和连字符组成，最长 120 个字符');
    await bad({ canonicalUrl: 'javascript:alert(1)' }, '规范链接应为 http(s) 网址或以 / 开头的站内路径');
    await bad({ ogImage: 'javascript:alert(1)' }, '图片地址无效');
    await bad({ translations: { en: { ogImage: 'ftp://x/y.png' } } }, '图片地址无效');
    const en = await t.current.post(
      '/news/saveNews',
      { type: 'tr', title: saved.title, id: saved.id, translations: { fr: {} } },
      { token, headers: { lang: 'en' } },
    );
    expect(en.body).toEqual({ code: 400, msg: 'Unsupported content locale' });
    expect((await getNews(saved.id)).translations).toEqual({});
  });

  it('a free variant of a slug is found in a few name lookups: the first free one when the held ones run without a gap', async () => {
    const { db } = t.current.ctx;
    const base = `chuangkou-${Date.now().toString(36)}`;
    const variant = (n: number) => (n === 1 ? base : `${base}-${n}`);
    const hold = async (from: number, to: number, recordId = 900_000) => {
      const rows = [];
      for (let n = from; n <= to; n++)
        rows.push({
          resource: 'news',
          locale: 'zh-CN',
          slug: variant(n),
          record_id: recordId,
          current: 1,
          create_time: '2026-11-28 00:00:00',
        });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('content_slug')
          .values(rows.slice(i, i + 500))
          .execute();
    };
    // the queries one call sends, counted by a Kysely plugin
    let queries = 0;
    const counted = db.withPlugin({
      transformQuery: (a) => {
        queries++;
        return a.node;
      },
      transformResult: async (a) => a.result,
    });
    const free = async (recordId = 1) => {
      queries = 0;
      return uniqueSlug(counted, 'news', 'zh-CN', base, recordId);
    };
    expect(await free()).toBe(base);
    expect(queries).toBe(1);
    // base … base-16 held, base-18 too: the first 16 are held, 17 is the first free
    await hold(1, 16);
    await hold(18, 18);
    expect(await free()).toBe(`${base}-17`);
    // a variant the record itself holds is its own to take back
    expect(await free(900_000)).toBe(base);
    // 1 … 300 held: 301, found by narrowing 256 … 512
    await hold(17, 17);
    await hold(19, 300);
    expect(await free()).toBe(`${base}-301`);
    expect(queries).toBeLessThanOrEqual(5);
    // 1 … 4,400 held: 4,401 in as few queries; another locale or resource is not in the way
    await hold(301, 4400);
    expect(await free()).toBe(`${base}-4401`);
    expect(queries).toBeLessThanOrEqual(6);
    expect(await uniqueSlug(db, 'news', 'en', base, 1)).toBe(base);
    expect(await uniqueSlug(db, 'policy', 'zh-CN', base, 1)).toBe(base);
    // a gap (a deleted record's variant) left beyond the first 16: the answer is free, if not the first free
    await db.deleteFrom('content_slug').where('resource', '=', 'news').where('slug', '=', variant(3000)).execute();
    const gapped = await free();
    const holder = await db
      .selectFrom('content_slug')
      .select('record_id')
      .where('resource', '=', 'news')
      .where('locale', '=', 'zh-CN')
      .where('slug', '=', gapped)
      .execute();
    expect(holder).toEqual([]);
    expect([variant(3000), variant(4401)]).toContain(gapped);
  });

  it('slugs: made from the title (pinyin / English words), unique per resource and locale with -2, -3; an explicit clash is 409', async () => {
    const title = uniq('港口新闻');
    const base = slugify(title, 'zh-CN');
    const a = await saveNews({ title, translations: { en: { title: 'Port news' } } });
    const b = await saveNews({ title, translations: { en: { title: 'Port news' } } });
    const c = await saveNews({ title });
    expect([a.slug, b.slug, c.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
    expect(a.translations.en.slug).toMatch(/^port-news(-\d+)?$/);
    expect(b.translations.en.slug).toBe(a.translations.en.slug === 'port-news' ? 'port-news-2' : `${a.translations.en.slug}-2`);
    // another resource may use the same slug
    const policy = await post('/policy/savePolicy', { title });
    expect(policy.body.data.slug).toBe(base);
    // an explicit slug another record uses: 409, nothing changed
    const clash = await update(c, { slug: base, title: '改了标题' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ code: 409, msg: '链接别名已被其他记录使用' });
    expect(await getNews(c.id)).toMatchObject({ title, slug: `${base}-3` });
    const clashEn = await update(c, { translations: { en: { title: 'x', slug: a.translations.en.slug } } });
    expect(clashEn.body.code).toBe(409);
    // a blank slug is made again from the title (its own slug is its own)
    expect((await update(a, { slug: '' })).body.data.slug).toBe(base);
    // a title that gives no letter: the resource's name and the id
    const symbols = await saveNews({ title: '！！！' });
    expect(symbols.slug).toBe(`news-${symbols.id}`);
  });

  it('saves of one title at the same moment each get their own variant; one explicit slug asked twice at once is 409 once', async () => {
    const title = uniq('同时保存');
    const base = slugify(title, 'zh-CN');
    const saves = await Promise.all(Array.from({ length: 8 }, () => post('/news/saveNews', { type: 'tr', title })));
    for (const r of saves) expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const slugs = saves.map((r) => String(r.body.data.slug)).sort();
    expect(slugs).toEqual([base, ...Array.from({ length: 7 }, (_, i) => `${base}-${i + 2}`)].sort());
    // the kept total counted every one of them
    const listed = await post('/news/getNewsList', { pageNumber: 1, pageSize: 1 });
    const [{ n }] = (await db()
      .selectFrom('news')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute()) as { n: unknown }[];
    expect(listed.body.total).toBe(Number(n));
    const [a, b] = saves.map((r) => r.body.data as Row);
    const wanted = `${base}-chosen`;
    const both = await Promise.all([update(a, { slug: wanted }), update(b, { slug: wanted })]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.body.code === 409)?.body).toEqual({ code: 409, msg: '链接别名已被其他记录使用' });
    const holders = await db()
      .selectFrom('content_slug')
      .select('record_id')
      .where('resource', '=', 'news')
      .where('slug', '=', wanted)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('a changed slug keeps the old one as a redirect; another record may take that redirect over', async () => {
    const one = await saveNews({ title: uniq('改名') });
    const first = String(one.slug);
    const renamed = await update(one, { slug: `${first}-renamed` });
    expect(renamed.body.data.slug).toBe(`${first}-renamed`);
    expect(await slugRows('news', one.id)).toEqual([
      ['zh-CN', first, 0],
      ['zh-CN', `${first}-renamed`, 1],
    ]);
    // a made slug never takes another record's redirect
    const same = await saveNews({ title: String(one.title) });
    expect(same.slug).toBe(`${first}-2`);
    // an explicit one does: the redirect row moves to the new holder
    expect((await update(same, { slug: first })).body.data.slug).toBe(first);
    expect(await slugRows('news', one.id)).toEqual([['zh-CN', `${first}-renamed`, 1]]);
    expect(await slugRows('news', same.id)).toEqual([
      ['zh-CN', first, 1],
      ['zh-CN', `${first}-2`, 0],
    ]);
    // taking one's own redirect back makes it current again
    expect((await update(same, { slug: `${first}-2` })).body.data.slug).toBe(`${first}-2`);
    expect(await slugRows('news', same.id)).toEqual([
      ['zh-CN', first, 0],
      ['zh-CN', `${first}-2`, 1],
    ]);
  });

  it('editing the Chinese body marks the English outdated; a new English save makes it translated again', async () => {
    const saved = await saveNews({
      title: uniq('过期'),
      content: '<p>一</p>',
      translations: { en: { title: 'Outdated', content: '<p>one</p>' } },
    });
    expect(saved.translationStatus).toEqual({ en: 'translated' });
    // a save that changes no translated field of the default locale changes no status
    expect((await update(saved, { isTop: 1 })).body.data.translationStatus).toEqual({ en: 'translated' });
    const edited = await update(saved, { content: '<p>一，改</p>' });
    expect(edited.body.data.translationStatus).toEqual({ en: 'outdated' });
    // the same English values sent again: still outdated (nothing was translated)
    const same = await update(saved, { translations: { en: saved.translations.en } });
    expect(same.body.data.translationStatus).toEqual({ en: 'outdated' });
    const retranslated = await update(saved, {
      translations: { en: { ...saved.translations.en, content: '<p>one, changed</p>' } },
    });
    expect(retranslated.body.data.translationStatus).toEqual({ en: 'translated' });
    // both locales changed in one save: the translation is current
    const both = await update(saved, { content: '<p>二</p>', translations: { en: { title: 'Outdated', content: '<p>two</p>' } } });
    expect(both.body.data.translationStatus).toEqual({ en: 'translated' });
    // a translation with no text is missing, whatever its SEO fields
    const empty = await update(saved, { translations: { en: { metaTitle: 'only SEO' } } });
    expect(empty.body.data).toMatchObject({
      translationStatus: { en: 'missing' },
      translations: { en: { title: '', metaTitle: 'only SEO' } },
    });
  });

  it('the list carries each row’s status and filters by locale and status; bad values are 400', async () => {
    const tag = uniq('列表');
    const translated = await saveNews({ title: `${tag} a`, translations: { en: { title: 'Translated' } } });
    const outdated = await saveNews({ title: `${tag} b`, translations: { en: { title: 'Outdated' } } });
    await update(outdated, { title: `${tag} b2` });
    const missing = await saveNews({ title: `${tag} c` });
    const list = async (body: Row) => {
      const r = await post('/news/getNewsList', { title: tag, pageSize: 100, ...body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body as { rows: Row[]; total: number };
    };
    const all = await list({});
    expect(Object.fromEntries(all.rows.map((r) => [r.id, r.translationStatus]))).toEqual({
      [translated.id]: { en: 'translated' },
      [outdated.id]: { en: 'outdated' },
      [missing.id]: { en: 'missing' },
    });
    for (const [status, record] of [
      ['translated', translated],
      ['outdated', outdated],
      ['missing', missing],
    ] as const) {
      const found = await list({ translationLocale: 'en', translationStatus: status });
      expect(found.total).toBe(1);
      expect(found.rows.map((r) => r.id)).toEqual([record.id]);
      // the locale defaults to the first non-default one
      expect((await list({ translationStatus: status })).rows.map((r) => r.id)).toEqual([record.id]);
    }
    // without a title filter (the row-count shape) and with an unfiltered gram search
    const noTitle = await post('/news/getNewsList', { translationStatus: 'missing', pageSize: 100 });
    expect(noTitle.body.rows.map((r: Row) => r.id)).toContain(missing.id);
    expect(noTitle.body.rows.map((r: Row) => r.id)).not.toContain(translated.id);
    expect((await list({ translationLocale: '', translationStatus: '' })).total).toBe(3);
    expect((await post('/news/getNewsList', { translationStatus: 'done' })).body).toEqual({
      code: 400,
      msg: '翻译状态只能是 translated、missing 或 outdated',
    });
    expect((await post('/news/getNewsList', { translationLocale: 'fr', translationStatus: 'missing' })).body).toEqual({
      code: 400,
      msg: '不支持的内容语言',
    });
    expect((await post('/news/getNewsList', { translationLocale: 'zh-CN' })).body).toEqual({ code: 400, msg: '不支持的内容语言' });
  });

  it('保存草稿 of a live record keeps translations and SEO fields in the draft until 发布', async () => {
    const live = await saveNews({ title: uniq('草稿'), status: 'published', translations: { en: { title: 'Live' } } });
    const draft = await update(live, {
      draft: true,
      metaTitle: 'draft meta',
      translations: { en: { title: 'Draft', content: '<p>draft<img src=x onerror=alert(1)></p>' } },
    });
    expect(draft.body.data).toMatchObject({
      hasDraft: true,
      metaTitle: 'draft meta',
      translations: { en: { title: 'Draft', content: '<p>draft<img src="x" /></p>' } },
    });
    // the edit form shows the draft; the stored translation is the live one
    expect(await getNews(live.id)).toMatchObject({ hasDraft: true, metaTitle: 'draft meta', translations: { en: { title: 'Draft' } } });
    const stored = await db()
      .selectFrom('content_translation')
      .select('data')
      .where('resource', '=', 'news')
      .where('record_id', '=', live.id)
      .where('locale', '=', 'en')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(stored.data)).title).toBe('Live');
    const published = await post(`/news/publishNews?id=${live.id}`);
    expect(published.body.code).toBe(200);
    expect(await getNews(live.id)).toMatchObject({
      hasDraft: false,
      metaTitle: 'draft meta',
      translations: { en: { title: 'Draft', slug: 'draft' } },
      translationStatus: { en: 'translated' },
    });
  });

  it('restoring a revision puts its translations back (and removes a locale it did not have)', async () => {
    const saved = await saveNews({ title: uniq('版本'), translations: { en: { title: 'First' } } });
    await update(saved, { translations: { en: { title: 'Second', slug: 'second-version' } } });
    const revisions = (await post('/revision/getRevisionList', { resource: 'news', id: saved.id })).body.data as { id: number }[];
    const restored = await post(`/revision/restore?id=${revisions[1].id}`);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(200);
    expect((await getNews(saved.id)).translations.en).toMatchObject({ title: 'First', slug: saved.translations.en.slug });
    // the first revision of another record had no English: restoring it removes the English added since
    const bare = await saveNews({ title: uniq('无译文') });
    await update(bare, { translations: { en: { title: 'Added later' } } });
    const list = (await post('/revision/getRevisionList', { resource: 'news', id: bare.id })).body.data as { id: number }[];
    expect((await post(`/revision/restore?id=${list[1].id}`)).body.code).toBe(200);
    expect((await getNews(bare.id)).translations).toEqual({});
  });

  it('a revision whose slug another record took since is restored with a unique slug', async () => {
    const saved = await saveNews({ title: uniq('版本别名') });
    const slug = String(saved.slug);
    await update(saved, { slug: `${slug}-new` });
    const other = await saveNews({ title: uniq('别的') });
    expect((await update(other, { slug })).body.code).toBe(200);
    const revisions = (await post('/revision/getRevisionList', { resource: 'news', id: saved.id })).body.data as { id: number }[];
    const restored = await post(`/revision/restore?id=${revisions[revisions.length - 1].id}`);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(200);
    expect((await getNews(saved.id)).slug).toBe(`${slug}-2`);
    expect((await getNews(other.id)).slug).toBe(slug);
  });

  it('a delete drops the locales and slugs; restoring from the recycle bin puts them back (a slug taken meanwhile made unique)', async () => {
    const title = uniq('回收');
    const saved = await saveNews({ title, metaTitle: 'recycled', translations: { en: { title: 'Recycled', summary: 'kept' } } });
    await update(saved, { slug: `${saved.slug}-old` });
    await update(saved, { slug: saved.slug });
    const before = await getNews(saved.id);
    expect((await post('/news/delNews', [saved.id])).body.code).toBe(200);
    const left = await db()
      .selectFrom('content_translation')
      .select('locale')
      .where('resource', '=', 'news')
      .where('record_id', '=', saved.id)
      .execute();
    expect(left).toEqual([]);
    expect(await slugRows('news', saved.id)).toEqual([]);
    // another record takes the English slug meanwhile
    const taker = await saveNews({ title: uniq('占用'), translations: { en: { title: 'Recycled' } } });
    expect(taker.translations.en.slug).toBe(saved.translations.en.slug);
    const entry = (await post('/recycle/getRecyclePage', { resource: 'news', pageSize: 100 })).body.rows.find(
      (r: Row) => r.recordId === saved.id,
    );
    expect((await post('/recycle/restore', [entry.id])).body.code).toBe(200);
    const back = await getNews(saved.id);
    expect(back).toMatchObject({
      title,
      slug: saved.slug,
      metaTitle: 'recycled',
      translationStatus: { en: 'translated' },
      translations: { en: { ...before.translations.en, slug: `${saved.translations.en.slug}-2` } },
    });
    expect(await slugRows('news', saved.id)).toEqual([
      ['en', `${saved.translations.en.slug}-2`, 1],
      ['zh-CN', saved.slug, 1],
      ['zh-CN', `${saved.slug}-old`, 0],
    ]);
  });

  it('the events, the operation log and the revision carry every locale; the log labels a locale’s field', async () => {
    const saved = await saveNews({ title: uniq('日志'), translations: { en: { title: 'Log' } } });
    await update(saved, { translations: { en: { title: 'Log changed' } } });
    const entry = await db()
      .selectFrom('oper_log')
      .select('id')
      .where('module', '=', 'news')
      .where('record_id', '=', saved.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    const log = (await post(`/log/getOperLog?id=${entry.id}`)).body.data;
    expect(log.before).toEqual({ 'translations.en.title': 'Log', 'translations.en.slug': 'log' });
    expect(log.after).toEqual({ 'translations.en.title': 'Log changed', 'translations.en.slug': 'log-changed' });
    expect(log.labels['translations.en.title']).toBe('English · 标题');
    expect(log.labels.metaTitle).toBe('SEO 标题');
    const en = await t.current.post(`/log/getOperLog?id=${entry.id}`, undefined, { token, headers: { lang: 'en' } });
    expect(en.body.data.labels['translations.en.title']).toBe('English · Title');
    const revisions = await db()
      .selectFrom('revision')
      .select('data')
      .where('resource', '=', 'news')
      .where('record_id', '=', saved.id)
      .orderBy('id')
      .execute();
    expect(JSON.parse(String(revisions[1].data)).translations.en.title).toBe('Log changed');
  });

  it('an image only a translation uses stays (not deleted, not swept); dropping it leaves it unused, deletable', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await t.current.ctx.images.put(name, png, 'image/png');
    const inBody = `${'cd'.repeat(16)}.png`;
    await t.current.ctx.images.put(inBody, png, 'image/png');
    const saved = await saveNews({
      title: uniq('图片'),
      translations: { en: { title: 'Image', ogImage: `/img/${name}`, content: `<p><img src="/img/${inBody}"></p>` } },
    });
    const del = await post('/upload/delImage', { oldFileUrl: `/img/${name}` });
    expect(del.body).toMatchObject({ code: 200, data: { deleted: false } });
    expect((await post('/upload/delImage', { oldFileUrl: `/img/${inBody}` })).body.data.deleted).toBe(false);
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    // the unused-image sweep counts them as used
    const used = await referencedNames(t.current.ctx);
    expect(used.has(name) && used.has(inBody)).toBe(true);
    // a save that drops them from the translation leaves the files in the 素材库 (issue 26), now deletable
    await update(saved, { translations: { en: { title: 'Image' } } });
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    expect((await post('/upload/delImage', { oldFileUrl: `/img/${name}` })).body.data.deleted).toBe(true);
    expect((await post('/upload/delImage', { oldFileUrl: `/img/${inBody}` })).body.data.deleted).toBe(true);
    expect(await t.current.ctx.images.exists(inBody)).toBe(false);
  });

  it('the home page counts what waits for translation per area and locale, linking to the filtered list', async () => {
    const stats = (await post('/dashboard/getStats')).body.data;
    const news = stats.translations.find((x: Row) => x.resource === 'news' && x.locale === 'en');
    const count = async (status: string) =>
      (await post('/news/getNewsList', { translationLocale: 'en', translationStatus: status, pageSize: 1 })).body.total;
    expect(news).toEqual({
      resource: 'news',
      name: '新闻',
      locale: 'en',
      missing: await count('missing'),
      outdated: await count('outdated'),
      url: '/news/news-list?translationLocale=en&translationStatus=missing',
    });
    expect(news.missing).toBeGreaterThan(0);
    expect(news.outdated).toBeGreaterThan(0);
    // only translatable areas
    for (const x of stats.translations)
      expect(['news', 'policy', 'pageItem', 'job', 'banner', 'business', 'product', 'application', 'link']).toContain(x.resource);
  });

  it('getInfo names the content locales, the default first', async () => {
    expect((await post('/user/info')).body.data.contentLocales).toEqual(['zh-CN', 'en']);
  });

  it('translations need the save permission like the record: a role that may only read cannot save them', async () => {
    const saved = await saveNews({ title: uniq('权限'), translations: { en: { title: 'Allowed' } } });
    const role = await post('/role/saveRole', { code: `tr_read_${dialect}`, name: `只读${dialect}`, permissions: ['menu:NewsList'] });
    expect(role.body.code).toBe(200);
    const user = await post('/userInfo/saveUserInfo', {
      userName: `tr_reader_${dialect}`,
      password: 'Reader_123',
      enableFlag: 1,
      roleIds: [role.body.data.id],
    });
    expect(user.body.code).toBe(200);
    const reader = await t.current.login(`tr_reader_${dialect}`, 'Reader_123');
    expect((await post(`/news/getNews?id=${saved.id}`, undefined, reader)).body.data.translations.en.title).toBe('Allowed');
    const r = await update(saved, { translations: { en: { title: 'Not allowed' } } }, reader);
    expect(r.status).toBe(403);
    expect((await getNews(saved.id)).translations.en.title).toBe('Allowed');
  });
});
