import { flag, id, type ResourceDef } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../context.js';
import { badRequest } from '../http/errors.js';
import { ok, page } from '../http/reply.js';
import { addRoute, parseInput, rawInput } from '../http/route.js';
import type { Row } from './list.js';
import { scopeFor } from './scope.js';
import { Crud, type CrudHooks, saveMessageOf } from './service.js';

/**
 * Route registration of a resource: the endpoints its contract names (list and its aliases, get, save,
 * delete, toggles) answered by its `Crud`. Per-resource behaviour goes in `CrudHooks` (crud/service.ts);
 * what every resource needs goes in a `ctx.onWrite` listener.
 */

/** Ids of a delete: a JSON array, `{ ids: [...] }`, `?ids=1,2`, or `?id=` / `{ id }`. */
export function idsOf(req: FastifyRequest): unknown[] {
  const body = req.body as unknown;
  if (Array.isArray(body)) return body;
  const input = rawInput(req) as Row;
  if (Array.isArray(input.ids)) return input.ids;
  if (typeof input.ids === 'string' && input.ids) return input.ids.split(',');
  if (input.id != null && input.id !== '') return [input.id];
  return [];
}

const idsSchema = z.array(id(), { error: 'v.ids' }).min(1, { message: 'v.ids' }).max(1000, { message: 'err.badRequest' });

/** every app's Crud of each resource, with its module's hooks (an import writes through the same one) */
const cruds = new WeakMap<Ctx, Map<string, Crud>>();
/** the Crud (with its hooks) a resource's routes write through; undefined when no routes were registered for it */
export const crudOf = (ctx: Ctx, name: string): Crud | undefined => cruds.get(ctx)?.get(name);

/** Registers a resource's list / get / save / delete / toggle routes and returns its Crud. */
export function registerResource(api: FastifyInstance, ctx: Ctx, def: ResourceDef, hooks: CrudHooks = {}): Crud {
  const crud = new Crud(ctx, def, hooks);
  if (!cruds.has(ctx)) cruds.set(ctx, new Map());
  cruds.get(ctx)!.set(def.name, crud);
  for (const endpoint of [...(def.endpoints.list ? [def.endpoints.list] : []), ...(def.endpoints.aliases ?? [])]) {
    addRoute(api, ctx, {
      endpoint,
      doc: crud.schema,
      handler: async (_i, req) => {
        const { rows, total } = await crud.list(rawInput(req), scopeFor(def, req));
        return page(req, await crud.withListInfo(rows), total);
      },
    });
  }
  if (def.endpoints.get) {
    addRoute(api, ctx, {
      endpoint: def.endpoints.get,
      schema: z.object({ id: id() }),
      handler: async ({ id: recordId }, req) => {
        const record = await crud.forEditor(recordId, req);
        return def.getReply === 'entity' ? record : ok(req, record);
      },
    });
  }
  if (def.endpoints.save) {
    addRoute(api, ctx, {
      endpoint: def.endpoints.save,
      input: 'body',
      handler: async (_i, req) => {
        const saved = await crud.save(rawInput(req, 'body'), req);
        return ok(req, saved, saveMessageOf(saved));
      },
    });
  }
  if (def.endpoints.del) {
    addRoute(api, ctx, {
      endpoint: def.endpoints.del,
      handler: async (_i, req) => {
        const ids = parseInput(idsSchema, idsOf(req));
        if (def.del === 'id' && ids.length > 1) throw badRequest('v.onlyOne');
        await crud.delete(ids, req);
        return ok(req, undefined, 'common.deleted');
      },
    });
  }
  for (const [field, endpoint] of Object.entries(def.toggles ?? {})) {
    addRoute(api, ctx, {
      endpoint,
      handler: async (_i, req) => {
        const input = rawInput(req) as Row;
        const { id: recordId, value } = parseInput(z.object({ id: id(), value: flag() }), {
          id: input.id,
          value: input.flag ?? input[field],
        });
        await crud.toggle(field, recordId, value, req);
        return ok(req, undefined, 'common.ok');
      },
    });
  }
  return crud;
}
