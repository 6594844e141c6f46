import { supplierResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/**
 * Suppliers (SPEC point 7 Product and supplier). The list also feeds the product screen's supplier
 * picker (`query` keyword, rows with id and name); a supplier that still has products cannot be deleted.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, supplierResource);
}
