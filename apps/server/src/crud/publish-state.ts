import { checkSchedule, type PublishState, type ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { may } from '../auth/sessions.js';
import { badRequest, forbidden } from '../http/errors.js';
import type { Row, Visibility } from './list.js';

/**
 * "This record is in publish state `state` at `now`" as SQL over a table aliased `alias`: the same decision
 * as the contracts' `publishState` (offline before scheduled, a draft whatever its times), made by the
 * database so lists, counts and the delivery API filter by it. `params` are its values in SQL order (the
 * kept-SQL shapes of crud/list.ts check that order). Drafts, scheduled and offline records are few and
 * found through migration 022's indexes (`status = …` first); 已发布 is nearly every row, so it says
 * `status <> 'draft'` (the only other status), which no index answers: its page is read in list order from
 * the order index instead of sorting the whole table. (Written `status = 'published'`, SQLite 3.53 takes the
 * `(status, offline_time)` index for it and sorts all 100 000 rows: 400 ms a page instead of 0.1 ms.)
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

/** "This record has a pending draft" (the list filter 有草稿, migration 039's index answers it per row) */
export function pendingDraftSql(resource: string, alias = 't'): { cond: RawBuilder<SqlBool>; params: unknown[] } {
  return {
    cond: sql<SqlBool>`exists (select 1 from pending_draft d where d.resource = ${resource} and d.record_id = ${sql.ref(`${alias}.id`)})`,
    params: [resource],
  };
}

/**
 * How many records of `table` are not 已发布 at `now`: drafts, scheduled and offline records, three disjoint
 * sets, each a short range of migration 022's indexes. Every record is in exactly one state, so the
 * published total is the trigger-kept row count less this, exact, without walking the published rows.
 */
export function notPublishedSql(table: string, now: string): { count: RawBuilder<number>; params: unknown[] } {
  const others = (['draft', 'scheduled', 'offline'] as const).map((s) => publishStateSql(s, now));
  const counts = others.map(({ cond }) => sql`(select count(*) from ${sql.table(table)} as t where ${cond})`);
  return { count: sql<number>`${sql.join(counts, sql` + `)}`, params: others.flatMap((o) => o.params) };
}

/**
 * "On the website now" for the delivery API: 已发布 at the moment of the request, the same SQL as the staff
 * list's filter, its hidden rows counted by `notPublishedSql`.
 */
export function onSiteNow(nowText: () => string): Visibility {
  return {
    name: 'live',
    values: () => publishStateSql('published', nowText()).params,
    where:
      ([now]) =>
      () =>
        publishStateSql('published', now as string).cond,
    hidden: (db, table, [now]) => {
      const { count, params } = notPublishedSql(table, now as string);
      return { query: db.selectNoFrom(count.as('n')), params };
    },
  };
}

/**
 * The save rules of a publishable resource (its description's `publishable`), applied by every save of it: a
 * save without `status` keeps the stored one (a new record is published, as the legacy calls expect, when its caller
 * may publish; the save of a caller without 发布 is made a draft before this rule, crud/service.ts `write`);
 * changing the status, or the schedule of a published record, needs the publish / unpublish permission; the
 * offline time must be after the publish time. A write without a request (a seed at start-up) is the system's:
 * only the schedule is checked.
 */
export function publishSaveRule(def: ResourceDef): (values: Row, info: { existing: Row | null; req?: FastifyRequest }) => Row {
  const p = def.publishable!;
  return (values, { existing, req }) => {
    if (values.status == null || values.status === '') delete values.status;
    const current = existing ? String(existing.status) : null;
    const target = (values.status as string | undefined) ?? current ?? 'published';
    const user = req?.user;
    const mayPublish = !req || (!!user && may(user, p.publish.path));
    const mayUnpublish = !req || (!!user && may(user, p.unpublish.path));
    if (existing) {
      if (target !== current && !(target === 'published' ? mayPublish : mayUnpublish)) throw forbidden('publish.noPermission');
      const scheduleChanged =
        ('publishTime' in values && (values.publishTime ?? null) !== (existing.publishTime ?? null)) ||
        ('offlineTime' in values && (values.offlineTime ?? null) !== (existing.offlineTime ?? null));
      if (target === 'published' && scheduleChanged && !mayPublish) throw forbidden('publish.noPermission');
    } else {
      if (values.status === 'published' && !mayPublish) throw forbidden('publish.noPermission');
      // a new record without a status is published (whatever the column's default)
      values.status = target;
    }
    return scheduleRule(values, existing);
  };
}

/** A time window (`publishTime` / `offlineTime`, a banner's too): the offline time after the publish time, also against the stored values. */
export function scheduleRule(values: Row, existing: Row | null): Row {
  const pt = ('publishTime' in values ? values.publishTime : existing?.publishTime) as string | null | undefined;
  const ot = ('offlineTime' in values ? values.offlineTime : existing?.offlineTime) as string | null | undefined;
  const err = checkSchedule(pt, ot);
  if (err) throw badRequest(err);
  return values;
}
