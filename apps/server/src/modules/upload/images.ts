import { Code, isImageName } from '@gk/contracts';
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
      const img = await ctx.images.get(name);
      if (!img) return notFoundReply(req, reply);
      const etag = `"${name}"`;
      reply
        .header('Content-Type', img.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('Last-Modified', new Date(img.modifiedAt).toUTCString())
        .header('X-Content-Type-Options', 'nosniff')
        // content images are public: the company's website on another origin may show them
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      const inm = req.headers['if-none-match'];
      if (typeof inm === 'string' && inm.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) {
        img.body.destroy();
        return reply.status(304).send();
      }
      reply.header('Accept-Ranges', 'bytes');
      if (req.method === 'HEAD') {
        img.body.destroy();
        return reply.header('Content-Length', img.size).send();
      }
      const ifRange = req.headers['if-range'];
      const range = rangeOf(req.headers.range, img.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
      if (range === 'unsatisfiable') {
        img.body.destroy();
        return reply.status(416).header('Content-Range', `bytes */${img.size}`).send();
      }
      if (range) {
        img.body.destroy();
        const part = await ctx.images.get(name, range);
        if (!part) return notFoundReply(req, reply);
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${img.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(part.body);
      }
      return reply.header('Content-Length', img.size).send(img.body);
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
