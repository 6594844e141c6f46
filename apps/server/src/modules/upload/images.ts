import cors from '@fastify/cors';
import { Code, httpStatusFor, IMAGE_CONTENT_TYPES, type ImageMeta, isImageName } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { ownerOf } from '../../http/fair-queue.js';
import { t } from '../../http/reply.js';
import type { ByteRange } from '../../storage/index.js';
import { ensureImageMeta, scheduleImageMetaBackfill } from './image-meta.js';
import { negotiatedFormat, type RenditionAsk, Renditions, renditionAsk, renditionSpec } from './renditions.js';

function notFoundReply(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send({ code: Code.NOT_FOUND, msg: t(req, 'upload.imageNotFound') });
}

/** The CORS of `/img/`: PUBLIC_CORS_ORIGINS (`*` or a comma list), so the website may draw the images on a canvas or fetch them. */
function corsOrigin(setting: string): '*' | string[] {
  return setting.trim() === '*'
    ? '*'
    : setting
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** Adds a header name to `Vary` (CORS may have put `Origin` there already). */
function vary(reply: FastifyReply, name: string): void {
  const now = reply.getHeader('vary');
  const list = typeof now === 'string' && now ? now.split(',').map((s) => s.trim()) : [];
  if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('Vary', list.join(', '));
}

/** the renditions maker of each app (tests read how many it made) */
const renditionsOfCtx = new WeakMap<Ctx, Renditions>();
export const renditionsFor = (ctx: Ctx): Renditions | undefined => renditionsOfCtx.get(ctx);

const etagMatches = (req: FastifyRequest, etag: string) => {
  const inm = req.headers['if-none-match'];
  return typeof inm === 'string' && inm.split(',').some((v) => v.trim().replace(/^W\//, '') === etag);
};

/** a store that does not answer: a clear message, not a bare 500 (and never cached) */
function storeFailed(req: FastifyRequest, reply: FastifyReply, e: unknown, name: string) {
  req.log.error({ event: 'image.storeFailed', err: e, name }, 'image store failed');
  const status = 503;
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .removeHeader('ETag')
    .removeHeader('Last-Modified')
    .removeHeader('Cache-Control')
    .header('Cache-Control', 'no-store')
    .send({ code: status, msg: t(req, 'upload.storeUnavailable') });
}

/**
 * `GET /img/{name}` outside the API prefix: the stored image with its content type. Names are content
 * hashes, so a name's bytes never change: cached for a year, immutable, the name is the ETag.
 * Only names of the store's own form are looked up; anything else (`..`, other files) is a 404.
 * With `?w=`, `?fm=` or `?q=` it is a rendition (renditions.ts); the plain address stays the original, byte for byte.
 * Every answer carries the CORS of PUBLIC_CORS_ORIGINS. The image-size backfill starts with it (image-meta.ts).
 */
export async function registerImageRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const renditions = new Renditions(ctx.images, ctx.config.uploadMaxPixels, ctx.config.uploadDecodeConcurrency);
  renditionsOfCtx.set(ctx, renditions);
  /** width, format and frames of an image by name: they never change for a name, so a process keeps the last few thousand */
  const facts = new Map<string, ImageMeta>();
  const factsOf = async (name: string): Promise<ImageMeta | null> => {
    const known = facts.get(name);
    if (known) return known;
    const meta = await ensureImageMeta(ctx, name);
    if (!meta) return null;
    if (facts.size >= 5000) facts.delete(facts.keys().next().value as string);
    facts.set(name, meta);
    return meta;
  };

  await app.register(
    async (img) => {
      await img.register(cors, { origin: corsOrigin(ctx.config.publicCorsOrigins), methods: ['GET', 'HEAD'], maxAge: 600 });
      scheduleImageMetaBackfill(img, ctx);
      img.route({
        method: ['GET', 'HEAD'],
        url: '/:name',
        exposeHeadRoute: false,
        handler: async (req, reply) => {
          const { name } = req.params as { name: string };
          if (typeof name !== 'string' || !isImageName(name)) return notFoundReply(req, reply);
          let ask: RenditionAsk | null;
          try {
            ask = renditionAsk(req.query as Record<string, unknown>, ctx.config.imageWidths);
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            return reply
              .status(httpStatusFor(e.code))
              .type('application/json; charset=utf-8')
              .header('Cache-Control', 'no-cache')
              .send({ code: e.code, msg: t(req, e.key, e.params) });
          }
          if (!ask) return serveOriginal(req, reply, ctx, name);
          try {
            return await serveRendition(req, reply, ctx, renditions, name, ask, factsOf);
          } catch (e) {
            if (e instanceof AppError) {
              return reply
                .status(httpStatusFor(e.code))
                .type('application/json; charset=utf-8')
                .header('Cache-Control', 'no-store')
                .header('Retry-After', '1')
                .send({ code: e.code, msg: t(req, e.key, e.params) });
            }
            return storeFailed(req, reply, e, name);
          }
        },
      });
    },
    { prefix: '/img' },
  );
}

/** The original, byte for byte (with Range and 304), as `/img/{name}` has always answered. */
async function serveOriginal(req: FastifyRequest, reply: FastifyReply, ctx: Ctx, name: string) {
  try {
    // size and time first: a revalidation (304), a HEAD or a bad range costs no download from a bucket
    const st = await ctx.images.stat(name);
    if (!st) return notFoundReply(req, reply);
    const etag = `"${name}"`;
    reply
      .header('Content-Type', IMAGE_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('Last-Modified', new Date(st.modifiedAt).toUTCString())
      .header('X-Content-Type-Options', 'nosniff')
      // content images are public: the company's website on another origin may show them
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (etagMatches(req, etag)) return reply.status(304).send();
    reply.header('Accept-Ranges', 'bytes');
    if (req.method === 'HEAD') return reply.header('Content-Length', st.size).send();
    const ifRange = req.headers['if-range'];
    const range = rangeOf(req.headers.range, st.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
    if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${st.size}`).send();
    // one read of the store: the whole image or the range, streamed as it comes
    const img = await ctx.images.get(name, range ?? undefined);
    if (!img) return notFoundReply(req, reply);
    if (range) {
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${img.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(img.body);
    }
    return reply.header('Content-Length', img.size).send(img.body);
  } catch (e) {
    return storeFailed(req, reply, e, name);
  }
}

/**
 * A rendition: the stored one when it was made before, else made now (once, however many ask at the same time),
 * stored and sent. An animated original is sent as it is (a rendition would keep its first frame only).
 */
async function serveRendition(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: Ctx,
  renditions: Renditions,
  name: string,
  ask: RenditionAsk,
  factsOf: (name: string) => Promise<ImageMeta | null>,
) {
  const meta = await factsOf(name);
  if (!meta) return notFoundReply(req, reply);
  if (meta.frames > 1) return serveOriginal(req, reply, ctx, name);
  let format = ask.fm;
  if (!format) {
    format = negotiatedFormat(req.headers.accept, meta.format);
    vary(reply, 'Accept');
  }
  const spec = renditionSpec(ask, format, meta.width);
  const etag = `"${name.slice(0, name.lastIndexOf('.'))}-${spec.variant}"`;
  reply
    .header('Content-Type', spec.contentType)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (etagMatches(req, etag) && (await ctx.images.hasRendition(name, spec.variant))) return reply.status(304).send();
  const stored = await ctx.images.getRendition(name, spec.variant);
  if (stored) {
    reply.header('Content-Length', stored.size);
    if (req.method === 'HEAD') {
      stored.body.destroy();
      return reply.send();
    }
    return reply.send(stored.body);
  }
  const bytes = await renditions.make(name, spec, ownerOf(req));
  if (!bytes) return notFoundReply(req, reply);
  reply.header('Content-Length', bytes.length);
  return req.method === 'HEAD' ? reply.send() : reply.send(bytes);
}

/**
 * One byte range of `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` against an image of `size` bytes; null
 * when there is none, or several, or an If-Range that is not this image (then the whole image is sent).
 */
export function rangeOf(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  if (ifRange && ifRange.trim() !== etag) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
