import { Code, isScoped, type ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DataScope } from '../auth/sessions.js';
import type { AnyDb } from '../db/index.js';
import { AppError } from '../http/errors.js';

/**
 * 数据权限 (data scope) in the one read and write path: a role's scope limits which records of a scoped resource
 * (contracts `isScoped`) its holders list, open and write. Records belong to the department and account in
 * `record_owner` (one row per resource and record, written on create inside the saving transaction, dropped when the
 * record is gone for good); a record without a row is the head office's. The rule is the same for every resource:
 * nothing is per table.
 */

/** the scope a request's account reads and writes this resource within; null: every record (admin, 全部, no account) */
export function scopeFor(def: ResourceDef, req: FastifyRequest | undefined | null): DataScope | null {
  const scope = req?.user?.scope;
  return scope && isScoped(def) ? scope : null;
}

/** names the condition of a scope in a list's shape (its SQL differs by the number of departments and the flags) */
export const scopeKey = (scope: DataScope) => `scope${scope.depts.length}${scope.userId != null ? 'u' : ''}${scope.headOffice ? 'h' : ''}`;

/**
 * The owner rows a scope accepts, as a condition on `record_owner o`, with its values in SQL order; `nullSafe`: an
 * owner without a department or account compares as no match (not as unknown).
 */
function ownerMatch(scope: DataScope, nullSafe: boolean) {
  const parts: Expression<SqlBool>[] = [];
  const params: unknown[] = [];
  const dept = nullSafe ? sql`coalesce(o.dept_id, 0)` : sql`o.dept_id`;
  const user = nullSafe ? sql`coalesce(o.user_id, 0)` : sql`o.user_id`;
  if (scope.depts.length) {
    parts.push(sql<SqlBool>`${dept} in (${sql.join(scope.depts.map((d) => sql`${d}`))})`);
    params.push(...scope.depts);
  }
  if (scope.userId != null) {
    parts.push(sql<SqlBool>`${user} = ${scope.userId}`);
    params.push(scope.userId);
  }
  const cond = parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
  return { cond, params };
}

/**
 * The records of `resource` a scope shows, as a condition on the record id `idRef` (`t.id`, or a gram row's
 * `g.row_id`), its values in SQL order: a correlated look-up of the record's one owner row by primary key, accepted by
 * the scope, or with the head office absent or accepted (records without an owner row stay visible; an owner row
 * without a department or account is accepted by neither). A list read in its order index probes one key per row it
 * passes, so a page costs what it reads; an `in (…)` / `not in (…)` of the owner rows was built whole for every
 * query (≈ 20 ms at 100 000 news on SQLite; PostgreSQL's `not in` beyond work_mem did not finish at 1 000 000).
 */
export function scopeWhere(
  resource: string,
  scope: DataScope,
  idRef = 't.id',
  /** the rows come from another index (the gram index): the head office's check is a scalar look-up per row */
  probe = false,
): { cond: Expression<SqlBool>; params: unknown[] } {
  const name = sql.lit(resource);
  const id = sql.ref(idRef);
  if (scope.headOffice && probe) {
    // a scalar look-up (an owner-less record reads 1), which PostgreSQL never turns into a hash anti-join over every
    // owner row: it did for `not exists` under a title filter (page 50 of 1 000 000 news ≈ 360 ms, this ≈ 8 ms);
    // without a filter its estimate of `not exists` is the better one (the scalar's drew a 70 ms JIT compile)
    const { cond, params } = ownerMatch(scope, false);
    return {
      cond: sql<SqlBool>`coalesce((select case when ${cond} then 1 else 0 end from record_owner o where o.resource = ${name} and o.record_id = ${id}), 1) = 1`,
      params,
    };
  }
  const { cond, params } = ownerMatch(scope, scope.headOffice);
  const owner = sql`select 1 from record_owner o where o.resource = ${name} and o.record_id = ${id}`;
  return scope.headOffice
    ? { cond: sql<SqlBool>`not exists (${owner} and not ${cond})`, params }
    : { cond: sql<SqlBool>`exists (${owner} and ${cond})`, params };
}

/**
 * The number of records of `resource` a scope shows, read from `record_owner` rather than by walking the records
 * (the list's total without other filters): the owner rows it accepts, less those of records in the recycle bin (an
 * owner row stays while its record is there); with the head office, the kept row count (`rowCount`, the table's
 * `row_count` row) less the owner rows it does not accept of records that exist. Its values in SQL order.
 */
export function scopeTotal(resource: string, table: string, scope: DataScope, rowCount: boolean) {
  if (scope.headOffice && !rowCount) return null;
  const { cond, params } = ownerMatch(scope, scope.headOffice);
  const match = scope.headOffice ? sql<SqlBool>`not ${cond}` : cond;
  const name = sql.lit(resource);
  const owned = sql`select count(*) from record_owner o where o.resource = ${name} and ${match}`;
  // owner rows of records that are not in the table now: in the recycle bin (a short range of it)
  const binned = sql`select count(distinct r.record_id) from recycle_bin r join record_owner o on o.resource = r.resource and o.record_id = r.record_id
    where r.resource = ${name} and ${match} and not exists (select 1 from ${sql.table(table)} t where t.id = r.record_id)`;
  return scope.headOffice
    ? {
        query: sql<{ n: number }>`select n - ((${owned}) - (${binned})) as n from row_count where tbl = ${table}`,
        params: [...params, ...params, table],
      }
    : { query: sql<{ n: number }>`select (${owned}) - (${binned}) as n`, params: [...params, ...params] };
}

/**
 * The same for rows naming their resource and record in two columns (the recycle bin, revisions): a correlated
 * look-up of the one owner row.
 */
export function scopeWhereOf(resourceRef: string, idRef: string, scope: DataScope): Expression<SqlBool> {
  const { cond } = ownerMatch(scope, scope.headOffice);
  const owner = sql`select 1 from record_owner o where o.resource = ${sql.ref(resourceRef)} and o.record_id = ${sql.ref(idRef)}`;
  return scope.headOffice ? sql<SqlBool>`not exists (${owner} and not ${cond})` : sql<SqlBool>`exists (${owner} and ${cond})`;
}

/** whether a scope shows a record whose owner row is `owner` (undefined: none, the head office's) */
export function inScope(scope: DataScope, owner: { dept_id: number | null; user_id: number | null } | undefined): boolean {
  if (!owner) return scope.headOffice;
  if (owner.dept_id != null && scope.depts.includes(Number(owner.dept_id))) return true;
  return scope.userId != null && owner.user_id != null && Number(owner.user_id) === scope.userId;
}

/** Refuses (403 `scope.denied`) when a record of `ids` lies outside the scope; the records exist (checked by the caller). */
export async function assertInScope(db: AnyDb, resource: string, scope: DataScope | null, ids: readonly number[]): Promise<void> {
  if (!scope || !ids.length) return;
  const owners = await db
    .selectFrom('record_owner')
    .select(['record_id', 'dept_id', 'user_id'])
    .where('resource', '=', resource)
    .where('record_id', 'in', [...ids])
    .execute();
  const byId = new Map(owners.map((o) => [Number(o.record_id), o]));
  if (ids.some((i) => !inScope(scope, byId.get(Number(i))))) throw new AppError(Code.FORBIDDEN, 'scope.denied');
}

/**
 * New records belong to their creator's department and account (inside the saving transaction; none for a seed).
 * One statement: an id used before (a record purged, or one whose owner row outlived it) is taken over.
 */
export async function setOwners(db: AnyDb, def: ResourceDef, ids: readonly number[], req: FastifyRequest | undefined): Promise<void> {
  const user = req?.user;
  if (!user || !isScoped(def) || !ids.length) return;
  for (let i = 0; i < ids.length; i += 500)
    await db
      .insertInto('record_owner')
      .values(
        ids.slice(i, i + 500).map((recordId) => ({ resource: def.name, record_id: recordId, dept_id: user.deptId, user_id: user.id })),
      )
      .onConflict((oc) =>
        oc
          .columns(['resource', 'record_id'])
          .doUpdateSet((eb) => ({ dept_id: eb.ref('excluded.dept_id'), user_id: eb.ref('excluded.user_id') })),
      )
      .execute();
}

/** The records are gone for good: their owner rows go too. */
export async function dropOwners(db: AnyDb, resource: string, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('record_owner')
      .where('resource', '=', resource)
      .where('record_id', 'in', [...ids])
      .execute();
}
