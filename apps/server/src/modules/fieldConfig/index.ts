import {
  configurableFields,
  defaultListFields,
  type FieldConfigData,
  fieldConfigEndpoints,
  fieldConfigSaveSchema,
  resourceOfModelType,
  type SelectedField,
  type SuccessReply,
} from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';

/**
 * Per-user list columns (SPEC point 7 "Field configuration"). These two replies use `success` and
 * `message` (not code and msg), so they are built here, refusals included, instead of going through the
 * global error handler; only a missing or expired token still answers with the usual code and msg.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  /** runs a handler, turning a refusal into `{ success: false, message }` with its HTTP status */
  const answer = async (req: FastifyRequest, reply: FastifyReply, fn: () => Promise<SuccessReply<unknown>>) => {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return reply.status(e.code >= 400 && e.code < 600 ? e.code : 400).send({ success: false, message: t(req, e.key, e.params) });
    }
  };

  const resourceOf = (modelType: unknown) => {
    const name = typeof modelType === 'string' ? modelType.trim() : '';
    if (!name) throw badRequest('fieldConfig.modelTypeRequired');
    const def = resourceOfModelType(name);
    if (!def) throw badRequest('fieldConfig.unknownModel');
    return { name, def };
  };

  addRoute(api, ctx, {
    endpoint: fieldConfigEndpoints.get,
    input: 'query',
    doc: z.object({ modelType: z.string().describe('the list, e.g. news') }),
    handler: (_i, req, reply) =>
      answer(req, reply, async () => {
        const { name, def } = resourceOf((rawInput(req, 'query') as Record<string, unknown>).modelType);
        const base = configurableFields(def);
        const known = new Set(base.map((f) => f.name));
        const saved = await db
          .selectFrom('sys_field_config')
          .select(['field', 'is_fixed'])
          .where('user_id', '=', req.user!.id)
          .where('model_type', '=', name)
          .orderBy('sort_no')
          .execute();
        let selectFileds: SelectedField[] = saved
          .filter((r) => known.has(r.field))
          .map((r) => ({ field: r.field, isFixed: Number(r.is_fixed) === 1 ? 1 : 0 }));
        const sys = defaultListFields(def);
        if (selectFileds.length === 0) selectFileds = sys.map((f) => ({ field: f.name, isFixed: 0 }));
        const data: FieldConfigData = {
          baseFileds: base.map((f) => ({ field: f.name, fieldName: t(req, f.label) })),
          sysFileds: sys.map((f) => ({ field: f.name, fieldName: t(req, f.label) })),
          selectFileds,
        };
        return { success: true, message: t(req, 'fieldConfig.loaded'), data };
      }),
  });

  addRoute(api, ctx, {
    endpoint: fieldConfigEndpoints.save,
    doc: fieldConfigSaveSchema,
    handler: (_i, req, reply) =>
      answer(req, reply, async () => {
        const raw = rawInput(req, 'merged') as Record<string, unknown>;
        const { def, name } = resourceOf(raw && typeof raw === 'object' ? raw.modelType : undefined);
        const input = parseInput(fieldConfigSaveSchema, raw);
        const known = new Set(configurableFields(def).map((f) => f.name));
        const seen = new Set<string>();
        for (const item of input.fieldItems) {
          if (!item.fieldName) throw badRequest('fieldConfig.fieldRequired');
          if (!known.has(item.fieldName)) throw badRequest('fieldConfig.unknownField', { field: item.fieldName.slice(0, 64) });
          if (seen.has(item.fieldName)) throw badRequest('fieldConfig.duplicateField', { field: item.fieldName });
          seen.add(item.fieldName);
        }
        const userId = req.user!.id;
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('sys_field_config').where('user_id', '=', userId).where('model_type', '=', name).execute();
          await trx
            .insertInto('sys_field_config')
            .values(
              input.fieldItems.map((item, i) => ({
                user_id: userId,
                model_type: name,
                field: item.fieldName,
                is_fixed: item.isFixed,
                sort_no: i,
              })),
            )
            .execute();
        });
        return { success: true, message: t(req, 'fieldConfig.saved') };
      }),
  });
}
