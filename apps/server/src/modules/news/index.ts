import { newsResource, newsTypeResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import { publishHooks } from '../publish/index.js';

/** News types and news (SPEC point 7 News). */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, newsTypeResource);
  registerResource(api, ctx, newsResource, publishHooks(newsResource));
}
