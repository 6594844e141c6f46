import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';
import { backfillSearch, searchIndexReady } from './search-index.js';

/** a stored image name with its meta row (as an upload writes it) */
const IMG = 'a1b2c3d4e5f60718.png';
const IMG2 = 'b1b2c3d4e5f60718.jpg';
const WIDTHS = [320, 640, 960, 1280, 1920];
/** renditions at the allowed widths up to the image's own, then the original when its width lies between two */
const srcset = (url: string, width: number) =>
  [
    ...WIDTHS.filter((w) => w <= width).map((w) => `${url}?w=${w} ${w}w`),
    ...(!WIDTHS.includes(width) && width < WIDTHS[WIDTHS.length - 1] ? [`${url} ${width}w`] : []),
  ].join(', ');

type Get = (path: string, headers?: Record<string, string>) => Promise<{ statusCode: number; json: () => ReplyBody }>;

describe.each(DIALECTS)('the delivery query language on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 100_000 });
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const get: Get = (path, headers = {}) => t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });
  const ok = async (path: string, headers: Record<string, string> = {}) => {
    const r = await get(path, headers);
    expect([path, r.statusCode]).toEqual([path, 200]);
    return r.json();
  };
  const saveNews = async (body: Record<string, unknown>) => {
    const r = await post('/news/saveNews', { type: 'qa', ...body });
    expect(r.body.code).toBe(200);
    return r.body.data as { id: number };
  };
  /** publishes a saved record live from a past time */
  const publishAt = async (resource: 'news' | 'policy', id: number, publishTime: string) => {
    const path = resource === 'news' ? '/news/publishNews' : '/policy/publishPolicy';
    expect((await post(`${path}?id=${id}`, { publishTime })).body.code).toBe(200);
  };
  const ids = (body: ReplyBody) => body.rows.map((r: { id: number }) => r.id);

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'qa', name: '查询测试' })).body.code).toBe(200);
    expect((await post('/news/saveNewsType', { code: 'qb', name: '另一类' })).body.code).toBe(200);
    await looseDb(t.current.ctx.db)
      .insertInto('image_meta')
      .values([
        { name: IMG, width: 1600, height: 900, format: 'png', bytes: 1000, alt: '港口夜景', create_time: '2026-01-01 00:00:00' },
        { name: IMG2, width: 800, height: 600, format: 'jpeg', bytes: 1000, alt: '', create_time: '2026-01-01 00:00:00' },
      ])
      .execute();
  });

  it('sort=-publishTime&fields=id,title&type=…&q=… on news: the rows asked for, in that order, only those fields', async () => {
    const a = await saveNews({ title: '港口A 冷链新闻', content: '<p>冷链运输</p>' });
    const b = await saveNews({ title: '港口B 冷链新闻', content: '<p>冷链仓储</p>' });
    const c = await saveNews({ title: '港口C 冷链新闻', content: '<p>冷链</p>' });
    const other = await saveNews({ title: '港口D 冷链新闻', type: 'qb' });
    const unrelated = await saveNews({ title: '港口E 航空新闻' });
    await publishAt('news', a.id, '2025-03-01 10:00:00');
    await publishAt('news', b.id, '2025-03-03 10:00:00');
    await publishAt('news', c.id, '2025-03-02 10:00:00');
    await publishAt('news', other.id, '2025-03-04 10:00:00');
    await publishAt('news', unrelated.id, '2025-03-05 10:00:00');
    const desc = await ok('/news?sort=-publishTime&fields=id,title&type=qa&q=冷链');
    expect(desc.rows).toEqual([
      { id: b.id, title: '港口B 冷链新闻' },
      { id: c.id, title: '港口C 冷链新闻' },
      { id: a.id, title: '港口A 冷链新闻' },
    ]);
    expect(desc.total).toBe(3);
    expect(desc.meta).toEqual({ page: 1, pageSize: 10, total: 3, pageCount: 1 });
    expect(ids(await ok('/news?sort=publishTime&fields=id&type=qa&q=冷链'))).toEqual([a.id, c.id, b.id]);
    expect((await ok('/news?fields=title&fields=isTop&type=qa&q=冷链&sort=-publishTime')).rows[0]).toEqual({
      id: b.id,
      title: '港口B 冷链新闻',
      isTop: 0,
    });
    expect((await ok('/news?sort=title&fields=title,summaryImgMeta&q=冷链新闻&type=qa')).rows).toEqual([
      { id: a.id, title: '港口A 冷链新闻', summaryImg: '', summaryImgMeta: null },
      { id: b.id, title: '港口B 冷链新闻', summaryImg: '', summaryImgMeta: null },
      { id: c.id, title: '港口C 冷链新闻', summaryImg: '', summaryImgMeta: null },
    ]);
    // the older parameters keep working beside the new ones
    expect(ids(await ok('/news?keyword=港口&type=qb&sort=-publishTime'))).toEqual([other.id]);
    // declared filters: flags and a date range (days, or date-times with their offset)
    await post('/news/upisTop', { id: c.id, flag: 1 });
    expect(ids(await ok('/news?q=冷链&type=qa&isTop=1'))).toEqual([c.id]);
    expect(ids(await ok('/news?q=冷链&isTop=0&sort=-publishTime'))).toEqual([other.id, b.id, a.id]);
    expect(ids(await ok('/news?q=港口&publishTimeFrom=2025-03-02&publishTimeTo=2025-03-03&sort=publishTime'))).toEqual([c.id, b.id]);
    expect(ids(await ok('/news?q=港口&publishTimeFrom=2025-03-03T02:00:00Z&sort=publishTime'))).toEqual([b.id, other.id, unrelated.id]);
    expect(ids(await ok('/news?q=港口&publishTimeFrom=2025-03-03T02:00:01Z&sort=publishTime'))).toEqual([other.id, unrelated.id]);
    expect(ids(await ok(`/news?q=港口&publishTimeTo=${encodeURIComponent('2025-03-02T10:00:00+08:00')}&sort=publishTime`))).toEqual([
      a.id,
      c.id,
    ]);
    // a `+` sent unencoded arrives as a space, and still reads as the offset
    expect(ids(await ok('/news?q=港口&publishTimeTo=2025-03-02T10:00:00+08:00&sort=publishTime'))).toEqual([a.id, c.id]);
  });

  it('sort=-publishTime&fields=id,title&source=…&q=… on policies', async () => {
    const save = async (title: string, source: string, content: string) => {
      const r = await post('/policy/savePolicy', { title, source, content });
      expect(r.body.code).toBe(200);
      return r.body.data as { id: number };
    };
    const p1 = await save('关于海关监管的公告', '海关总署', '<p>Customs clearance rules</p>');
    const p2 = await save('关于海关报关的通知', '海关总署', '<p>New customs FORMS</p>');
    const p3 = await save('关于海关的解读', '商务部', '<p>customs</p>');
    await publishAt('policy', p1.id, '2025-05-01 09:00:00');
    await publishAt('policy', p2.id, '2025-05-02 09:00:00');
    await publishAt('policy', p3.id, '2025-05-03 09:00:00');
    const r = await ok('/policies?sort=-publishTime&fields=id,title&source=海关总署&q=customs 海关');
    expect(r.rows).toEqual([
      { id: p2.id, title: '关于海关报关的通知' },
      { id: p1.id, title: '关于海关监管的公告' },
    ]);
    expect(r.meta).toEqual({ page: 1, pageSize: 10, total: 2, pageCount: 1 });
    expect(ids(await ok('/policies?q=CUSTOMS&sort=publishTime&fields=id'))).toEqual([p1.id, p2.id, p3.id]);
    expect(ids(await ok('/policies?q=forms'))).toEqual([p2.id]);
  });

  it('searches Chinese by pairs (one character alone) and English by words over title, summary and body; edits, unpublishing and deletes are followed', async () => {
    const n = await saveNews({
      title: '跨境电商改革试点',
      summary: 'Weekly Shipping update',
      content: '<p>冷链<b>物</b>流 &amp; Customs CLEARANCE</p><ul><li>上海</li><li>深圳</li></ul>',
    });
    const found = async (q: string) => ids(await ok(`/news?q=${encodeURIComponent(q)}&fields=id`)).includes(n.id);
    for (const q of [
      '电商',
      '商改',
      '跨境电商',
      '冷链物流',
      '物',
      '试',
      'clearance',
      'Shipping',
      'WEEKLY update',
      '电商 customs',
      '上海',
      '深圳',
    ])
      expect([q, await found(q)]).toEqual([q, true]);
    // no pair across list items, no part of a word, and every term must be there
    for (const q of ['海深', 'clear', 'shipment', '电商 missing', '改造']) expect([q, await found(q)]).toEqual([q, false]);

    // edited after indexing: found by its new text only
    expect(
      (await post('/news/saveNews', { id: n.id, type: 'qa', title: '海铁联运新线路', summary: '', content: '<p>rail</p>' })).body.code,
    ).toBe(200);
    for (const q of ['海铁', '联运', 'rail']) expect([q, await found(q)]).toEqual([q, true]);
    for (const q of ['电商', 'clearance', '冷链', 'shipping']) expect([q, await found(q)]).toEqual([q, false]);

    // unpublished: not found; published again: found
    await post(`/news/unpublishNews?id=${n.id}`);
    expect(await found('海铁')).toBe(false);
    await post(`/news/publishNews?id=${n.id}`);
    expect(await found('海铁')).toBe(true);

    // deleted: not found, and its terms are gone from the index
    await post('/news/delNews', [n.id]);
    expect(await found('海铁')).toBe(false);
    const left = await looseDb(t.current.ctx.db)
      .selectFrom('search_term')
      .select('term')
      .where('resource', '=', 'news')
      .where('record_id', '=', n.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('rows written before the index existed are indexed by the start-up backfill', async () => {
    await searchIndexReady(t.current.ctx);
    const db = looseDb(t.current.ctx.db);
    const inserted = await db
      .insertInto('news')
      .values({
        title: '霍尔果斯口岸旧闻',
        type: 'qa',
        summary: '',
        summary_img: '',
        content: '<p>legacy body</p>',
        create_time: '2024-01-01 08:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(ids(await ok('/news?q=霍尔果斯'))).toEqual([]);
    // as after migration 036 (no state yet), or after a change of the term cutting (another version)
    await db.updateTable('search_state').set({ version: 0 }).where('resource', '=', 'news').execute();
    expect(await backfillSearch(t.current.ctx)).toBeGreaterThan(0);
    expect(ids(await ok('/news?q=霍尔果斯'))).toEqual([Number(inserted.id)]);
    expect(ids(await ok('/news?q=legacy&fields=id'))).toEqual([Number(inserted.id)]);
    // complete: the next start has nothing to do
    expect(await backfillSearch(t.current.ctx)).toBe(0);
  });

  it('an unknown parameter, sort, field or filter value is a 400 that names it, in the request language', async () => {
    const refused = async (path: string, msg: string, headers: Record<string, string> = {}) => {
      const r = await get(path, headers);
      expect([path, r.statusCode, r.json()]).toEqual([path, 400, { code: 400, msg }]);
    };
    await refused('/news?sort=nope', '未知的排序字段：nope');
    await refused('/news?sort=-nope', '未知的排序字段：-nope');
    await refused('/news?fields=id,nope', '未知的字段：nope');
    await refused('/news?fields=title,content', '未知的字段：content');
    await refused('/news?color=red', '未知的查询参数：color');
    await refused('/news?sort=nope', 'Unknown sort field: nope', { lang: 'en' });
    await refused('/news?fields=nope&lang=es', 'Campo desconocido: nope');
    await refused('/news?color=red', 'Unknown query parameter: color', { 'accept-language': 'en' });
    await refused('/banners?sort=title', '未知的排序字段：title');
    await refused('/news-types?q=x', '未知的查询参数：q');
    await refused('/news?isTop=2', '字段 isTop 的值无效');
    await refused('/news?publishTimeFrom=2025-13-01', '字段 publishTimeFrom 的值无效');
    await refused('/news?publishTimeFrom=2025-03-02&publishTimeTo=2025-03-01', 'publishTimeFrom 不能晚于 publishTimeTo');
    await refused('/news?pageSize=101', '字段 pageSize 的值无效');
    // more than 32 terms, or more than 100 characters
    await refused(`/news?q=${encodeURIComponent([...'abcdefghijklmnopqrstuvwxyz0123456789'].join(' '))}`, '搜索内容过长，请缩短后再试');
    await refused(`/news?q=${'a'.repeat(101)}`, '搜索内容过长，请缩短后再试');
    expect((await get('/news?pageSize=100&lang=en')).statusCode).toBe(200);
  });

  it('pages: meta gives page, pageSize, total and pageCount, beside rows and total', async () => {
    for (let i = 0; i < 5; i++) await saveNews({ title: `分页测试${i}`, type: 'qb' });
    const first = await ok('/news?keyword=分页测试&pageSize=2');
    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
    expect(first.total).toBe(5);
    const last = await ok('/news?q=分页测试&sort=title&page=3&pageSize=2');
    expect(last.meta).toEqual({ page: 3, pageSize: 2, total: 5, pageCount: 3 });
    expect(last.rows.map((r: { title: string }) => r.title)).toEqual(['分页测试4']);
    expect(await ok('/news?q=分页测试&page=4&pageSize=2')).toMatchObject({ rows: [], total: 5, meta: { page: 4, pageCount: 3 } });
    expect(await ok('/news?q=无此内容')).toMatchObject({ rows: [], total: 0, meta: { page: 1, pageSize: 10, total: 0, pageCount: 0 } });
  });

  it('every date is ISO 8601 with the +08:00 offset of Asia/Shanghai', async () => {
    const n = await saveNews({ title: '日期测试新闻' });
    await publishAt('news', n.id, '2026-11-26 15:00:00');
    expect((await ok(`/news/${n.id}`)).data.publishTime).toBe('2026-11-26T15:00:00+08:00');
    expect((await ok('/news?keyword=日期测试新闻')).rows[0].publishTime).toBe('2026-11-26T15:00:00+08:00');
    expect(new Date((await ok(`/news/${n.id}`)).data.publishTime).toISOString()).toBe('2026-11-26T07:00:00.000Z');
    // a record without a publish time shows its creation time, offset included
    const created = await saveNews({ title: '创建时间新闻' });
    const stored = (await post(`/news/getNews?id=${created.id}`)).body.data.createTime as string;
    expect((await ok(`/news/${created.id}`)).data.publishTime).toBe(`${stored.replace(' ', 'T')}+08:00`);
    // the staff API keeps its own format
    expect((await post(`/news/getNews?id=${n.id}`)).body.data.publishTime).toBe('2026-11-26 15:00:00');
  });

  it('images: absolute from the request Host, each image field with its Meta, each <img> of rich text with width, height and srcset', async () => {
    const n = await saveNews({
      title: '图片新闻',
      summaryImg: `/img/${IMG}`,
      content: `<p><img src="/img/${IMG}"></p><p><img alt="自定" width="100" src="/img/${IMG2}"></p><p><img src="https://other.example/x.png" alt=""></p>`,
    });
    const host = { host: 'cms.test:8080' };
    const url = `http://cms.test:8080/img/${IMG}`;
    const url2 = `http://cms.test:8080/img/${IMG2}`;
    const meta = { url, width: 1600, height: 900, alt: '港口夜景', srcset: srcset(url, 1600) };
    const one = (await ok(`/news/${n.id}`, host)).data;
    expect(one.summaryImg).toBe(url);
    expect(one.summaryImgMeta).toEqual(meta);
    expect(one.content).toBe(
      `<p><img src="${url}" width="1600" height="900" srcset="${srcset(url, 1600)}" alt="港口夜景" /></p>` +
        `<p><img alt="自定" width="100" src="${url2}" height="600" srcset="${srcset(url2, 800)}" /></p>` +
        '<p><img src="https://other.example/x.png" alt="" /></p>',
    );
    const row = (await ok('/news?keyword=图片新闻', host)).rows[0];
    expect([row.summaryImg, row.summaryImgMeta]).toEqual([url, meta]);
    // forwarded headers are not believed without TRUST_PROXY
    const plain = (await ok(`/news/${n.id}`, { ...host, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })).data;
    expect(plain.summaryImg).toBe(url);
    // an image without a meta row, and an external URL: absolute as they can be, no Meta
    const other = await saveNews({ title: '外部图片新闻', summaryImg: 'https://other.example/y.png' });
    expect((await ok(`/news/${other.id}`, host)).data).toMatchObject({ summaryImg: 'https://other.example/y.png', summaryImgMeta: null });
    // a company record: its logo too
    expect((await post('/company/saveCompany', { name: '华通国际物流有限公司', logo: `/img/${IMG2}` })).body.code).toBe(200);
    const company = (await ok('/company', host)).data;
    expect(company.logo).toBe(url2);
    expect(company.logoMeta).toEqual({ url: url2, width: 800, height: 600, alt: '', srcset: srcset(url2, 800) });
  });
});

describe.each(DIALECTS)('delivery image URLs with PUBLIC_BASE_URL on %s', (dialect) => {
  const t = useTestApp(dialect, { publicBaseUrl: 'https://cdn.example.com/cms' });
  it('start with PUBLIC_BASE_URL whatever the request says', async () => {
    const token = await t.current.login();
    await t.current.post('/news/saveNewsType', { code: 'qa', name: '查询测试' }, { token });
    const n = (
      await t.current.post(
        '/news/saveNews',
        { title: '基础地址', type: 'qa', summaryImg: `/img/${IMG}`, content: `<p><img src="/img/${IMG}"></p>` },
        { token },
      )
    ).body.data;
    const r = await t.current.app.inject({
      method: 'GET',
      url: `/public/v1/news/${n.id}`,
      headers: { host: 'other.test', 'x-forwarded-host': 'x.test' },
    });
    expect(r.json().data.summaryImg).toBe(`https://cdn.example.com/cms/img/${IMG}`);
    expect(r.json().data.summaryImgMeta).toBeNull();
    expect(r.json().data.content).toBe(`<p><img src="https://cdn.example.com/cms/img/${IMG}" /></p>`);
  });
});

describe.each(DIALECTS)('delivery image URLs behind a trusted proxy on %s', (dialect) => {
  const t = useTestApp(dialect, { trustProxy: 1 });
  it('follow X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const token = await t.current.login();
    await t.current.post('/news/saveNewsType', { code: 'qa', name: '查询测试' }, { token });
    const n = (await t.current.post('/news/saveNews', { title: '代理', type: 'qa', summaryImg: `/img/${IMG}` }, { token })).body.data;
    const r = await t.current.app.inject({
      method: 'GET',
      url: `/public/v1/news/${n.id}`,
      headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.example.org' },
    });
    expect(r.json().data.summaryImg).toBe(`https://www.example.org/img/${IMG}`);
  });
});
