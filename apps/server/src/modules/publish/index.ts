import {
  checkSchedule,
  type Endpoint,
  id,
  newsEndpoints,
  newsResource,
  optDateTime,
  pageEndpoints,
  pageItemResource,
  policyEndpoints,
  policyResource,
  publishState,
  type ResourceDef,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { Crud, type CrudHooks } from '../../crud/service.js';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';

type Row = Record<string, unknown>;

/** A resource with a publish state and its two publishing calls (their own permissions). */
export interface Publishable {
  def: ResourceDef;
  publish: Endpoint;
  unpublish: Endpoint;
}

export const PUBLISHABLE: readonly Publishable[] = [
  { def: newsResource, publish: newsEndpoints.publish, unpublish: newsEndpoints.unpublish },
  { def: policyResource, publish: policyEndpoints.publish, unpublish: policyEndpoints.unpublish },
  { def: pageItemResource, publish: pageEndpoints.itemPublish, unpublish: pageEndpoints.itemUnpublish },
];

const publishableOf = (def: ResourceDef) => {
  const p = PUBLISHABLE.find((x) => x.def === def);
  if (!p) throw new Error(`${def.name} is not publishable`);
  return p;
};

/**
 * The save rules of a publishable resource: a save without `status` keeps the stored one (a new record is
 * published, as the legacy calls expect); changing the status, or the schedule of a published record, needs
 * the publish / unpublish permission; the offline time must be after the publish time.
 */
export function publishHooks(def: ResourceDef): CrudHooks {
  const p = publishableOf(def);
  return {
    beforeSave(values, { existing, req }) {
      if (values.status == null || values.status === '') delete values.status;
      const current = existing ? String(existing.status) : null;
      const target = (values.status as string | undefined) ?? current ?? 'published';
      const user = req.user;
      const mayPublish = !!user && may(user, p.publish.path);
      const mayUnpublish = !!user && may(user, p.unpublish.path);
      if (existing) {
        if (target !== current && !(target === 'published' ? mayPublish : mayUnpublish)) throw forbidden('publish.noPermission');
        const scheduleChanged =
          ('publishTime' in values && (values.publishTime ?? null) !== (existing.publishTime ?? null)) ||
          ('offlineTime' in values && (values.offlineTime ?? null) !== (existing.offlineTime ?? null));
        if (target === 'published' && scheduleChanged && !mayPublish) throw forbidden('publish.noPermission');
      } else if (values.status === 'published' && !mayPublish) throw forbidden('publish.noPermission');
      const pt = ('publishTime' in values ? values.publishTime : existing?.publishTime) as string | null | undefined;
      const ot = ('offlineTime' in values ? values.offlineTime : existing?.offlineTime) as string | null | undefined;
      const err = checkSchedule(pt, ot);
      if (err) throw badRequest(err);
      return values;
    },
  };
}

/** The banner's time window: offline after publish, also against the stored values. */
export const bannerHooks: CrudHooks = {
  beforeSave(values, { existing }) {
    const pt = ('publishTime' in values ? values.publishTime : existing?.publishTime) as string | null | undefined;
    const ot = ('offlineTime' in values ? values.offlineTime : existing?.offlineTime) as string | null | undefined;
    const err = checkSchedule(pt, ot);
    if (err) throw badRequest(err);
    return values;
  },
};

export type PublishAction = 'publish' | 'unpublish';
/** told of every publish / unpublish inside its transaction (webhook events) */
export type PublishListener = (e: {
  def: ResourceDef;
  action: PublishAction;
  id: number;
  record: Row;
  trx: Transaction<Database>;
}) => Promise<void> | void;
const publishListeners = new WeakMap<Ctx, PublishListener[]>();
export function onPublish(ctx: Ctx, l: PublishListener): void {
  const list = publishListeners.get(ctx) ?? [];
  list.push(l);
  publishListeners.set(ctx, list);
}

/** requests that are a publish / unpublish call (their write event is told as publish / unpublish, not update) */
const publishing = new WeakMap<FastifyRequest, PublishAction>();
export const isPublishing = (req: FastifyRequest) => publishing.has(req);
/** what a publish call did (the operation log names it), undefined for any other request */
export const publishingAction = (req: FastifyRequest): PublishAction | undefined => publishing.get(req);

const publishInput = z.object({ id: id(), publishTime: optDateTime(), offlineTime: optDateTime() });
const unpublishInput = z.object({ id: id() });

/** Sets the publish state of one record inside a transaction and tells the write and publish listeners. */
async function changeState(
  ctx: Ctx,
  crud: Crud,
  recordId: number,
  req: FastifyRequest,
  action: PublishAction,
  change: (before: Row, now: string) => Row,
): Promise<Row> {
  return crud.db.transaction().execute(async (trx) => {
    const before = await crud.get(recordId, trx);
    if (!before) throw notFound();
    const cols = change(before, ctx.nowText());
    await trx.updateTable(crud.def.table).set(cols).where('id', '=', recordId).execute();
    const after = (await crud.get(recordId, trx))!;
    publishing.set(req, action);
    for (const l of ctx.writeListeners)
      await l({ resource: crud.def, action: 'update', id: recordId, before, after: { ...after }, req, trx });
    for (const l of publishListeners.get(ctx) ?? []) await l({ def: crud.def, action, id: recordId, record: after, trx });
    return after;
  });
}

/** `/news/publishNews`, `/news/unpublishNews` and the same for policies and page items. */
export function register(api: FastifyInstance, ctx: Ctx): void {
  for (const p of PUBLISHABLE) {
    const crud = new Crud(ctx, p.def);
    addRoute(api, ctx, {
      endpoint: p.publish,
      schema: publishInput,
      handler: async (input, req) => {
        const raw = { ...((req.query ?? {}) as Row), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Row) };
        let scheduled = false;
        const record = await changeState(ctx, crud, input.id, req, 'publish', (before, now) => {
          const publishTime = input.publishTime ?? now;
          let offlineTime = 'offlineTime' in raw ? (input.offlineTime ?? null) : ((before.offlineTime as string | null) ?? null);
          // publishing again after an offline time passed puts the record back on the site
          if (!('offlineTime' in raw) && offlineTime && offlineTime <= publishTime) offlineTime = null;
          const err = checkSchedule(publishTime, offlineTime);
          if (err) throw badRequest(err);
          scheduled = publishTime > now;
          return { status: 'published', publish_time: publishTime, offline_time: offlineTime };
        });
        return ok(req, record, scheduled ? 'publish.scheduled' : 'publish.published');
      },
    });
    addRoute(api, ctx, {
      endpoint: p.unpublish,
      schema: unpublishInput,
      handler: async (input, req) => {
        const record = await changeState(ctx, crud, input.id, req, 'unpublish', (before, now) => {
          const state = publishState(before, now);
          // not yet on the site: back to a draft; on the site: off it from now
          if (state === 'scheduled') return { status: 'draft' };
          if (state === 'published') return { offline_time: now };
          return {};
        });
        return ok(req, record, 'publish.unpublished');
      },
    });
  }
}
