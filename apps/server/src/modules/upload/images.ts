import { Code, isImageName } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { t } from '../../http/reply.js';

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
      if (req.method === 'HEAD') {
        img.body.destroy();
        return reply.header('Content-Length', img.size).send();
      }
      return reply.header('Content-Length', img.size).send(img.body);
    },
  });
}
