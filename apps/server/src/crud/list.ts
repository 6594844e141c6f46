import {
  checkDateRange,
  columnOf,
  type FieldDef,
  optDate,
  optFilter,
  PENDING_DRAFT,
  type PublishState,
  pageSizeOf,
  paging,
  type ResourceDef,
  type TranslationStatus,
  translationFilter,
} from '@gk/contracts';
import {
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type OrderByItemBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { z } from 'zod';
import type { DataScope } from '../auth/sessions.js';
import type { Ctx } from '../context.js';
import { type AnyDb, type LooseTables, looseDb } from '../db/index.js';
import { runShape } from '../db/shapes.js';
import { queryGram, type TextIndex, textIndexOf } from '../db/text-index.js';
import { badRequest, notFound } from '../http/errors.js';
import { parseInput } from '../http/route.js';
import { keptCount } from './kept-counts.js';
import { notPublishedSql, pendingDraftSql, publishStateSql } from './publish-state.js';
import { scopeKey, scopeTotal, scopeWhere } from './scope.js';
import { localesOf, statusSql } from './translations.js';

/**
 * The read side of a resource: its list query (filters, paging, sort, as its contract describes them) and
 * the reading of one record. Each distinct query shape is named (`runShape`) so its SQL is built once.
 * The write side (crud/service.ts) extends this class.
 */

export type Row = Record<string, unknown>;

/**
 * One where-condition of a list. The table a resource names is only known at run time, so conditions see
 * it through `LooseTables` (db/index.ts): `t` is the resource table, `g` its gram index, `j_<field>` a join.
 */
export type Condition = (eb: ExpressionBuilder<LooseTables, string>) => Expression<SqlBool>;

/** extra list conditions from custom parameters (a resource's `listWhere` hook) */
export type ListWhere = (input: Row) => Condition[];

/**
 * What a reader may see of a resource (the delivery API's "on the site now"), as one condition on the resource
 * table whose values are named, so the list keeps its SQL per shape like any other filter. `hidden` counts the
 * rows the condition leaves out, from small indexes: an unfiltered list of a `total: 'rowCount'` table then answers its
 * total as the trigger-kept row count less those, exact, without walking the visible rows.
 */
export interface Visibility {
  /** names the condition in the query's shape */
  name: string;
  /** the condition's values for this request (e.g. now), in the order `where` binds them */
  values: () => unknown[];
  where: (values: readonly unknown[]) => Condition;
  /** `select … as n`: the rows of `table` the condition hides, with its values in SQL order */
  hidden: (db: Kysely<LooseTables>, table: string, values: readonly unknown[]) => { query: Compilable; params: unknown[] };
}

/** `%v%` for a LIKE with a backslash escape (the text's own `%`, `_` and backslash taken literally) */
export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
    else if (f.options) {
      const values = f.options.map((o) => o.value);
      shape[f.param] = optFilter(200).refine((v) => v == null || values.includes(v), {
        message: 'err.invalidField',
        params: { field: f.param },
      });
    } else if (field?.type === 'flag')
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
  // a translatable resource's list filters by the translation status in a locale
  if (def.translatable) Object.assign(shape, translationFilter.shape);
  return z.looseObject(shape);
}

/** Reads, filters and pages one resource, exactly as its contract describes. */
export class ResourceQuery {
  readonly fields: FieldDef[];
  /** what `out` converts: the numeric fields, and the labels looked up from a code list */
  private readonly numeric: string[];
  private readonly lookups: FieldDef[];
  protected readonly byName: Map<string, FieldDef>;
  readonly schema: ReturnType<typeof listSchema>;
  readonly textIndex: TextIndex | null;

  constructor(
    readonly ctx: Ctx,
    readonly def: ResourceDef,
    readonly hooks: { listWhere?: ListWhere; visible?: Visibility } = {},
  ) {
    this.fields = def.fields.filter((f) => !f.hidden);
    this.numeric = this.fields.filter((f) => f.type === 'flag' || f.type === 'int' || f.type === 'sort').map((f) => f.name);
    this.lookups = this.fields.filter((f) => f.lookup);
    this.byName = new Map(def.fields.map((f) => [f.name, f]));
    this.schema = listSchema(def);
    this.textIndex = textIndexOf(def);
  }

  /** the database, seen through `LooseTables`: the resource's table is named at run time */
  get db(): Kysely<LooseTables> {
    return looseDb(this.ctx.db);
  }

  protected ref(name: string, gram = false): string {
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
  base(typed: AnyDb = this.ctx.db, gram = false, joins = true) {
    const db = looseDb(typed);
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
  protected selectFields(q: ReturnType<ResourceQuery['base']>, forList = false) {
    return q.select(
      this.fields.filter((f) => !f.lookup && !(forList && f.type === 'html')).map((f) => sql.ref(this.ref(f.name)).as(f.name)),
    );
  }

  /**
   * where-conditions of the list filters (`gram`: copied fields read from the gram index, `skip` a filter),
   * with their values in SQL order and the names of the filters that were set (the query's shape)
   */
  conditions(input: Row, gram = false, skip?: string, visible?: readonly unknown[]) {
    const conds: Condition[] = [];
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
      if (f.op === 'publishState') {
        // each state is its own SQL text: the shape names the state
        set.push(`${f.param}=${v}`);
        const { cond, params: values } =
          v === PENDING_DRAFT ? pendingDraftSql(this.def.name) : publishStateSql(v as PublishState, this.ctx.nowText());
        params.push(...values);
        conds.push(() => cond);
        continue;
      }
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
    const status = this.def.translatable ? (input.translationStatus as TranslationStatus | null | undefined) : null;
    const asked = this.def.translatable ? (input.translationLocale as string | null | undefined) : null;
    if (status || asked) {
      // a non-default content locale; without one, the first of them
      const { default: main, others } = localesOf(this.ctx);
      const locale = asked || others[0];
      if (!locale || !others.includes(locale)) throw badRequest('translation.localeUnknown');
      if (status) {
        set.push(`translation=${status}`);
        const { cond, params: values } = statusSql(this.def, locale, main, status);
        params.push(...values);
        conds.push(() => cond);
      }
    }
    if (this.hooks.listWhere) conds.push(...this.hooks.listWhere(input));
    if (this.hooks.visible && visible) {
      conds.push(this.hooks.visible.where(visible));
      params.push(...visible);
    }
    return { conds, params, set };
  }

  /**
   * A page of the list; `scope` (the caller's data scope, crud/scope.ts) leaves out the records outside it — the
   * staff list routes pass it, the delivery API does not.
   */
  async list(raw: unknown, scope: DataScope | null = null): Promise<{ rows: Row[]; total: number }> {
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
    const visible = this.hooks.visible;
    const shown = visible?.values();
    const { conds, params, set } = this.conditions(input, gram, search?.exact ? ti!.param : undefined, shown);
    if (scope) {
      // the data scope: its own part of the shape; a search checks the gram rows' record ids (counted from the
      // index with one owner look-up each), an unfiltered total is read from the owner rows (total())
      const s = scopeWhere(this.def.name, scope, gram ? 'g.row_id' : 't.id', gram);
      conds.push(() => s.cond);
      params.push(...s.params);
      set.push(scopeKey(scope));
    }
    if (search) {
      conds.unshift((eb) => eb('g.gram', '=', search.gram));
      params.unshift(search.gram);
    }
    const where = <O>(q: SelectQueryBuilder<LooseTables, string, O>) => conds.reduce((acc, c) => acc.where(c), q);
    // a search whose every filter is on copied fields is counted from the gram index alone
    const copied = new Set(this.textIndex?.copies.map((c) => c.field));
    const countFromIndex =
      search?.exact &&
      !this.hooks.listWhere &&
      !visible &&
      !set.some((s) => s.startsWith('translation=')) &&
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
        }:${sortable ?? ''}:${sortable ? (input.sortOrder ?? 'asc') : ''}:${visible ? visible.name : ''}`;

    const total = await this.total(input, { shape, set, search, visible, shown, params, where, countFromIndex, gram, joinFiltered, scope });
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

  /**
   * The list's total, the one way its description picks (`total`, docs/decisions.md "Totals"): `rowCount` reads
   * the trigger-kept row count for an unfiltered list (less what the visibility hides) or one filtered by 已发布
   * alone, and counts like `count` otherwise; `count` counts the filtered rows (from the gram index alone when
   * the search allows it).
   */
  private async total(
    input: Row,
    q: {
      shape: string | null;
      set: string[];
      search: unknown;
      visible: Visibility | undefined;
      shown: unknown[] | undefined;
      params: unknown[];
      where: <O>(q: SelectQueryBuilder<LooseTables, string, O>) => SelectQueryBuilder<LooseTables, string, O>;
      countFromIndex: boolean | undefined | '';
      gram: boolean;
      joinFiltered: boolean;
      scope: DataScope | null;
    },
  ): Promise<number> {
    const { shape, set, search, visible, shown, scope } = q;
    if (scope) {
      // scoped and filtered by nothing else: counted from the owner rows (and the kept row count for the head office)
      const counted =
        shape && !search && !visible && set.length === 1
          ? scopeTotal(this.def.name, this.def.table, scope, this.def.total === 'rowCount')
          : null;
      if (counted) {
        const [row] = await runShape<{ n: number }>(
          this.db,
          this.ctx.dialect,
          `${this.def.name}:list:count-${set[0]}`,
          counted.params,
          () => ({
            compile: () => counted.query.compile(this.db),
          }),
        );
        return Number(row?.n ?? 0);
      }
    } else if (this.def.total === 'rowCount' && shape && !search) {
      const stateFilter = this.def.filters.find((f) => f.op === 'publishState');
      if (set.length === 0) {
        const [all] = await runShape<{ n: number }>(this.db, this.ctx.dialect, `${this.def.name}:list:count-all`, [this.def.table], () =>
          this.db.selectFrom('row_count').select('n').where('tbl', '=', this.def.table),
        );
        let total = Number(all?.n ?? 0);
        if (visible && shown) {
          const hidden = visible.hidden(this.db, this.def.table, shown);
          const [h] = await runShape<{ n: number }>(
            this.db,
            this.ctx.dialect,
            `${this.def.name}:hidden:${visible.name}`,
            hidden.params,
            () => hidden.query,
          );
          total -= Number(h?.n ?? 0);
        }
        return total;
      }
      if (set.length === 1 && stateFilter && input[stateFilter.param] === 'published') {
        const [published] = await this.countPublished();
        return Number(published?.n ?? 0);
      }
    }
    const joins = q.joinFiltered || !!this.hooks.listWhere;
    const count = async () => {
      const [countRow] = await runShape<{ n: number }>(this.db, this.ctx.dialect, shape && `${shape}:count`, q.params, () => {
        const countBase = q.countFromIndex ? this.db.selectFrom(`${this.textIndex!.table} as g`) : this.base(this.db, q.gram, joins);
        return q.where(countBase).select(sql<number>`count(*)`.as('n'));
      });
      return Number(countRow?.n ?? 0);
    };
    // kept between writes (crud/kept-counts.ts) when it reads only the resource's table (its gram index is written
    // with it) and the tables it joins, nothing another write path changes without a change of those
    if (!shape || scope || set.some((s) => s.startsWith('translation=') || s.endsWith(`=${PENDING_DRAFT}`))) return count();
    return keptCount(
      this.ctx,
      [this.def.table, ...(joins ? this.joinedTables() : [])],
      `${shape}:count\u0000${JSON.stringify(q.params)}`,
      count,
    );
  }

  /** the tables of the joined names */
  private joinedTables(): string[] {
    return this.def.fields.flatMap((f) => (f.join ? [f.join.table] : []));
  }

  /**
   * The total of 已发布 alone: every record is in exactly one publish state, so it is the kept row count less
   * the drafts, scheduled and offline records — three short index ranges instead of a walk of the table.
   */
  private countPublished() {
    const { count, params } = notPublishedSql(this.def.table, this.ctx.nowText());
    return runShape<{ n: number }>(this.db, this.ctx.dialect, `${this.def.name}:list:count-published`, [...params, this.def.table], () =>
      this.db.selectFrom('row_count').select(sql<number>`n - (${count})`.as('n')).where('tbl', '=', this.def.table),
    );
  }

  /** numbers as numbers on both dialects */
  out(r: Row): Row {
    for (const name of this.numeric) {
      const v = r[name];
      if (v != null) r[name] = Number(v);
    }
    // labels looked up from a fixed code list (bannerTypeName from bannerType)
    for (const f of this.lookups) r[f.name] = f.lookup!.options.find((o) => o.code === r[f.lookup!.via])?.name ?? '';
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
}

/** A case-insensitive "contains" condition on a column of a hand-built list (`ref`: `user_name`, `u.user_name`). */
export function contains(ref: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(ref)}) like lower(${likePattern(text)}) escape '\\'`;
}

/**
 * A hand-built list (operation log, login log, online sessions) answered like every resource list: the date
 * range checked and applied on `dayColumn` (whole days), the total counted, then one page of rows in
 * `rows`' order (none read when nothing matches).
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, {}>,
  input: { pageNumber: number; pageSize: number; startTime?: string | null; endTime?: string | null },
  rows: (q: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  dayColumn?: string,
): Promise<{ rows: O[]; total: number }> {
  if (dayColumn) {
    const err = checkDateRange(input.startTime, input.endTime);
    if (err) throw badRequest(err);
    if (input.startTime) q = q.where(sql<SqlBool>`${sql.ref(dayColumn)} >= ${`${input.startTime} 00:00:00`}`);
    if (input.endTime) q = q.where(sql<SqlBool>`${sql.ref(dayColumn)} <= ${`${input.endTime} 23:59:59`}`);
  }
  const { n } = (await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const total = Number(n);
  if (total === 0) return { rows: [], total };
  const found = await rows(q)
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize)
    .execute();
  return { rows: found as O[], total };
}
