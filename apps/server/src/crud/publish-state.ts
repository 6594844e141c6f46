import type { PublishState } from '@gk/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * "This record is in publish state `state` at `now`" as SQL over a table aliased `alias`: the same decision
 * as the contracts' `publishState` (offline before scheduled, a draft whatever its times), made by the
 * database so lists, counts and the delivery API filter by it. `params` are its values in SQL order (the
 * kept-SQL shapes of crud/list.ts check that order). Drafts, scheduled and offline records are few and
 * found through migration 021's indexes (`status = …` first); 已发布 is nearly every row, so it says
 * `status <> 'draft'` (the only other status), which no index answers: its page is read in list order from
 * the order index instead of sorting the whole table.
 */
export function publishStateSql(state: PublishState, now: string, alias = 't'): { cond: RawBuilder<SqlBool>; params: unknown[] } {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const [status, publish, offline] = [col('status'), col('publish_time'), col('offline_time')];
  switch (state) {
    case 'draft':
      return { cond: sql<SqlBool>`${status} = 'draft'`, params: [] };
    case 'published':
      return {
        cond: sql<SqlBool>`(${status} <> 'draft' and (${publish} is null or ${publish} <= ${now}) and (${offline} is null or ${offline} > ${now}))`,
        params: [now, now],
      };
    case 'scheduled':
      return {
        cond: sql<SqlBool>`(${status} = 'published' and ${publish} > ${now} and (${offline} is null or ${offline} > ${now}))`,
        params: [now, now],
      };
    case 'offline':
      return { cond: sql<SqlBool>`(${status} = 'published' and ${offline} <= ${now})`, params: [now] };
  }
}
