import {
  changeUrl,
  type DashboardChange,
  type DashboardStats,
  type DashboardTranslation,
  type DashboardWaiting,
  dashboardAreas,
  dashboardEndpoints,
  failedLoginsUrl,
  LOG_RESULT,
  logEndpoints,
  type ResourceDef,
  ROLES,
  recycleEndpoints,
  resourceByName,
  statusListUrl,
  translationListUrl,
} from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DataScope } from '../../auth/sessions.js';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { publishStateSql } from '../../crud/publish-state.js';
import { scopeFor, scopeWhere } from '../../crud/scope.js';
import { localesOf, statusSql } from '../../crud/translations.js';
import { looseDb } from '../../db/index.js';
import { formatDateTime } from '../../db/time.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { outRow } from '../log/index.js';
import { readableResources, scopedWhere } from '../recycle/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHANGES = ['create', 'update', 'delete', 'toggle', 'publish', 'unpublish', 'restore', 'purge', 'draft', 'discardDraft'];

export function register(api: FastifyInstance, ctx: Ctx): void {
  const db = looseDb(ctx.db);
  const count = async (def: ResourceDef, scope: DataScope | null) => {
    const { table } = def;
    if (scope) {
      const r = await db
        .selectFrom(`${table} as t`)
        .select(sql<number>`count(*)`.as('n'))
        .where(scopeWhere(def.name, scope).cond)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
    if (def.total === 'rowCount') {
      const r = await db.selectFrom('row_count').select('n').where('tbl', '=', table).executeTakeFirst();
      if (r) return Number(r.n);
    }
    const r = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  };

  addRoute(api, ctx, {
    endpoint: dashboardEndpoints.stats,
    handler: async (_i, req) => {
      const user = req.user!;
      /** the caller's data scope on a resource's counts (数据权限) */
      const inScope = <Q extends { where: (c: Expression<SqlBool>) => Q }>(q: Q, def: ResourceDef): Q => {
        const scope = scopeFor(def, req);
        return scope ? q.where(scopeWhere(def.name, scope).cond) : q;
      };
      const counts: DashboardStats['counts'] = [];
      const areas = dashboardAreas();
      for (const area of areas) {
        const def = resourceByName(area.resource);
        if (!def?.endpoints.list || !may(user, def.endpoints.list.path)) continue;
        counts.push({
          resource: def.name,
          name: t(req, def.label),
          url: area.url,
          count: await count(def, scopeFor(def, req)),
        });
      }
      // drafts and scheduled items (published, publish time still to come) waiting in each publishable area
      const waiting: DashboardWaiting[] = [];
      const now = ctx.nowText();
      for (const area of areas) {
        const def = resourceByName(area.resource);
        if (!def?.publishable || !def.endpoints.list || !may(user, def.endpoints.list.path)) continue;
        const inState = async (state: 'draft' | 'scheduled') => {
          const { cond } = publishStateSql(state, now);
          const r = await inScope(
            db.selectFrom(`${def.table} as t`).select(sql<number>`count(*)`.as('n')).where(cond),
            def,
          ).executeTakeFirstOrThrow();
          return Number(r.n);
        };
        waiting.push({
          resource: def.name,
          name: t(req, def.label),
          drafts: await inState('draft'),
          draftsUrl: statusListUrl(area.url, 'draft'),
          scheduled: await inState('scheduled'),
          scheduledUrl: statusListUrl(area.url, 'scheduled'),
        });
      }
      // what waits for translation: per translatable area and non-default content locale, missing and outdated
      const translations: DashboardTranslation[] = [];
      const { default: main, others } = localesOf(ctx);
      for (const area of areas) {
        const def = resourceByName(area.resource);
        if (!def?.translatable || !def.endpoints.list || !may(user, def.endpoints.list.path)) continue;
        const inStatus = async (locale: string, status: 'missing' | 'outdated') => {
          const { cond } = statusSql(def, locale, main, status);
          const r = await inScope(
            db.selectFrom(`${def.table} as t`).select(sql<number>`count(*)`.as('n')).where(cond),
            def,
          ).executeTakeFirstOrThrow();
          return Number(r.n);
        };
        for (const locale of others)
          translations.push({
            resource: def.name,
            name: t(req, def.label),
            locale,
            missing: await inStatus(locale, 'missing'),
            outdated: await inStatus(locale, 'outdated'),
            url: translationListUrl(area.url, locale, 'missing'),
          });
      }
      const changes = (rows: Record<string, unknown>[]) =>
        rows.map((r) => {
          const o = outRow(req, r);
          return {
            id: o.id,
            operTime: o.operTime,
            userName: o.userName,
            module: o.module,
            moduleName: o.moduleName,
            action: o.action,
            actionName: o.actionName,
            recordId: o.recordId,
            title: o.title,
            url: changeUrl(String(o.module), String(o.action), o.recordId as number | null),
          } as DashboardChange;
        });
      const recent = () =>
        db
          .selectFrom('oper_log')
          .selectAll()
          .where('result', '=', LOG_RESULT.OK)
          .where('action', 'in', CHANGES)
          .orderBy('oper_time', 'desc')
          .orderBy('id', 'desc')
          .limit(8);
      const myEdits = changes(await recent().where('user_name', '=', user.userName).execute());
      const latest = may(user, logEndpoints.page.path) ? changes(await recent().execute()) : null;
      let failedLogins: number | null = null;
      let failedUrl: string | null = null;
      if (user.roles.includes(ROLES.ADMIN)) {
        const since = formatDateTime(new Date(ctx.now() - DAY_MS), ctx.config.timeZone);
        failedUrl = failedLoginsUrl(since.slice(0, 10));
        const r = await db
          .selectFrom('oper_log')
          .select(sql<number>`count(*)`.as('n'))
          .where('module', '=', 'auth')
          .where('action', '=', 'login')
          .where('result', '=', LOG_RESULT.REFUSED)
          .where('oper_time', '>=', since)
          .executeTakeFirstOrThrow();
        failedLogins = Number(r.n);
      }
      // what the caller's recycle bin shows: the entries of the resources they may read
      const binResources = may(user, recycleEndpoints.page.path) ? readableResources(user) : null;
      const recycled =
        binResources === null
          ? null
          : binResources.length === 0
            ? 0
            : Number(
                (
                  await (() => {
                    const q = db.selectFrom('recycle_bin').select(sql<number>`count(*)`.as('n')).where('resource', 'in', binResources);
                    const scoped = scopedWhere(req, binResources);
                    return scoped ? q.where(scoped) : q;
                  })().executeTakeFirstOrThrow()
                ).n,
              );
      const stats: DashboardStats = { counts, waiting, translations, recycled, myEdits, latest, failedLogins, failedLoginsUrl: failedUrl };
      return ok(req, stats);
    },
  });
}
