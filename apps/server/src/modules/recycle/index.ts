import {
  allResources,
  columnOf,
  isRecyclable,
  type RecycleRow,
  type ResourceDef,
  recycleEndpoints,
  recycleIdsSchema,
  recyclePageSchema,
  resourceByName,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import { may, type SessionUser } from '../../auth/sessions.js';
import type { Ctx, WriteEvent } from '../../context.js';
import { idsOf } from '../../crud/routes.js';
import { dropOwners, inScope, scopeFor, scopeWhereOf } from '../../crud/scope.js';
import { Crud } from '../../crud/service.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../../db/time.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { ok, page, t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { scheduleDaily } from '../../ops/daily.js';
import { recordTitle } from '../log/index.js';
import { indexRecycle } from '../media/index.js';

type Row = Record<string, unknown>;
const DAY_MS = 24 * 60 * 60 * 1000;

const byName = (name: string): ResourceDef | undefined => {
  const def = resourceByName(name);
  return def && isRecyclable(def) ? def : undefined;
};

/** the read permission of a resource: its list (else its record) endpoint */
const readKeyOf = (def: ResourceDef): string | undefined => (def.endpoints.list ?? def.endpoints.get)?.path;

/**
 * The recyclable resources whose records this caller may read: the recycle bin shows, restores and purges
 * only those (the recycle menu alone does not open every resource's deleted titles).
 */
export function readableResources(user: SessionUser): string[] {
  return allResources()
    .filter((def) => isRecyclable(def))
    .filter((def) => {
      const key = readKeyOf(def);
      return !!key && may(user, key);
    })
    .map((def) => def.name);
}

/**
 * The entries of `shown` within the caller's data scope, as a condition on `recycle_bin` (null: every one): those of
 * resources the scope does not limit, and of the others those whose owner row the scope accepts.
 */
export function scopedWhere(req: FastifyRequest, shown: string[]): Expression<SqlBool> | null {
  const limited = shown.filter((name) => scopeFor(byName(name)!, req));
  const scope = req.user?.scope;
  if (!scope || !limited.length) return null;
  const free = shown.filter((name) => !limited.includes(name));
  const owned = sql<SqlBool>`(recycle_bin.resource in (${sql.join(limited)}) and ${scopeWhereOf('recycle_bin.resource', 'recycle_bin.record_id', scope)})`;
  return free.length ? sql<SqlBool>`(recycle_bin.resource in (${sql.join(free)}) or ${owned})` : owned;
}

/** Keeps a deleted content record in the recycle bin, inside the deleting transaction. */
async function keep(ctx: Ctx, e: WriteEvent): Promise<void> {
  // an import's undo removes what the import added: gone for good, not into the bin
  if (e.action !== 'delete' || !e.row || !isRecyclable(e.resource) || e.partOf?.kind === 'undoImport') return;
  await e.trx
    .insertInto('recycle_bin')
    .values({
      resource: e.resource.name,
      record_id: e.id,
      title: recordTitle(e.resource, e.before, e.id),
      data: JSON.stringify(e.row),
      deleted_by: e.req?.user?.userName ?? '',
      delete_time: ctx.nowText(),
    })
    .execute();
}

/** Permanently deletes what has been in the recycle bin longer than `RECYCLE_DAYS`; returns how many. */
export async function purgeExpired(ctx: Ctx): Promise<number> {
  const cutoff = formatDateTime(new Date(ctx.now() - ctx.config.recycleDays * DAY_MS), ctx.config.timeZone);
  const expired = await ctx.db
    .selectFrom('recycle_bin')
    .select(['resource', 'record_id', 'data'])
    .where('delete_time', '<', cutoff)
    .execute();
  const r = await ctx.db.transaction().execute(async (trx) => {
    // gone for good: their owner rows (数据权限) go too
    const byResource = new Map<string, number[]>();
    for (const e of expired) byResource.set(e.resource, [...(byResource.get(e.resource) ?? []), Number(e.record_id)]);
    for (const [resource, ids] of byResource) await dropOwners(trx, resource, ids);
    const done = await trx.deleteFrom('recycle_bin').where('delete_time', '<', cutoff).executeTakeFirst();
    // their images stay in the 素材库 (issue 26), no longer used by these entries
    await indexRecycle(trx, []);
    return done;
  });
  return Number(r.numDeletedRows ?? 0);
}

interface Entry {
  id: number;
  resource: string;
  record_id: number;
  title: string;
  data: string;
}

/** The entries of `ids` (all of them, or 404) with their resource, each one the caller may delete. */
async function entriesOf(trx: AnyDb, req: FastifyRequest, ids: number[]): Promise<(Entry & { def: ResourceDef })[]> {
  const rows = (await trx
    .selectFrom('recycle_bin')
    .select(['id', 'resource', 'record_id', 'title', 'data'])
    .where('id', 'in', ids)
    .execute()) as Entry[];
  if (rows.length !== new Set(ids).size) throw notFound();
  const user = req.user;
  if (!user) throw forbidden();
  const readable = new Set(readableResources(user));
  const entries = rows.map((r) => {
    const def = byName(r.resource);
    // an entry of a resource the caller may not read is not theirs to see: as if it did not exist
    if (!def?.endpoints.del || !readable.has(def.name)) throw notFound();
    return { ...r, id: Number(r.id), record_id: Number(r.record_id), def };
  });
  // nor is a record outside the caller's data scope (its owner row stays while it is in the recycle bin)
  for (const e of entries) {
    const scope = scopeFor(e.def, req);
    if (!scope) continue;
    const owner = await trx
      .selectFrom('record_owner')
      .select(['dept_id', 'user_id'])
      .where('resource', '=', e.def.name)
      .where('record_id', '=', e.record_id)
      .executeTakeFirst();
    if (!inScope(scope, owner)) throw notFound();
  }
  // restoring or purging a record needs the right to delete records of its kind
  if (entries.some((e) => !e.def.endpoints.del || !may(user, e.def.endpoints.del.path))) throw forbidden();
  return entries;
}

/** Puts a record back: same id, same columns; refuses (changing nothing) when its id, a unique value or a reference no longer fits. */
async function restoreOne(ctx: Ctx, trx: Transaction<Database>, req: FastifyRequest, entry: Entry & { def: ResourceDef }): Promise<void> {
  const { def } = entry;
  const loose = looseDb(trx);
  const row = JSON.parse(entry.data) as Row;
  row.id = entry.record_id;
  const title = entry.title;
  if (await loose.selectFrom(def.table).select('id').where('id', '=', entry.record_id).executeTakeFirst())
    throw conflict('recycle.idTaken', { title, id: entry.record_id });
  for (const u of def.unique ?? []) {
    const field = def.fields.find((f) => f.name === u.field);
    if (!field) continue;
    const v = row[columnOf(field)];
    if (v == null || v === '') continue;
    if (await loose.selectFrom(def.table).select('id').where(columnOf(field), '=', v).executeTakeFirst())
      throw conflict('recycle.uniqueTaken', { title, field: t(req, field.label), value: String(v) });
  }
  for (const r of def.refs ?? []) {
    const field = def.fields.find((f) => f.name === r.field);
    if (!field) continue;
    const v = row[columnOf(field)];
    if (v == null || v === '') continue;
    if (!(await loose.selectFrom(r.table).select('id').where(r.key, '=', v).executeTakeFirst()))
      throw conflict('recycle.refMissing', { title, reason: t(req, r.message) });
  }
  // the one write path: the row back with its id, and the `restore` event (operation log, revision …)
  await new Crud(ctx, def).restore(entry.record_id, row, req, trx);
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  ctx.onWrite((e) => keep(ctx, e));
  const { db } = ctx;

  addRoute(api, ctx, {
    endpoint: recycleEndpoints.page,
    doc: recyclePageSchema,
    handler: async (_i, req) => {
      const input = parseInput(recyclePageSchema, rawInput(req));
      const readable = req.user ? readableResources(req.user) : [];
      const shown = input.resource ? readable.filter((r) => r === input.resource) : readable;
      if (shown.length === 0) return page(req, [], 0);
      let q = db.selectFrom('recycle_bin').where('resource', 'in', shown);
      const scoped = scopedWhere(req, shown);
      if (scoped) q = q.where(scoped);
      if (input.keyword)
        q = q.where(sql<boolean>`lower(title) like lower(${`%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) escape '\\'`);
      const { n } = (await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: number };
      const total = Number(n);
      if (total === 0) return page(req, [], 0);
      const rows = await q
        .select(['id', 'resource', 'record_id', 'title', 'deleted_by', 'delete_time'])
        .orderBy('delete_time', 'desc')
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageNumber - 1) * input.pageSize)
        .execute();
      const out: RecycleRow[] = rows.map((r) => {
        const def = byName(String(r.resource));
        return {
          id: Number(r.id),
          resource: String(r.resource),
          resourceName: def ? t(req, def.label) : String(r.resource),
          recordId: Number(r.record_id),
          title: String(r.title),
          deletedBy: String(r.deleted_by),
          deleteTime: String(r.delete_time),
        };
      });
      return page(req, out, total);
    },
  });

  addRoute(api, ctx, {
    endpoint: recycleEndpoints.restore,
    doc: recycleIdsSchema,
    handler: async (_i, req) => {
      const ids = parseInput(recycleIdsSchema, idsOf(req));
      const count = await db.transaction().execute(async (trx) => {
        const entries = await entriesOf(trx, req, ids);
        for (const entry of entries) await restoreOne(ctx, trx, req, entry);
        await trx.deleteFrom('recycle_bin').where('id', 'in', ids).execute();
        return entries.length;
      });
      return ok(req, { count }, t(req, 'recycle.restored', { count }));
    },
  });

  addRoute(api, ctx, {
    endpoint: recycleEndpoints.purge,
    doc: recycleIdsSchema,
    handler: async (_i, req) => {
      const ids = parseInput(recycleIdsSchema, idsOf(req));
      const purged = await db.transaction().execute(async (trx) => {
        const entries = await entriesOf(trx, req, ids);
        await trx.deleteFrom('recycle_bin').where('id', 'in', ids).execute();
        for (const entry of entries) await new Crud(ctx, entry.def).purged(entry.record_id, entry.title, req, trx);
        return entries;
      });
      const count = purged.length;
      return ok(req, { count }, t(req, 'recycle.purged', { count }));
    },
  });

  // daily retention (a first run shortly after start)
  scheduleDaily(api, {
    name: 'recycle.purged',
    firstAfterMs: 60_000,
    run: () => purgeExpired(ctx),
    done: 'recycle bin: expired records purged',
  });
}
