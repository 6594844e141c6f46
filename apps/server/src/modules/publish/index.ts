import { allResources, discardDraftSchema, draftEndpoints, id, resourceByName } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { Crud } from '../../crud/service.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';

type Row = Record<string, unknown>;

const publishInput = z.object({ id: id() }).loose();
const unpublishInput = z.object({ id: id() });

/**
 * The publish and unpublish calls of every resource described `publishable` (`/news/publishNews`,
 * `/news/unpublishNews` …, their own permissions). Both take the one write path (`Crud.publish` /
 * `Crud.unpublish`): one transaction, one domain event `publish` / `unpublish` (operation log, revision,
 * webhook events and the scheduled ones follow from it). The save rules of a publishable resource are the
 * description's too (crud/publish-state.ts `publishSaveRule`). A pending draft (保存草稿 of live content) goes live
 * with the publish call and is dropped by `/publish/discardDraft` (放弃草稿), which needs the resource's save permission.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const cruds = new Map<string, Crud>();
  for (const def of allResources()) {
    if (!def.publishable) continue;
    const crud = new Crud(ctx, def);
    cruds.set(def.name, crud);
    addRoute(api, ctx, {
      endpoint: def.publishable.publish,
      schema: publishInput,
      handler: async (_input, req) => {
        const raw = rawInput(req) as Row;
        const { record, scheduled } = await crud.publish(raw, req);
        return ok(req, record, scheduled ? 'publish.scheduled' : 'publish.published');
      },
    });
    addRoute(api, ctx, {
      endpoint: def.publishable.unpublish,
      schema: unpublishInput,
      handler: async (input, req) => ok(req, await crud.unpublish(input.id, req), 'publish.unpublished'),
    });
  }
  addRoute(api, ctx, {
    endpoint: draftEndpoints.discard,
    schema: discardDraftSchema,
    handler: async (input, req) => {
      const crud = cruds.get(input.resource);
      if (!crud) throw badRequest('err.badRequest');
      const save = resourceByName(input.resource)?.endpoints.save;
      if (!req.user || !save || !may(req.user, save.path)) throw forbidden();
      return ok(req, await crud.discardDraft(input.id, req), 'publish.draftDiscarded');
    },
  });
}
