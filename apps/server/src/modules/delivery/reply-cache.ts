import { LRUCache } from 'lru-cache';
import type { Ctx } from '../../context.js';
import { busOf } from '../../events/bus.js';
import { reportStats } from '../../ops/module-metrics.js';

/** one kept reply: its body as sent (before compression), its type, its Cache-Tag names */
export interface KeptReply {
  body: Buffer;
  type: string;
  tags: string[];
  /** the Cache-Tag and Surrogate-Key headers of its tags (joined once, not on every hit) */
  cacheTag: string;
  surrogateKey: string;
  /**
   * the body as @fastify/compress compressed it, by encoding (br, gzip), made from `body` by the first request that
   * asked for that encoding; and the encoding it chose for each Accept-Encoding seen (at most MAX_ACCEPTS)
   */
  encoded?: Readonly<Record<string, Buffer>>;
  chose?: ReadonlyMap<string, string>;
}

/** the Accept-Encoding values remembered per entry (browsers send few; another one is compressed as before) */
const MAX_ACCEPTS = 8;

/** what an entry costs beyond its body, key and tags (the entry, its object, the cache's slots), roughly */
const ENTRY_OVERHEAD = 200;

/**
 * The delivery API's reply cache (issue 28): full 200 replies of its GET paths, by a key that holds everything the
 * ETag is derived from (the content versions of what the path reads, the path and query as sent, the variant),
 * so a key is only ever asked for while what it names is current: a write gives the tables a new version and the
 * old keys are never asked for again. LRU, bounded by bytes (DELIVERY_CACHE_MB; 0: none kept), each entry kept at
 * most PUBLIC_MAX_AGE seconds (≥ 1): the view counter changes no version, and a reply this process keeps carries
 * the count of when it was made no longer than a CDN may keep it without asking. Emptied when the change bus
 * says delivered content changed (any process, LISTEN/NOTIFY on PostgreSQL), to free the memory at once.
 */
export class ReplyCache {
  readonly maxBytes: number;
  private readonly lru: LRUCache<string, KeptReply> | null;
  hits = 0;
  misses = 0;
  /** increases with every clear: a reply whose key was made before one is not kept */
  epoch = 0;

  constructor(maxMb: number, ttlSeconds: number) {
    this.maxBytes = Math.floor(maxMb * 2 ** 20);
    this.lru =
      this.maxBytes > 0
        ? new LRUCache<string, KeptReply>({
            maxSize: this.maxBytes,
            sizeCalculation: (v, k) => sizeOf(v, k),
            ttl: Math.max(1, ttlSeconds) * 1000,
          })
        : null;
  }

  get enabled(): boolean {
    return this.lru != null;
  }

  get(key: string): KeptReply | undefined {
    if (!this.lru) return undefined;
    const hit = this.lru.get(key);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /** keeps a reply (one larger than the whole bound is not kept) */
  set(key: string, reply: KeptReply): void {
    this.lru?.set(key, reply);
  }

  /**
   * Keeps the compressed variant of a kept reply (its body compressed as @fastify/compress chose for this
   * Accept-Encoding), counted in the byte bound like the body. Nothing when the entry is no longer the one kept
   * (emptied, dropped, made again), or when the entry would then outgrow the whole bound.
   */
  addEncoded(key: string, kept: KeptReply, acceptEncoding: string, encoding: string, bytes: Buffer): void {
    // the entry as kept now (each variant added makes a new object around the same body)
    const now = this.lru?.peek(key);
    if (!this.lru || !now || now.body !== kept.body || now.chose?.has(acceptEncoding)) return;
    if ((now.chose?.size ?? 0) >= MAX_ACCEPTS) return;
    const chose = new Map(now.chose);
    chose.set(acceptEncoding, encoding);
    const next: KeptReply = { ...now, chose, encoded: now.encoded?.[encoding] ? now.encoded : { ...now.encoded, [encoding]: bytes } };
    if (sizeOf(next, key) > this.maxBytes) return;
    // a new object: lru-cache counts an entry's size again only when its value changes; its lifetime goes on
    this.lru.set(key, next, { noUpdateTTL: true });
  }

  clear(): void {
    this.epoch++;
    this.lru?.clear();
  }

  /** drops the replies naming this tag (`news:12`: the record's own and the lists showing it) */
  dropTag(tag: string): void {
    if (!this.lru) return;
    const gone: string[] = [];
    for (const [key, v] of this.lru.entries()) if (v.tags.includes(tag)) gone.push(key);
    for (const key of gone) this.lru.delete(key);
  }

  stats(): { entries: number; bytes: number; max_bytes: number; hits: number; misses: number } {
    return {
      entries: this.lru?.size ?? 0,
      bytes: this.lru?.calculatedSize ?? 0,
      max_bytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }
}

/** what an entry counts against the bound: its bodies (plain and compressed), key, type, tags and overhead */
function sizeOf(v: KeptReply, k: string): number {
  let n = v.body.length + v.type.length + v.tags.reduce((m, t) => m + t.length + 16, 0) + k.length * 2 + ENTRY_OVERHEAD;
  n += v.cacheTag.length + v.surrogateKey.length;
  if (v.encoded) for (const b of Object.values(v.encoded)) n += b.length + 16;
  if (v.chose) for (const a of v.chose.keys()) n += a.length * 2 + 16;
  return n;
}

const byCtx = new WeakMap<Ctx, ReplyCache>();

/** the reply cache of this app (created, emptied on every delivered change and reported on /metrics on first use) */
export function replyCacheOf(ctx: Ctx): ReplyCache {
  let c = byCtx.get(ctx);
  if (!c) {
    const created = new ReplyCache(ctx.config.deliveryCacheMb, ctx.config.publicMaxAge);
    busOf(ctx).subscribe((change) => {
      if (change.kind === 'delivery') created.clear();
    });
    reportStats(
      ctx,
      'gk_delivery_cache',
      "The delivery API's reply cache: entries, bytes held and its bound (max_bytes, DELIVERY_CACHE_MB), hits and misses since the start",
      () => created.stats(),
    );
    byCtx.set(ctx, created);
    c = created;
  }
  return c;
}
