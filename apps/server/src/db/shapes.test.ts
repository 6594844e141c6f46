import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { looseDb } from './index.js';
import { runShape, shapeStats } from './shapes.js';

describe.each(DIALECTS)('kept query shapes on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const db = () => looseDb(t.current.ctx.db);

  beforeAll(async () => {
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'gs', name: '公司新闻' });
    for (const title of ['物流园开园', '海关新规', '物流快讯']) {
      expect((await post('/news/saveNews', { title, type: 'gs', content: '<p>正文</p>' })).body.code).toBe(200);
    }
  });

  it('binds new values to a kept list text: every filter combination answers its own values', async () => {
    const before = shapeStats().bound;
    const a = await post('/news/getNewsList', { title: '物流', pageNumber: 1, pageSize: 10 });
    const b = await post('/news/getNewsList', { title: '海关', pageNumber: 1, pageSize: 10 });
    expect(a.body.rows.map((r: { title: string }) => r.title).sort()).toEqual(['物流园开园', '物流快讯']);
    expect(b.body.rows.map((r: { title: string }) => r.title)).toEqual(['海关新规']);
    expect(b.body.total).toBe(1);
    // page 2 of size 1 reuses the text with other limit and offset values
    const p2 = await post('/news/getNewsList', { title: '物流', pageNumber: 2, pageSize: 1 });
    expect(p2.body.rows).toHaveLength(1);
    expect(p2.body.total).toBe(2);
    expect(shapeStats().bound).toBeGreaterThan(before);
  });

  it('refuses to keep a text whose values the caller named in the wrong order', async () => {
    const build = () => db().selectFrom('news').select('id').where('title', '=', '海关新规').where('type', '=', 'gs');
    // the test runner checks every call: a wrong order is an error, never a wrong answer
    await expect(runShape(db(), dialect, 'test:wrong-order', ['gs', '海关新规'], build)).rejects.toThrow(/values/);
    const rows = await runShape(db(), dialect, 'test:right-order', ['海关新规', 'gs'], build);
    expect(rows).toHaveLength(1);
  });

  it("never reads another request's uncommitted rows", async () => {
    let pending: Promise<{ body: { total: number } }> | null = null;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('news_type').values({ code: 'tmp', name: '临时' }).execute();
        // a list while the transaction is open: it waits for the transaction and sees only what was committed
        pending = post('/news/getTypeList', { pageNumber: 1, pageSize: 50 }) as never;
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      })
      .catch(() => {});
    const after = await pending!;
    const types = await post('/news/getTypeList', { pageNumber: 1, pageSize: 50 });
    expect(after.body.total).toBe(types.body.total);
    expect(types.body.rows.map((r: { code: string }) => r.code)).not.toContain('tmp');
  });
});
