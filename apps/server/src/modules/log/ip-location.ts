import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';

/**
 * 登录地点 / 操作地点: where an address is, from the offline ip2region database shipped inside the npm package
 * `ip2region` (never a network lookup). The IPv4 file (≈ 9 MB) is read once, at the first lookup of a public
 * IPv4 address; the IPv6 file (≈ 3 MB) at the first public IPv6 address. A lookup is then a binary search in
 * memory (a few microseconds), so the log writes it with its row.
 *
 * Answers `PRIVATE` for loopback, private, link-local and other non-public addresses (the page shows it as
 * 内网IP in the request's language), the place in Chinese as the database names it (`广东省 深圳市`, `美国`), or
 * '' when the address is not one or the database knows nothing of it.
 */
export const PRIVATE = '内网IP';

interface Place {
  country?: string;
  province?: string;
  city?: string;
}
interface Searcher {
  search(ip: string): Place | null;
}

const require = createRequire(import.meta.url);
let v4: Searcher | null = null;
let v6: Searcher | null = null;
/** the database failed to load: the log goes on without places */
let broken = false;

function searcher(kind: 'ipv4' | 'ipv6'): Searcher | null {
  if (broken) return null;
  try {
    if (kind === 'ipv4') {
      if (!v4) v4 = new (require('ip2region/dist/lib/ipv4.js').default as new () => Searcher)();
      return v4;
    }
    if (!v6) v6 = new (require('ip2region/dist/lib/ipv6.js').default as new () => Searcher)();
    return v6;
  } catch {
    broken = true;
    return null;
  }
}

/** `广东省 深圳市`; a city that repeats its province (北京 北京市) once; a country outside China by its name. */
function format(p: Place | null): string {
  if (!p) return '';
  const parts = [p.country === '中国' ? '' : p.country, p.province, p.city].map((s) => (s ?? '').trim()).filter(Boolean);
  const out: string[] = [];
  for (const s of parts) {
    const prev = out[out.length - 1];
    if (prev && (s.startsWith(prev) || prev.startsWith(s))) out[out.length - 1] = s.length >= prev.length ? s : prev;
    else out.push(s);
  }
  if (out.length === 0 && p.country) return p.country;
  return out.join(' ').slice(0, 100);
}

const cache = new Map<string, string>();
const CACHE_MAX = 2000;

/** The place of an address (see the module's comment); cached per address. */
export function ipLocation(address: string | null | undefined): string {
  const raw = (address ?? '').trim();
  if (!raw || !ipaddr.isValid(raw)) return '';
  const hit = cache.get(raw);
  if (hit !== undefined) return hit;
  let parsed = ipaddr.parse(raw);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  let place = '';
  if (parsed.range() !== 'unicast') place = PRIVATE;
  else {
    try {
      place = format(searcher(parsed.kind())?.search(parsed.toString()) ?? null);
    } catch {
      place = '';
    }
    if (place.includes(PRIVATE)) place = PRIVATE;
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(raw, place);
  return place;
}
