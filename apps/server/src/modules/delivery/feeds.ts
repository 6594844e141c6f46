import { DELIVERY_FEEDS, deliveryEndpointsOf, FEED_SIZE, type ResourceDef, resourceNamed, translate } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import type { DeliveryList } from './list-query.js';
import { originOf, ReplyShaper } from './reply.js';
import { sitePageUrl, xmlText } from './site-urls.js';

type Row = Record<string, unknown>;

/** the interface language a content locale's feed is titled in (zh-CN → zh; es → es; else en) */
const uiLangOf = (locale: string) => {
  const primary = locale.toLowerCase().split('-')[0];
  return primary === 'zh' || primary === 'es' ? primary : 'en';
};

/** an ISO 8601 time with offset as RFC 822 (`Thu, 26 Nov 2026 07:00:00 GMT`), or null */
export function rfc822(iso: unknown): string | null {
  if (typeof iso !== 'string' || !iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toUTCString();
}

/**
 * RSS 2.0 feeds of the delivery API (issue 24, `DELIVERY_FEEDS`): `{prefix}/feeds/news.xml?locale=` and
 * `/feeds/policies.xml`, the latest FEED_SIZE records a site shows, newest first by the date it shows, in the
 * request's content locale (overlaid like every delivery reply). The channel is titled by the company profile in
 * that locale; each item links to the record's page on the website (SITE_URL_<RESOURCE> on PUBLIC_SITE_URL), else to
 * its delivery path, absolute either way, with that link as its guid, its date as `pubDate` (RFC 822) and its summary
 * as `description`. ETag and 304 as every delivery path (cache.ts versions it by the list's tables and the company's).
 */
export function registerFeeds(pub: FastifyInstance, ctx: Ctx, listOf: (def: ResourceDef) => DeliveryList): void {
  const { config } = ctx;
  const companyDef = resourceNamed('company');
  for (const feed of DELIVERY_FEEDS) {
    const def = resourceNamed(feed.resource);
    const paths = deliveryEndpointsOf(def);
    const list = paths.find((e) => e.listQuery);
    const get = paths.find((e) => e.reply === 'one' && e.params);
    if (!list) continue;
    pub.get(feed.path, async (req, reply) => {
      const locale = req.contentLocale;
      const shaper = ReplyShaper.of(ctx, req);
      const origin = originOf(ctx, req);
      const api = `${origin}${config.publicApiPrefix}`;
      const { rows } = await listOf(def).page(
        {
          page: 1,
          pageSize: FEED_SIZE,
          legacy: { ...list.fixed },
          fields: null,
          sort: { field: 'publishTime', dir: 'desc' },
          filters: [],
          terms: null,
        },
        false,
      );
      const items = await shaper.rows(def, rows, false);
      const company = await ctx.db.selectFrom('company').select(['id', 'name', 'summary']).orderBy('id').limit(1).executeTakeFirst();
      const site = company ? String((await shaper.localized(companyDef, [company as Row]))[0].record.name ?? '') : '';
      const lang = uiLangOf(locale);
      const what = translate(lang, feed.title);
      const q = `?locale=${encodeURIComponent(locale)}`;
      const channelLink = config.publicSiteUrl ? `${config.publicSiteUrl}/` : `${api}${list.path}${q}`;
      const linkOf = (r: Row) =>
        sitePageUrl(config, def.name, { id: Number(r.id), slug: String(r.slug ?? ''), locale }) ??
        (get ? `${api}${get.path.replace('{id}', String(r.id))}${q}` : channelLink);
      const dates = items.map((r) => rfc822(r.publishTime));
      const out: string[] = [
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
        `<title>${xmlText(site ? `${site} · ${what}` : what)}</title>`,
        `<link>${xmlText(channelLink)}</link>`,
        `<description>${xmlText(translate(lang, 'delivery.feedDescription', { site: site || what, what }))}</description>`,
        `<language>${xmlText(locale.toLowerCase())}</language>`,
        ...(origin ? [`<atom:link href="${xmlText(`${api}${feed.path}${q}`)}" rel="self" type="application/rss+xml"/>`] : []),
        ...(dates[0] ? [`<lastBuildDate>${dates[0]}</lastBuildDate>`] : []),
      ];
      items.forEach((r, i) => {
        const link = linkOf(r);
        out.push(
          `<item><title>${xmlText(r.title)}</title><link>${xmlText(link)}</link><guid isPermaLink="true">${xmlText(link)}</guid>` +
            `${dates[i] ? `<pubDate>${dates[i]}</pubDate>` : ''}<description>${xmlText(r.summary)}</description></item>`,
        );
      });
      out.push('</channel></rss>\n');
      return reply.type('application/rss+xml; charset=utf-8').send(out.join('\n'));
    });
  }
}
