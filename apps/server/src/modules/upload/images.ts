import { Code, IMAGE_CONTENT_TYPES, isImageName } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { t } from '../../http/reply.js';
import type { ByteRange } from '../../storage/index.js';

function notFoundReply(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send({ code: Code.NOT_FOUND, msg: t(req, 'upload.imageNotFound') });
}

/**
 * `GET /img/{name}` outside the API prefix: the stored image with its content type. Names are content
 * hashes, so a name's bytes never change: cached for a year, immutable, the name is the ETag.
 * Only names of the store's own form are looked up; anything else (`..`, other files) is a 404.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/img/:name',
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (typeof name !== 'string' || !isImageName(name)) return notFoundReply(req, reply);
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
        const inm = req.headers['if-none-match'];
        if (typeof inm === 'string' && inm.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) {
          return reply.status(304).send();
        }
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
        // a store that does not answer: a clear message, not a bare 500 (and never cached)
        req.log.error({ event: 'image.storeFailed', err: e, name }, 'image store failed');
        const status = 503;
        return reply
          .status(status)
          .type('application/json; charset=utf-8')
          .removeHeader('ETag')
          .removeHeader('Last-Modified')
          .header('Cache-Control', 'no-store')
          .send({ code: status, msg: t(req, 'upload.storeUnavailable') });
      }
    },
  });
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
