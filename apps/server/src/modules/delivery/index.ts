import crypto from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import {
  Code,
  type DeliveryEndpoint,
  deliveryEndpoints,
  deliveryOpenApi,
  publicFields,
  publishState,
  type ResourceDef,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { onSiteNow } from '../../crud/publish-state.js';
import { Crud } from '../../crud/service.js';
import { AppError } from '../../http/errors.js';
import { parseInput } from '../../http/route.js';
import { registerPreviewPages } from '../preview/index.js';

type Row = Record<string, unknown>;

/**
 * the reply headers of the delivery API: JSON for other sites to read, never a document. `Vary: Origin` on every
 * reply (200, 304, errors), whatever PUBLIC_CORS_ORIGINS says: the CORS headers depend on the Origin, so a shared
 * cache must keep one copy per Origin (@fastify/cors adds nothing when `*`, and does not repeat it otherwise)
 */
const DELIVERY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  vary: 'Origin',
};

const notFound = () => new AppError(Code.NOT_FOUND, 'delivery.notFound');

/** strong ETag of a reply body */
const etagOf = (body: string | Buffer) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** does If-None-Match name this ETag (`*`, a list, weak forms compared weakly as RFC 9110 says for GET) */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The delivery API (issue 11) at PUBLIC_API_PREFIX: the paths of `deliveryEndpoints`, published content
 * only (decided at read time against now), public fields only, strong ETags with 304 answers, shared-cache
 * headers, CORS and a per-address rate limit.
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
      const hooks =
        def.name === 'news' || def.name === 'policy' || def.name === 'pageItem'
          ? { visible: live }
          : def.name === 'banner'
            ? { listWhere: inWindow }
            : {};
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
  /** one published record or a 404 */
  const liveRecord = async (def: ResourceDef, id: number): Promise<Row> => {
    const r = await crudOf(def).get(id);
    if (!r || publishState(r, ctx.nowText()) !== 'published') throw notFound();
    return r;
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
      await pub.register(rateLimit, {
        max: config.publicRateLimit,
        timeWindow: 60_000,
        errorResponseBuilder: () => new AppError(Code.TOO_MANY, 'delivery.tooMany'),
      });
      // a strong ETag on every successful read; a matching If-None-Match gets 304 without a body
      pub.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
        if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
        const etag = etagOf(payload);
        reply.header('etag', etag);
        reply.header('cache-control', `public, max-age=${config.publicMaxAge}, stale-while-revalidate=${config.publicStaleSeconds}`);
        if (matches(req.headers['if-none-match'], etag)) {
          reply.code(304);
          reply.removeHeader('content-length');
          reply.removeHeader('content-type');
          return '';
        }
        return payload;
      });
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
      const paged = (def: ResourceDef, filters: (input: Row) => Row) => async (_req: FastifyRequest, input: Row) => {
        const { rows, total } = await crudOf(def).list({ ...filters(input), pageNumber: input.page, pageSize: input.pageSize });
        return { rows: rows.map((r) => pick(def, r, false)), total };
      };
      const E = deliveryEndpoints;
      route(
        E.newsList,
        paged(newsDef(), (i) => ({ type: i.type, title: i.keyword })),
      );
      route(E.news, async (_r, i) => ({ data: pick(newsDef(), await liveRecord(newsDef(), Number(i.id))) }));
      route(E.newsTypes, async () => ({ data: await all(E.newsTypes.resource) }));
      route(
        E.policyList,
        paged(E.policyList.resource, (i) => ({ title: i.keyword })),
      );
      route(E.policy, async (_r, i) => ({ data: pick(E.policy.resource, await liveRecord(E.policy.resource, Number(i.id))) }));
      route(E.banners, async (_r, i) => ({ data: await all(E.banners.resource, { bannerType: i.bannerType }) }));
      route(E.page, async (_r, i) => {
        const pageDef = await crudOf(E.page.resource).get(Number(i.id));
        if (!pageDef) throw notFound();
        const itemDef = E.page.items;
        const items = (await crudOf(itemDef).list({ pageId: pageDef.id, pageNumber: 1, pageSize: 100 })).rows;
        const bodies = items.length
          ? await db
              .selectFrom('page_item')
              .select(['id', 'content'])
              .where(
                'id',
                'in',
                items.map((r) => Number(r.id)),
              )
              .execute()
          : [];
        const content = new Map(bodies.map((b) => [Number(b.id), b.content]));
        return {
          data: {
            ...pick(E.page.resource, pageDef),
            items: items.map((r) => pick(itemDef, { ...r, content: content.get(Number(r.id)) ?? '' })),
          },
        };
      });
      route(E.pageItem, async (_r, i) => ({ data: pick(E.pageItem.resource, await liveRecord(E.pageItem.resource, Number(i.id))) }));
      route(E.businessTypes, async () => ({ data: await all(E.businessTypes.resource) }));
      route(E.businesses, async (_r, i) => ({ data: await all(E.businesses.resource, { type: i.type }) }));
      route(E.applicationTypes, async () => ({ data: await all(E.applicationTypes.resource) }));
      route(E.applications, async (_r, i) => ({ data: await all(E.applications.resource, { type: i.type }) }));
      route(E.suppliers, async () => ({ data: await all(E.suppliers.resource) }));
      route(E.products, async (_r, i) => ({ data: await all(E.products.resource, { supplierId: i.supplierId }) }));
      route(E.links, async () => ({ data: await all(E.links.resource, { enableFlag: 1 }) }));
      route(E.contact, async () => {
        const [r] = (await crudOf(E.contact.resource).list({ enableFlag: 1, pageNumber: 1, pageSize: 1 })).rows;
        if (!r) throw notFound();
        return { data: pick(E.contact.resource, r) };
      });
      route(E.company, async () => {
        const r = await db.selectFrom('company').select('id').orderBy('id').limit(1).executeTakeFirst();
        const company = r ? await crudOf(E.company.resource).get(Number(r.id)) : null;
        if (!company) throw notFound();
        return { data: pick(E.company.resource, company) };
      });
      // a visit counts once per address, record and hour
      for (const e of [E.newsView, E.policyView]) {
        route(e, async (req, i) => {
          const recordId = Number(i.id);
          await liveRecord(e.resource, recordId);
          const now = ctx.nowText();
          const hour = now.slice(0, 13);
          await db.transaction().execute(async (trx) => {
            const ins = await trx
              .insertInto('public_view')
              .values({ resource: e.resource.name, record_id: recordId, address: req.ip.slice(0, 64), hour })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst();
            if (Number(ins.numInsertedOrUpdatedRows ?? 0) > 0)
              await trx.updateTable(e.resource.table).set({ count: sql`count + 1` }).where('id', '=', recordId).execute();
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

const newsDef = () => deliveryEndpoints.news.resource;
