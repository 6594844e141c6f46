import { describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { backfillSlugs } from './slug-backfill.js';

/** Records written before slugs existed (inserted here without the save, as an upgraded database holds them). */
describe.each(DIALECTS)('the slug backfill on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => looseDb(t.current.ctx.db);
  const slugsOf = (resource: string, id: number) =>
    db()
      .selectFrom('content_slug')
      .select(['locale', 'slug', 'current'])
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .orderBy('locale')
      .execute()
      .then((rows) => rows.map((r) => [r.locale, r.slug, Number(r.current)]));
  const now = '2026-11-27 10:00:00';
  const insertNews = async (title: string) =>
    Number(
      (
        await db()
          .insertInto('news')
          .values({ title, type: 'bf', summary: '', content: '', create_time: now, status: 'published', publish_time: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('gives every record without a slug its own in each locale it holds text in, once, and leaves the others', async () => {
    const token = await t.current.login();
    await db().insertInto('news_type').values({ code: 'bf', name: '回填', sort_no: 1 }).execute();
    const old = await insertNews('深圳港口新闻');
    const twin = await insertNews('深圳港口新闻');
    const blank = await insertNews('！！！');
    await db()
      .insertInto('content_translation')
      .values({
        resource: 'news',
        record_id: old,
        locale: 'en',
        data: JSON.stringify({ title: 'Shenzhen Port News' }),
        has_text: 1,
        source_version: 0,
        update_time: now,
      })
      .execute();
    // a record saved today already has its slug: the backfill passes it over
    const saved = await t.current.post('/news/saveNews', { title: '已有别名的新闻', type: 'bf', slug: 'kept-slug' }, { token });
    expect(saved.body.code).toBe(200);
    const savedId = Number(saved.body.data.id);

    expect(await backfillSlugs(t.current.ctx)).toBe(4);
    expect(await slugsOf('news', old)).toEqual([
      ['en', 'shenzhen-port-news', 1],
      ['zh-CN', 'shen-zhen-gang-kou-xin-wen', 1],
    ]);
    expect(await slugsOf('news', twin)).toEqual([['zh-CN', 'shen-zhen-gang-kou-xin-wen-2', 1]]);
    expect(await slugsOf('news', blank)).toEqual([['zh-CN', `news-${blank}`, 1]]);
    expect(await slugsOf('news', savedId)).toEqual([['zh-CN', 'kept-slug', 1]]);
    // what the staff get answers, and a second run finds nothing to do
    const got = await t.current.post(`/news/getNews?id=${old}`, undefined, { token });
    expect(got.body.data.slug).toBe('shen-zhen-gang-kou-xin-wen');
    expect(got.body.data.translations.en.slug).toBe('shenzhen-port-news');
    expect(await backfillSlugs(t.current.ctx)).toBe(0);
  });

  it('gives many records of one title distinct slugs (past the variants one look-up tries)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await insertNews('通知'));
    await backfillSlugs(t.current.ctx);
    const slugs = (await Promise.all(ids.map((id) => slugsOf('news', id)))).map((rows) => rows.map((r) => r[1]));
    expect(slugs).toEqual([['tong-zhi'], ...Array.from({ length: 8 }, (_x, i) => [`tong-zhi-${i + 2}`])]);
  });
});

describe('the slug backfill at start', () => {
  const t = useTestApp('sqlite', { slugBackfill: true });
  it('runs once the app is ready, over the records without slugs', async () => {
    // an app whose database already held a news without a slug when it started (written before it was ready)
    const db = looseDb(t.current.ctx.db);
    await db.insertInto('news_type').values({ code: 'st', name: '启动', sort_no: 1 }).execute();
    const id = Number(
      (
        await db
          .insertInto('news')
          .values({ title: '启动时补齐', type: 'st', summary: '', content: '', create_time: '2026-11-27 10:00:00', status: 'draft' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.current.app.ready();
    const slugs = async () =>
      (await db.selectFrom('content_slug').select('slug').where('resource', '=', 'news').where('record_id', '=', id).execute()).map(
        (r) => r.slug,
      );
    // in the background: the start is not held for it
    await expect.poll(slugs, { timeout: 30_000 }).toEqual(['qi-dong-shi-bu-qi']);
  });
});
