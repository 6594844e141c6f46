import { Code, type ResourceDef } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import type { Crud } from '../../crud/service.js';
import { AppError } from '../../http/errors.js';
import { readPreviewToken } from '../preview/index.js';

type Row = Record<string, unknown>;

/** the header a website's server may carry a preview token in (instead of `?preview=`) */
export const PREVIEW_TOKEN_HEADER = 'x-preview-token';

/** The preview token a delivery request carries (`?preview={token}` or `X-Preview-Token`), or null. */
export function previewTokenOf(req: FastifyRequest): string | null {
  const q = (req.query as Record<string, unknown> | undefined)?.preview;
  const fromQuery = typeof q === 'string' ? q : Array.isArray(q) && typeof q[0] === 'string' ? q[0] : '';
  const h = req.headers[PREVIEW_TOKEN_HEADER];
  const fromHeader = typeof h === 'string' ? h : '';
  return fromQuery.trim() || fromHeader.trim() || null;
}

/**
 * Does this request read the draft version of record `recordId` of `def` (issue 23)? Yes with a preview token
 * granting exactly that record (signed, not expired; modules/preview). A token that grants nothing here
 * (malformed, tampered with, expired, another record) is refused with 403 rather than answered with the
 * published version, so a website's preview page never shows the live text as if it were the draft. No token:
 * a site key in preview mode (`req.siteKey.preview`, site-keys.ts) reads every record's draft.
 */
export async function wantsDraft(ctx: Ctx, req: FastifyRequest, def: ResourceDef, recordId: number): Promise<boolean> {
  const token = previewTokenOf(req);
  if (!token) return !!req.siteKey?.preview;
  const grant = await readPreviewToken(ctx, token);
  if (!grant || grant.resource !== def.name || grant.id !== recordId) throw new AppError(Code.FORBIDDEN, 'preview.expired');
  return true;
}

/**
 * The record a delivery read of one record answers: for a request that wants drafts, the record as the editors
 * have it (its pending draft applied, whatever its publish state, a never-published draft too); for anyone else
 * `live()` (published records only). In a content locale (issue 24) the reply overlays the record's translations:
 * those the draft carries (`translations`, as the staff get answers them) when it does, else the saved ones
 * (ReplyShaper, localized.ts); `?locale=` of a preview link's website page chooses the locale.
 */
export async function deliveredRecord(ctx: Ctx, req: FastifyRequest, crud: Crud, recordId: number, live: () => Promise<Row>): Promise<Row> {
  if (!(await wantsDraft(ctx, req, crud.def, recordId))) return live();
  const r = await crud.withDraft(recordId);
  if (!r) throw new AppError(Code.NOT_FOUND, 'delivery.notFound');
  return r;
}

/**
 * Replies to a request carrying a preview token are the editors' business: `Cache-Control: private, no-store`, no
 * ETag, never a 304 (its If-None-Match is ignored), so no shared cache keeps or serves a draft. Register after
 * the delivery API's ETag hook (its onSend runs first, this one has the last word).
 */
export function registerPreviewCaching(pub: FastifyInstance): void {
  pub.addHook('onRequest', async (req: FastifyRequest) => {
    if (previewTokenOf(req)) delete req.headers['if-none-match'];
  });
  pub.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!previewTokenOf(req)) return payload;
    reply.header('cache-control', 'private, no-store');
    reply.removeHeader('etag');
    return payload;
  });
}
