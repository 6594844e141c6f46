import { policyResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import { publishHooks } from '../publish/index.js';

/** Policy / notice articles (SPEC point 7 Policy): list, get, save, batch delete, isTop / isHot toggles. */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, policyResource, publishHooks(policyResource));
}
