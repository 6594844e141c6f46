import crypto from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import { allResources, Code, columnOf, deliveryVisibility, hasSeo, type ResourceDef, translate } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { publishStateSql } from '../../crud/publish-state.js';
import { looseDb } from '../../db/index.js';
import { TABLES } from '../../db/tables.js';
import { AppError } from '../../http/errors.js';
import { matches } from './cache.js';
import { isoOf } from './iso-time.js';
import { localize, readLocalesBetween } from './localized.js';
import { sitePageUrl, xmlText } from './site-urls.js';
import { contentVersions, type TableRead } from './version.js';

type Row = Record<string, unknown>;

/** URLs one sitemap file holds at most (the sitemaps.org limit) */
export const SITEMAP_MAX_URLS = 50_000;
/**
 * records read per query while walking a resource (with their locales, slugs and revisions: four queries). A page's
 * rows and URLs live across those queries and the stream's writes, long enough to outlive the young generation: at
 * 5,000 a page, the sitemap of 100,000 news left the old generation 11–16 MB larger and the process's peak at
 * 162–167 MB; at 1,000, 150–152 MB (issue 28).
 */
const PAGE = 1000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
/** a host as a URL may name it (reply.ts has the same rule) */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FILE = /^([A-Za-z][A-Za-z0-9]{0,39})-([1-9]\d{0,5})\.xml$/;

/** one `<url>` of a sitemap: a record's page in one locale, with its siblings in the others */
interface UrlEntry {
  loc: string;
  /** local `YYYY-MM-DD HH:mm:ss` in TZ_NAME (written with its offset) */
  lastmod: string | null;
  /** [hreflang, href]: every locale's page of the record and x-default, when it has pages in several */
  alternates: [string, string][];
}

/** one sitemap file of a resource: the records from id `first` to `last`, their URLs and the newest lastmod */
interface FilePart {
  first: number;
  last: number;
  urls: number;
  lastmod: string | null;
}

/** a resource's sitemap files, as laid out at one content version */
interface Layout {
  version: string;
  files: FilePart[];
}

const later = (a: string | null, b: string | null | undefined) => (!b ? a : !a || b > a ? b : a);

/**
 * The sitemap (issue 24): `GET /sitemap.xml`, a sitemap index over `/sitemap-{resource}-{n}.xml`, one set of files per
 * resource with a SITE_URL_<RESOURCE> template, each at most SITEMAP_MAX_URLS URLs (a record's pages never split
 * across two files). At the root beside the SPA: its fallback answers only paths no route has.
 *
 * - A record's pages: one per content locale it exists in (the default, and those with text), at PUBLIC_SITE_URL +
 *   the template with its slug in that locale (along the fallback chain), id and locale; a page marked `noindex`, or
 *   a template naming the slug of a record without one, is left out; so is every record the delivery API does not
 *   show (unpublished, outside its window). Each `<url>` has `lastmod` (the newest of its publish or creation time,
 *   its last revision and its translation's last change, ISO 8601 with the offset of TZ_NAME) and, when the record
 *   has pages in several locales, `xhtml:link rel="alternate" hreflang` for each and `x-default` (the default's).
 * - Streamed: records are read a thousand at a time (one query for them, one for their locales and slugs, one for
 *   their last revisions) and written as they come, gzip when the client accepts it.
 * - Where each file starts is laid out by walking the resource once per content version (kept until a write or a
 *   schedule changes it); the index's links are at the request's own origin (read through TRUST_PROXY), where a
 *   crawler found it, directly or through the website's proxy. ETag (the content versions) and 304; PUBLIC_RATE_LIMIT
 *   requests a minute per address, as the delivery API.
 */
export async function registerSitemaps(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const { config } = ctx;
  const resources: ResourceDef[] = [];
  for (const name of Object.keys(config.siteUrls)) {
    const def = allResources().find((r) => r.name === name);
    const env = `SITE_URL_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    if (!def?.delivery) throw new Error(`${env}: no delivered resource is named ${name}`);
    if (config.siteUrls[name].includes('{slug}') && !hasSeo(def)) throw new Error(`${env}: ${name} has no slugs; name its records by {id}`);
  }
  // in the order the resources are described
  for (const def of allResources()) if (config.siteUrls[def.name]) resources.push(def);
  const versions = contentVersions(ctx);
  const layouts = new Map<string, Layout>();
  const tablesOf = (def: ResourceDef): TableRead[] => [{ table: def.table, schedule: deliveryVisibility(def) }];
  const salt = JSON.stringify([config.publicSiteUrl, config.siteUrls, config.contentLocales, config.contentFallback, config.timeZone]);

  /** the pages of the records from id `first` to `last` (null: to the end), a page of records at a time */
  async function* walk(def: ResourceDef, first: number, last: number | null): AsyncGenerator<{ id: number; entries: UrlEntry[] }[]> {
    const columns = (TABLES as Record<string, Record<string, string>>)[def.table] ?? {};
    const hasPublish = 'publish_time' in columns;
    const hasCreate = 'create_time' in columns;
    const shown = deliveryVisibility(def);
    const fixed = { ...def.delivery?.list?.fixed, ...def.delivery?.single?.fixed };
    const single = !!def.delivery?.single && !def.delivery.list && !def.delivery.get;
    const now = ctx.nowText();
    const db = looseDb(ctx.db);
    const [defaultLocale] = config.contentLocales;
    let after = first - 1;
    for (;;) {
      let q = db
        .selectFrom(`${def.table} as t`)
        .select(['t.id', ...(hasPublish ? ['t.publish_time'] : []), ...(hasCreate ? ['t.create_time'] : [])])
        .where('t.id', '>', after);
      if (last != null) q = q.where('t.id', '<=', last);
      if (shown === 'published') q = q.where(publishStateSql('published', now).cond);
      else if (shown === 'window')
        q = q.where(
          sql<SqlBool>`(t.enable_flag = 1 and (t.publish_time is null or t.publish_time <= ${now}) and (t.offline_time is null or t.offline_time > ${now}))`,
        );
      for (const [name, value] of Object.entries(fixed)) {
        const f = def.fields.find((x) => x.name === name && !x.join);
        if (f) q = q.where(`t.${columnOf(f)}`, '=', value as never);
      }
      const rows = (await q
        .orderBy('t.id')
        .limit(single ? 1 : PAGE)
        .execute()) as Row[];
      if (!rows.length) return;
      const ids = rows.map((r) => Number(r.id));
      // what the page's records have, read by their id range (two bounds, not a list of a thousand ids)
      const [low, high] = [ids[0], ids[ids.length - 1]];
      const locales = def.translatable ? await readLocalesBetween(ctx.db, def.name, low, high) : new Map();
      const revised = new Map<number, string>();
      if (def.revisioned)
        for (const r of await ctx.db
          .selectFrom('revision')
          .select(['record_id', sql<string>`max(save_time)`.as('t')])
          .where('resource', '=', def.name)
          .where('record_id', '>=', low)
          .where('record_id', '<=', high)
          .groupBy('record_id')
          .execute())
          revised.set(Number(r.record_id), String(r.t));
      yield rows.map((r) => {
        const id = Number(r.id);
        const rec = locales.get(id);
        const since = later(later(null, (r.publish_time ?? r.create_time ?? null) as string | null), revised.get(id));
        const pages: { locale: string; loc: string; lastmod: string | null }[] = [];
        for (const locale of config.contentLocales) {
          const { info, seo } = localize(def, { id }, rec, locale, config);
          // a locale the record has no text in is not a page of it; nor is one kept from search engines
          if (info.locale !== locale || seo?.noindex) continue;
          const loc = sitePageUrl(config, def.name, { id, slug: seo?.slug ?? '', locale });
          if (!loc || pages.some((p) => p.loc === loc)) continue;
          pages.push({ locale, loc, lastmod: later(since, rec?.rows.get(locale)?.updateTime) });
        }
        const alternates: [string, string][] =
          pages.length > 1
            ? [
                ...pages.map((p): [string, string] => [p.locale, p.loc]),
                ['x-default', (pages.find((p) => p.locale === defaultLocale) ?? pages[0]).loc],
              ]
            : [];
        return { id, entries: pages.map((p) => ({ loc: p.loc, lastmod: p.lastmod, alternates })) };
      });
      if (single || rows.length < PAGE) return;
      after = ids[ids.length - 1];
    }
  }

  const versionOf = (defs: ResourceDef[]) => versions.versionOf(defs.flatMap(tablesOf));

  /** where each file of a resource starts and ends, at its current version (walked once per version) */
  async function layoutOf(def: ResourceDef): Promise<Layout> {
    const version = await versionOf([def]);
    const kept = layouts.get(def.name);
    if (kept?.version === version) return kept;
    const files: FilePart[] = [];
    let file: FilePart | null = null;
    for await (const page of walk(def, 1, null))
      for (const { id, entries } of page) {
        if (!entries.length) continue;
        // a record's pages stay together: a file that cannot take them all is closed
        if (!file || file.urls + entries.length > SITEMAP_MAX_URLS) {
          file = { first: id, last: id, urls: 0, lastmod: null };
          files.push(file);
        }
        file.last = id;
        file.urls += entries.length;
        for (const e of entries) file.lastmod = later(file.lastmod, e.lastmod);
      }
    const layout: Layout = { version, files };
    layouts.set(def.name, layout);
    return layout;
  }

  /** the request's own origin (through TRUST_PROXY), or '' for a Host that is no host name */
  const originOfRequest = (req: FastifyRequest) =>
    typeof req.host === 'string' && HOST.test(req.host) ? `${req.protocol === 'https' ? 'https' : 'http'}://${req.host}` : '';

  const etagOf = (version: string, what: string, origin: string) =>
    `W/"${crypto.createHash('sha256').update(`${salt}\n${version}\n${what}\n${origin}`).digest('base64url').slice(0, 27)}"`;

  /** the headers of a sitemap reply; true when If-None-Match matched (a 304 was sent) */
  const cached = (req: FastifyRequest, reply: FastifyReply, etag: string) => {
    reply.header('etag', etag).header('cache-control', `public, max-age=0, must-revalidate, s-maxage=${config.publicMaxAge}`);
    if (!matches(req.headers['if-none-match'], etag)) return false;
    reply.code(304).send();
    return true;
  };

  /** an XML document streamed from its parts, gzip-compressed for a client that takes it */
  const stream = (req: FastifyRequest, reply: FastifyReply, parts: AsyncIterable<string>) => {
    reply.type('application/xml; charset=utf-8').header('vary', 'accept-encoding');
    const source = Readable.from(parts);
    if (!/\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(source);
    reply.header('content-encoding', 'gzip');
    return reply.send(
      pipeline(source, zlib.createGzip(), (err) => {
        if (err) req.log.warn({ err }, 'sitemap stream failed');
      }),
    );
  };

  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ code: 404, msg: translate(req.lang, 'err.notFound', { path: req.url.split('?')[0].slice(0, 200) }) });

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      timeWindow: 60_000,
      max: config.publicRateLimit,
      errorResponseBuilder: () => new AppError(Code.TOO_MANY, 'delivery.tooMany'),
    });
    routes(scope);
  });

  function routes(app: FastifyInstance) {
    app.get('/sitemap.xml', async (req, reply) => {
      if (!resources.length) return notFound(req, reply);
      const origin = originOfRequest(req);
      if (cached(req, reply, etagOf(await versionOf(resources), 'index', origin))) return reply;
      const entries: string[] = [];
      for (const def of resources) {
        const { files } = await layoutOf(def);
        files.forEach((f, i) => {
          const lastmod = f.lastmod ? `<lastmod>${xmlText(isoOf(f.lastmod, config.timeZone))}</lastmod>` : '';
          entries.push(`<sitemap><loc>${xmlText(`${origin}/sitemap-${def.name}-${i + 1}.xml`)}</loc>${lastmod}</sitemap>`);
        });
      }
      async function* parts() {
        yield `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`;
        for (const e of entries) yield `${e}\n`;
        yield '</sitemapindex>\n';
      }
      return stream(req, reply, parts());
    });

    app.get('/sitemap-:file', async (req, reply) => {
      const m = FILE.exec((req.params as { file: string }).file);
      const def = m ? resources.find((r) => r.name === m[1]) : undefined;
      if (!m || !def) return notFound(req, reply);
      const layout = await layoutOf(def);
      const file = layout.files[Number(m[2]) - 1];
      if (!file) return notFound(req, reply);
      if (cached(req, reply, etagOf(layout.version, `${def.name}-${m[2]}`, ''))) return reply;
      async function* parts() {
        yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n`;
        let urls = 0;
        for await (const page of walk(def!, file.first, file.last)) {
          const out: string[] = [];
          for (const { entries } of page)
            for (const e of entries) {
              // records written since the layout was made wait for the next version's (never past the limit)
              if (urls++ >= SITEMAP_MAX_URLS) break;
              out.push(
                `<url><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${xmlText(isoOf(e.lastmod, config.timeZone))}</lastmod>` : ''}${e.alternates
                  .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${xmlText(lang)}" href="${xmlText(href)}"/>`)
                  .join('')}</url>\n`,
              );
            }
          if (out.length) yield out.join('');
        }
        yield '</urlset>\n';
      }
      return stream(req, reply, parts());
    });
  }
}
