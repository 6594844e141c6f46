import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { formatDateTime } from '../db/time.js';
import { busOf } from '../events/bus.js';
import { DIALECTS, type ReplyBody, useTestApp } from '../test/harness.js';
import { keptCount } from './kept-counts.js';

/**
 * Totals kept between writes (crud/kept-counts.ts): a title search and a filtered delivery list answer the same
 * rows, order and total as the table says, page after page, and again after each kind of write.
 */
describe.each(DIALECTS)('kept list totals on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 100_000 });
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const ok = async (path: string, body?: unknown) => {
    const r = await post(path, body);
    expect([path, r.body.code]).toEqual([path, 200]);
    return r.body;
  };
  const save = async (body: Record<string, unknown>) => (await ok('/news/saveNews', { type: 'kc', ...body })).data as { id: number };
  const db = () => looseDb(t.current.ctx.db);

  /** the staff search's truth, read from the news table itself: ids in the list's order */
  const truthSearch = async (word: string, type: string) =>
    (
      await db()
        .selectFrom('news')
        .select('id')
        .where(sql<boolean>`lower(title) like ${`%${word}%`}`)
        .where('type', '=', type)
        .orderBy('is_top', 'desc')
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => Number(r.id));
  /** pages 1–3 of the search (4 a page) against the truth: rows, order and total */
  const checkSearch = async (word: string, type: string) => {
    const truth = await truthSearch(word, type);
    for (let page = 1; page <= 3; page++) {
      const r = await ok('/news/getNewsList', { title: word, code: type, pageNumber: page, pageSize: 4 });
      expect({ page, total: r.total, ids: r.rows.map((x: { id: number }) => x.id) }).toEqual({
        page,
        total: truth.length,
        ids: truth.slice((page - 1) * 4, page * 4),
      });
    }
    return truth.length;
  };

  /** the delivery list's truth: news of a type, not hot, on the site now, newest first by the date a site shows */
  const truthLive = async (type: string) => {
    const now = t.current.ctx.nowText();
    return (
      await db()
        .selectFrom('news')
        .select('id')
        .where('type', '=', type)
        .where('is_hot', '=', 0)
        .where(
          sql<boolean>`status <> 'draft' and (publish_time is null or publish_time <= ${now}) and (offline_time is null or offline_time > ${now})`,
        )
        .orderBy(sql`coalesce(publish_time, create_time)`, 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => Number(r.id));
  };
  const checkLive = async (type: string) => {
    const truth = await truthLive(type);
    for (let page = 1; page <= 2; page++) {
      const r = await t.current.app.inject({
        method: 'GET',
        url: `/public/v1/news?type=${type}&isHot=0&sort=-publishTime&fields=id,title&page=${page}&pageSize=3`,
      });
      const body: ReplyBody = r.json();
      expect({ page, status: r.statusCode, total: body.total, ids: body.rows.map((x: { id: number }) => x.id) }).toEqual({
        page,
        status: 200,
        total: truth.length,
        ids: truth.slice((page - 1) * 3, page * 3),
      });
    }
    return truth.length;
  };

  beforeAll(async () => {
    token = await t.current.login();
    await ok('/news/saveNewsType', { code: 'kc', name: '计数一' });
    await ok('/news/saveNewsType', { code: 'kd', name: '计数二' });
  });

  it('a title search: every page and its total stay exact through saves, edits, toggles, deletes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push((await save({ title: `港口物流第${i}期`, type: i % 3 ? 'kc' : 'kd' })).id);
    await save({ title: '航空货运新闻' });
    let total = await checkSearch('物流', 'kc');
    expect(total).toBe(9);
    // asked again: the same answer
    expect(await checkSearch('物流', 'kc')).toBe(9);

    // a new matching news: counted, and first (newest)
    const added = (await save({ title: '物流园区新规' })).id;
    total = await checkSearch('物流', 'kc');
    expect(total).toBe(10);
    expect((await ok('/news/getNewsList', { title: '物流', code: 'kc', pageNumber: 1, pageSize: 1 })).rows[0].id).toBe(added);
    // another type: out of this search, into the other's
    expect(await checkSearch('物流', 'kd')).toBe(5);
    await ok('/news/saveNews', { id: ids[1], title: '港口物流第1期', type: 'kd' });
    expect(await checkSearch('物流', 'kc')).toBe(9);
    expect(await checkSearch('物流', 'kd')).toBe(6);
    // a title that no longer matches
    await ok('/news/saveNews', { id: ids[2], title: '港口航运第2期', type: 'kc' });
    expect(await checkSearch('物流', 'kc')).toBe(8);
    // pinned: first, the total the same
    await ok(`/news/upisTop?id=${ids[4]}&flag=1`);
    expect(await checkSearch('物流', 'kc')).toBe(8);
    expect((await ok('/news/getNewsList', { title: '物流', code: 'kc', pageNumber: 1, pageSize: 1 })).rows[0].id).toBe(ids[4]);
    // deleted (one, then two at once)
    await ok('/news/delNews', [ids[5]]);
    expect(await checkSearch('物流', 'kc')).toBe(7);
    await ok('/news/delNews', [ids[7], added]);
    expect(await checkSearch('物流', 'kc')).toBe(5);
    // the exact 1-character gram and a longer query (gram + LIKE) too
    expect(await checkSearch('物', 'kc')).toBe(5);
    expect(await checkSearch('港口物流', 'kc')).toBe(5);
  });

  it('a filtered delivery list: total and rows follow publishing, hot flags, offline and a scheduled time passing', async () => {
    t.current.freeze(true);
    try {
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push((await save({ title: `上线新闻${i}`, type: 'kd' })).id);
      const live = await checkLive('kd');
      expect(await checkLive('kd')).toBe(live);
      await ok(`/news/unpublishNews?id=${ids[1]}`, {});
      expect(await checkLive('kd')).toBe(live - 1);
      await ok(`/news/upisHot?id=${ids[0]}&flag=1`);
      expect(await checkLive('kd')).toBe(live - 2);
      await ok(`/news/publishNews?id=${ids[1]}`, {});
      expect(await checkLive('kd')).toBe(live - 1);
      // scheduled a minute ahead: out until the clock passes it, with no write in between
      const at = formatDateTime(new Date(t.current.ctx.now() + 60_000), t.current.ctx.config.timeZone);
      await ok(`/news/publishNews?id=${ids[5]}`, { publishTime: at });
      expect(await checkLive('kd')).toBe(live - 2);
      t.current.advance(61_000);
      expect(await checkLive('kd')).toBe(live - 1);
      await ok('/news/delNews', [ids[2]]);
      expect(await checkLive('kd')).toBe(live - 2);
    } finally {
      t.current.freeze(false);
    }
  });

  it('a count is kept until the next change, and not kept when a change is heard while it runs', async () => {
    const { ctx } = t.current;
    let runs = 0;
    const count = async () => {
      runs++;
      return 7;
    };
    expect(await keptCount(ctx, ['news'], 'test:a', count)).toBe(7);
    expect(await keptCount(ctx, ['news'], 'test:a', count)).toBe(7);
    expect(runs).toBe(1);
    // a table whose writes are not changes on the bus: counted every time
    await keptCount(ctx, ['sys_user'], 'test:b', count);
    await keptCount(ctx, ['sys_user'], 'test:b', count);
    expect(runs).toBe(3);
    await busOf(ctx).publish('delivery');
    expect(await keptCount(ctx, ['news'], 'test:a', count)).toBe(7);
    expect(runs).toBe(4);
    // a change while counting: this count is answered, not kept
    let n = 10;
    const racing = async () => {
      runs++;
      await busOf(ctx).publish('delivery');
      return n++;
    };
    expect(await keptCount(ctx, ['news'], 'test:c', racing)).toBe(10);
    expect(await keptCount(ctx, ['news'], 'test:c', racing)).toBe(11);
    expect(runs).toBe(6);
    // asked three times at once: counted once
    let release = () => {};
    const slow = async () => {
      runs++;
      await new Promise<void>((r) => {
        release = r;
      });
      return 3;
    };
    const all = Promise.all([1, 2, 3].map(() => keptCount(ctx, ['news'], 'test:d', slow)));
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect(await all).toEqual([3, 3, 3]);
    expect(runs).toBe(7);
  });
});
