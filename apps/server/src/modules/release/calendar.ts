import {
  allResources,
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_ENTRIES,
  type CalendarEntry,
  calendarSchema,
  columnOf,
  type FieldDef,
  publishState,
  type ResourceDef,
  releaseEndpoints,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { may, type SessionUser } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { scopeFor, scopeWhere } from '../../crud/scope.js';
import { looseDb } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { recordTitle } from '../log/index.js';

type Row = Record<string, unknown>;

/** the day (`yyyy-MM-dd`) or time given, as a stored time text; null when it names no real moment (2026-02-31) */
function timeOf(text: string): string | null {
  const full = text.length === 10 ? `${text} 00:00:00` : text;
  const [y, mo, d, h, mi, s] = full.split(/[- :]/).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const same =
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi;
  return same && s < 60 ? full : null;
}
const epochOf = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);

/** a publishable resource (status + both times), or a banner-like one (its time window: both times, no status) */
function calendarKindOf(def: ResourceDef): 'publish' | 'window' | null {
  if (!def.endpoints.list) return null;
  if (def.publishable) return 'publish';
  const names = new Set(def.fields.map((f) => f.name));
  return names.has('publishTime') && names.has('offlineTime') && !names.has('status') ? 'window' : null;
}

/** the columns a record's title comes from, as `recordTitle` reads them (title, else name, else its text fields) */
function titleFields(def: ResourceDef): FieldDef[] {
  const text = def.fields.filter((f) => f.type === 'text' && !f.join && !f.lookup && !f.hidden && !f.readOnly);
  const named = text.filter((f) => f.name === 'title' || f.name === 'name');
  return named.length ? named : text;
}

/**
 * 发布日历 (`/release/getCalendar`, body `{ start, end }`): for start ≤ time < end (at most CALENDAR_MAX_DAYS days),
 * every scheduled or past publish and offline time of the publishable resources' published records, the time windows
 * of the banner-like resources (publish and offline time, no status), and the releases. Only resources whose list the
 * caller may read, only records in the caller's data scope (the lists' own condition, `crud/scope.ts`); each query a
 * range of the time indexes (migration 022 / 033 / 054; the banner table is small and has none), at most
 * CALENDAR_MAX_ENTRIES + 1 rows each, the earliest CALENDAR_MAX_ENTRIES of all answered (the message says when more
 * were left out). `movable`: not past, and the caller holds the call a move goes through (the resource's publish
 * call, a banner's save, a scheduled release's save).
 */
export function registerCalendar(api: FastifyInstance, ctx: Ctx): void {
  addRoute(api, ctx, {
    endpoint: releaseEndpoints.calendar,
    schema: calendarSchema,
    handler: async (input, req) => {
      const start = timeOf(input.start);
      const end = timeOf(input.end);
      if (!start || !end) throw badRequest('v.date');
      if (end <= start) throw badRequest('calendar.rangeInvalid');
      if (epochOf(end) - epochOf(start) > CALENDAR_MAX_DAYS * 86_400_000)
        throw badRequest('calendar.rangeTooLong', { days: CALENDAR_MAX_DAYS });
      const { entries, truncated } = await calendarEntries(ctx, req, start, end);
      const reply = ok(req, entries);
      return truncated ? { ...reply, msg: t(req, 'calendar.truncated', { max: CALENDAR_MAX_ENTRIES }) } : reply;
    },
  });
}

async function calendarEntries(ctx: Ctx, req: FastifyRequest, start: string, end: string) {
  const user = req.user as SessionUser;
  const now = ctx.nowText();
  const limit = CALENDAR_MAX_ENTRIES + 1;
  const db = looseDb(ctx.db);
  const entries: CalendarEntry[] = [];
  for (const def of allResources()) {
    const kind = calendarKindOf(def);
    if (!kind || !may(user, def.endpoints.list!.path)) continue;
    const scope = scopeFor(def, req);
    const label = t(req, def.label);
    const titles = titleFields(def);
    const hasEnable = def.fields.some((f) => f.name === 'enableFlag');
    const mover = kind === 'publish' ? def.publishable!.publish : def.endpoints.save;
    const mayMove = !!mover && may(user, mover.path);
    // one range of an index per time column: `(status, publish_time, …)` / `(status, offline_time)` for a publishable table
    for (const column of ['publish_time', 'offline_time'] as const) {
      let q = db
        .selectFrom(`${def.table} as t`)
        .select([
          't.id as id',
          't.publish_time as publish_time',
          't.offline_time as offline_time',
          ...titles.map((f) => `t.${columnOf(f)} as ${columnOf(f)}`),
          ...(kind === 'publish' ? ['t.status as status'] : []),
          ...(hasEnable ? ['t.enable_flag as enable_flag'] : []),
        ])
        .where(`t.${column}`, '>=', start)
        .where(`t.${column}`, '<', end);
      if (kind === 'publish') q = q.where('t.status', '=', 'published');
      if (scope) q = q.where(scopeWhere(def.name, scope).cond as Expression<SqlBool>);
      const rows = (await q.orderBy(`t.${column}`).orderBy('t.id').limit(limit).execute()) as Row[];
      for (const r of rows) {
        const record: Row = { status: r.status ?? 'published', publishTime: r.publish_time ?? null, offlineTime: r.offline_time ?? null };
        for (const f of titles) record[f.name] = r[columnOf(f)];
        const time = String(r[column]);
        const state =
          kind === 'publish'
            ? publishState(record, now)
            : hasEnable && Number(r.enable_flag) === 0
              ? 'disabled'
              : publishState({ ...record, status: 'published' }, now);
        entries.push({
          kind: column === 'publish_time' ? 'publish' : 'offline',
          time,
          resource: def.name,
          resourceLabel: label,
          id: Number(r.id),
          title: recordTitle(def, record, Number(r.id)),
          state,
          movable: mayMove && time > now,
          publishTime: (r.publish_time as string | null) ?? null,
          offlineTime: (r.offline_time as string | null) ?? null,
        });
      }
    }
  }
  await markPendingDrafts(ctx, entries);
  if (may(user, releaseEndpoints.page.path)) {
    const mayMove = may(user, releaseEndpoints.save.path);
    const rows = await ctx.db
      .selectFrom('content_release')
      .select(['id', 'name', 'publish_time', 'offline_time', 'state'])
      .where('publish_time', '>=', start)
      .where('publish_time', '<', end)
      .orderBy('publish_time')
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const r of rows)
      entries.push({
        kind: 'release',
        time: r.publish_time,
        resource: null,
        resourceLabel: null,
        id: Number(r.id),
        title: r.name,
        state: r.state,
        movable: mayMove && r.state === 'scheduled' && r.publish_time > now,
        publishTime: r.publish_time,
        offlineTime: r.offline_time ?? null,
      });
  }
  entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id));
  const truncated = entries.length > CALENDAR_MAX_ENTRIES;
  return { entries: truncated ? entries.slice(0, CALENDAR_MAX_ENTRIES) : entries, truncated };
}

/** marks the records with a pending draft (a move through the publish call puts it live), 500 ids a query */
async function markPendingDrafts(ctx: Ctx, entries: CalendarEntry[]): Promise<void> {
  const byResource = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    if (!e.resource) continue;
    const list = byResource.get(e.resource) ?? [];
    list.push(e);
    byResource.set(e.resource, list);
  }
  for (const [resource, list] of byResource) {
    const ids = [...new Set(list.map((e) => e.id))];
    const drafted = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await ctx.db
        .selectFrom('pending_draft')
        .select('record_id')
        .where('resource', '=', resource)
        .where('record_id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) drafted.add(Number(r.record_id));
    }
    for (const e of list) if (drafted.has(e.id)) e.pendingDraft = true;
  }
}
