import { SITE_KEY_PATTERN } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { busOf, OWN_KINDS } from '../../events/bus.js';
import { hashSiteKey } from '../siteKey/index.js';

/** the site key a delivery request carries, once checked (null: none) */
export interface RequestSiteKey {
  id: number;
  /** a `preview` key: the request may read drafts (the draft serving decides what that means) */
  preview: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The delivery API only: the valid site key of this request (`Authorization: Bearer gks_…`), set before the
     * rate limit and the handler run; null without one. A request with an invalid or revoked key never reaches
     * a handler (401).
     */
    siteKey: RequestSiteKey | null;
  }
}

/** what a bearer token is: a usable key, or why not (the message key of the 401) */
export type SiteKeyCheck = { key: RequestSiteKey } | { refused: 'siteKey.invalid' | 'siteKey.revoked' };

interface Known {
  id: number;
  preview: boolean;
  revoked: boolean;
}

/** keys checked at most (a full cache starts again) */
const KEPT_MAX = 1_000;
/** a key's last use is written at most this often (per process) */
const TOUCH_MS = 60_000;

/**
 * Site keys as the delivery API checks them: the bearer's hash looked up once (a unique index), then kept in
 * memory while the change bus hears every change (a create, rename or revoke of a key tells every process); its
 * last use written at most once a minute per key, never on each request.
 */
export class SiteKeys {
  private readonly kept = new Map<string, Known | null>();
  private readonly touched = new Map<number, number>();

  constructor(private readonly ctx: Ctx) {
    busOf(ctx).subscribe((change) => {
      if (!OWN_KINDS.includes(change.kind)) this.kept.clear();
    });
  }

  /** the bearer token of an `Authorization` header (`Bearer <token>`, the scheme in any case); null: none given */
  static bearerOf(req: FastifyRequest): string | null {
    const h = req.headers.authorization;
    if (typeof h !== 'string' || h.length < 7 || h.slice(0, 7).toLowerCase() !== 'bearer ') return null;
    return h.slice(7).trim();
  }

  private async lookup(hash: string): Promise<Known | null> {
    const bus = busOf(this.ctx);
    if (bus.trusted && this.kept.has(hash)) return this.kept.get(hash)!;
    const generation = bus.generation;
    const row = await this.ctx.db.selectFrom('site_key').select(['id', 'mode', 'revoked']).where('key_hash', '=', hash).executeTakeFirst();
    const known = row ? { id: Number(row.id), preview: row.mode === 'preview', revoked: Number(row.revoked) === 1 } : null;
    if (bus.trusted && bus.generation === generation) {
      if (this.kept.size >= KEPT_MAX) this.kept.clear();
      this.kept.set(hash, known);
    }
    return known;
  }

  /** checks a bearer token; a usable key's last use is recorded (at most once a minute) */
  async check(token: string): Promise<SiteKeyCheck> {
    // the shape first: anything else is refused without a lookup (and without hashing a long header)
    if (!SITE_KEY_PATTERN.test(token)) return { refused: 'siteKey.invalid' };
    const known = await this.lookup(hashSiteKey(token));
    if (!known) return { refused: 'siteKey.invalid' };
    if (known.revoked) return { refused: 'siteKey.revoked' };
    await this.touch(known.id);
    return { key: { id: known.id, preview: known.preview } };
  }

  private async touch(keyId: number): Promise<void> {
    const now = this.ctx.now();
    const last = this.touched.get(keyId);
    if (last != null && now - last < TOUCH_MS) return;
    this.touched.set(keyId, now);
    if (this.touched.size > KEPT_MAX) this.touched.clear();
    await this.ctx.db.updateTable('site_key').set({ last_used_time: this.ctx.nowText() }).where('id', '=', keyId).execute();
  }
}
