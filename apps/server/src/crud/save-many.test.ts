import { newsTypeResource } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { flushSearch } from '../modules/delivery/search-index.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { form, xlsx } from '../test/xlsx.js';
import { crudOf } from './routes.js';

/**
 * A bulk save (`Crud.saveMany`, what an Excel import writes through) leaves exactly what the same records saved one
 * by one leave: owner rows, locales, revisions, search terms, webhook deliveries; and it keeps the save's checks.
 */
describe.each(DIALECTS)('bulk save on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const importFile = async (resource: string, file: Buffer) => {
    const { payload, headers } = form({ resource, mode: 'all', file });
    const res = await t.current.app.inject({ method: 'POST', url: '/api/import/doImport', payload, headers: { ...headers, token } });
    return res.json();
  };

  beforeAll(async () => {
    token = await t.current.login();
    await t.current.ctx.db
      .insertInto('webhook')
      .values({
        name: '全部',
        url: 'https://www.example.com/h',
        events: 'link.update,news.update,news.publish',
        secret: 'S3cret-x',
        enable_flag: 1,
        create_time: t.current.ctx.nowText(),
      })
      .execute();
    await post('/news/saveNewsType', { code: 'bulk', name: '批量类型' });
  });

  /** what a record left beside its own row, without ids and times */
  const traces = async (resource: string, id: number) => {
    const db = t.current.ctx.db;
    const owner = await db
      .selectFrom('record_owner')
      .select(['dept_id', 'user_id'])
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .execute();
    const locales = await db
      .selectFrom('content_translation')
      .select(['locale', 'has_text', 'source_version', 'user_name'])
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .execute();
    const revisions = await db
      .selectFrom('revision')
      .select(['title', 'user_name'])
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .execute();
    const deliveries = await db
      .selectFrom('webhook_delivery')
      .select('event')
      .where('body', 'like', `%"id":${id},%`)
      .where('event', 'like', `${resource}.%`)
      .execute();
    // the search index follows the queue of written records (search-index.ts): indexed, as a search would first
    await flushSearch(t.current.ctx, resource);
    const terms = await db.selectFrom('search_doc').select('locale').where('resource', '=', resource).where('record_id', '=', id).execute();
    return { owner, locales, revisions: revisions.length, deliveries: deliveries.map((d) => d.event), terms: terms.length };
  };

  it('links: an import leaves what saves one by one leave', async () => {
    const single = [];
    for (const i of [1, 2, 3])
      single.push(
        (await post('/headerContorller/saveLink', { name: `单存 ${i}`, url: `https://s.example/${i}`, sortNo: i, enableFlag: 1 })).body.data
          .id as number,
      );
    const r = await importFile(
      'link',
      await xlsx(
        ['名称', '链接地址', '排序', '启用'],
        [1, 2, 3].map((i) => [`批量 ${i}`, `https://b.example/${i}`, i, 1]),
      ),
    );
    expect(r.code).toBe(200);
    const bulk = (
      await t.current.ctx.db.selectFrom('friend_link').select('id').where('name', 'like', '批量 %').orderBy('id').execute()
    ).map((x) => Number(x.id));
    expect(bulk).toHaveLength(3);
    const one = await traces('link', single[0]);
    expect(one.owner).toHaveLength(1);
    expect(one.locales.length).toBeGreaterThan(0);
    expect(one.deliveries).toEqual(['link.update']);
    for (const id of bulk) expect(await traces('link', id)).toEqual(one);
  });

  it('news: an import leaves what saves one by one leave (one revision each, search terms, locales)', async () => {
    const single = (await post('/news/saveNews', { title: '单存新闻 甲', type: 'bulk', content: '<p>正文 甲</p>' })).body.data.id as number;
    const r = await importFile(
      'news',
      await xlsx(
        ['标题', '新闻类型', '正文'],
        [
          ['批量新闻 乙', '批量类型', '<p>正文 乙</p>'],
          ['批量新闻 丙', '批量类型', '<p>正文 丙</p>'],
        ],
      ),
    );
    expect(r.code).toBe(200);
    const bulk = (await t.current.ctx.db.selectFrom('news').select('id').where('title', 'like', '批量新闻%').orderBy('id').execute()).map(
      (x) => Number(x.id),
    );
    expect(bulk).toHaveLength(2);
    const one = await traces('news', single);
    expect(one.revisions).toBe(1);
    expect(one.terms).toBeGreaterThan(0);
    for (const id of bulk) expect(await traces('news', id)).toEqual(one);
    // the delivery API's search finds them
    const found = await t.current.app.inject({ method: 'GET', url: `/public/v1/news?q=${encodeURIComponent('批量新闻')}&fields=id` });
    expect(found.json().total).toBe(2);
  });

  it('keeps the unique rule across the records it saves and the stored ones, in order', async () => {
    const crud = crudOf(t.current.ctx, newsTypeResource);
    const db = t.current.ctx.db;
    const twice = db.transaction().execute((trx) =>
      crud.saveMany(
        [
          { code: 'dup1', name: '一' },
          { code: 'dup1', name: '二' },
        ],
        undefined,
        trx,
      ),
    );
    await expect(twice).rejects.toMatchObject({ key: 'newsType.codeExists' });
    expect(await db.selectFrom('news_type').select('id').where('code', '=', 'dup1').execute()).toHaveLength(0);
    await expect(db.transaction().execute((trx) => crud.saveMany([{ code: 'bulk', name: '已有' }], undefined, trx))).rejects.toMatchObject({
      key: 'newsType.codeExists',
    });
    // a code freed by an earlier record of the same bulk save can be taken by a later one
    const held = await db.selectFrom('news_type').select('id').where('code', '=', 'bulk').executeTakeFirstOrThrow();
    const saved = await db.transaction().execute((trx) =>
      crud.saveMany(
        [
          { id: Number(held.id), code: 'bulk2', name: '批量类型' },
          { code: 'bulk', name: '新的' },
        ],
        undefined,
        trx,
      ),
    );
    expect(saved.map((s) => s.code)).toEqual(['bulk2', 'bulk']);
  });
});
