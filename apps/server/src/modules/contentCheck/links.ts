import { allResources, type ResourceDef } from '@gk/contracts';
import type { Ctx } from '../../context.js';
import { type AnyDb, looseDb } from '../../db/index.js';

/** how many links of one body are looked at (the rest of a longer list is not checked) */
const MAX_LINKS = 500;

export interface LinkHit {
  text: string;
  offset: number;
  length: number;
  category: 'unpublished' | 'deleted' | 'outside';
}

/** `<a … href="…">` in HTML source: the href's value and its offset (one pass, no backtracking) */
function hrefsOf(html: string): { href: string; offset: number }[] {
  const out: { href: string; offset: number }[] = [];
  const re = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (let m = re.exec(html); m && out.length < MAX_LINKS; m = re.exec(html)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const quote = m[1] !== undefined || m[2] !== undefined ? 1 : 0;
    out.push({ href: value.replace(/&amp;/g, '&'), offset: m.index + m[0].length - value.length - quote });
  }
  return out;
}

/** `example.com` the host itself, `*.example.com` its subdomains */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((d) => (d.startsWith('*.') ? h.endsWith(d.slice(1)) : h === d));
}

/** the delivered record a path names: `/public/v1/news/12` (or the site's own `/news/12`) */
function recordOf(ctx: Ctx, path: string): { def: ResourceDef; id: number } | null {
  const prefix = ctx.config.publicApiPrefix;
  const rest = path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
  for (const def of allResources()) {
    const get = def.delivery?.get?.path;
    if (!get) continue;
    const [head, tail] = get.split('{id}');
    if (!rest.startsWith(head) || !rest.endsWith(tail ?? '')) continue;
    const idText = rest.slice(head.length, rest.length - (tail ?? '').length);
    if (/^[1-9]\d{0,9}$/.test(idText)) return { def, id: Number(idText) };
  }
  return null;
}

/**
 * The links of one rich-text body that need a look: to a record of the site that is not on it (a draft, offline,
 * scheduled: `unpublished`) or gone (`deleted`), and an absolute link whose host is outside ALLOWED_LINK_DOMAINS
 * (`outside`; no setting, no warning). One query per resource linked to.
 */
export async function linkHits(ctx: Ctx, db: AnyDb, html: string): Promise<LinkHit[]> {
  const out: LinkHit[] = [];
  const wanted = new Map<ResourceDef, { id: number; hit: Omit<LinkHit, 'category'> }[]>();
  for (const { href, offset } of hrefsOf(html)) {
    const hit = { text: href, offset, length: href.length };
    let url: URL;
    try {
      url = new URL(href, 'http://site.invalid');
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const absolute = url.host !== 'site.invalid';
    if (absolute && ctx.config.allowedLinkDomains.length && !hostAllowed(url.hostname, ctx.config.allowedLinkDomains)) {
      out.push({ ...hit, category: 'outside' });
      continue;
    }
    const target = recordOf(ctx, url.pathname);
    if (!target) continue;
    const list = wanted.get(target.def) ?? [];
    list.push({ id: target.id, hit });
    wanted.set(target.def, list);
  }
  const now = ctx.nowText();
  for (const [def, links] of wanted) {
    const cols = def.publishable ? ['id', 'status', 'publish_time', 'offline_time'] : ['id'];
    const rows = (await looseDb(db)
      .selectFrom(def.table)
      .select(cols)
      .where(
        'id',
        'in',
        links.map((l) => l.id),
      )
      .execute()) as Record<string, unknown>[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const l of links) {
      const row = byId.get(l.id);
      if (!row) out.push({ ...l.hit, category: 'deleted' });
      else if (def.publishable && !isLive(row, now)) out.push({ ...l.hit, category: 'unpublished' });
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

const isLive = (r: Record<string, unknown>, now: string) =>
  r.status !== 'draft' &&
  (r.publish_time == null || String(r.publish_time) <= now) &&
  (r.offline_time == null || String(r.offline_time) > now);
