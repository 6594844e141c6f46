import { hasSeo, id, type ResourceDef, type RevisionRow, resourceByName, revisionEndpoints, revisionListSchema } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokenOf } from '../../auth/guard.js';
import { may } from '../../auth/sessions.js';
import type { Ctx, WriteEvent, WriteListener } from '../../context.js';
import { assertInScope, scopeFor } from '../../crud/scope.js';
import { localesOf, slugHolder, uniqueSlug } from '../../crud/translations.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { recordTitle } from '../log/index.js';

type Row = Record<string, unknown>;
/** a resource described `revisioned`, by name */
const defOf = (name: string) => {
  const def = resourceByName(name);
  return def?.revisioned ? def : undefined;
};

/**
 * the writes that keep a revision: every write that leaves a record with other content (a toggle flips a flag only),
 * and a pending draft kept (the record as the draft makes it)
 */
const KEPT: ReadonlySet<WriteEvent['action']> = new Set(['create', 'update', 'publish', 'unpublish', 'restore', 'draft']);

/** Keeps the record as saved, and drops the oldest beyond REVISIONS_KEEP, inside the saving transaction. */
const kept = (e: WriteEvent) => KEPT.has(e.action) && !!e.after && !!e.resource.revisioned;
const revisionOf = (ctx: Ctx, e: WriteEvent) => ({
  resource: e.resource.name,
  record_id: e.id,
  title: recordTitle(e.resource, e.after, e.id),
  data: JSON.stringify(e.after),
  user_name: e.req?.user?.userName ?? 'system',
  save_time: ctx.nowText(),
});

async function keep(ctx: Ctx, e: WriteEvent): Promise<void> {
  if (!kept(e)) return;
  await e.trx.insertInto('revision').values(revisionOf(ctx, e)).execute();
  // a record created now has this one revision (REVISIONS_KEEP is at least 1)
  if (e.action !== 'create') await trim(ctx, e.trx, e.resource.name, e.id);
}

/** `keep` of a bulk save's events (one resource, one transaction): the revisions in a few inserts, trimmed where over */
async function keepMany(ctx: Ctx, events: WriteEvent[]): Promise<void> {
  const mine = events.filter(kept);
  if (!mine.length) return;
  const { trx } = mine[0];
  const resource = mine[0].resource.name;
  for (let i = 0; i < mine.length; i += 200)
    await trx
      .insertInto('revision')
      .values(mine.slice(i, i + 200).map((e) => revisionOf(ctx, e)))
      .execute();
  const ids = [...new Set(mine.filter((e) => e.action !== 'create').map((e) => e.id))];
  for (let i = 0; i < ids.length; i += 500) {
    const over = await trx
      .selectFrom('revision')
      .select('record_id')
      .where('resource', '=', resource)
      .where('record_id', 'in', ids.slice(i, i + 500))
      .groupBy('record_id')
      .having((eb) => eb.fn.countAll(), '>', ctx.config.revisionsKeep)
      .execute();
    for (const r of over) await trim(ctx, trx, resource, Number(r.record_id));
  }
}

/** drops a record's revisions beyond the newest REVISIONS_KEEP */
async function trim(ctx: Ctx, trx: WriteEvent['trx'], resource: string, recordId: number): Promise<void> {
  const old = await trx
    .selectFrom('revision')
    .select('id')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .offset(ctx.config.revisionsKeep)
    .limit(1000)
    .execute();
  if (old.length)
    await trx
      .deleteFrom('revision')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}

/**
 * A revision's record made ready to be saved again, for a translatable resource: every locale it had goes back and
 * one it did not have is removed (a revision kept before translations existed leaves them alone); a slug another
 * record uses now is made unique again (`-2` …) instead of refusing the restore.
 */
async function withLocales(ctx: Ctx, def: ResourceDef, recordId: number, data: Row): Promise<Row> {
  if (!def.translatable) return data;
  const { default: main, others } = localesOf(ctx);
  const out: Row = { ...data };
  const kept = data.translations && typeof data.translations === 'object' ? (data.translations as Record<string, Row>) : null;
  const translations: Record<string, Row | null> | null = kept
    ? Object.fromEntries(others.map((l) => [l, kept[l] ? { ...kept[l] } : null]))
    : null;
  if (translations) out.translations = translations;
  delete out.translationStatus;
  if (!hasSeo(def)) return out;
  const free = async (locale: string, slug: unknown) => {
    if (typeof slug !== 'string' || !slug) return slug;
    const holder = await slugHolder(ctx.db, def.name, locale, slug);
    return holder && holder.recordId !== recordId && holder.current ? uniqueSlug(ctx.db, def.name, locale, slug, recordId) : slug;
  };
  if ('slug' in out) out.slug = await free(main, out.slug);
  for (const [locale, v] of Object.entries(translations ?? {})) if (v) v.slug = await free(locale, v.slug);
  return out;
}

/** Reading a record's revisions needs the right to read the record. */
function mayRead(req: FastifyRequest, resource: string) {
  const def = defOf(resource);
  if (!def) throw badRequest('revision.unknownResource');
  const read = def.endpoints.get ?? def.endpoints.list;
  if (!req.user || !read || !may(req.user, read.path)) throw forbidden();
  return def;
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  const listener: WriteListener = (e) => keep(ctx, e);
  listener.many = (events) => keepMany(ctx, events);
  ctx.onWrite(listener);
  const { db } = ctx;
  const one = async (revisionId: number, req: FastifyRequest) => {
    const r = await db.selectFrom('revision').selectAll().where('id', '=', revisionId).executeTakeFirst();
    if (!r) throw notFound();
    const def = mayRead(req, String(r.resource));
    // a record outside the caller's data scope: its versions too
    await assertInScope(db, def.name, scopeFor(def, req), [Number(r.record_id)]);
    return { r, def };
  };

  addRoute(api, ctx, {
    endpoint: revisionEndpoints.list,
    schema: revisionListSchema,
    handler: async ({ resource, id: recordId }, req) => {
      const def = mayRead(req, resource);
      await assertInScope(db, def.name, scopeFor(def, req), [recordId]);
      const rows = await db
        .selectFrom('revision')
        .select(['id', 'user_name', 'save_time', 'title'])
        .where('resource', '=', resource)
        .where('record_id', '=', recordId)
        .orderBy('id', 'desc')
        .execute();
      const out: RevisionRow[] = rows.map((r) => ({
        id: Number(r.id),
        userName: String(r.user_name),
        saveTime: String(r.save_time),
        title: String(r.title),
      }));
      return ok(req, out);
    },
  });

  addRoute(api, ctx, {
    endpoint: revisionEndpoints.get,
    schema: z.object({ id: id() }),
    handler: async ({ id: revisionId }, req) => {
      const { r } = await one(revisionId, req);
      return ok(req, {
        id: Number(r.id),
        resource: r.resource,
        recordId: Number(r.record_id),
        userName: r.user_name,
        saveTime: r.save_time,
        title: r.title,
        data: JSON.parse(String(r.data)) as Row,
      });
    },
  });

  // 恢复此版本: that version goes through the resource's own save call (its rules, hooks, permission and log),
  // which keeps a new revision
  addRoute(api, ctx, {
    endpoint: revisionEndpoints.restore,
    schema: z.object({ id: id() }),
    handler: async ({ id: revisionId }, req) => {
      const { r, def } = await one(revisionId, req);
      const save = def.endpoints.save;
      if (!save) throw badRequest('revision.unknownResource');
      const data = await withLocales(ctx, def, Number(r.record_id), JSON.parse(String(r.data)) as Row);
      const res = await api.inject({
        method: 'POST',
        url: `${ctx.config.apiPrefix}${save.path}`,
        headers: { token: tokenOf(req) ?? '', lang: req.lang },
        payload: { ...data, id: Number(r.record_id) },
      });
      const body = res.json() as { code: number; msg: string; data?: Row };
      if (body.code !== 200) throw new AppError(body.code, body.msg);
      return ok(req, body.data, t(req, 'revision.restored', { time: String(r.save_time) }));
    },
  });
}
