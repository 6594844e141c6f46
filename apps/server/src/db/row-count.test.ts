import { allResources } from '@gk/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, latch, useTestApp } from '../test/harness.js';
import { looseDb } from './index.js';

describe.each(DIALECTS)('trigger-kept row counts on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const db = () => looseDb(t.current.ctx.db);
  const kept = async (table: string) =>
    Number((await db().selectFrom('row_count').select('n').where('tbl', '=', table).executeTakeFirstOrThrow()).n);
  const counted = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n);

  beforeAll(async () => {
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'gs', name: '公司新闻' });
  });

  it('every resource described as counted has a trigger-kept counter, and only those', async () => {
    const tables = (await db().selectFrom('row_count').select('tbl').execute()).map((r) => String(r.tbl)).sort();
    const described = allResources()
      .filter((def) => def.total === 'rowCount')
      .map((def) => def.table)
      .sort();
    expect(described).toContain('news');
    expect(tables).toEqual(described);
  });

  it('an unfiltered news list reads its total from the kept count, which follows every save and delete', async () => {
    const ids: number[] = [];
    for (const title of ['一', '二', '三', '四']) {
      const r = await post('/news/saveNews', { title: `计数${title}`, type: 'gs', content: '<p>x</p>' });
      expect(r.body.code).toBe(200);
      ids.push(r.body.data.id);
    }
    expect(await kept('news')).toBe(await counted('news'));
    // an update is no insert
    expect((await post('/news/saveNews', { id: ids[0], title: '计数改', type: 'gs', content: '<p>y</p>' })).body.code).toBe(200);
    expect((await post(`/news/delNews?ids=${ids[1]},${ids[2]}`)).body.code).toBe(200);
    // a failed delete (an unknown id in the batch) changes nothing
    expect((await post(`/news/delNews?ids=${ids[3]},999999`)).body.code).toBe(404);
    const n = await counted('news');
    expect(await kept('news')).toBe(n);
    const list = await post('/news/getNewsList', { pageNumber: 1, pageSize: 10 });
    expect(list.body.total).toBe(n);
    // a filtered list still counts its rows
    expect((await post('/news/getNewsList', { title: '计数改', pageNumber: 1, pageSize: 10 })).body.total).toBe(1);
  });

  it('rows written straight to the database, in bulk, are counted too', async () => {
    const time = t.current.ctx.nowText();
    await db()
      .insertInto('policy')
      .values(Array.from({ length: 5 }, (_, i) => ({ title: `批量${i}`, content: '', create_time: time })))
      .execute();
    expect(await kept('policy')).toBe(await counted('policy'));
    await db().deleteFrom('policy').where('title', 'like', '批量%').where('title', '<>', '批量0').execute();
    expect(await kept('policy')).toBe(await counted('policy'));
    expect((await post('/policy/getPolicyPage', { pageNumber: 1, pageSize: 10 })).body.total).toBe(await counted('policy'));
    expect(await kept('page_item')).toBe(await counted('page_item'));
  });

  it.runIf(dialect === 'postgres')(
    'an insert holds no other until its transaction ends: each is counted when it commits, a rolled-back one never',
    async () => {
      const { ctx } = t.current;
      const before = await kept('policy');
      const row = (title: string) => ({ title, content: '', create_time: ctx.nowText() });
      const inserted = latch();
      const gate = latch();
      const open = ctx.db.transaction().execute(async (trx) => {
        await looseDb(trx).insertInto('policy').values(row('未提交')).execute();
        inserted.open();
        await gate.promise;
      });
      await inserted.promise;
      // another transaction's insert commits while the first is open (migration 014's counter made it wait: the
      // lock timeout turns that wait into this test's failure instead of a hang)
      await ctx.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '10s'`.execute(trx);
        await looseDb(trx).insertInto('policy').values(row('先提交')).execute();
      });
      expect(await kept('policy')).toBe(before + 1);
      gate.open();
      await open;
      expect(await kept('policy')).toBe(before + 2);
      await expect(
        ctx.db.transaction().execute(async (trx) => {
          await looseDb(trx).insertInto('policy').values(row('回滚')).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await kept('policy')).toBe(before + 2);
      expect(await kept('policy')).toBe(await counted('policy'));
    },
  );

  it.runIf(dialect === 'postgres')(
    "a transaction's rows are added in one update at its commit, however many (migration 058 made one per row: n² for n rows)",
    async () => {
      const { ctx } = t.current;
      const before = await kept('policy');
      const now = ctx.nowText();
      let updates = -1;
      await ctx.db.transaction().execute(async (trx) => {
        // this connection's statistics not yet reported count too: the updates are the difference (no report within a transaction)
        const updated = async () =>
          Number(
            (await sql<{ n: string }>`select n_tup_upd as n from pg_stat_xact_user_tables where relid = 'row_count'::regclass`.execute(trx))
              .rows[0]?.n,
          );
        const start = await updated();
        await sql`insert into policy (title, content, create_time) select '批量行' || n, '', ${now} from generate_series(1, 5000) as n`.execute(
          trx,
        );
        await sql`delete from policy where title = '批量行1'`.execute(trx);
        // rows a savepoint rolled back are not counted
        await sql`savepoint half`.execute(trx);
        await sql`insert into policy (title, content, create_time) values ('撤回行', '', ${now})`.execute(trx);
        await sql`rollback to savepoint half`.execute(trx);
        // the deferred triggers run now, in this transaction, so its own statistics can be read after them
        await sql`set constraints all immediate`.execute(trx);
        updates = (await updated()) - start;
      });
      expect(updates).toBe(1);
      expect(await kept('policy')).toBe(before + 4999);
      expect(await kept('policy')).toBe(await counted('policy'));
    },
  );
});
