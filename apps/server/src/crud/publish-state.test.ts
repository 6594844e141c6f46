import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { useTestApp } from '../test/harness.js';
import { notPublishedSql, publishStateSql } from './publish-state.js';

/**
 * The publish-state SQL read by SQLite's planner on a table the size of a real site's news (analysed, as the
 * bench's and a long-running database's are): the published page — the delivery API's list and the staff
 * list's 已发布 filter — walks the list-order index and stops at the page; the other states and the hidden
 * count are index ranges. Written `status = 'published'` the page sorted the whole table (0.4 s at 100 000).
 */
describe('publish-state query plans on sqlite', () => {
  const t = useTestApp('sqlite');
  const db = () => looseDb(t.current.ctx.db);
  const now = '2026-06-01 12:00:00';
  const plan = async (query: ReturnType<typeof sql>) =>
    (await sql<{ detail: string }>`explain query plan ${query}`.execute(db())).rows.map((r) => r.detail).join(' | ');

  beforeAll(async () => {
    // 5 000 published news over two years, 50 drafts, 20 scheduled, 30 offline
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5100)
      insert into news (title, type, is_top, create_time, status, publish_time, offline_time)
      select 'n' || i, 'gs', case when i % 97 = 0 then 1 else 0 end,
        datetime('2024-06-01', '+' || (i * 3) || ' hours'),
        case when i <= 50 then 'draft' else 'published' end,
        case when i between 51 and 70 then '2027-01-01 00:00:00' else null end,
        case when i between 71 and 100 then '2026-01-01 00:00:00' else null end
      from n`.execute(db());
    await sql`analyze`.execute(db());
  });

  it('the published page is read in list order from the order index, not sorted', async () => {
    const { cond } = publishStateSql('published', now);
    const detail = await plan(
      sql`select t.id, t.title from news as t left join news_type as j on j.code = t.type where ${cond}
        order by t.is_top desc, t.create_time desc, t.id desc limit 20 offset 0`,
    );
    expect(detail).toContain('news_list_idx');
    expect(detail).not.toContain('TEMP B-TREE');
  });

  it('drafts, scheduled and offline records are index ranges, and their count is exact', async () => {
    for (const state of ['draft', 'scheduled', 'offline'] as const) {
      const { cond } = publishStateSql(state, now);
      const detail = await plan(sql`select count(*) from news as t where ${cond}`);
      expect(detail, state).toMatch(/SEARCH t USING (COVERING )?INDEX news_(state|offline)_idx/);
      expect(detail, state).not.toMatch(/SCAN t/);
    }
    const { count } = notPublishedSql('news', now);
    expect((await sql<{ n: number }>`select ${count} as n`.execute(db())).rows[0].n).toBe(100);
    const published = publishStateSql('published', now).cond;
    expect((await sql<{ n: number }>`select count(*) as n from news as t where ${published}`.execute(db())).rows[0].n).toBe(5000);
  });
});
