import { companyEndpoints, companyResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { Crud } from '../../crud/service.js';
import { ok } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';

type Row = Record<string, unknown>;

/** A unique-index clash on either dialect (a concurrent first save of the profile). */
const isUniqueViolation = (e: unknown) => {
  const code = (e as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * The company profile: a single record (the site owner's company), under the `contact` menu.
 * `/company/getCompany` takes no id and answers the profile, or an empty one with `id: null` before the
 * first save; `/company/saveCompany` updates that one row, creating it on the first save.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const crud = new Crud(ctx, companyResource);
  const { db } = ctx;
  const currentId = async (): Promise<number | null> => {
    const r = await db.selectFrom('company').select('id').orderBy('id').limit(1).executeTakeFirst();
    return r ? Number(r.id) : null;
  };
  const empty = (): Row =>
    Object.fromEntries(crud.fields.map((f) => [f.name, f.name === 'id' ? null : f.type === 'int' || f.type === 'sort' ? null : '']));

  addRoute(api, ctx, {
    endpoint: companyEndpoints.get,
    handler: async (_i, req) => {
      const id = await currentId();
      return ok(req, (id != null && (await crud.get(id))) || empty());
    },
  });

  addRoute(api, ctx, {
    endpoint: companyEndpoints.save,
    input: 'body',
    handler: async (_i, req) => {
      const body = rawInput(req, 'body');
      const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Row;
      // whatever id the client sends, the one profile is the row written
      const save = async () => crud.save({ ...input, id: await currentId() }, req);
      try {
        return ok(req, await save(), 'common.saved');
      } catch (e) {
        // another first save won the race: this one becomes an update of that row
        if (!isUniqueViolation(e)) throw e;
        return ok(req, await save(), 'common.saved');
      }
    },
  });
}
