import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * TEST HELPER: structural checks of the sitemap (sitemaps.org protocol 0.9: the rules of its XSD, sitemap.xsd and
 * siteindex.xsd, written out here over fast-xml-parser's tree, since no XSD validator runs in CI) and of RSS 2.0 (the
 * RSS 2.0 specification's required elements and formats). Each answers the problems found (empty: valid) and what it
 * read.
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** a node of fast-xml-parser's ordered tree: `{ tag: children, ':@': attributes }` */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@') ?? '';
const attrsOf = (n: Node) => (n[':@'] ?? {}) as Record<string, string>;
const childrenOf = (n: Node) => ((n[tagOf(n)] as Node[]) ?? []).filter((c) => tagOf(c) !== '#text' || String(c['#text']).trim() !== '');
const textOf = (n: Node) =>
  ((n[tagOf(n)] as Node[]) ?? [])
    .filter((c) => tagOf(c) === '#text')
    .map((c) => String(c['#text']))
    .join('');

/** xsd:date or xsd:dateTime with a time zone: the W3C datetime formats the protocol names */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** tLoc: an absolute http(s) URI of 12 to 2048 characters */
const locProblem = (v: string) => {
  if (v.length < 12 || v.length > 2048) return `loc length ${v.length}`;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return `loc not http(s): ${v}`;
  } catch {
    return `loc not a URL: ${v}`;
  }
  return /\s/.test(v) ? `loc with white space: ${v}` : null;
};
const BCP47 = /^(x-default|[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)$/;

/** the document's root element (after the XML declaration), and the problems of a document that is not well-formed */
function rootOf(xml: string, problems: string[]): Node | null {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    problems.push(`not well-formed: ${JSON.stringify(valid.err)}`);
    return null;
  }
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no UTF-8 XML declaration');
  const top = (parser.parse(xml) as Node[]).filter((n) => tagOf(n) !== '?xml' && tagOf(n) !== '#text');
  if (top.length !== 1) problems.push(`${top.length} root elements`);
  return top[0] ?? null;
}

export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: { hreflang: string; href: string }[];
}

/** a `<urlset>` as sitemap.xsd has it: url+ (≤ 50,000), each loc, lastmod?, changefreq?, priority?, then other namespaces */
export function checkUrlset(xml: string): { problems: string[]; urls: SitemapUrl[] } {
  const problems: string[] = [];
  const urls: SitemapUrl[] = [];
  if (Buffer.byteLength(xml) > 52_428_800) problems.push('larger than 50 MB');
  const root = rootOf(xml, problems);
  if (!root) return { problems, urls };
  const attrs = attrsOf(root);
  if (tagOf(root) !== 'urlset' || attrs.xmlns !== SITEMAP_NS) problems.push(`root ${tagOf(root)} xmlns=${attrs.xmlns}`);
  const children = childrenOf(root);
  if (children.length < 1 || children.length > 50_000) problems.push(`${children.length} urls`);
  const order = ['loc', 'lastmod', 'changefreq', 'priority'];
  for (const url of children) {
    if (tagOf(url) !== 'url') {
      problems.push(`urlset holds <${tagOf(url)}>`);
      continue;
    }
    const parts = childrenOf(url);
    let at = -1;
    const entry: SitemapUrl = { loc: '', lastmod: null, alternates: [] };
    let others = false;
    for (const p of parts) {
      const tag = tagOf(p);
      const index = order.indexOf(tag);
      if (index >= 0) {
        if (index <= at || others) problems.push(`<${tag}> out of order in ${entry.loc}`);
        at = index;
        if (tag === 'loc') entry.loc = textOf(p);
        if (tag === 'lastmod') entry.lastmod = textOf(p);
        continue;
      }
      // xsd:any namespace="##other": a prefixed element of a declared namespace
      others = true;
      const [prefix, local] = tag.split(':');
      if (!local || !attrs[`xmlns:${prefix}`]) {
        problems.push(`<${tag}> of no declared namespace`);
        continue;
      }
      if (attrs[`xmlns:${prefix}`] === XHTML_NS && local === 'link') {
        const a = attrsOf(p);
        if (a.rel !== 'alternate' || !BCP47.test(a.hreflang ?? '') || locProblem(a.href ?? ''))
          problems.push(`bad xhtml:link ${JSON.stringify(a)}`);
        entry.alternates.push({ hreflang: a.hreflang, href: a.href });
      }
    }
    if (!entry.loc) problems.push('url without loc');
    else {
      const bad = locProblem(entry.loc);
      if (bad) problems.push(bad);
    }
    if (entry.lastmod != null && !W3C_DATETIME.test(entry.lastmod)) problems.push(`lastmod ${entry.lastmod}`);
    urls.push(entry);
  }
  return { problems, urls };
}

/** a `<sitemapindex>` as siteindex.xsd has it: sitemap+ (≤ 50,000), each loc then lastmod? */
export function checkSitemapIndex(xml: string): { problems: string[]; sitemaps: { loc: string; lastmod: string | null }[] } {
  const problems: string[] = [];
  const sitemaps: { loc: string; lastmod: string | null }[] = [];
  const root = rootOf(xml, problems);
  if (!root) return { problems, sitemaps };
  if (tagOf(root) !== 'sitemapindex' || attrsOf(root).xmlns !== SITEMAP_NS) problems.push(`root ${tagOf(root)}`);
  const children = childrenOf(root);
  if (children.length < 1 || children.length > 50_000) problems.push(`${children.length} sitemaps`);
  for (const s of children) {
    const parts = childrenOf(s);
    const tags = parts.map(tagOf);
    if (tagOf(s) !== 'sitemap' || tags[0] !== 'loc' || tags.length > 2 || (tags[1] && tags[1] !== 'lastmod'))
      problems.push(`bad <${tagOf(s)}>: ${tags.join(',')}`);
    const loc = textOf(parts[0] ?? {});
    const lastmod = parts[1] ? textOf(parts[1]) : null;
    const bad = locProblem(loc);
    if (bad) problems.push(bad);
    if (lastmod != null && !W3C_DATETIME.test(lastmod)) problems.push(`lastmod ${lastmod}`);
    sitemaps.push({ loc, lastmod });
  }
  return { problems, sitemaps };
}

export interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  description: string;
}

/** RFC 822 as RSS 2.0 takes it (four-digit years, as every reader does) */
const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UT|[+-]\d{4})$/;

/** an RSS 2.0 document: rss version 2.0 > one channel with title, link, description; items with title or description, RFC 822 dates */
export function checkRss(xml: string): { problems: string[]; channel: Record<string, string>; items: RssItem[] } {
  const problems: string[] = [];
  const channel: Record<string, string> = {};
  const items: RssItem[] = [];
  const root = rootOf(xml, problems);
  if (!root) return { problems, channel, items };
  if (tagOf(root) !== 'rss' || attrsOf(root).version !== '2.0') problems.push(`root ${tagOf(root)} version ${attrsOf(root).version}`);
  const channels = childrenOf(root).filter((c) => tagOf(c) === 'channel');
  if (channels.length !== 1) problems.push(`${channels.length} channels`);
  for (const c of childrenOf(channels[0] ?? {})) {
    const tag = tagOf(c);
    if (tag !== 'item') {
      channel[tag] = textOf(c);
      continue;
    }
    const item: Record<string, string> = {};
    for (const p of childrenOf(c)) item[tagOf(p)] = textOf(p);
    if (!item.title && !item.description) problems.push('item without title or description');
    if (item.pubDate && !RFC822.test(item.pubDate)) problems.push(`pubDate ${item.pubDate}`);
    if (item.link && locProblem(item.link)) problems.push(`item link ${item.link}`);
    items.push(item as unknown as RssItem);
  }
  for (const required of ['title', 'link', 'description']) if (!channel[required]) problems.push(`channel without ${required}`);
  if (channel.link && locProblem(channel.link)) problems.push(`channel link ${channel.link}`);
  if (channel.lastBuildDate && !RFC822.test(channel.lastBuildDate)) problems.push(`lastBuildDate ${channel.lastBuildDate}`);
  return { problems, channel, items };
}
