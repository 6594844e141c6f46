import cors from '@fastify/cors';
import {
  Code,
  columnOf,
  type DeliveryEndpoint,
  deliveryEndpoints,
  deliveryOpenApi,
  deliveryVisibility,
  publicFields,
  publishState,
  type ResourceDef,
  resourceNamed,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { onSiteNow } from '../../crud/publish-state.js';
import { Crud } from '../../crud/service.js';
import { looseDb } from '../../db/index.js';
import { AppError } from '../../http/errors.js';
import { parseInput } from '../../http/route.js';
import { registerPreviewPages } from '../preview/index.js';
import { registerDeliveryCache } from './cache.js';
import { deliveredRecord, registerPreviewCaching } from './drafts.js';

export type { RequestSiteKey } from './site-keys.js';
export { contentVersions } from './version.js';

type Row = Record<string, unknown>;

/**
 * the reply headers of the delivery API: JSON for other sites to read, never a document. `Vary: Origin` on every
 * reply (200, 304, errors), whatever PUBLIC_CORS_ORIGINS says: the CORS headers depend on the Origin, so a shared
 * cache must keep one copy per Origin (@fastify/cors adds nothing when `*`, and does not repeat it otherwise);
 * and `accept-encoding`, since a reply may be compressed (lower case: @fastify/compress adds it unless it finds it so)
 */
const DELIVERY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  vary: 'Origin, accept-encoding',
};

const notFound = () => new AppError(Code.NOT_FOUND, 'delivery.notFound');

/**
 * The delivery API (issue 11) at PUBLIC_API_PREFIX: the paths of `deliveryEndpoints`, published content
 * only (decided at read time against now), public fields only, CORS; ETags from content versions with 304
 * answers, cache headers and tags, site keys, the rate limits and compression (cache.ts, issue 23).
 */
export async function registerDelivery(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const { config } = ctx;
  await registerPreviewPages(app, ctx);
  const { db } = ctx;
  const live = onSiteNow(() => ctx.nowText());
  const inWindow = () => {
    const now = ctx.nowText();
    return [
      () =>
        sql<boolean>`(t.enable_flag = 1 and (t.publish_time is null or t.publish_time <= ${now}) and (t.offline_time is null or t.offline_time > ${now}))`,
    ];
  };
  const cruds = new Map<ResourceDef, Crud>();
  const crudOf = (def: ResourceDef) => {
    let c = cruds.get(def);
    if (!c) {
      const shown = deliveryVisibility(def);
      const hooks = shown === 'published' ? { visible: live } : shown === 'window' ? { listWhere: inWindow } : {};
      c = new Crud(ctx, def, hooks);
      cruds.set(def, c);
    }
    return c;
  };
  const pick = (def: ResourceDef, r: Row, withHtml = true): Row => {
    const out: Row = {};
    for (const f of publicFields(def, withHtml)) if (f.name in r) out[f.name] = r[f.name];
    // the date a site shows: when it went live (records older than publishing: when created)
    if ('publishTime' in out && out.publishTime == null && 'createTime' in r) out.publishTime = r.createTime;
    return out;
  };
  /** one record the delivery API shows (published, inside its window) or a 404 */
  const liveRecord = async (def: ResourceDef, id: number): Promise<Row> => {
    const r = await crudOf(def).get(id);
    const now = ctx.nowText();
    const shown = deliveryVisibility(def);
    if (!r) throw notFound();
    if (shown === 'published' && publishState(r, now) !== 'published') throw notFound();
    if (
      shown === 'window' &&
      !(
        Number(r.enableFlag) === 1 &&
        (r.publishTime == null || String(r.publishTime) <= now) &&
        (r.offlineTime == null || String(r.offlineTime) > now)
      )
    )
      throw notFound();
    return r;
  };
  /** the list filters of a delivery list: the fixed ones, and each query parameter under its list param */
  const filtersOf = (e: DeliveryEndpoint, input: Row): Row => {
    const out: Row = { ...e.fixed };
    for (const [q, param] of Object.entries(e.filters ?? {})) if (input[q] != null) out[param] = input[q];
    return out;
  };
  const all = async (def: ResourceDef, filters: Row = {}) =>
    (await crudOf(def).list({ ...filters, pageNumber: 1, pageSize: 100 })).rows.map((r) => pick(def, r, false));

  await app.register(
    async (pub) => {
      pub.addHook('onRequest', (_req, reply, done) => {
        reply.headers(DELIVERY_HEADERS);
        done();
      });
      await pub.register(cors, {
        origin: config.publicCorsOrigins === '*' ? '*' : config.publicCorsOrigins.split(',').map((s) => s.trim()),
        methods: ['GET', 'HEAD', 'POST'],
        exposedHeaders: ['ETag'],
        maxAge: 600,
      });
      await registerDeliveryCache(pub, ctx);
      // a preview token's replies: private, never stored or revalidated (the ETag hook above leaves them alone)
      registerPreviewCaching(pub);
      pub.setNotFoundHandler((req, reply) =>
        reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({ code: Code.NOT_FOUND, msg: translate(req.lang, 'delivery.notFound') }),
      );

      const okMsg = (req: FastifyRequest) => translate(req.lang, 'common.ok');
      const route = <E extends DeliveryEndpoint>(e: E, handler: (req: FastifyRequest, input: Row) => Promise<Row>) => {
        pub.route({
          method: e.method,
          url: e.path.replace(/\{(\w+)\}/g, ':$1'),
          handler: async (req) => {
            const input: Row = {
              ...(e.query ? (parseInput(e.query, req.query ?? {}) as Row) : {}),
              ...(e.params ? (parseInput(e.params, req.params ?? {}) as Row) : {}),
            };
            return { code: Code.OK, msg: okMsg(req), ...(await handler(req, input)) };
          },
        });
      };
      for (const e of deliveryEndpoints()) {
        const def = e.resource;
        if (e.reply === 'page')
          route(e, async (_req, input) => {
            const { rows, total } = await crudOf(def).list({ ...filtersOf(e, input), pageNumber: input.page, pageSize: input.pageSize });
            return { rows: rows.map((r) => pick(def, r, false)), total };
          });
        else if (e.reply === 'list') route(e, async (_req, input) => ({ data: await all(def, filtersOf(e, input)) }));
        else if (e.reply === 'one' && !e.params)
          // the one record of a single-record resource: the first its list shows
          route(e, async () => {
            const [first] = (await crudOf(def).list({ ...e.fixed, pageNumber: 1, pageSize: 1 })).rows;
            const r = first ? await crudOf(def).get(Number(first.id)) : null;
            if (!r) throw notFound();
            return { data: pick(def, r) };
          });
        else if (e.reply === 'one' && e.items) {
          const items = e.items;
          route(e, async (_r, i) => {
            const record = await liveRecord(def, Number(i.id));
            const itemDef = resourceNamed(items.resource);
            const rows = (await crudOf(itemDef).list({ [items.filter]: record.id, pageNumber: 1, pageSize: 100 })).rows;
            // list rows leave rich-text bodies out: read them for the items shown
            const html = itemDef.fields.filter((f) => f.type === 'html' && !f.hidden);
            const bodies =
              rows.length && html.length
                ? await looseDb(db)
                    .selectFrom(itemDef.table)
                    .select(['id', ...html.map((f) => `${columnOf(f)} as ${f.name}`)])
                    .where(
                      'id',
                      'in',
                      rows.map((r) => Number(r.id)),
                    )
                    .execute()
                : [];
            const byId = new Map(bodies.map((b) => [Number(b.id), b as Row]));
            return {
              data: {
                ...pick(def, record),
                items: rows.map((r) => {
                  const b = byId.get(Number(r.id)) ?? {};
                  return pick(itemDef, { ...r, ...Object.fromEntries(html.map((f) => [f.name, b[f.name] ?? ''])) });
                }),
              },
            };
          });
        } else if (e.reply === 'one')
          route(e, async (req, i) => {
            const recordId = Number(i.id);
            // the draft version for a preview token of this record (drafts.ts), else what the site shows
            return { data: pick(def, await deliveredRecord(ctx, req, crudOf(def), recordId, () => liveRecord(def, recordId))) };
          });
        // a visit counts once per address, record and hour
        else
          route(e, async (req, i) => {
            const recordId = Number(i.id);
            await liveRecord(def, recordId);
            const now = ctx.nowText();
            const hour = now.slice(0, 13);
            await db.transaction().execute(async (trx) => {
              const ins = await trx
                .insertInto('public_view')
                .values({ resource: def.name, record_id: recordId, address: req.ip.slice(0, 64), hour })
                .onConflict((oc) => oc.doNothing())
                .executeTakeFirst();
              if (Number(ins.numInsertedOrUpdatedRows ?? 0) > 0)
                await looseDb(trx).updateTable(def.table).set({ count: sql`count + 1` }).where('id', '=', recordId).execute();
              await trx.deleteFrom('public_view').where('hour', '<', hour).execute();
            });
            return { msg: translate(req.lang, 'delivery.viewed') };
          });
      }
      pub.get('/openapi.json', async () => deliveryOpenApi(config.publicApiPrefix));
    },
    { prefix: config.publicApiPrefix },
  );
}
