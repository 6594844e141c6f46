import { productResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/**
 * Selected products (SPEC point 7 Product and supplier): `/product/getProductList` answers like the page;
 * `supplierName` is always read from the supplier row, never taken from the client.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, productResource);
}
