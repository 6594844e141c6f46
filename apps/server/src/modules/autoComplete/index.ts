import { AUTOCOMPLETE_NAMES, autoCompleteEndpoints, autoCompleteQuerySchema, Code } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { queryTable } from '../reference/index.js';

/**
 * The `/AutoComplete/*` look-ups (SPEC point 7 "Pickers and autocomplete"), by GET or POST, for any
 * logged-in user: `{ code, msg, list: [{ code, name }], intTotal }` from the bundled reference tables.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  for (const name of AUTOCOMPLETE_NAMES) {
    const { get, post } = autoCompleteEndpoints[name];
    for (const endpoint of [post, get]) {
      addRoute(api, ctx, {
        endpoint,
        schema: autoCompleteQuerySchema,
        handler: ({ query, page, pageSize }, req) => {
          const result = queryTable(name, query || undefined, page, pageSize);
          if (!result) throw notFound();
          // rows are exactly { code, name } (division rows also carry parent and level internally)
          const list = result.list.map((r) => ({ code: r.code, name: r.name }));
          return { code: Code.OK, msg: t(req, 'common.ok'), list, intTotal: result.intTotal };
        },
      });
    }
  }
}
