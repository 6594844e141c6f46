import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import {
  Code,
  DELIVERY_FEEDS,
  type DeliveryEndpoint,
  deliveryBySlug,
  deliveryEndpoints,
  deliveryEndpointsOf,
  publicFields,
  resourceNamed,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Ctx } from '../../context.js';
import { busOf } from '../../events/bus.js';
import { AppError } from '../../http/errors.js';
import { previewTokenOf } from './drafts.js';
import { type KeptReply, replyCacheOf } from './reply-cache.js';
import { type RequestSiteKey, type SiteKeyCheck, SiteKeys } from './site-keys.js';
import { contentVersions, resourcesRead, type TableRead, tablesRead } from './version.js';

type Row = Record<string, unknown>;

/** a GET path of the delivery API with what its ETag is derived from */
interface Routed {
  /** null: the OpenAPI document (its version is the deployment's) */
  endpoint: DeliveryEndpoint | null;
  tables: TableRead[];
  /** the resources its reply holds or names (Cache-Tag beside the record ids) */
  resources: string[];
}

/** what the hooks of one request share */
interface State {
  routed?: Routed;
  etag?: string;
  notModified?: boolean;
  /** the bearer was not a usable site key: 401 after the rate limit counted it */
  refused?: Extract<SiteKeyCheck, { refused: unknown }>['refused'];
  /** Cache-Tag / Surrogate-Key of a 200 */
  tags?: string[];
  /** the reply cache's key of this request's 200 (reply-cache.ts), when it may be kept or served from there */
  cacheKey?: string;
  /** the cache's epoch when the key was made (a clear since: the reply is not kept) */
  epoch?: number;
  /** answered from the reply cache */
  cached?: boolean;
  /** the entry this request kept or was answered from (its compressed variant is added to it) */
  kept?: KeptReply;
}
const states = new WeakMap<FastifyRequest, State>();

/** JSON replies from this size on are compressed (br, else gzip) for a client that accepts it */
const COMPRESS_FROM_BYTES = 1024;
/** how replies are compressed: @fastify/compress's defaults (brotli at its recommended quality), also for the kept variants */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const COMPRESSORS: Record<string, (body: Buffer, done: (err: Error | null, out: Buffer) => void) => void> = {
  br: (body, done) => zlib.brotliCompress(body, BROTLI_OPTIONS, done),
  gzip: (body, done) => zlib.gzip(body, done),
};
/** the ETags remembered by what they are derived from (all of them forgotten when this many are kept), up to this length */
const ETAGS_KEPT = 1024;
const ETAG_MATERIAL_KEPT = 512;

/** does If-None-Match name this ETag (`*`, or one of a list; compared weakly, as RFC 9110 says for GET) */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

/**
 * What every ETag of this deployment starts from: the settings a reply's bytes follow (image origin and widths,
 * time zone, prefix), the public fields of every path, and the server code itself (this module's file: the bundle
 * in production). A deploy that changes what a reply looks like changes every ETag; processes running the same
 * build on the same settings agree.
 */
function deploymentSalt(config: AppConfig): string {
  const h = crypto.createHash('sha256');
  h.update(
    JSON.stringify([
      config.publicBaseUrl,
      config.imageWidths,
      config.timeZone,
      config.publicApiPrefix,
      deliveryEndpoints().map((e) => [e.path, publicFields(e.resource).map((f) => f.name)]),
      // what the locale of a reply and the feeds' links follow (issue 24)
      config.contentLocales,
      config.contentFallback,
      config.publicSiteUrl,
      config.siteUrls,
    ]),
  );
  try {
    h.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  } catch {
    // not a file (never in practice): the settings and fields still count
  }
  return h.digest('base64url');
}

/** the tags of a reply: its resource, the ids of the records in it, its items' resource and ids, the resources it names */
function tagsOf(endpoint: DeliveryEndpoint, routed: Routed, payload: unknown): string[] {
  const name = endpoint.resource.name;
  const tags = new Set<string>([name]);
  const add = (resource: string, rec: unknown) => {
    const recId = rec && typeof rec === 'object' ? (rec as Row).id : null;
    if (typeof recId === 'number' || typeof recId === 'string') tags.add(`${resource}:${recId}`);
  };
  const p = (payload && typeof payload === 'object' ? payload : {}) as Row;
  if (Array.isArray(p.rows)) for (const r of p.rows) add(name, r);
  if (Array.isArray(p.data)) for (const r of p.data) add(name, r);
  else if (p.data && typeof p.data === 'object') {
    add(name, p.data);
    const items = (p.data as Row).items;
    if (endpoint.items && Array.isArray(items)) {
      tags.add(endpoint.items.resource);
      for (const r of items) add(endpoint.items.resource, r);
    }
  }
  for (const r of routed.resources) tags.add(r);
  return [...tags];
}

/**
 * The delivery API's caching, site keys, rate limit and compression (issue 23), registered in its scope before its
 * routes:
 *
 * - ETag: weak, derived from the content versions of the tables the path reads (version.ts), the path and
 *   query, and the representation's variant (language, content locale, a preview key or token, the origin image
 *   URLs are built from when PUBLIC_BASE_URL is unset). A matching `If-None-Match` is answered 304 in `onRequest`:
 *   no query, no handler, before the rate limit counts anything. The by-slug paths and the feeds (issue 24) are
 *   versioned like the record path and the list they read.
 * - `Cache-Control: public, max-age=0, must-revalidate, s-maxage=PUBLIC_MAX_AGE` (browsers revalidate every
 *   time, CDNs keep it PUBLIC_MAX_AGE); `CDN-Cache-Control` adds `stale-while-revalidate=PUBLIC_STALE_SECONDS`
 *   for the CDN only; a reply that may hold drafts (a preview key, a preview token) is `private, no-cache`.
 *   `Cache-Tag` (comma-separated) and `Surrogate-Key` (space-separated) name the resource and the records of a
 *   reply, for a purge by tag.
 * - Site keys (`Authorization: Bearer gks_…`): a valid one sets `req.siteKey` and is limited per key
 *   (SITE_KEY_RATE_LIMIT a minute) instead of per address; an invalid or revoked one is counted per address,
 *   then answered 401.
 * - Replies from 1 KB on are compressed (br, else gzip) when the client accepts it (`Vary: accept-encoding`).
 * - Reply cache (issue 28, reply-cache.ts): a GET's 200 is kept by a key of what its ETag is derived from, and the
 *   same request is answered from it after the rate limit counted it (the bytes the handler made, through the same
 *   hooks: the same headers). Never a reply that may hold drafts, an error, nor while the change bus is not trusted.
 */
export async function registerDeliveryCache(pub: FastifyInstance, ctx: Ctx): Promise<void> {
  const { config } = ctx;
  const versions = contentVersions(ctx);
  const keys = new SiteKeys(ctx);
  const salt = deploymentSalt(config);
  const routes = new Map<string, Routed>();
  for (const e of deliveryEndpoints())
    if (e.method === 'GET')
      routes.set(`${config.publicApiPrefix}${e.path.replace(/\{(\w+)\}/g, ':$1')}`, {
        endpoint: e,
        tables: tablesRead(e),
        resources: resourcesRead(e),
      });
  for (const b of deliveryBySlug())
    routes.set(`${config.publicApiPrefix}${b.path.replace('{slug}', ':slug')}`, {
      endpoint: b.get,
      tables: tablesRead(b.get),
      resources: resourcesRead(b.get),
    });
  for (const f of DELIVERY_FEEDS) {
    const list = deliveryEndpointsOf(resourceNamed(f.resource)).find((e) => e.listQuery);
    if (!list) continue;
    // a feed's channel is titled by the company profile
    const company = deliveryEndpointsOf(resourceNamed('company'));
    const tables = [...tablesRead(list), ...company.flatMap(tablesRead)];
    routes.set(`${config.publicApiPrefix}${f.path}`, {
      endpoint: list,
      tables: tables.filter((t, i) => tables.findIndex((o) => o.table === t.table) === i),
      resources: [...new Set([...resourcesRead(list), ...company.flatMap(resourcesRead)])],
    });
  }
  routes.set(`${config.publicApiPrefix}/openapi.json`, { endpoint: null, tables: [], resources: [] });

  pub.decorateRequest('siteKey', null);

  const shared = `public, max-age=0, must-revalidate, s-maxage=${config.publicMaxAge}`;
  const cdn = config.publicStaleSeconds > 0 ? `max-age=${config.publicMaxAge}, stale-while-revalidate=${config.publicStaleSeconds}` : null;
  /** a request that may be served drafts: a preview key, or a preview token (`X-Preview-Token`, `?preview=`) */
  const previewing = (req: FastifyRequest) =>
    !!req.siteKey?.preview || req.headers['x-preview-token'] != null || (req.query as Row | undefined)?.preview != null;
  const cacheHeaders = (req: FastifyRequest, reply: FastifyReply, etag: string) => {
    reply.header('etag', etag);
    if (previewing(req)) {
      reply.header('cache-control', 'private, no-cache');
      return;
    }
    reply.header('cache-control', shared);
    if (cdn) reply.header('cdn-cache-control', cdn);
  };
  // the query is in the path already; a preview token in a header is not
  const variantOf = (req: FastifyRequest, key: RequestSiteKey | null) =>
    JSON.stringify([
      req.lang,
      // the content locale: `?locale=` is in the URL already, Accept-Language is not (locale.ts)
      req.contentLocale,
      !!key?.preview,
      req.headers['x-preview-token'] ?? null,
      config.publicBaseUrl ? '' : `${req.protocol}://${req.host}`,
    ]);
  const bus = busOf(ctx);
  const replies = replyCacheOf(ctx);
  /**
   * The ETag of what it is derived from (the salt is one per process). Remembered (at most ETAGS_KEPT of at most
   * ETAG_MATERIAL_KEPT characters, ~1 MB): a steady stream of requests for the same replies hashes each once, not on
   * every request; a write makes new material and the old is forgotten with the rest when the map is full.
   */
  const etags = new Map<string, string>();
  const etagOf = (material: string) => {
    let etag = etags.get(material);
    if (etag === undefined) {
      const digest = crypto.createHash('sha256').update(`${salt}\n${material}`).digest('base64url').slice(0, 27);
      etag = `W/"${digest}"`;
      if (material.length <= ETAG_MATERIAL_KEPT) {
        if (etags.size >= ETAGS_KEPT) etags.clear();
        etags.set(material, etag);
      }
    }
    return etag;
  };
  /** the ETag and the cache key of a routed request once its version is known; true: answered 304 */
  const revalidate = (req: FastifyRequest, reply: FastifyReply, state: State, version: string, epoch: number) => {
    // the reply cache's key: what the ETag is derived from
    const key = `${version}\n${req.url}\n${variantOf(req, req.siteKey)}`;
    state.etag = etagOf(key);
    // a reply that may hold drafts is private: never kept, never served from the cache
    if (replies.enabled && req.method === 'GET' && bus.trusted && !previewing(req)) {
      state.cacheKey = key;
      state.epoch = epoch;
    }
    if (!matches(req.headers['if-none-match'], state.etag)) return false;
    state.notModified = true;
    cacheHeaders(req, reply, state.etag);
    reply.code(304);
    reply.send();
    return true;
  };
  /** the rest of the ETag hook when something must be read first (a site key, versions not kept) */
  const revalidateAsync = async (req: FastifyRequest, reply: FastifyReply, state: State, bearer: string | null) => {
    if (bearer != null) {
      const checked = await keys.check(bearer);
      if ('refused' in checked) {
        state.refused = checked.refused;
        return false;
      }
      req.siteKey = checked.key;
    }
    const routed = routedOf(req);
    if (!routed) return false;
    state.routed = routed;
    const epoch = replies.epoch;
    return revalidate(req, reply, state, await versions.versionOf(routed.tables), epoch);
  };
  /** the ETag'd path a request reads: a GET or HEAD, not with a preview token (drafts.ts: private, no-store) */
  const routedOf = (req: FastifyRequest) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const routed = routes.get(req.routeOptions.url ?? '');
    return routed && !previewTokenOf(req) ? routed : undefined;
  };

  // after CORS (a 304 carries its headers), before the rate limit (a route hook: it runs after every scope hook);
  // without a site key and with the versions kept (the steady state) it runs synchronously
  pub.addHook('onRequest', (req, reply, done) => {
    const state: State = {};
    states.set(req, state);
    const bearer = SiteKeys.bearerOf(req);
    if (bearer == null) {
      const routed = routedOf(req);
      if (!routed) return done();
      const version = versions.keptVersionOf(routed.tables);
      if (version !== undefined) {
        state.routed = routed;
        if (!revalidate(req, reply, state, version, replies.epoch)) done();
        return;
      }
    }
    revalidateAsync(req, reply, state, bearer).then((answered) => {
      if (!answered) done();
    }, done);
  });

  await pub.register(rateLimit, {
    timeWindow: 60_000,
    keyGenerator: (req) => (req.siteKey ? `site-key:${req.siteKey.id}` : req.ip),
    max: (req) => (req.siteKey ? config.siteKeyRateLimit : config.publicRateLimit),
    errorResponseBuilder: () => new AppError(Code.TOO_MANY, 'delivery.tooMany'),
  });

  // an invalid or revoked key: refused once the per-address limit counted it
  pub.addHook('preHandler', async (req, reply) => {
    const refused = states.get(req)?.refused;
    if (!refused) return;
    reply
      .code(401)
      .header('www-authenticate', `Bearer error="invalid_token"`)
      .type('application/json; charset=utf-8')
      .send({ code: Code.UNAUTHORIZED, msg: translate(req.lang, refused) });
    return reply;
  });

  // a kept reply: after the rate limit counted the request (and a refused key was answered), before the handler
  pub.addHook('preHandler', (req, reply, done) => {
    const state = states.get(req);
    if (!state?.cacheKey || reply.sent) return done();
    const kept = replies.get(state.cacheKey);
    if (!kept) return done();
    state.cached = true;
    state.kept = kept;
    state.tags = kept.tags;
    reply.type(kept.type).send(kept.body);
  });

  await pub.register(compress, { threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'], brotliOptions: BROTLI_OPTIONS });
  // after @fastify/compress's own route hook (onRoute hooks run in order): the bytes it made for a kept reply are
  // kept beside it, so the next request with the same Accept-Encoding is sent them instead of compressing again
  pub.addHook('onRoute', (route) => {
    const own = route.onSend == null ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, keepCompressed];
  });

  pub.addHook('preSerialization', (req, reply, payload, done) => {
    const state = states.get(req);
    if (state?.routed?.endpoint && reply.statusCode === 200) state.tags = tagsOf(state.routed.endpoint, state.routed, payload);
    done(null, payload);
  });

  pub.addHook('onSend', (req, reply, payload, done) => {
    const state = states.get(req);
    if (state?.notModified || !state?.etag || reply.statusCode !== 200) return done(null, payload);
    cacheHeaders(req, reply, state.etag);
    const kept = state.cached ? state.kept : undefined;
    if (kept) {
      if (kept.cacheTag) {
        reply.header('cache-tag', kept.cacheTag);
        reply.header('surrogate-key', kept.surrogateKey);
      }
      // the bytes @fastify/compress made for this Accept-Encoding before (it sends a reply with an encoding as it is)
      const accept = req.headers['accept-encoding'];
      const encoding = accept === undefined ? undefined : kept.chose?.get(accept);
      const bytes = encoding === undefined ? undefined : kept.encoded?.[encoding];
      if (encoding === undefined || bytes === undefined) return done(null, payload);
      reply.header('content-encoding', encoding);
      reply.header('content-length', bytes.length);
      return done(null, bytes);
    }
    // a reply that is no JSON (a feed) is tagged by what its path reads
    if (!state.tags && state.routed?.endpoint) state.tags = [...new Set([state.routed.endpoint.resource.name, ...state.routed.resources])];
    const tags = state.tags ?? [];
    const cacheTag = tags.join(',');
    const surrogateKey = tags.join(' ');
    if (tags.length) {
      reply.header('cache-tag', cacheTag);
      reply.header('surrogate-key', surrogateKey);
    }
    // the body as made (compression comes after this hook), unless the cache was emptied since the key was made
    if (state.cacheKey && state.epoch === replies.epoch && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      state.kept = {
        body,
        type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        tags,
        cacheTag,
        surrogateKey,
      };
      replies.set(state.cacheKey, state.kept);
    }
    done(null, payload);
  });

  /** the kept bodies being compressed beside the reply (by encoding), so concurrent requests start it once */
  const compressing = new WeakMap<Buffer, Set<string>>();
  /**
   * A route's last onSend hook: @fastify/compress's bytes of a kept reply, kept beside it (reply-cache.ts). A body
   * it compressed as a stream (above its synchronous size, off the event loop) is compressed again here the same
   * way, off the event loop, and kept when done; the requests until then are compressed as before.
   */
  function keepCompressed(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) {
    const state = states.get(req);
    const accept = req.headers['accept-encoding'];
    const kept = state?.kept;
    const key = state?.cacheKey;
    const encoding = reply.getHeader('content-encoding');
    if (!kept || !key || accept === undefined || reply.statusCode !== 200 || typeof encoding !== 'string') return done(null, payload);
    if (Buffer.isBuffer(payload)) replies.addEncoded(key, kept, accept, encoding, payload);
    else if (kept.encoded?.[encoding]) replies.addEncoded(key, kept, accept, encoding, kept.encoded[encoding]);
    else if (COMPRESSORS[encoding] && !compressing.get(kept.body)?.has(encoding)) {
      const busy = compressing.get(kept.body) ?? new Set<string>();
      compressing.set(kept.body, busy.add(encoding));
      COMPRESSORS[encoding](kept.body, (err, out) => {
        busy.delete(encoding);
        if (!err) replies.addEncoded(key, kept, accept, encoding, out);
      });
    }
    done(null, payload);
  }
}
