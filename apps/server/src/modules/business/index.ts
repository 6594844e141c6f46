import { businessResource, businessTypeResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/**
 * Business types and businesses shown as partners (SPEC point 7 Business). `/business/getBusinessType`
 * replies with the entity itself (the contract's `getReply: 'entity'`).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, businessTypeResource);
  registerResource(api, ctx, businessResource);
}
