import { applicationResource, applicationTypeResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/** Application types and applications (SPEC point 7 Application). */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, applicationTypeResource);
  registerResource(api, ctx, applicationResource);
}
