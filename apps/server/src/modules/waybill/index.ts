import { waybillResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/** Waybill templates: code, name, sketch image and the rich-text template body (sanitized on save). */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, waybillResource);
}
