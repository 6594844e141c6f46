import { flag, id, type ResourceDef } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../context.js';
import { badRequest } from '../http/errors.js';
import { ok, page } from '../http/reply.js';
import { addRoute, parseInput, rawInput } from '../http/route.js';
import { withSaveNotes } from './gates.js';
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

/** the Crud each app registered per resource (with its module's hooks) */
const registered = new WeakMap<Ctx, Map<string, Crud>>();

/**
 * The Crud that answers a resource's own routes (its module's hooks included), for a capability module repeating
 * one of its writes (the batch actions); one without hooks when its routes are not registered.
 */
export function crudOf(ctx: Ctx, def: ResourceDef): Crud {
  return registered.get(ctx)?.get(def.name) ?? new Crud(ctx, def);
}

/** Registers a resource's list / get / save / delete / toggle routes and returns its Crud. */
export function registerResource(api: FastifyInstance, ctx: Ctx, def: ResourceDef, hooks: CrudHooks = {}): Crud {
  const crud = new Crud(ctx, def, hooks);
  if (!registered.has(ctx)) registered.set(ctx, new Map());
  registered.get(ctx)!.set(def.name, crud);
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
        // the content checks' hits ride along (crud/gates.ts `addSaveNote`)
        return ok(req, await withSaveNotes(ctx, def, saved, req), saveMessageOf(saved));
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
