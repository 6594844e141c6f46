import { columnOf, type FieldDef, id, type ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Ctx, WriteEvent } from '../context.js';
import { type AnyDb, looseDb } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { cascadeCopies, reindexRows, unindexRows } from '../db/text-index.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { ownerOf } from '../http/fair-queue.js';
import { parseInput } from '../http/route.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { deleteUnreferenced, imageNamesIn } from '../storage/references.js';
import { type ListWhere, ResourceQuery, type Row, type Visibility } from './list.js';

/**
 * The write side of a resource: save (validate, check references and uniqueness, sanitize, write), delete
 * and toggle, each in one transaction.
 *
 * Two extension points, and only these two:
 * - `CrudHooks` are per resource: the module that registers a resource passes them (hash a password, refuse
 *   a delete, give a new account its role). They run inside the writing transaction.
 * - `ctx.onWrite(listener)` is cross-cutting: every listener hears every create / update / delete / toggle
 *   of every resource, with the record before and after, the request (who) and the writing transaction
 *   (operation log, revisions, recycle bin, webhooks build on it; see context.ts).
 */

export interface CrudHooks {
  /** adjust the values about to be written (hash a password, check a rule); may throw AppError */
  beforeSave?: (values: Row, info: { id: number | null; existing: Row | null; req: FastifyRequest; trx: AnyDb }) => Promise<Row> | Row;
  /** refuse or prepare a delete (inside the transaction) */
  beforeDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** refuse a flag toggle of this stored record before it is written (inside the transaction); may throw AppError */
  beforeToggle?: (record: Row, info: { field: string; value: number; req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** after a row was written (`created`: it was inserted) or a flag toggled (inside the transaction) */
  afterWrite?: (id: number, info: { created: boolean; req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** after rows were deleted (inside the transaction) */
  afterDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** extra list conditions from custom parameters */
  listWhere?: ListWhere;
  /** what a reader may see (crud/list.ts) */
  visible?: Visibility;
}

const IMAGE_URL = /^(\/img\/[\w.-]{1,200}|https?:\/\/[^\s"'<>]{1,490})$/;

/** Reads, filters, pages, writes and deletes one resource, exactly as its contract describes. */
export class Crud extends ResourceQuery {
  constructor(
    ctx: Ctx,
    def: ResourceDef,
    override readonly hooks: CrudHooks = {},
  ) {
    super(ctx, def, hooks);
    this.imageFields = def.fields.filter((f) => f.type === 'image' || f.type === 'html');
  }

  /** the fields that hold (image) or embed (rich text) stored images */
  private readonly imageFields: FieldDef[];

  /** the stored images a record holds (image fields) or embeds (rich text); `stored`: a table row (column names) */
  private imagesOf(record: Row, stored = false): Set<string> {
    const names = new Set<string>();
    for (const f of this.imageFields)
      for (const name of imageNamesIn(record[stored ? columnOf(f) : f.name], f.type as 'image' | 'html')) names.add(name);
    return names;
  }

  /**
   * After the write committed (the reference is gone first): deletes the files of the images it dropped that
   * nothing else uses (storage/references.ts decides). A failure here never undoes the saved write.
   */
  private async deleteDroppedImages(names: Set<string>, req?: FastifyRequest): Promise<void> {
    if (!names.size) return;
    try {
      const deleted = await deleteUnreferenced(this.ctx.db, this.ctx.images, names);
      if (deleted.length)
        req?.log.info({ event: 'image.delete', user: req.user?.userName, names: deleted }, 'images no longer used deleted');
    } catch (err) {
      req?.log.warn({ err, names: [...names] }, 'deleting images no longer used failed; the sweep removes them later');
    }
  }

  /** tells every write listener (inside the writing transaction) */
  private async emit(event: Omit<WriteEvent, 'resource'>): Promise<void> {
    for (const listener of this.ctx.writeListeners) await listener({ ...event, resource: this.def });
  }

  /** the request the hooks receive: a save without one (a seed at start-up) is only possible without hooks */
  private hookRequest(req: FastifyRequest | undefined): FastifyRequest {
    if (!req) throw new Error(`${this.def.name}: its hooks need the request`);
    return req;
  }

  /**
   * validates, checks references and uniqueness, sanitizes, writes; returns the saved record.
   * `req` is only handed to the hooks; `outer` writes inside the caller's transaction instead of a new one.
   */
  async save(raw: unknown, req?: FastifyRequest, outer?: Transaction<Database>): Promise<Row> {
    const rawObj = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Row;
    const idValue = parseInput(z.object({ id: z.union([z.number(), z.string(), z.null()]).optional() }), rawObj).id;
    const recordId = idValue == null || idValue === '' ? null : parseInput(id(), idValue);
    const parsed = parseInput(this.def.save, rawObj) as Row;
    // rich text is sanitized before the transaction opens: a costly body must never hold the database
    const clean = new Map<string, string>();
    for (const [k, v] of Object.entries(parsed))
      if (this.byName.get(k)?.type === 'html' && typeof v === 'string')
        clean.set(k, await sanitizeRichText(v, { owner: ownerOf(req), timeLimitMs: this.ctx.config.sanitizeTimeLimitMs }));
    /** images the saved record no longer holds or embeds */
    const dropped = new Set<string>();
    const write = async (trx: Transaction<Database>) => {
      const loose = looseDb(trx);
      const existing = recordId == null ? null : await this.get(recordId, trx);
      if (recordId != null && !existing) throw notFound();
      let values: Row = {};
      for (const [k, v] of Object.entries(parsed)) {
        // on update, a field the client did not send keeps its stored value
        if (existing && !(k in rawObj)) continue;
        const f = this.byName.get(k);
        if (!f) {
          values[k] = v;
          continue;
        }
        if (f.readOnly) continue;
        if (v == null && (f.type === 'text' || f.type === 'code' || f.type === 'image' || f.type === 'html')) values[k] = '';
        else if (f.type === 'html' && typeof v === 'string') values[k] = clean.get(k) ?? '';
        else if (f.type === 'image' && v != null && v !== '') {
          if (!IMAGE_URL.test(String(v))) throw badRequest('v.imageUrl');
          values[k] = v;
        } else values[k] = v;
      }
      for (const r of this.def.refs ?? []) {
        const v = values[r.field];
        if (v == null || v === '') continue;
        const found = await loose.selectFrom(r.table).select('id').where(r.key, '=', v).executeTakeFirst();
        if (!found) throw badRequest(r.message);
      }
      for (const u of this.def.unique ?? []) {
        const v = values[u.field];
        if (v == null || v === '') continue;
        let q = loose
          .selectFrom(this.def.table)
          .select('id')
          .where(columnOf(this.byName.get(u.field)!), '=', v);
        if (recordId != null) q = q.where('id', '<>', recordId);
        if (await q.executeTakeFirst()) throw conflict(u.message);
      }
      if (this.hooks.beforeSave) values = await this.hooks.beforeSave(values, { id: recordId, existing, req: this.hookRequest(req), trx });
      const cols: Row = {};
      for (const [k, v] of Object.entries(values)) cols[this.byName.has(k) ? columnOf(this.byName.get(k)!) : k] = v;
      let savedId = recordId;
      if (recordId == null) {
        if (this.byName.get('createTime')) cols.create_time = this.ctx.nowText();
        const ins = await loose.insertInto(this.def.table).values(cols).returning('id').executeTakeFirstOrThrow();
        savedId = Number(ins.id);
      } else if (Object.keys(cols).length) {
        await loose.updateTable(this.def.table).set(cols).where('id', '=', recordId).execute();
      }
      await reindexRows(trx, this.def, [savedId!]);
      // a code that other rows reference follows its rename
      if (existing) {
        for (const u of this.def.usedBy ?? []) {
          const before = existing[u.field];
          const after = values[u.field];
          if (after !== undefined && before !== after) {
            await loose
              .updateTable(u.table)
              .set({ [u.column]: after })
              .where(u.column, '=', before)
              .execute();
            await cascadeCopies(trx, u.table, u.column, before, after);
          }
        }
      }
      if (this.hooks.afterWrite) await this.hooks.afterWrite(savedId!, { created: !existing, req: this.hookRequest(req), trx });
      const saved = await this.mustGet(savedId!, trx);
      if (existing) {
        // each side read once: one pass over each text, however many images it names
        const kept = this.imagesOf(saved);
        for (const name of this.imagesOf(existing)) if (!kept.has(name)) dropped.add(name);
      }
      if (this.ctx.writeListeners.length)
        await this.emit({ action: existing ? 'update' : 'create', id: savedId!, before: existing, after: { ...saved }, req, trx });
      return saved;
    };
    // a caller's transaction (start-up seeds, which only create) leaves file cleanup to the caller
    if (outer) return write(outer);
    const saved = await this.ctx.db.transaction().execute(write);
    await this.deleteDroppedImages(dropped, req);
    return saved;
  }

  /** deletes all given rows or none */
  async delete(ids: number[], req: FastifyRequest): Promise<number> {
    const dropped = new Set<string>();
    const count = await this.ctx.db.transaction().execute(async (trx) => {
      const loose = looseDb(trx);
      const rows = (await loose.selectFrom(this.def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
      if (rows.length !== new Set(ids).size) throw notFound();
      for (const u of this.def.usedBy ?? []) {
        const col = columnOf(this.byName.get(u.field)!);
        const values = rows.map((r) => r[col]).filter((v) => v != null);
        if (!values.length) continue;
        const used = await loose.selectFrom(u.table).select('id').where(u.column, 'in', values).executeTakeFirst();
        if (used) throw conflict(u.message);
      }
      if (this.hooks.beforeDelete) await this.hooks.beforeDelete(rows, { req, trx });
      const before = this.ctx.writeListeners.length ? await Promise.all(ids.map((i) => this.get(i, trx))) : [];
      await loose.deleteFrom(this.def.table).where('id', 'in', ids).execute();
      await unindexRows(trx, this.def, ids);
      if (this.hooks.afterDelete) await this.hooks.afterDelete(rows, { req, trx });
      for (const record of before)
        if (record) {
          const row = rows.find((r) => Number(r.id) === Number(record.id));
          await this.emit({ action: 'delete', id: Number(record.id), before: record, after: null, row, req, trx });
        }
      for (const row of rows) for (const name of this.imagesOf(row, true)) dropped.add(name);
      return rows.length;
    });
    await this.deleteDroppedImages(dropped, req);
    return count;
  }

  async toggle(field: string, recordId: number, value: number, req: FastifyRequest): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const loose = looseDb(trx);
      const before = this.ctx.writeListeners.length || this.hooks.beforeToggle ? await this.get(recordId, trx) : null;
      if (this.hooks.beforeToggle) {
        if (!before) throw notFound();
        await this.hooks.beforeToggle(before, { field, value, req, trx });
      }
      const r = await loose
        .updateTable(this.def.table)
        .set({ [columnOf(this.byName.get(field)!)]: value })
        .where('id', '=', recordId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound();
      if (this.textIndex?.copies.some((c) => c.field === field)) await reindexRows(trx, this.def, [recordId]);
      if (this.hooks.afterWrite) await this.hooks.afterWrite(recordId, { created: false, req, trx });
      if (this.ctx.writeListeners.length)
        await this.emit({ action: 'toggle', id: recordId, before, after: await this.get(recordId, trx), req, trx });
    });
  }
}
