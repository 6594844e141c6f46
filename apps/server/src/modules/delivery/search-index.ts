import { allResources, columnOf, type FieldDef, type ResourceDef } from '@gk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { TERMS_VERSION, termsOf, textOfHtml } from './search-terms.js';

/**
 * The term index of the delivery API's full-text search (`q`, migration 036): `search_term` holds, per resource and
 * term, the ids of the records found by it (primary key resource, term, record_id), `search_doc` the terms each
 * record was indexed under.
 *
 * - Every write of a searched resource re-indexes its record inside the writing transaction (a `ctx.onWrite`
 *   listener reading the stored row), so the index commits or rolls back with the write and never misses an
 *   acknowledged one. An edit writes only the terms that changed (`search_doc` says which it had).
 * - At start (`backfillSearch`), each searched resource whose index is missing or was cut by another version of
 *   `termsOf` is indexed in batches of rows, each batch a transaction that holds its rows (PostgreSQL `FOR SHARE`,
 *   SQLite's one writer), so a concurrent edit is never overwritten by an older reading. A cursor in `search_state`
 *   lets another process, or the next start, carry on where one stopped.
 * - A search is the AND of the query's terms: the rarest term's records (counted up to `PROBE` each), each checked
 *   against the others by primary-key lookups, then the list's usual visibility, filters, order and page.
 */

/** rows indexed per backfill transaction */
const BATCH = 200;
/** a term's records are counted up to this many to order the AND by rarity */
const PROBE = 1000;
/** rows per insert (3 values each: well under both databases' bound-parameter limits) */
const INSERT_ROWS = 1000;

/** the resources whose delivery list declares `search`, with their searched fields */
export function searchedResources(): { def: ResourceDef; fields: FieldDef[] }[] {
  return allResources()
    .filter((def) => def.delivery?.list?.query?.search?.length)
    .map((def) => ({
      def,
      fields: def.delivery!.list!.query!.search!.map((name) => def.fields.find((f) => f.name === name)!),
    }));
}

/** the terms a stored row (column names) is indexed under: its searched fields, rich text without its tags */
export function termsOfRow(fields: FieldDef[], row: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const f of fields) {
    const v = row[columnOf(f)];
    if (typeof v !== 'string' || !v) continue;
    for (const t of termsOf(f.type === 'html' ? textOfHtml(v) : v)) out.add(t);
  }
  return [...out];
}

/** the stored terms of these records (`search_doc`), by record id */
async function indexedTerms(trx: AnyDb, resource: string, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await trx
    .selectFrom('search_doc')
    .select(['record_id', 'terms'])
    .where('resource', '=', resource)
    .where('record_id', 'in', ids)
    .execute();
  for (const r of rows) out.set(Number(r.record_id), r.terms ? r.terms.split(' ') : []);
  return out;
}

/** writes the index of records whose stored terms were `before` and now are `after` (null: the record is gone) */
async function writeTerms(
  trx: AnyDb,
  resource: string,
  changes: { id: number; before: string[] | undefined; after: string[] | null }[],
): Promise<void> {
  const added: { resource: string; term: string; record_id: number }[] = [];
  const docs: { resource: string; record_id: number; terms: string }[] = [];
  for (const { id, before, after } of changes) {
    const now = new Set(after ?? []);
    const had = new Set(before ?? []);
    const gone = [...had].filter((t) => !now.has(t));
    for (let i = 0; i < gone.length; i += 500)
      await trx
        .deleteFrom('search_term')
        .where('resource', '=', resource)
        .where('record_id', '=', id)
        .where('term', 'in', gone.slice(i, i + 500))
        .execute();
    for (const t of now) if (!had.has(t)) added.push({ resource, term: t, record_id: id });
    if (after === null) {
      if (before !== undefined) await trx.deleteFrom('search_doc').where('resource', '=', resource).where('record_id', '=', id).execute();
    } else if (before === undefined || gone.length || now.size !== had.size)
      docs.push({ resource, record_id: id, terms: [...now].join(' ') });
  }
  for (let i = 0; i < docs.length; i += 200)
    await trx
      .insertInto('search_doc')
      .values(docs.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['resource', 'record_id']).doUpdateSet((eb) => ({ terms: eb.ref('excluded.terms') })))
      .execute();
  for (let i = 0; i < added.length; i += INSERT_ROWS)
    await trx
      .insertInto('search_term')
      .values(added.slice(i, i + INSERT_ROWS))
      .execute();
}

/** the searched columns of a resource's rows */
const columnsOf = (fields: FieldDef[]) => ['id', ...new Set(fields.map(columnOf))];

/** re-indexes one record from its stored row (gone: its terms go), inside the caller's transaction */
export async function indexRecord(trx: AnyDb, def: ResourceDef, fields: FieldDef[], id: number): Promise<void> {
  const row = (await looseDb(trx).selectFrom(def.table).select(columnsOf(fields)).where('id', '=', id).executeTakeFirst()) as
    | Record<string, unknown>
    | undefined;
  const before = (await indexedTerms(trx, def.name, [id])).get(id);
  await writeTerms(trx, def.name, [{ id, before, after: row ? termsOfRow(fields, row) : null }]);
}

/** Keeps the index in step with every write: one listener of the write pipeline, inside its transaction. */
export function registerSearchIndex(ctx: Ctx): void {
  const searched = new Map(searchedResources().map((s) => [s.def.name, s.fields]));
  ctx.onWrite(async (e) => {
    const fields = searched.get(e.resource.name);
    if (!fields || e.action === 'purge') return;
    await indexRecord(e.trx, e.resource, fields, e.id);
  });
}

/**
 * Indexes the rows of every searched resource whose index is missing or was cut by another `TERMS_VERSION`
 * (after migration 036, after content written before the listeners existed — the demo content at first start —
 * and after a change of the term cutting). Answers how many rows it indexed.
 */
export async function backfillSearch(ctx: Ctx, log?: FastifyBaseLogger, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  for (const { def, fields } of searchedResources()) {
    let indexed = 0;
    while (!stopped()) {
      const step = await ctx.db.transaction().execute((trx) => backfillBatch(trx, ctx, def, fields));
      if (step === null) break;
      indexed += step;
      if (indexed >= 10_000 && indexed % 10_000 < BATCH) log?.info({ resource: def.name, indexed }, 'search index backfill');
    }
    if (indexed) log?.info({ resource: def.name, indexed }, 'search index backfilled');
    total += indexed;
  }
  return total;
}

const running = new WeakMap<Ctx, Promise<number>>();

/**
 * Starts the backfill beside the server (a first start after migration 036 on a big database takes minutes; the
 * server answers meanwhile, and `q` finds the records indexed so far); `stop` ends it after the current batch.
 */
export function startBackfill(ctx: Ctx, log?: FastifyBaseLogger): { done: Promise<number>; stop: () => void } {
  let stop = false;
  const done = backfillSearch(ctx, log, () => stop).catch((err) => {
    log?.error({ err }, 'search index backfill failed; the next start carries on');
    return 0;
  });
  running.set(ctx, done);
  return { done, stop: () => (stop = true) };
}

/** resolves once this server's start-up backfill has finished (tests, and whoever needs the index complete) */
export const searchIndexReady = (ctx: Ctx): Promise<number> => running.get(ctx) ?? Promise.resolve(0);

/** one batch of the backfill: the rows after the cursor; null when the resource's index is complete */
async function backfillBatch(trx: Transaction<Database>, ctx: Ctx, def: ResourceDef, fields: FieldDef[]): Promise<number | null> {
  let state = trx.selectFrom('search_state').selectAll().where('resource', '=', def.name);
  if (ctx.dialect === 'postgres') state = state.forUpdate();
  let s = await state.executeTakeFirst();
  if (s && Number(s.version) === TERMS_VERSION && Number(s.done) === 1) return null;
  if (!s || Number(s.version) !== TERMS_VERSION) {
    // (re)start from the first row; a concurrent starter waits on this row (PostgreSQL) or the one writer (SQLite)
    await trx
      .insertInto('search_state')
      .values({ resource: def.name, version: TERMS_VERSION, last_id: 0, done: 0 })
      // a process that started together may have just begun the same version: its cursor stays
      .onConflict((oc) =>
        oc
          .column('resource')
          .doUpdateSet({ version: TERMS_VERSION, last_id: 0, done: 0 })
          .where('search_state.version', '<>', TERMS_VERSION),
      )
      .execute();
    s = await state.executeTakeFirstOrThrow();
    if (Number(s.done) === 1) return null;
  }
  let q = looseDb(trx).selectFrom(def.table).select(columnsOf(fields)).where('id', '>', Number(s.last_id)).orderBy('id').limit(BATCH);
  // the rows stay as read until this batch commits: an edit waits, then re-indexes its own row
  if (ctx.dialect === 'postgres') q = q.forShare();
  const rows = (await q.execute()) as Record<string, unknown>[];
  const ids = rows.map((r) => Number(r.id));
  const before = await indexedTerms(trx, def.name, ids);
  await writeTerms(
    trx,
    def.name,
    rows.map((r) => ({ id: Number(r.id), before: before.get(Number(r.id)), after: termsOfRow(fields, r) })),
  );
  const last = ids.length ? ids[ids.length - 1] : Number(s.last_id);
  await trx
    .updateTable('search_state')
    .set({ last_id: last, done: rows.length < BATCH ? 1 : 0 })
    .where('resource', '=', def.name)
    .execute();
  return rows.length;
}

/**
 * The query's terms in the order to join them, rarest first (each counted up to `PROBE`), or null when one of
 * them is in no record at all (the answer is empty without a list query).
 */
export async function orderTerms(db: Kysely<Database>, resource: string, terms: string[]): Promise<string[] | null> {
  if (terms.length === 1) {
    const hit = await db
      .selectFrom('search_term')
      .select('record_id')
      .where('resource', '=', resource)
      .where('term', '=', terms[0])
      .limit(1)
      .execute();
    return hit.length ? terms : null;
  }
  const counts = await Promise.all(
    terms.map(async (term) => {
      const rows = await db
        .selectFrom((eb) =>
          eb.selectFrom('search_term').select('record_id').where('resource', '=', resource).where('term', '=', term).limit(PROBE).as('p'),
        )
        .select(sql<number>`count(*)`.as('n'))
        .execute();
      return { term, n: Number(rows[0]?.n ?? 0) };
    }),
  );
  if (counts.some((c) => c.n === 0)) return null;
  return counts.sort((a, b) => a.n - b.n).map((c) => c.term);
}

/**
 * `t.id in (…)`: the records holding every term (in the order given, rarest first), with its values in SQL order
 * (the joined terms, then the resource and the first term).
 */
export function searchCondition(resource: string, terms: string[]): { cond: RawBuilder<SqlBool>; params: unknown[] } {
  const joins = terms
    .slice(1)
    .map(
      (term, i) =>
        sql` inner join search_term as ${sql.raw(`s${i + 1}`)} on ${sql.raw(`s${i + 1}`)}.resource = s0.resource and ${sql.raw(`s${i + 1}`)}.term = ${term} and ${sql.raw(`s${i + 1}`)}.record_id = s0.record_id`,
    );
  return {
    cond: sql<SqlBool>`t.id in (select s0.record_id from search_term as s0${sql.join(joins, sql``)} where s0.resource = ${resource} and s0.term = ${terms[0]})`,
    params: [...terms.slice(1), resource, terms[0]],
  };
}
