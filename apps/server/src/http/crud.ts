import {
  Code,
  checkDateRange,
  columnOf,
  type FieldDef,
  flag,
  id,
  optDate,
  optFilter,
  pageSizeOf,
  paging,
  type ResourceDef,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Expression, type Kysely, type OrderByItemBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Ctx } from '../context.js';
import type { AnyDb } from '../db/index.js';
import { COUNTED_TABLES } from '../db/migrations/014_row_count.js';
import { runShape } from '../db/shapes.js';
import { AppError, badRequest, conflict, notFound } from './errors.js';
import { ok, page } from './reply.js';
import { addRoute, parseInput, rawInput } from './route.js';
import { sanitizeRichText } from './sanitize.js';
import { cascadeCopies, queryGram, reindexRows, type TextIndex, textIndexOf, unindexRows } from './text-index.js';

type Row = Record<string, unknown>;

export interface CrudHooks {
  /** adjust the values about to be written (hash a password, check a rule); may throw AppError */
  beforeSave?: (values: Row, info: { id: number | null; existing: Row | null; req: FastifyRequest; trx: AnyDb }) => Promise<Row> | Row;
  /** refuse or prepare a delete (inside the transaction) */
  beforeDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** after a row was written or a flag toggled (inside the transaction) */
  afterWrite?: (id: number, info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** after rows were deleted (inside the transaction) */
  afterDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** extra list conditions from custom parameters */
  listWhere?: (input: Row) => ((eb: any) => Expression<SqlBool>)[];
}

const IMAGE_URL = /^(\/img\/[\w.-]{1,200}|https?:\/\/[^\s"'<>]{1,490})$/;
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/**
 * Empty values (a sort number not given) sort last going up and first going down, on both dialects. Only
 * nullable (sort number) columns get the NULLS clause: on NOT NULL columns it would stop SQLite from reading
 * an index in order.
 */
const direction = (dir: 'asc' | 'desc', nullable: boolean) => (ob: OrderByItemBuilder) =>
  !nullable ? (dir === 'asc' ? ob.asc() : ob.desc()) : dir === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst();

/** The list filters, paging and sort of a resource as one zod schema. */
export function listSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...paging, pageSize: pageSizeOf(def.pageSize) };
  for (const f of def.filters) {
    const field = def.fields.find((x) => x.name === f.field);
    if (f.op === 'from' || f.op === 'to') shape[f.param] = optDate();
    else if (field?.type === 'flag')
      shape[f.param] = z
        .union([z.string(), z.number(), z.null()])
        .optional()
        .transform((v) => (v == null || v === '' ? null : Number(v)))
        .refine((v) => v == null || v === 0 || v === 1, { message: 'v.flag' });
    else if (field?.type === 'int')
      shape[f.param] = z
        .union([z.string(), z.number(), z.null()])
        .optional()
        .transform((v) => (v == null || String(v).trim() === '' ? null : Number(v)))
        .refine((v) => v == null || Number.isSafeInteger(v), { message: 'err.invalidField', params: { field: f.param } });
    else shape[f.param] = optFilter(200);
  }
  return z.looseObject(shape);
}

/** Reads, filters, pages, writes and deletes one resource, exactly as its contract describes. */
export class Crud {
  readonly fields: FieldDef[];
  private readonly byName: Map<string, FieldDef>;
  readonly schema: ReturnType<typeof listSchema>;
  readonly textIndex: TextIndex | null;

  constructor(
    readonly ctx: Ctx,
    readonly def: ResourceDef,
    readonly hooks: CrudHooks = {},
  ) {
    this.fields = def.fields.filter((f) => !f.hidden);
    this.byName = new Map(def.fields.map((f) => [f.name, f]));
    this.schema = listSchema(def);
    this.textIndex = textIndexOf(def);
  }

  get db(): Kysely<any> {
    return this.ctx.db as unknown as Kysely<any>;
  }

  private ref(name: string, gram = false): string {
    const f = this.byName.get(name);
    if (gram) {
      const copy = this.textIndex?.copies.find((c) => c.field === name);
      if (copy) return `g.${copy.column}`;
    }
    if (!f) throw new Error(`${this.def.name}: unknown field ${name}`);
    if (f.join) return `j_${f.name}.${f.join.select}`;
    if (f.lookup) throw new Error(`${this.def.name}: ${name} is a looked-up label; filter or sort by ${f.lookup.via}`);
    return `t.${columnOf(f)}`;
  }

  /** select … from the table (or, for a text search, from its gram index) with its joins */
  base(db: AnyDb = this.db, gram = false, joins = true) {
    let q = gram
      ? db.selectFrom(`${this.textIndex!.table} as g`).innerJoin(`${this.def.table} as t`, 't.id', 'g.row_id')
      : db.selectFrom(`${this.def.table} as t`);
    for (const f of this.def.fields) {
      if (!f.join || !joins) continue;
      const via = this.byName.get(f.join.via)!;
      q = q.leftJoin(`${f.join.table} as j_${f.name}`, `j_${f.name}.${f.join.key}`, `t.${columnOf(via)}`);
    }
    return q;
  }

  /** the visible fields; a list leaves rich-text bodies out (they are read by get) */
  private selectFields(q: ReturnType<Crud['base']>, forList = false) {
    return q.select(
      this.fields.filter((f) => !f.lookup && !(forList && f.type === 'html')).map((f) => sql.ref(this.ref(f.name)).as(f.name)),
    );
  }

  /**
   * where-conditions of the list filters (`gram`: copied fields read from the gram index, `skip` a filter),
   * with their values in SQL order and the names of the filters that were set (the query's shape)
   */
  conditions(input: Row, gram = false, skip?: string) {
    const conds: ((eb: any) => Expression<SqlBool>)[] = [];
    const params: unknown[] = [];
    const set: string[] = [];
    const err = checkDateRange(
      input[this.def.filters.find((f) => f.op === 'from')?.param ?? ''] as string | null,
      input[this.def.filters.find((f) => f.op === 'to')?.param ?? ''] as string | null,
    );
    if (err) throw badRequest(err);
    for (const f of this.def.filters) {
      const v = input[f.param];
      if (v == null || v === '' || f.param === skip) continue;
      set.push(f.param);
      const ref = sql.ref(this.ref(f.field, gram));
      if (f.op === 'like') {
        const p = likePattern(String(v));
        params.push(p);
        conds.push(() => sql<SqlBool>`lower(${ref}) like lower(${p}) escape '\\'`);
      } else if (f.op === 'eq') {
        params.push(v);
        conds.push(() => sql<SqlBool>`${ref} = ${v}`);
      } else if (f.op === 'from') {
        const p = `${v} 00:00:00`;
        params.push(p);
        conds.push(() => sql<SqlBool>`${ref} >= ${p}`);
      } else if (f.op === 'to') {
        const p = `${v} 23:59:59`;
        params.push(p);
        conds.push(() => sql<SqlBool>`${ref} <= ${p}`);
      } else if (f.op === 'keyword') {
        const refs = (f.fields ?? [f.field]).map((n) => sql.ref(this.ref(n)));
        const p = likePattern(String(v));
        for (const _ of refs) params.push(p);
        conds.push(
          () =>
            sql<SqlBool>`(${sql.join(
              refs.map((r) => sql`lower(${r}) like lower(${p}) escape '\\'`),
              sql` or `,
            )})`,
        );
      }
    }
    if (this.hooks.listWhere) conds.push(...this.hooks.listWhere(input));
    return { conds, params, set };
  }

  async list(raw: unknown): Promise<{ rows: Row[]; total: number }> {
    const input = parseInput(this.schema, raw) as Row & {
      pageNumber: number;
      pageSize: number;
      sortField: string | null;
      sortOrder: 'asc' | 'desc' | null;
    };
    const ti = this.def.textIndex;
    const search = ti && typeof input[ti.param] === 'string' ? queryGram(input[ti.param] as string) : null;
    const gram = search !== null;
    // an exact gram lookup answers the text filter by itself; otherwise the LIKE stays as a check
    const { conds, params, set } = this.conditions(input, gram, search?.exact ? ti!.param : undefined);
    if (search) {
      conds.unshift((eb: any) => eb('g.gram', '=', search.gram));
      params.unshift(search.gram);
    }
    const where = (q: any) => conds.reduce((acc, c) => acc.where(c), q);
    // a search whose every filter is on copied fields is counted from the gram index alone
    const copied = new Set(this.textIndex?.copies.map((c) => c.field));
    const countFromIndex =
      search?.exact &&
      !this.hooks.listWhere &&
      this.def.filters.every((f) => f.param === ti!.param || input[f.param] == null || input[f.param] === '' || copied.has(f.field));
    // joins only when a filter reads a joined name: a count over the bare table is answered from an index
    const joinFiltered = this.def.filters.some(
      (f) => input[f.param] != null && input[f.param] !== '' && [f.field, ...(f.fields ?? [])].some((n) => this.byName.get(n)?.join),
    );
    const nullable = (name: string) => this.byName.get(name)?.type === 'sort';
    const sortable = input.sortField && this.byName.get(input.sortField)?.sortable ? input.sortField : null;
    // the query's shape: everything above that changes its SQL text (a hook's own conditions cannot be named)
    const shape = this.hooks.listWhere
      ? null
      : `${this.def.name}:list:${set.join(',')}:${search ? (search.exact ? 'exact' : 'gram') : ''}:${countFromIndex ? 'ix' : ''}:${
          joinFiltered ? 'j' : ''
        }:${sortable ?? ''}:${sortable ? (input.sortOrder ?? 'asc') : ''}`;

    // an unfiltered list of a counted table reads its total from the trigger-kept row count
    const [countRow] =
      shape && set.length === 0 && !search && COUNTED_TABLES.has(this.def.table)
        ? await runShape<{ n: number }>(this.db, this.ctx.dialect, `${this.def.name}:list:count-all`, [this.def.table], () =>
            this.db.selectFrom('row_count').select('n').where('tbl', '=', this.def.table),
          )
        : await runShape<{ n: number }>(this.db, this.ctx.dialect, shape && `${shape}:count`, params, () => {
            const countBase = countFromIndex
              ? this.db.selectFrom(`${this.textIndex!.table} as g`)
              : this.base(this.db, gram, joinFiltered || !!this.hooks.listWhere);
            return where(countBase).select(sql<number>`count(*)`.as('n'));
          });
    const total = Number(countRow?.n ?? 0);
    if (total === 0) return { rows: [], total };
    const offset = (input.pageNumber - 1) * input.pageSize;
    const rows = await runShape(this.db, this.ctx.dialect, shape && `${shape}:rows`, [...params, input.pageSize, offset], () => {
      let q = where(this.selectFields(this.base(this.db, gram), true));
      if (sortable) q = q.orderBy(sql.ref(this.ref(sortable, gram)), direction(input.sortOrder ?? 'asc', nullable(sortable)));
      for (const [name, dir] of this.def.order)
        if (name !== sortable) q = q.orderBy(sql.ref(this.ref(name, gram)), direction(dir, nullable(name)));
      q = q.orderBy(gram ? 'g.row_id' : 't.id', 'desc');
      return q.limit(input.pageSize).offset(offset);
    });
    return { rows: rows.map((r: Row) => this.out(r)), total };
  }

  /** numbers as numbers on both dialects */
  out(r: Row): Row {
    for (const f of this.fields) {
      const v = r[f.name];
      if (v == null) continue;
      if (f.type === 'flag' || f.type === 'int' || f.type === 'sort') r[f.name] = Number(v);
    }
    // labels looked up from a fixed code list (bannerTypeName from bannerType)
    for (const f of this.fields) if (f.lookup) r[f.name] = f.lookup.options.find((o) => o.code === r[f.lookup!.via])?.name ?? '';
    return r;
  }

  async get(idValue: number, db: AnyDb = this.db): Promise<Row | null> {
    const [r] = await runShape(db, this.ctx.dialect, `${this.def.name}:get`, [idValue], () =>
      this.selectFields(this.base(db)).where('t.id', '=', idValue),
    );
    return r ? this.out(r as Row) : null;
  }

  async mustGet(idValue: number, db: AnyDb = this.db): Promise<Row> {
    const r = await this.get(idValue, db);
    if (!r) throw notFound();
    return r;
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
  async save(raw: unknown, req?: FastifyRequest, outer?: Transaction<any>): Promise<Row> {
    const rawObj = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Row;
    const idValue = parseInput(z.object({ id: z.union([z.number(), z.string(), z.null()]).optional() }), rawObj).id;
    const recordId = idValue == null || idValue === '' ? null : parseInput(id(), idValue);
    const parsed = parseInput(this.def.save, rawObj) as Row;
    const write = async (trx: Transaction<any>) => {
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
        else if (f.type === 'html' && typeof v === 'string') values[k] = await sanitizeRichText(v);
        else if (f.type === 'image' && v != null && v !== '') {
          if (!IMAGE_URL.test(String(v))) throw badRequest('v.imageUrl');
          values[k] = v;
        } else values[k] = v;
      }
      for (const r of this.def.refs ?? []) {
        const v = values[r.field];
        if (v == null || v === '') continue;
        const found = await trx.selectFrom(r.table).select('id').where(r.key, '=', v).executeTakeFirst();
        if (!found) throw badRequest(r.message);
      }
      for (const u of this.def.unique ?? []) {
        const v = values[u.field];
        if (v == null || v === '') continue;
        let q = trx
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
        const ins = await trx.insertInto(this.def.table).values(cols).returning('id').executeTakeFirstOrThrow();
        savedId = Number(ins.id);
      } else if (Object.keys(cols).length) {
        await trx.updateTable(this.def.table).set(cols).where('id', '=', recordId).execute();
      }
      await reindexRows(trx, this.def, [savedId!]);
      // a code that other rows reference follows its rename
      if (existing) {
        for (const u of this.def.usedBy ?? []) {
          const before = existing[u.field];
          const after = values[u.field];
          if (after !== undefined && before !== after) {
            await trx
              .updateTable(u.table)
              .set({ [u.column]: after })
              .where(u.column, '=', before)
              .execute();
            await cascadeCopies(trx, u.table, u.column, before, after);
          }
        }
      }
      if (this.hooks.afterWrite) await this.hooks.afterWrite(savedId!, { req: this.hookRequest(req), trx });
      return this.mustGet(savedId!, trx);
    };
    return outer ? write(outer) : this.db.transaction().execute(write);
  }

  /** deletes all given rows or none */
  async delete(ids: number[], req: FastifyRequest): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = (await trx.selectFrom(this.def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
      if (rows.length !== new Set(ids).size) throw notFound();
      for (const u of this.def.usedBy ?? []) {
        const col = columnOf(this.byName.get(u.field)!);
        const values = rows.map((r) => r[col]).filter((v) => v != null);
        if (!values.length) continue;
        const used = await trx.selectFrom(u.table).select('id').where(u.column, 'in', values).executeTakeFirst();
        if (used) throw conflict(u.message);
      }
      if (this.hooks.beforeDelete) await this.hooks.beforeDelete(rows, { req, trx });
      await trx.deleteFrom(this.def.table).where('id', 'in', ids).execute();
      await unindexRows(trx, this.def, ids);
      if (this.hooks.afterDelete) await this.hooks.afterDelete(rows, { req, trx });
      return rows.length;
    });
  }

  async toggle(field: string, recordId: number, value: number, req: FastifyRequest): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable(this.def.table)
        .set({ [columnOf(this.byName.get(field)!)]: value })
        .where('id', '=', recordId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound();
      if (this.textIndex?.copies.some((c) => c.field === field)) await reindexRows(trx, this.def, [recordId]);
      if (this.hooks.afterWrite) await this.hooks.afterWrite(recordId, { req, trx });
    });
  }
}

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

/** Registers a resource's list / get / save / delete / toggle routes and returns its Crud. */
export function registerResource(api: FastifyInstance, ctx: Ctx, def: ResourceDef, hooks: CrudHooks = {}): Crud {
  const crud = new Crud(ctx, def, hooks);
  for (const endpoint of [...(def.endpoints.list ? [def.endpoints.list] : []), ...(def.endpoints.aliases ?? [])]) {
    addRoute(api, ctx, {
      endpoint,
      handler: async (_i, req) => {
        const { rows, total } = await crud.list(rawInput(req));
        return page(req, rows, total);
      },
    });
  }
  if (def.endpoints.get) {
    addRoute(api, ctx, {
      endpoint: def.endpoints.get,
      schema: z.object({ id: id() }),
      handler: async ({ id: recordId }, req) => {
        const record = await crud.mustGet(recordId);
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
        return ok(req, saved, 'common.saved');
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

export { AppError, Code };
