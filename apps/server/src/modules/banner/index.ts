import { bannerResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import { bannerHooks } from '../publish/index.js';

/** Carousel banners (SPEC point 7 Banner): `/banner/getBannerPage` answers like `/banner/getPage`. */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, bannerResource, bannerHooks);
}
