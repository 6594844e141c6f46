import { apiDocsEndpoints, staffOpenApi } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { addRoute, routeInputDocs } from '../../http/route.js';

/** the document per API prefix, made on the first request (every route is declared by then): it never changes */
const cache = new Map<string, string>();

/** The staff API's reference: `GET /openapi.json` (any signed-in account), generated once per process. */
export function register(api: FastifyInstance, ctx: Ctx): void {
  addRoute(api, ctx, {
    endpoint: apiDocsEndpoints.openapi,
    handler: async (_i, _req, reply) => {
      const prefix = ctx.config.apiPrefix;
      let doc = cache.get(prefix);
      if (!doc) {
        doc = JSON.stringify(staffOpenApi(prefix, routeInputDocs()));
        cache.set(prefix, doc);
      }
      return reply.type('application/json; charset=utf-8').send(doc);
    },
  });
}
