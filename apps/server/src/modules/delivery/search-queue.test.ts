import { describe, expect, it, vi } from 'vitest';
import type { WriteEvent } from '../../context.js';
import { looseDb } from '../../db/index.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, latch, useTestApp } from '../../test/harness.js';
import { flushSearch } from './search-index.js';

/**
 * The search index follows a queue of written records (migration 057, search-index.ts): a save queues its record
 * inside its own transaction and writes no term there; the index catches up after the commit, and a search reads
 * the queue first, so `q` finds every acknowledged write at once, whichever process wrote it.
 */
describe.each(DIALECTS)('search queue on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 10_000 });
  let token = '';
  const post = async (path: string, body: unknown) => (await t.current.post(path, body, { token })).body;
  const found = async (q: string) =>
    (await t.current.app.inject({ method: 'GET', url: `/public/v1/news?q=${encodeURIComponent(q)}&fields=id` }))
      .json()
      .rows.map((r: { id: number }) => r.id);
  const queue = async () =>
    (await looseDb(t.current.ctx.db).selectFrom('search_queue').select(['resource', 'record_id']).execute()).map((r) => ({
      resource: r.resource,
      id: Number(r.record_id),
    }));
  const termCount = async (id: number) =>
    (await t.current.ctx.db.selectFrom('search_term').select('term').where('resource', '=', 'news').where('record_id', '=', id).execute())
      .length;

  it('a save queues its record and writes no term in its own transaction; the index catches up without a search', async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'sq', name: '队列' })).code).toBe(200);
    // what the save's own transaction holds, seen by a listener that runs after the index's
    const seen: { queued: number; terms: number }[] = [];
    t.current.ctx.onWrite(async (e: WriteEvent) => {
      if (e.resource.name !== 'news') return;
      const rowsOf = async (table: 'search_queue' | 'search_term') =>
        (await e.trx.selectFrom(table).select('record_id').where('resource', '=', 'news').where('record_id', '=', e.id).execute()).length;
      seen.push({ queued: await rowsOf('search_queue'), terms: await rowsOf('search_term') });
    });
    const saved = await post('/news/saveNews', { title: '满洲里口岸班列', type: 'sq', content: '<p>中欧班列经满洲里出境</p>' });
    expect(saved.code).toBe(200);
    const id = Number(saved.data.id);
    expect(seen).toEqual([{ queued: 1, terms: 0 }]);
    // the process that wrote it indexes it a moment later, with no search asking
    await vi.waitFor(async () => expect(await queue()).toEqual([]), { timeout: 20_000, interval: 20 });
    expect(await termCount(id)).toBeGreaterThan(0);
    expect(await found('满洲里')).toEqual([id]);
  });

  it('a search indexes what is queued first: an edit is found by its new words at once, and no longer by its old ones', async () => {
    const saved = await post('/news/saveNews', { title: '二连浩特口岸', type: 'sq', content: '<p>公路口岸</p>' });
    const id = Number(saved.data.id);
    expect(await found('二连浩特')).toEqual([id]);
    expect((await post('/news/saveNews', { id, title: '绥芬河口岸', type: 'sq', content: '<p>公路口岸</p>' })).code).toBe(200);
    // straight after the acknowledged edit, whether or not the background flush has run yet
    expect(await found('绥芬河')).toEqual([id]);
    expect(await found('二连浩特')).toEqual([]);
    expect(await queue()).toEqual([]);
  });

  it('what an earlier process queued and did not index (a crash) is indexed by the next search, and by flushSearch', async () => {
    const db = looseDb(t.current.ctx.db);
    const row = await db
      .insertInto('news')
      .values({
        title: '阿拉山口旧稿',
        type: 'sq',
        summary: '',
        summary_img: '',
        content: '<p>铁路口岸</p>',
        create_time: t.current.ctx.nowText(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await db.insertInto('search_queue').values({ resource: 'news', record_id: id }).execute();
    expect(await termCount(id)).toBe(0);
    expect(await found('阿拉山口')).toEqual([id]);
    expect(await queue()).toEqual([]);
    // the same by flushSearch (the start-up flush, tests): a record queued after its row went is taken out of the index
    await db.deleteFrom('news').where('id', '=', id).execute();
    await db.insertInto('search_queue').values({ resource: 'news', record_id: id }).execute();
    await flushSearch(t.current.ctx);
    expect(await termCount(id)).toBe(0);
    expect(await queue()).toEqual([]);
  });

  it.each(['edit', 'delete'] as const)(
    'a flush that runs while a %s of a queued record is still open leaves the record queued: the index ends as the write left it',
    async (action) => {
      const { ctx } = t.current;
      const before = action === 'edit' ? '霍尔果斯' : '策克';
      const saved = await post('/news/saveNews', { title: `${before}口岸`, type: 'sq', content: '<p>公路口岸</p>' });
      const id = Number(saved.data.id);
      expect(await found(before)).toEqual([id]);
      // queued by an earlier committed write that is not indexed yet
      await looseDb(ctx.db).insertInto('search_queue').values({ resource: 'news', record_id: id }).execute();
      // the write stops inside its transaction, after every listener before this one (the queue's) has run
      const entered = latch();
      const gate = latch();
      let holding = true;
      ctx.onWrite(async (e: WriteEvent) => {
        if (!holding || e.resource.name !== 'news' || e.id !== id) return;
        holding = false;
        entered.open();
        await gate.promise;
      });
      const writing =
        action === 'edit'
          ? post('/news/saveNews', { id, title: '满都拉口岸', type: 'sq', content: '<p>公路口岸</p>' })
          : post('/news/delNews', [id]);
      await entered.promise;
      // PostgreSQL: the flush runs beside the open write; SQLite's one connection runs it after the write
      const flushing = flushSearch(ctx, 'news');
      if (dialect === 'postgres') await flushing;
      gate.open();
      expect((await writing).code).toBe(200);
      await flushing;
      expect(await found(before)).toEqual([]);
      if (action === 'edit') expect(await found('满都拉')).toEqual([id]);
      else expect(await termCount(id)).toBe(0);
      expect(await queue()).toEqual([]);
    },
  );

  it.runIf(dialect === 'postgres')("another instance's save is found by this instance's search at once", async () => {
    const { ctx } = t.current;
    const second = await prepareApp(ctx.config, { clock: () => ctx.now() });
    try {
      await second.app.ready();
      // saved through the second instance: its queue row is committed when the save is acknowledged
      const saved = (
        await second.app.inject({
          method: 'POST',
          url: `${ctx.config.apiPrefix}/news/saveNews`,
          headers: { token },
          payload: { title: '东兴口岸边贸', type: 'sq', content: '<p>边民互市</p>' },
        })
      ).json();
      expect(saved.code).toBe(200);
      expect(await found('东兴')).toEqual([Number(saved.data.id)]);
    } finally {
      await second.app.close();
    }
  });
});
