import cors from '@fastify/cors';
import {
  Code,
  columnOf,
  type DeliveryEndpoint,
  deliveryBySlug,
  deliveryEndpoints,
  deliveryOpenApi,
  deliveryVisibility,
  publishState,
  type ResourceDef,
  resourceNamed,
  SLUG_MAX,
  SLUG_PATTERN,
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
import { registerFeeds } from './feeds.js';
import { DeliveryList, parseListRequest, usesQuery } from './list-query.js';
import { fallbackChain, registerLocale } from './locale.js';
import { ReplyShaper } from './reply.js';
import { replyCacheOf } from './reply-cache.js';
import { registerSearchIndex, startBackfill } from './search-index.js';
import { registerSitemaps } from './sitemap.js';

export type { RequestSiteKey } from './site-keys.js';
export { contentVersions } from './version.js';

type Row = Record<string, unknown>;

/**
 * the reply headers of the delivery API: JSON for other sites to read, never a document. `Vary: Origin` on every
 * reply (200, 304, errors), whatever PUBLIC_CORS_ORIGINS says: the CORS headers depend on the Origin, so a shared
 * cache must keep one copy per Origin (@fastify/cors adds nothing when `*`, and does not repeat it otherwise);
 * `Accept-Language`, since without `?locale=` it chooses the content locale (issue 24, locale.ts); and
 * `accept-encoding`, since a reply may be compressed (lower case: @fastify/compress adds it unless it finds it so)
 */
const DELIVERY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  vary: 'Origin, Accept-Language, accept-encoding',
};

const notFound = () => new AppError(Code.NOT_FOUND, 'delivery.notFound');

/**
 * The delivery API (issue 11) at PUBLIC_API_PREFIX: the paths of `deliveryEndpoints`, published content
 * only (decided at read time against now), public fields only, CORS; ETags from content versions with 304
 * answers, cache headers and tags, site keys, the rate limits and compression (cache.ts, issue 23).
 */
export async function registerDelivery(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const { config } = ctx;
  // the full-text index: kept by every write from now on, and filled beside the server for the rows written before
  const index = registerSearchIndex(ctx, app.log);
  const backfill = startBackfill(ctx, app.log);
  app.addHook('onClose', async () => {
    await index.stop();
    backfill.stop();
    await backfill.done;
  });
  // the preview page shows a record in the locale its link names (the overlay of every delivery reply)
  await registerPreviewPages(
    app,
    ctx,
    async (def, record, locale) => (await new ReplyShaper(ctx, '', locale).localized(def, [record]))[0].record,
  );
  // the sitemap at the root, beside the SPA (its fallback answers only paths no route has)
  await registerSitemaps(app, ctx);
  const { db } = ctx;
  const live = onSiteNow(() => ctx.nowText());
  const inWindow = () => {
    const now = ctx.nowText();
    return [
      () =>
        sql<boolean>`(t.enable_flag = 1 and (t.publish_time is null or t.publish_time <= ${now}) and (t.offline_time is null or t.offline_time > ${now}))`,
    ];
  };
  const hooksOf = (def: ResourceDef) => {
    const shown = deliveryVisibility(def);
    return shown === 'published' ? { visible: live } : shown === 'window' ? { listWhere: inWindow } : {};
  };
  const cruds = new Map<ResourceDef, Crud>();
  const crudOf = (def: ResourceDef) => {
    let c = cruds.get(def);
    if (!c) {
      c = new Crud(ctx, def, hooksOf(def));
      cruds.set(def, c);
    }
    return c;
  };
  const lists = new Map<ResourceDef, DeliveryList>();
  const listOf = (def: ResourceDef) => {
    let l = lists.get(def);
    if (!l) {
      l = new DeliveryList(ctx, def, hooksOf(def));
      lists.set(def, l);
    }
    return l;
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
      // the content locale of each request, before the ETag (which varies by it); an unknown `?locale=` is a 400
      registerLocale(pub, config);
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
            // a list reads its query itself (its query language names what it does not know)
            const input: Row = {
              ...(e.query && !e.listQuery ? (parseInput(e.query, req.query ?? {}) as Row) : {}),
              ...(e.params ? (parseInput(e.params, req.params ?? {}) as Row) : {}),
            };
            return { code: Code.OK, msg: okMsg(req), ...(await handler(req, input)) };
          },
        });
      };
      /** a list's rows for a request: its query language when used, else the resource's list as before */
      const listRows = async (e: DeliveryEndpoint, req: FastifyRequest, paged: boolean) => {
        const r = parseListRequest(e, (req.query ?? {}) as Row, config.timeZone);
        // `q` searches the text of the locale served (search-index.ts)
        r.locale = req.contentLocale;
        if (!paged) Object.assign(r, { page: 1, pageSize: 100 });
        const legacy = (pageNumber: number, pageSize: number) => crudOf(e.resource).list({ ...r.legacy, pageNumber, pageSize });
        // only the order changed: the resource's own list counts (from its kept row count when it can)
        const total = paged && r.filters.length === 0 && r.terms === null ? async () => (await legacy(1, 1)).total : paged;
        const found = usesQuery(r) ? await listOf(e.resource).page(r, total) : await legacy(r.page, r.pageSize);
        const rows = await ReplyShaper.of(ctx, req).rows(e.resource, found.rows, false, r.fields);
        return { rows, total: found.total, page: r.page, pageSize: r.pageSize };
      };
      for (const e of deliveryEndpoints()) {
        const def = e.resource;
        if (e.reply === 'page')
          route(e, async (req) => {
            const { rows, total, page, pageSize } = await listRows(e, req, true);
            return { rows, total, meta: { page, pageSize, total, pageCount: Math.ceil(total / pageSize) } };
          });
        else if (e.reply === 'list') route(e, async (req) => ({ data: (await listRows(e, req, false)).rows }));
        else if (e.reply === 'one' && !e.params)
          // the one record of a single-record resource: the first its list shows
          route(e, async (req) => {
            const [first] = (await crudOf(def).list({ ...e.fixed, pageNumber: 1, pageSize: 1 })).rows;
            const r = first ? await crudOf(def).get(Number(first.id)) : null;
            if (!r) throw notFound();
            return { data: await ReplyShaper.of(ctx, req).one(def, r) };
          });
        else if (e.reply === 'one' && e.params) route(e, async (req, i) => ({ data: await recordData(e, req, Number(i.id)) }));
        // a visit counts once per address, record and hour
        else
          route(e, async (req, i) => {
            const recordId = Number(i.id);
            await liveRecord(def, recordId);
            const now = ctx.nowText();
            const hour = now.slice(0, 13);
            const counted = await db.transaction().execute(async (trx) => {
              const ins = await trx
                .insertInto('public_view')
                .values({ resource: def.name, record_id: recordId, address: req.ip.slice(0, 64), hour })
                .onConflict((oc) => oc.doNothing())
                .executeTakeFirst();
              const fresh = Number(ins.numInsertedOrUpdatedRows ?? 0) > 0;
              if (fresh) await looseDb(trx).updateTable(def.table).set({ count: sql`count + 1` }).where('id', '=', recordId).execute();
              await trx.deleteFrom('public_view').where('hour', '<', hour).execute();
              return fresh;
            });
            // the count changes no version: this process's kept replies showing the record go (reply-cache.ts)
            if (counted) replyCacheOf(ctx).dropTag(`${def.name}:${recordId}`);
            return { msg: translate(req.lang, 'delivery.viewed') };
          });
      }
      registerBySlug(pub);
      registerFeeds(pub, ctx, listOf);
      pub.get('/openapi.json', async () => deliveryOpenApi(config.publicApiPrefix, undefined, config.contentLocales));
    },
    { prefix: config.publicApiPrefix },
  );

  /** what the path of one record by id answers in `data` (a page with its items; a record or its draft) */
  async function recordData(e: DeliveryEndpoint, req: FastifyRequest, recordId: number): Promise<Row> {
    const def = e.resource;
    if (e.items) {
      const items = e.items;
      const record = await liveRecord(def, recordId);
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
      const shaper = ReplyShaper.of(ctx, req);
      const shown = rows.map((r) => {
        const b = byId.get(Number(r.id)) ?? {};
        return { ...r, ...Object.fromEntries(html.map((f) => [f.name, b[f.name] ?? ''])) };
      });
      return { ...(await shaper.one(def, record)), items: await shaper.rows(itemDef, shown, true) };
    }
    // the draft version for a preview token of this record (drafts.ts), else what the site shows
    const record = await deliveredRecord(ctx, req, crudOf(def), recordId, () => liveRecord(def, recordId));
    return ReplyShaper.of(ctx, req).one(def, record);
  }

  /**
   * `GET {path}/by-slug/{slug}` of every record path by id with SEO fields (issue 24): the slug is looked up in the
   * request's locale, then along its fallback chain (the slug a reply names may be another locale's); the record is
   * answered as its path by id answers it when the slug is the one its reply names, else HTTP 301 to the by-slug
   * path of that one (`{ code: 301, data: { slug } }`: an old slug after a rename, another locale's slug). A slug
   * no record of the resource has, a malformed one, or a record not shown: 404.
   */
  function registerBySlug(pub: FastifyInstance): void {
    for (const b of deliveryBySlug()) {
      pub.get(b.path.replace('{slug}', ':slug'), async (req, reply) => {
        const slug = String((req.params as Row).slug ?? '');
        if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw notFound();
        const chain = fallbackChain(config, req.contentLocale);
        const rows = await db
          .selectFrom('content_slug')
          .select(['locale', 'record_id'])
          .where('resource', '=', b.resource.name)
          .where('slug', '=', slug)
          .where('locale', 'in', chain)
          .execute();
        const hit = chain.map((l) => rows.find((r) => r.locale === l)).find((r) => r != null);
        if (!hit) throw notFound();
        const data = await recordData(b.get, req, Number(hit.record_id));
        const current = String(data.slug ?? '');
        if (!current || current === slug) return { code: Code.OK, msg: translate(req.lang, 'common.ok'), data };
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        return reply
          .code(301)
          .header('location', `${config.publicApiPrefix}${b.path.replace('{slug}', encodeURIComponent(current))}${query}`)
          .send({ code: 301, data: { slug: current } });
      });
    }
  }
}
