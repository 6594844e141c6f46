import { id, pageEndpoints, pageItemResource, pageResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import { ok } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';

/** Page definitions and page items (SPEC point 7 Page and page items). */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, pageResource);
  const items = registerResource(api, ctx, pageItemResource);
  // SPEC names a second detail path for page items; it answers exactly as /page/getPageItemById
  addRoute(api, ctx, {
    endpoint: pageEndpoints.itemGetAlias,
    schema: z.object({ id: id() }),
    handler: async ({ id: recordId }, req) => ok(req, await items.forEditor(recordId, req)),
  });
}
