import { type BatchReply, batchActionsOf, batchEndpoints, batchInput, resourceByName } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { readDraft } from '../../crud/pending-draft.js';
import { crudOf } from '../../crud/routes.js';
import { assertInScope, scopeFor } from '../../crud/scope.js';
import type { Crud } from '../../crud/service.js';
import { looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';

type Row = Record<string, unknown>;

/**
 * 批量操作 (`/batch/doBatch`, issue 26): 批量发布 / 批量下线 / 批量置顶 / 取消置顶 / 批量修改类型 on the selected records of a
 * list. What a resource offers and the permission each needs come from its description (contracts `batchActionsOf`):
 * the single action's permission, refused 403 as a whole when missing. Each id takes the same `Crud` method as the
 * single action (publish, unpublish, toggle, save), in ONE transaction, each inside its own savepoint: a record its
 * checks refuse (a required field missing, outside the caller's data scope, absent) rolls back only itself and is
 * answered in `refused` with the reason in the request's language; the others are `done`. Each record's write emits
 * its own domain event, so the operation log has one entry per record, as for the single action.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  addRoute(api, ctx, {
    endpoint: batchEndpoints.doBatch,
    schema: batchInput,
    input: 'body',
    handler: async (input, req) => {
      const def = resourceByName(input.resource);
      if (!def) throw badRequest('batch.resourceUnknown');
      const action = batchActionsOf(def).find((a) => a.action === input.action);
      if (!action) throw badRequest('batch.actionUnavailable');
      if (!req.user || !may(req.user, action.permission)) {
        req.log.warn({ event: 'permission.refused', user: req.user?.userName, path: action.permission }, 'batch action refused');
        throw forbidden();
      }
      const crud = crudOf(ctx, def);
      const ids = [...new Set(input.ids)];
      let one: (recordId: number, trx: Transaction<Database>) => Promise<unknown>;
      switch (input.action) {
        case 'publish':
          one = (recordId, trx) => crud.publish({ id: recordId }, req, trx);
          break;
        case 'unpublish':
          one = (recordId, trx) => crud.unpublish(recordId, req, trx);
          break;
        case 'top':
        case 'untop':
          one = (recordId, trx) => crud.toggle('isTop', recordId, input.action === 'top' ? 1 : 0, req, trx);
          break;
        case 'setType': {
          const field = def.typeField!.field;
          const type = input.type?.trim();
          if (!type) throw badRequest('batch.typeRequired');
          // an unknown type is the whole call's mistake, not each record's
          const ref = def.refs?.find((r) => r.field === field);
          if (ref && !(await looseDb(ctx.db).selectFrom(ref.table).select('id').where(ref.key, '=', type).executeTakeFirst()))
            throw badRequest(ref.message);
          one = (recordId, trx) => setType(crud, def.publishable ? def.name : null, field, type, recordId, req, trx);
          break;
        }
      }
      const reply: BatchReply = { done: [], refused: [] };
      await ctx.db.transaction().execute(async (trx) => {
        for (const [i, recordId] of ids.entries()) {
          const point = sql.raw(`batch_${i}`);
          await sql`savepoint ${point}`.execute(trx);
          try {
            await one(recordId, trx);
            await sql`release savepoint ${point}`.execute(trx);
            reply.done.push(recordId);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            await sql`rollback to savepoint ${point}`.execute(trx);
            reply.refused.push({ id: recordId, msg: t(req, err.key, err.params) });
          }
        }
      });
      req.log.info(
        {
          event: 'batch',
          user: req.user.userName,
          resource: def.name,
          action: input.action,
          done: reply.done.length,
          refused: reply.refused.length,
        },
        'batch action',
      );
      return ok(req, reply);
    },
  });
}

/**
 * 修改类型 of one record: its save with the type field changed (the save's checks, hooks, guarded fields and publish
 * rules hold). A record with a pending draft is refused: the save would put the draft live or drop it.
 */
async function setType(
  crud: Crud,
  draftsOf: string | null,
  field: string,
  type: string,
  recordId: number,
  req: Parameters<Crud['save']>[1],
  trx: Transaction<Database>,
): Promise<void> {
  const record = await crud.get(recordId, trx);
  if (!record) throw notFound();
  await assertInScope(trx, crud.def.name, scopeFor(crud.def, req), [recordId]);
  // already of this type: nothing to write (no revision, no log entry)
  if (record[field] === type) return;
  if (draftsOf && (await readDraft(trx, draftsOf, recordId))) throw badRequest('batch.hasDraft');
  const body: Row = { ...crud.saveBodyOf(record), [field]: type };
  await crud.save(body, req, trx);
}
