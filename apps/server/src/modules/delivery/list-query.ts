import { type DeliveryEndpoint, type DeliveryFilterKind, hasSeo, imageMetaName, PENDING_DRAFT, type ResourceDef } from '@gk/contracts';
import { type Expression, type OrderByItemBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { keptCount } from '../../crud/kept-counts.js';
import { type Condition, ResourceQuery, type Row } from '../../crud/list.js';
import { type LooseTables, looseDb } from '../../db/index.js';
import { runShape } from '../../db/shapes.js';
import { badRequest } from '../../http/errors.js';
import { parseInput } from '../../http/route.js';
import { localBound } from './iso-time.js';
import { flushSearch, orderTerms, searchCondition } from './search-index.js';
import { termsOf } from './search-terms.js';
import { contentVersions, tablesOfResource } from './version.js';

/**
 * The query language of a delivery list (README "The delivery query language"), as its description declares it
 * (`delivery.list.query`): `fields`, `sort`, the declared filters, `q`, with `page` / `pageSize` and the list's
 * older parameters (`keyword`, `type`, …) as before. A parameter the list does not know is a 400 naming it.
 */

/** at most this many terms in `q` (each one more join of the term index) */
const MAX_TERMS = 32;
/** a name quoted in a message, cut short */
const quoted = (v: string) => (v.length > 40 ? `${v.slice(0, 40)}…` : v);

export interface ListRequest {
  page: number;
  pageSize: number;
  /** the list filters of the older parameters (`keyword` → title, …) and the fixed ones */
  legacy: Row;
  /** the fields asked for (with id), or null for all */
  fields: Set<string> | null;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  filters: { field: string; kind: DeliveryFilterKind; value: unknown; end?: 'from' | 'to' }[];
  /** the terms of `q`, or null */
  terms: string[] | null;
  /** the content locale asked for (`q` searches its text); absent: the default locale (CONTENT_LOCALES' first) */
  locale?: string;
}

/** does the request use the query language (sort, declared filters, search) beyond what the list did before */
export const usesQuery = (r: ListRequest) => r.sort !== null || r.filters.length > 0 || r.terms !== null;

/** Reads a list's query parameters: unknown ones, sort values, field names and bad ranges are 400s naming them. */
export function parseListRequest(e: DeliveryEndpoint, raw: Record<string, unknown>, timeZone: string): ListRequest {
  const lq = e.listQuery!;
  for (const name of Object.keys(raw))
    if (name !== 'sort' && !lq.params.includes(name)) throw badRequest('delivery.unknownParam', { name: quoted(name) });
  let sort: ListRequest['sort'] = null;
  if (raw.sort != null && raw.sort !== '') {
    const v = String(raw.sort);
    if (!lq.sort.includes(v)) throw badRequest('delivery.unknownSort', { name: quoted(v) });
    sort = v.startsWith('-') ? { field: v.slice(1), dir: 'desc' } : { field: v, dir: 'asc' };
  }
  let fields: Set<string> | null = null;
  // `fields=a&fields=b` reads as `fields=a,b`
  const asked = Array.isArray(raw.fields) ? raw.fields.map(String).join(',') : raw.fields;
  if (typeof asked === 'string' && asked.trim() !== '') {
    fields = new Set(['id']);
    const metas = new Map(e.resource.fields.filter((f) => f.type === 'image').map((f) => [imageMetaName(f.name), f.name]));
    // the share image of the SEO fields has its meta too
    if (hasSeo(e.resource)) metas.set(imageMetaName('ogImage'), 'ogImage');
    for (const part of asked.split(',')) {
      const name = part.trim();
      if (!name) continue;
      const field = lq.fields.includes(name) ? name : metas.get(name);
      if (!field || !lq.fields.includes(field)) throw badRequest('delivery.unknownField', { name: quoted(name) });
      fields.add(field);
    }
  }
  const { sort: _sort, fields: _fields, ...rest } = raw;
  const input = parseInput(e.query!, rest) as Row;
  const legacy: Row = { ...e.fixed };
  for (const [q, param] of Object.entries(e.filters ?? {})) if (input[q] != null) legacy[param] = input[q];
  const filters: ListRequest['filters'] = [];
  for (const [field, kind] of Object.entries(lq.filters)) {
    if (kind !== 'range') {
      const v = input[field];
      if (v != null && v !== '') filters.push({ field, kind, value: kind === 'eq' ? v : Number(v) });
      continue;
    }
    const bounds: Partial<Record<'from' | 'to', string>> = {};
    for (const end of ['from', 'to'] as const) {
      const param = `${field}${end === 'from' ? 'From' : 'To'}`;
      const v = input[param];
      if (typeof v !== 'string' || !v) continue;
      const local = localBound(v, end, timeZone);
      if (!local) throw badRequest('err.invalidField', { field: param });
      bounds[end] = local;
      filters.push({ field, kind, value: local, end });
    }
    if (bounds.from && bounds.to && bounds.from > bounds.to)
      throw badRequest('delivery.badRange', { from: `${field}From`, to: `${field}To` });
  }
  let terms: string[] | null = null;
  if (typeof input.q === 'string' && input.q.trim()) {
    const t = termsOf(input.q, 'query');
    if (t.length > MAX_TERMS) throw badRequest('delivery.queryTooLong');
    if (t.length) terms = t;
  }
  return {
    page: Number(input.page ?? 1),
    pageSize: Number(input.pageSize ?? 100),
    legacy,
    fields,
    sort,
    filters,
    terms,
  };
}

const direction = (dir: 'asc' | 'desc', nullable: boolean) => (ob: OrderByItemBuilder) =>
  !nullable ? (dir === 'asc' ? ob.asc() : ob.desc()) : dir === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst();

/**
 * A delivery list answered with its query language: the resource's own list conditions (the older filters, the
 * visibility), then the declared filters and the search, the order asked for (else the list's), one page and its
 * total. Each query shape's SQL is kept (`runShape`) like the staff lists'.
 */
export class DeliveryList extends ResourceQuery {
  /** the SQL of a field: its column, a joined name, or for `publishTime` the date a site shows (migration 036's index) */
  private expr(name: string): Expression<unknown> {
    if (name === 'publishTime' && this.byName.has('createTime'))
      return sql`coalesce(${sql.ref('t.publish_time')}, ${sql.ref('t.create_time')})`;
    return sql.ref(this.ref(name));
  }

  /**
   * One page and its total (`withTotal`; a `total` given answers it instead of a count: the resource's own list
   * counts an order-only request faster, from its kept row count).
   */
  async page(r: ListRequest, withTotal: boolean | (() => Promise<number>) = true): Promise<{ rows: Row[]; total: number }> {
    const def: ResourceDef = this.def;
    let terms = r.terms;
    const locale = r.locale ?? this.ctx.config.contentLocales[0];
    if (terms) {
      // the records written since the last flush are indexed first: a search finds every committed write
      await flushSearch(this.ctx, def.name);
      terms = await orderTerms(this.ctx.db, def.name, terms, locale);
      if (!terms) return { rows: [], total: 0 };
    }
    const legacy = parseInput(this.schema, r.legacy) as Row;
    // what the site shows changes with the clock only when a schedule boundary passes: the table's content version
    // with its last boundary, read before the clock, names the visibility's values in a kept count's key
    const versions = contentVersions(this.ctx);
    const read = tablesOfResource(def);
    const stamp = withTotal === true ? await versions.versionOf(read) : '';
    const shown = this.hooks.visible?.values();
    const { conds, params, set } = this.conditions(legacy, false, undefined, shown);
    /** where the visibility's values are in `params` (conditions() adds them last) */
    const clockAt = params.length - (shown?.length ?? 0);
    const names: string[] = [];
    for (const f of r.filters) {
      const e = this.expr(f.field);
      const v = f.value;
      names.push(f.end ? `${f.field}:${f.end}` : f.field);
      params.push(v);
      if (f.end === 'from') conds.push(() => sql<SqlBool>`${e} >= ${v}`);
      else if (f.end === 'to') conds.push(() => sql<SqlBool>`${e} <= ${v}`);
      else conds.push(() => sql<SqlBool>`${e} = ${v}`);
    }
    if (terms) {
      const s = searchCondition(def.name, terms, locale);
      conds.push(() => s.cond);
      params.push(...s.params);
    }
    const where = <O>(q: SelectQueryBuilder<LooseTables, string, O>) => conds.reduce((acc, c: Condition) => acc.where(c), q);
    const joinFiltered = set.some((p) => {
      const f = def.filters.find((x) => x.param === p);
      return !!f && [f.field, ...(f.fields ?? [])].some((n) => this.byName.get(n)?.join);
    });
    const nullable = (name: string) => this.byName.get(name)?.type === 'sort';
    const shape = this.hooks.listWhere
      ? null
      : `${def.name}:delivery:${set.join(',')}:${names.join(',')}:${terms?.length ?? 0}:${r.sort ? `${r.sort.field}.${r.sort.dir}` : ''}:${
          joinFiltered ? 'j' : ''
        }:${this.hooks.visible?.name ?? ''}`;
    const db = looseDb(this.ctx.db);
    let total = -1;
    if (typeof withTotal === 'function') {
      total = await withTotal();
      if (total === 0) return { rows: [], total };
    } else if (withTotal) {
      const joins = joinFiltered || !!this.hooks.listWhere;
      const count = async () => {
        const [c] = await runShape<{ n: number }>(db, this.ctx.dialect, shape && `${shape}:count`, params, () =>
          where(this.base(db, false, joins)).select(sql<number>`count(*)`.as('n')),
        );
        return Number(c?.n ?? 0);
      };
      // kept between writes (crud/kept-counts.ts) unless it reads the term index or another table's rows
      total =
        !shape || terms || set.some((p) => p.startsWith('translation=') || p.endsWith(`=${PENDING_DRAFT}`))
          ? await count()
          : await keptCount(
              this.ctx,
              [def.table, ...(joins ? def.fields.flatMap((f) => (f.join ? [f.join.table] : [])) : [])],
              `${shape}:count\u0000${JSON.stringify(shown ? [...params.slice(0, clockAt), ...params.slice(clockAt + shown.length)] : params)}\u0000${shown ? stamp : ''}`,
              count,
              // kept only if no boundary passed while it was counted (the clock read for it lies between)
              shown ? async () => (await versions.versionOf(read)) === stamp : undefined,
            );
      if (total === 0) return { rows: [], total };
    }
    const offset = (r.page - 1) * r.pageSize;
    const rows = await runShape(db, this.ctx.dialect, shape && `${shape}:rows`, [...params, r.pageSize, offset], () => {
      let q = where(this.selectFields(this.base(db), true));
      if (r.sort) q = q.orderBy(this.expr(r.sort.field), direction(r.sort.dir, nullable(r.sort.field)));
      else for (const [name, dir] of def.order) q = q.orderBy(sql.ref(this.ref(name)), direction(dir, nullable(name)));
      return q.orderBy('t.id', 'desc').limit(r.pageSize).offset(offset);
    });
    return { rows: rows.map((x: Row) => this.out(x)), total };
  }
}
