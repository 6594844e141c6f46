import { deliveryEndpoints, resourceNamed } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { onSiteNow } from '../../crud/publish-state.js';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { DeliveryList, parseListRequest } from './list-query.js';
import { backfillSearch, EVERY_LOCALE, flushSearch, searchedResources, searchIndexReady, termsOfRecord } from './search-index.js';
import { termsOf, textOfHtml } from './search-terms.js';

/**
 * `q` per content locale (issue 24): each locale's served text (its translation field by field, else the next along
 * CONTENT_FALLBACK) is what it finds. The staff save of translations is helper A's; until it lands these tests
 * write `content_translation` rows directly (`writeTranslationRow`) and let a save of the record re-index it, as
 * the write pipeline does once the translations are written inside the same transaction.
 */
function useSearchApp(dialect: 'sqlite' | 'postgres', overrides: Partial<AppConfig> = {}) {
  const t = useTestApp(dialect, { publicRateLimit: 100_000, ...overrides });
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const news = resourceNamed('news')!;
  const saveNews = async (body: Record<string, unknown>) => {
    const r = await post('/news/saveNews', { type: 'ql', ...body });
    expect(r.body.code).toBe(200);
    return r.body.data as { id: number };
  };
  /** TEST ONLY: writes a record's translation row as helper A's save will (data by API field name) */
  const writeTranslationRow = async (recordId: number, locale: string, data: Record<string, string> | null) => {
    const db = looseDb(t.current.ctx.db);
    await db
      .deleteFrom('content_translation')
      .where('resource', '=', 'news')
      .where('record_id', '=', recordId)
      .where('locale', '=', locale)
      .execute();
    if (data)
      await db
        .insertInto('content_translation')
        .values({
          resource: 'news',
          record_id: recordId,
          locale,
          data: JSON.stringify(data),
          has_text: Object.values(data).some((v) => v.trim()) ? 1 : 0,
          source_version: 1,
          user_name: 'admin',
          update_time: '2026-01-01 00:00:00',
        })
        .execute();
  };
  /** writes a translation, then saves the record unchanged: the write event re-indexes every locale */
  const translate = async (id: number, locale: string, data: Record<string, string> | null) => {
    await writeTranslationRow(id, locale, data);
    const stored = (await post('/news/getNews', { id })).body.data;
    expect(
      (await post('/news/saveNews', { id, type: stored.type, title: stored.title, summary: stored.summary, content: stored.content })).body
        .code,
    ).toBe(200);
  };
  /** the ids `q` finds on the news list in a locale, through the list the delivery API answers with */
  const search = async (q: string, locale?: string) => {
    const e = deliveryEndpoints().find((x) => x.resource === news && x.listQuery)!;
    const list = new DeliveryList(t.current.ctx, news, { visible: onSiteNow(() => t.current.ctx.nowText()) });
    const r = { ...parseListRequest(e, { q, fields: 'id', pageSize: '100' }, t.current.ctx.config.timeZone), locale };
    return (await list.page(r)).rows.map((row) => Number(row.id));
  };
  /** the index's rows of a record, once what its writes queued is indexed (as a search does first) */
  const termRows = async (id: number) => {
    await flushSearch(t.current.ctx, 'news');
    return (await looseDb(t.current.ctx.db)
      .selectFrom('search_term')
      .select(['locale', 'term'])
      .where('resource', '=', 'news')
      .where('record_id', '=', id)
      .execute()) as { locale: string; term: string }[];
  };
  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'ql', name: '多语言搜索' })).body.code).toBe(200);
    await searchIndexReady(t.current.ctx);
  });
  return { t, post, saveNews, writeTranslationRow, translate, search, termRows };
}

describe.each(DIALECTS)('full-text search per content locale on %s', (dialect) => {
  const { t, post, saveNews, writeTranslationRow, translate, search, termRows } = useSearchApp(dialect);

  it('an English word (singular, plural, -ing, -ed) finds the English body at en, not at zh-CN; a Chinese pair finds the Chinese body', async () => {
    const n = await saveNews({ title: '报关单申报指南', summary: '报关摘要', content: '<p>企业办理进口货物报关手续</p>' });
    await translate(n.id, 'en', {
      title: 'Guide to customs declarations',
      summary: 'Declaring imported goods',
      content: '<p>Companies shipping goods must file declarations before clearance.</p>',
    });
    for (const q of ['declaration', 'declarations', 'Declared', 'declaring', 'ship', 'shipped', 'company', 'customs clearance', 'GOODS'])
      expect([q, await search(q, 'en')]).toEqual([q, [n.id]]);
    for (const q of ['declaration', 'shipping', 'customs']) expect([q, 'zh-CN', await search(q, 'zh-CN')]).toEqual([q, 'zh-CN', []]);
    // the default locale is the record's Chinese text, as without a locale
    for (const q of ['报关', '申报', '进口货物', '报']) expect([q, await search(q, 'zh-CN'), await search(q)]).toEqual([q, [n.id], [n.id]]);
    // every field is translated: the Chinese text is not the English reader's
    for (const q of ['报关', '手续']) expect([q, 'en', await search(q, 'en')]).toEqual([q, 'en', []]);
    // the delivery API's own path (no locale): the default locale
    const r = await t.current.app.inject({ method: 'GET', url: `/public/v1/news?q=${encodeURIComponent('申报指南')}&fields=id` });
    expect(r.json().rows.map((x: { id: number }) => x.id)).toEqual([n.id]);
  });

  it('an untranslated record, or field, is found at en by the Chinese text it falls back to', async () => {
    const plain = await saveNews({ title: '冷链仓储新闻', summary: '', content: '<p>保税仓库温控</p>' });
    expect(await search('冷链', 'en')).toEqual([plain.id]);
    expect(await search('温控', 'en')).toEqual([plain.id]);
    // a translation without text (only SEO fields) is no translation of the searched fields
    await translate(plain.id, 'en', { title: '', metaTitle: 'Cold chain' });
    expect(await search('冷链', 'en')).toEqual([plain.id]);
    expect(await search('cold', 'en')).toEqual([]);
    // the title translated, the body not: the English title and the Chinese body, not the Chinese title
    const half = await saveNews({ title: '跨境电商试点', summary: '', content: '<p>海铁联运班列</p>' });
    await translate(half.id, 'en', { title: 'Cross-border e-commerce pilots', content: '  ' });
    expect(await search('pilot', 'en')).toEqual([half.id]);
    expect(await search('联运', 'en')).toEqual([half.id]);
    expect(await search('电商', 'en')).toEqual([]);
    expect(await search('电商', 'zh-CN')).toEqual([half.id]);
  });

  it('an edit of the English translation re-indexes it; a delete removes every locale; a restore brings them back', async () => {
    const n = await saveNews({ title: '航空货运动态', summary: '', content: '<p>航空货运</p>' });
    await translate(n.id, 'en', { title: 'Air freight rates', summary: '', content: '<p>Rates are rising</p>' });
    expect(await search('rate', 'en')).toEqual([n.id]);
    await translate(n.id, 'en', { title: 'Air cargo schedules', summary: '', content: '<p>Schedules changed</p>' });
    expect(await search('rates', 'en')).toEqual([]);
    expect(await search('rising', 'en')).toEqual([]);
    expect(await search('schedule', 'en')).toEqual([n.id]);
    expect(await search('changing', 'en')).toEqual([n.id]);
    // the translation removed: the English reader is served (and finds) the Chinese text again
    await translate(n.id, 'en', null);
    expect(await search('schedule', 'en')).toEqual([]);
    expect(await search('货运', 'en')).toEqual([n.id]);
    await translate(n.id, 'en', { title: 'Air cargo schedules', summary: '', content: '' });

    expect((await post('/news/delNews', [n.id])).body.code).toBe(200);
    expect(await search('schedule', 'en')).toEqual([]);
    expect(await search('货运', 'zh-CN')).toEqual([]);
    expect(await termRows(n.id)).toEqual([]);
    const docs = await looseDb(t.current.ctx.db)
      .selectFrom('search_doc')
      .select('locale')
      .where('resource', '=', 'news')
      .where('record_id', '=', n.id)
      .execute();
    expect(docs).toEqual([]);

    const bin = (await post('/recycle/getRecyclePage', { pageNumber: 1, pageSize: 100, resource: 'news' })).body;
    const entry = bin.rows.find((r: { recordId: number }) => r.recordId === n.id);
    expect((await post('/recycle/restore', [entry.id])).body.code).toBe(200);
    expect(await search('schedule', 'en')).toEqual([n.id]);
    expect(await search('货运', 'zh-CN')).toEqual([n.id]);
  });

  it('stores a term of every locale once (`*`), and a translated record only its extra locale’s own terms more', async () => {
    const body = `<p>${'华通国际物流提供进出口报关、保税仓储、跨境电商清关与国际快递服务，覆盖上海、深圳、宁波等主要口岸。'.repeat(3)}</p>`;
    const en =
      '<p>Huatong International Logistics provides customs clearance, bonded warehousing, cross-border e-commerce clearance and international express services at the main ports of Shanghai, Shenzhen and Ningbo.</p>';
    const plain = await saveNews({ title: '华通国际物流服务介绍', summary: '进出口报关与保税仓储', content: body });
    const translated = await saveNews({ title: '华通国际物流服务介绍', summary: '进出口报关与保税仓储', content: body });
    await translate(translated.id, 'en', {
      title: 'Huatong International Logistics services',
      summary: 'Customs and bonded warehousing',
      content: en,
    });

    const zhTerms = new Set([...termsOf('华通国际物流服务介绍'), ...termsOf('进出口报关与保税仓储'), ...termsOf(textOfHtml(body))]);
    const enTerms = new Set([
      ...termsOf('Huatong International Logistics services'),
      ...termsOf('Customs and bonded warehousing'),
      ...termsOf(textOfHtml(en)),
    ]);
    const plainRows = await termRows(plain.id);
    // untranslated: one row per term, all under `*`, as one language had
    expect(plainRows.length).toBe(zhTerms.size);
    expect(new Set(plainRows.map((r) => r.locale))).toEqual(new Set([EVERY_LOCALE]));
    // translated: the Chinese terms and the English ones, a term both texts hold once
    const rows = await termRows(translated.id);
    expect(rows.length).toBe(new Set([...zhTerms, ...enTerms]).size);
    expect(rows.length).toBeLessThanOrEqual(zhTerms.size + enTerms.size);
    const byLocale = Object.fromEntries(['zh-CN', 'en', EVERY_LOCALE].map((l) => [l, rows.filter((r) => r.locale === l).length]));
    expect(byLocale).toEqual({ 'zh-CN': zhTerms.size, en: enTerms.size, [EVERY_LOCALE]: 0 });
    console.info(
      `search_term rows per news record on ${dialect}: untranslated ${plainRows.length}, translated zh-CN+en ${rows.length} (${JSON.stringify(byLocale)})`,
    );
  });

  it('the start-up backfill indexes translations written before the index (after migration 043 or another term cutting)', async () => {
    const db = looseDb(t.current.ctx.db);
    const inserted = await db
      .insertInto('news')
      .values({
        title: '霍尔果斯口岸旧闻',
        type: 'ql',
        summary: '',
        summary_img: '',
        content: '<p>旧闻正文</p>',
        create_time: '2024-01-01 08:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await writeTranslationRow(id, 'en', { title: 'Khorgos port archives', summary: '', content: '' });
    expect(await search('archive', 'en')).toEqual([]);
    await db.updateTable('search_state').set({ version: 0 }).where('resource', '=', 'news').execute();
    expect(await backfillSearch(t.current.ctx)).toBeGreaterThan(0);
    expect(await search('archive', 'en')).toEqual([id]);
    expect(await search('正文', 'en')).toEqual([id]);
    expect(await search('霍尔果斯', 'en')).toEqual([]);
    expect(await search('霍尔果斯', 'zh-CN')).toEqual([id]);
    expect(await backfillSearch(t.current.ctx)).toBe(0);
    // another CONTENT_LOCALES / CONTENT_FALLBACK than the index was cut for: indexed again
    await db.updateTable('search_state').set({ locales: 'zh-CN>zh-CN' }).where('resource', '=', 'news').execute();
    expect(await backfillSearch(t.current.ctx)).toBeGreaterThan(0);
    expect(await search('archive', 'en')).toEqual([id]);
  });
});

describe.each(DIALECTS)('full-text search with three content locales on %s', (dialect) => {
  const { saveNews, translate, search, termRows } = useSearchApp(dialect, {
    contentLocales: ['zh-CN', 'en', 'es'],
    contentFallback: ['en', 'zh-CN'],
  });

  it('follows CONTENT_FALLBACK field by field: es → en → zh-CN', async () => {
    const n = await saveNews({ title: '海关新规', summary: '新规摘要', content: '<p>海关监管</p>' });
    await translate(n.id, 'en', { title: 'New customs rules', summary: '', content: '<p>Customs supervision</p>' });
    await translate(n.id, 'es', { title: 'Nuevas normas aduaneras', summary: '', content: '' });
    expect(await search('aduaneras', 'es')).toEqual([n.id]);
    expect(await search('supervision', 'es')).toEqual([n.id]);
    expect(await search('摘要', 'es')).toEqual([n.id]);
    expect(await search('监管', 'es')).toEqual([]);
    expect(await search('rule', 'es')).toEqual([]);
    expect(await search('rule', 'en')).toEqual([n.id]);
    expect(await search('aduaneras', 'en')).toEqual([]);
    // the summary every locale serves is stored once, under `*`
    const rows = await termRows(n.id);
    expect(rows.filter((r) => r.term === '摘要').map((r) => r.locale)).toEqual([EVERY_LOCALE]);
    expect(
      rows
        .filter((r) => r.term === 'supervis')
        .map((r) => r.locale)
        .sort(),
    ).toEqual(['en', 'es']);
  });

  it('cuts a record’s terms per locale in one place (termsOfRecord)', () => {
    const s = searchedResources().find((x) => x.def.name === 'news')!;
    const config = { contentLocales: ['zh-CN', 'en', 'es'], contentFallback: ['en', 'zh-CN'] };
    const row = { id: 1, title: '冷链', summary: '', content: '<p>ports</p>' };
    expect(termsOfRecord(s, config, row)).toEqual(new Map([[EVERY_LOCALE, ['冷', '链', '冷链', 'port']]]));
    const out = termsOfRecord(s, config, row, new Map([['en', { title: 'Cold chain' }]]));
    expect(out).toEqual(
      new Map([
        [EVERY_LOCALE, ['port']],
        ['zh-CN', ['冷', '链', '冷链']],
        ['en', ['cold', 'chain']],
        ['es', ['cold', 'chain']],
      ]),
    );
  });
});
