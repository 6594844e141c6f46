import {
  Code,
  formatBytes,
  IMPORT_FIELDS,
  IMPORT_MODES,
  type ImportDoReply,
  type ImportMode,
  id,
  importEndpoints,
  type ResourceDef,
  resourceByName,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx, WritePart } from '../../context.js';
import { crudOf } from '../../crud/routes.js';
import { dropOwners } from '../../crud/scope.js';
import type { Crud } from '../../crud/service.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { audit, recordTitle } from '../log/index.js';
import { breathe, checkSheet } from './engine.js';
import { buildTemplate } from './template.js';
import { checkZip, readSheet } from './xlsx.js';

type Row = Record<string, unknown>;

/**
 * Excel import (导入, issue 26) of every resource declaring `importable`: 下载模板, 校验 (every row checked with the
 * save's own rules, nothing written), 导入 (the rows through `Crud.saveMany`, each as its `Crud.save` would, hooks
 * and listeners included, in ONE transaction: one revision per record, one operation-log entry for the whole) and
 * 撤销导入 (the whole undone in one transaction, refused when a record changed since). Each call needs the resource's
 * own save permission.
 */

/** the unpacked size of a file is capped at this many times IMPORT_MAX_BYTES */
const UNPACK_FACTOR = 20;

/** an importable resource by name, with the Crud its routes write through; 403 without its save permission */
function importable(ctx: Ctx, req: FastifyRequest, name: unknown): { def: ResourceDef; crud: Crud } {
  const def = typeof name === 'string' ? resourceByName(name) : undefined;
  const crud = def?.importable && def.endpoints.save ? crudOf(ctx, def) : undefined;
  if (!def || !crud || !def.endpoints.save) throw badRequest('import.notImportable');
  if (!req.user || !may(req.user, def.endpoints.save.path)) {
    req.log.warn({ event: 'permission.refused', user: req.user?.userName, path: def.endpoints.save.path }, 'import refused');
    throw forbidden();
  }
  return { def, crud };
}

/** the multipart body of checkImport / doImport: its fields (resource, mode) and the file */
async function readForm(req: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file: Buffer }> {
  if (!req.isMultipart()) throw badRequest('import.noFile');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
  let file: Buffer | null = null;
  const tooLarge = () => new AppError(Code.TOO_LARGE, 'import.tooLarge', { limit: formatBytes(maxBytes) });
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FIELDS.file) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('import.noFile');
  }
  if (!file || file.length === 0) throw badRequest('import.noFile');
  return { fields, file };
}

/** a file read and checked (nothing written) */
async function check(ctx: Ctx, req: FastifyRequest) {
  const { fields, file } = await readForm(req, ctx.config.importMaxBytes);
  const { def, crud } = importable(ctx, req, fields[IMPORT_FIELDS.resource]);
  checkZip(file, { maxUnpacked: ctx.config.importMaxBytes * UNPACK_FACTOR, maxRows: ctx.config.importMaxRows });
  const sheet = await readSheet(file);
  if (sheet.rows.length > ctx.config.importMaxRows)
    throw badRequest('import.tooManyRows', { rows: sheet.rows.length, max: ctx.config.importMaxRows });
  if (!sheet.rows.length) throw badRequest('import.empty');
  const result = await checkSheet(ctx, def, sheet, req);
  return { def, crud, fields, result };
}

/** what undo compares: the writable fields of a record (a view count or a joined name may change meanwhile) */
function comparable(def: ResourceDef, record: Row | null | undefined): Row | null {
  if (!record) return null;
  const out: Row = {};
  for (const f of def.fields) if (!f.readOnly && !f.hidden && !f.join && !f.lookup) out[f.name] = record[f.name] ?? null;
  if (record.translations) out.translations = record.translations;
  return out;
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function register(api: FastifyInstance, ctx: Ctx): void {
  addRoute(api, ctx, {
    endpoint: importEndpoints.getTemplate,
    schema: z.object({ resource: z.string({ error: 'import.notImportable' }) }),
    handler: async ({ resource }, req, reply) => {
      const { def } = importable(ctx, req, resource);
      const bytes = await buildTemplate(ctx, def, req);
      const name = `${t(req, def.label)}.xlsx`;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${def.name}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(bytes);
    },
  });

  addRoute(api, ctx, {
    endpoint: importEndpoints.checkImport,
    handler: async (_i, req) => ok(req, (await check(ctx, req)).result.reply),
  });

  addRoute(api, ctx, {
    endpoint: importEndpoints.doImport,
    handler: async (_i, req) => {
      const { def, crud, fields, result } = await check(ctx, req);
      const mode = (fields[IMPORT_FIELDS.mode] || 'all') as ImportMode;
      if (!IMPORT_MODES.includes(mode)) throw badRequest('import.badMode');
      const errors = result.reply.errors.length;
      if (mode === 'all' && errors) throw badRequest('import.hasErrors', { count: errors });
      if (!result.valid.length) throw badRequest('import.nothing');
      const skipped = result.reply.rows - result.valid.length;
      const { adds, updates } = result.reply;
      const now = ctx.nowText();
      const userName = req.user?.userName ?? '';
      const batchId = await ctx.db.transaction().execute(async (trx) => {
        const batch = await trx
          .insertInto('import_batch')
          .values({ resource: def.name, user_name: userName, import_time: now, adds, updates, skipped, undone: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const part: WritePart = { kind: 'import', id: Number(batch.id) };
        // the records the rows update, as they were; then every row saved (Crud.saveMany: a chunk at a time)
        const befores = new Map(
          (
            await crud.getMany(
              result.valid.flatMap((v) => (v.id != null ? [v.id] : [])),
              trx,
            )
          ).map((r) => [Number(r.id), r]),
        );
        const saved = await crud.saveMany(
          result.valid.map((v) => v.payload),
          req,
          trx,
          { partOf: part, between: breathe },
        );
        const items = result.valid.map((v, i) => {
          const before = v.id != null ? befores.get(v.id) : null;
          return {
            batch_id: part.id,
            record_id: Number(saved[i].id),
            action: v.action,
            before_data: before ? JSON.stringify(before) : null,
            after_data: JSON.stringify(comparable(def, saved[i])),
          };
        });
        for (let i = 0; i < items.length; i += 200)
          await trx
            .insertInto('import_item')
            .values(items.slice(i, i + 200))
            .execute();
        await audit(ctx, trx, {
          req,
          module: def.name,
          action: 'import',
          recordId: part.id,
          title: t(req, 'import.logTitle', { resource: t(req, def.label), adds, updates }),
          after: { importId: part.id, adds, updates, skipped },
        });
        return part.id;
      });
      const reply: ImportDoReply = { id: batchId, adds, updates, skipped };
      return ok(req, reply, t(req, 'import.done', { adds, updates, skipped }));
    },
  });

  addRoute(api, ctx, {
    endpoint: importEndpoints.undoImport,
    schema: z.object({ id: id() }),
    handler: async ({ id: batchId }, req) => {
      const batch = await ctx.db.selectFrom('import_batch').selectAll().where('id', '=', batchId).executeTakeFirst();
      if (!batch) throw notFound('import.batchNotFound');
      const { def, crud } = importable(ctx, req, batch.resource);
      if (batch.undone) throw badRequest('import.alreadyUndone');
      const dropped = new Set<string>();
      const counts = await ctx.db.transaction().execute(async (trx) => {
        // taken again inside the transaction: two undos at once do it once
        const fresh = await trx.selectFrom('import_batch').select('undone').where('id', '=', batchId).executeTakeFirstOrThrow();
        if (fresh.undone) throw badRequest('import.alreadyUndone');
        const items = await trx.selectFrom('import_item').selectAll().where('batch_id', '=', batchId).orderBy('id', 'desc').execute();
        const part: WritePart = { kind: 'undoImport', id: batchId };
        // every record as the import left it, else nothing is undone
        const current = new Map(
          (
            await crud.getMany(
              items.map((i) => Number(i.record_id)),
              trx,
            )
          ).map((r) => [Number(r.id), r]),
        );
        for (const item of items) {
          const now = current.get(Number(item.record_id));
          const after = item.after_data ? (JSON.parse(item.after_data) as Row) : null;
          if (!now || !same(comparable(def, now), after))
            throw badRequest('import.changedSince', { title: recordTitle(def, now ?? after, Number(item.record_id)) });
        }
        const added = items.filter((i) => i.action === 'add').map((i) => Number(i.record_id));
        for (let i = 0; i < added.length; i += 1000) {
          const ids = added.slice(i, i + 1000);
          await crud.delete(ids, req, { trx, dropped, partOf: part });
          // gone for good, not into the recycle bin: their owner rows go too
          await dropOwners(trx, def.name, ids);
          await breathe();
        }
        const bodies = items.flatMap((item) =>
          item.action === 'update' && item.before_data
            ? [{ ...comparable(def, JSON.parse(item.before_data) as Row), id: Number(item.record_id) }]
            : [],
        );
        await crud.saveMany(bodies, req, trx, { partOf: part, between: breathe });
        await trx.updateTable('import_batch').set({ undone: 1 }).where('id', '=', batchId).execute();
        await audit(ctx, trx, {
          req,
          module: def.name,
          action: 'undoImport',
          recordId: batchId,
          title: t(req, 'import.logTitle', { resource: t(req, def.label), adds: batch.adds, updates: batch.updates }),
          after: { importId: batchId },
        });
        return { adds: added.length, updates: items.length - added.length };
      });
      await crud.afterOuter(dropped, req);
      return ok(req, { id: batchId, ...counts }, t(req, 'import.undone', counts));
    },
  });
}
