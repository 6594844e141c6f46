import { allResources, columnOf, type FieldDef, type ResourceDef, translatableFields } from '@gk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Ctx, WriteListener } from '../../context.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { TERMS_VERSION, termsOf, textOfHtml } from './search-terms.js';
import { contentVersions } from './version.js';

/**
 * The term index of the delivery API's full-text search (`q`, migrations 036 and 043): `search_term` holds, per
 * resource, term and content locale, the ids of the records found by it (primary key resource, term, locale,
 * record_id), `search_doc` the terms each record was indexed under per locale.
 *
 * - Per content locale a record is indexed under the text a reader of that locale is served (issue 24): each
 *   searched field's translation in that locale when it is not blank, else the next along [locale,
 *   ...CONTENT_FALLBACK] (the default locale's value is the record's column; `content_translation.data` holds the
 *   others by API field name). A term found in every locale's text is stored once, under the locale `*`; a term of
 *   some locales only, once per such locale. A search in locale L reads L's rows and `*`'s: an untranslated record
 *   (every locale serves its default text) has no more rows than one language had.
 * - Every write of a searched resource puts its record on `search_queue` (migration 057) inside the writing
 *   transaction (a `ctx.onWrite` listener): one short row, where indexing there wrote a row per term, each in another
 *   page of the term index (a 5 KB news: about 180 pages of WAL per save on SQLite, the most expensive part of a
 *   save). So the queue commits or rolls back with the write, and an acknowledged write is never missed, a crash
 *   included. The queue is indexed after the commit, in batches (`flushSearch`: each record from its stored row and
 *   translations, every locale; an edit writes only the terms that changed, as `search_doc` says which it had), a
 *   moment after a write in the process that wrote it, at every start, and before every search of the resource
 *   (`q` reads the queue first: a search never misses a committed write, whichever process wrote it). Batching
 *   writes a term's page once for all the records of the batch that share it.
 * - Writers of the index are serialized per resource: SQLite's one writer; on PostgreSQL a transaction-scoped
 *   advisory lock, taken first by the flush and by each backfill batch, so a flush never waits on a lock while it
 *   holds queue rows a save is waiting for.
 * - On PostgreSQL a write holds its record's queue row until it ends (an already queued row is locked, a new one is
 *   its own), and a flush takes only the queue rows no open write holds (`FOR UPDATE SKIP LOCKED`): a flush never
 *   reads a record as it was before a write still open and drops it off the queue, and it never waits on a write. A
 *   write that reaches the queue while a flush holds its row waits for that flush, then queues the record again.
 *   So a search while another write of the same record is open finds that record as it was last indexed (the
 *   write's own terms come after its commit); every other committed write is found.
 * - At start (`backfillSearch`), each searched resource whose index is missing or was cut by another version of
 *   `termsOf` or for other CONTENT_LOCALES / CONTENT_FALLBACK is indexed in batches of rows, each batch a
 *   transaction that holds its rows (PostgreSQL `FOR SHARE`, SQLite's one writer), so a concurrent edit is never
 *   overwritten by an older reading. A cursor in `search_state` lets another process, or the next start, carry on
 *   where one stopped.
 * - A search is the AND of the query's terms: the rarest term's records (counted up to `PROBE` each), each checked
 *   against the others by primary-key lookups, then the list's usual visibility, filters, order and page.
 */

/** rows indexed per backfill transaction */
const BATCH = 200;
/** a term's records are counted up to this many to order the AND by rarity */
const PROBE = 1000;
/** rows per insert (4 values each: well under both databases' bound-parameter limits) */
const INSERT_ROWS = 1000;
/** the locale key of the terms found in every content locale's text of a record */
export const EVERY_LOCALE = '*';

/** a resource whose delivery list declares `search`: its searched fields, and which of them are translated */
export interface SearchedResource {
  def: ResourceDef;
  fields: FieldDef[];
  /** the searched fields that have translations (by API name) */
  translated: Set<string>;
}

/** the resources whose delivery list declares `search`, with their searched fields */
export function searchedResources(): SearchedResource[] {
  return allResources()
    .filter((def) => def.delivery?.list?.query?.search?.length)
    .map((def) => {
      const fields = def.delivery!.list!.query!.search!.map((name) => def.fields.find((f) => f.name === name)!);
      const translatable = new Set(translatableFields(def));
      return { def, fields, translated: new Set(fields.filter((f) => translatable.has(f.name)).map((f) => f.name)) };
    });
}

/** the content locales setting an index is cut for (`search_state.locales`): another one indexes again */
export const localesKey = (config: Pick<AppConfig, 'contentLocales' | 'contentFallback'>) =>
  `${config.contentLocales.join(',')}>${config.contentFallback.join(',')}`;

/** a record's translations: locale → values by API field name (`content_translation.data`) */
export type Translations = Map<string, Record<string, unknown>>;

const shown = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The terms a stored row (column names) and its translations are indexed under, by locale key: `*` (always
 * present) the terms of every content locale's text, each locale the terms of its text only (absent when none).
 * A locale's text: per searched field, its first value not blank along [locale, ...contentFallback] (the default
 * locale: the row's column; a field without translations: the column), rich text without its tags.
 */
export function termsOfRecord(
  s: SearchedResource,
  config: Pick<AppConfig, 'contentLocales' | 'contentFallback'>,
  row: Record<string, unknown>,
  translations: Translations = new Map(),
): Map<string, string[]> {
  const base = config.contentLocales[0];
  /** the terms of each field value met, cut once however many locales serve it */
  const cut = new Map<string, string[]>();
  const termsOfValue = (f: FieldDef, v: string) => {
    const key = `${f.type === 'html' ? 'h' : 't'}${v}`;
    let t = cut.get(key);
    if (!t) {
      t = termsOf(f.type === 'html' ? textOfHtml(v) : v);
      cut.set(key, t);
    }
    return t;
  };
  // every locale serves the default text: one set of terms, all under `*`
  const locales = s.translated.size && translations.size ? config.contentLocales : [base];
  const perLocale = locales.map((locale) => {
    const chain = [...new Set([locale, ...config.contentFallback])];
    const out = new Set<string>();
    for (const f of s.fields) {
      let v: unknown = row[columnOf(f)];
      if (s.translated.has(f.name))
        for (const l of chain) {
          const value = l === base ? row[columnOf(f)] : translations.get(l)?.[f.name];
          if (shown(value)) {
            v = value;
            break;
          }
        }
      if (typeof v === 'string' && v) for (const t of termsOfValue(f, v)) out.add(t);
    }
    return [locale, out] as const;
  });
  const every = [...perLocale[0][1]].filter((t) => perLocale.every(([, set]) => set.has(t)));
  const common = new Set(every);
  const out = new Map<string, string[]>([[EVERY_LOCALE, every]]);
  for (const [locale, set] of perLocale) {
    const own = [...set].filter((t) => !common.has(t));
    if (own.length) out.set(locale, own);
  }
  return out;
}

/** the stored terms of these records (`search_doc`), by record id and locale key */
async function indexedTerms(trx: AnyDb, resource: string, ids: number[]): Promise<Map<number, Map<string, string[]>>> {
  const out = new Map<number, Map<string, string[]>>();
  if (!ids.length) return out;
  const rows = await trx
    .selectFrom('search_doc')
    .select(['record_id', 'locale', 'terms'])
    .where('resource', '=', resource)
    .where('record_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const id = Number(r.record_id);
    const doc = out.get(id) ?? new Map<string, string[]>();
    out.set(id, doc);
    doc.set(r.locale, r.terms ? r.terms.split(' ') : []);
  }
  return out;
}

/**
 * The translations of these records in the content locales other than the default, by record id; `hold`: kept
 * (PostgreSQL `FOR SHARE`) until the caller's transaction ends, as the backfill's rows are.
 */
async function translationsOf(trx: AnyDb, ctx: Ctx, s: SearchedResource, ids: number[], hold = false): Promise<Map<number, Translations>> {
  const out = new Map<number, Translations>();
  const locales = ctx.config.contentLocales.slice(1);
  if (!ids.length || !s.translated.size || !locales.length) return out;
  let q = trx
    .selectFrom('content_translation')
    .select(['record_id', 'locale', 'data'])
    .where('resource', '=', s.def.name)
    .where('record_id', 'in', ids)
    .where('locale', 'in', locales);
  // held with the rows the backfill reads: a concurrent edit waits, then its record is queued again
  if (hold && ctx.dialect === 'postgres') q = q.forShare();
  for (const r of await q.execute()) {
    let data: unknown;
    try {
      data = JSON.parse(r.data);
    } catch {
      continue;
    }
    if (!data || typeof data !== 'object') continue;
    const id = Number(r.record_id);
    const tr: Translations = out.get(id) ?? new Map();
    out.set(id, tr);
    tr.set(r.locale, data as Record<string, unknown>);
  }
  return out;
}

/** writes the index of records whose stored terms were `before` and now are `after` (null: the record is gone) */
async function writeTerms(
  trx: AnyDb,
  resource: string,
  changes: { id: number; before: Map<string, string[]> | undefined; after: Map<string, string[]> | null }[],
): Promise<void> {
  const added: { resource: string; term: string; locale: string; record_id: number }[] = [];
  const docs: { resource: string; record_id: number; locale: string; terms: string }[] = [];
  for (const { id, before, after } of changes) {
    const dropped: string[] = [];
    for (const locale of new Set([...(before?.keys() ?? []), ...(after?.keys() ?? [])])) {
      const now = new Set(after?.get(locale) ?? []);
      const had = new Set(before?.get(locale) ?? []);
      const gone = [...had].filter((t) => !now.has(t));
      for (let i = 0; i < gone.length; i += 500)
        await trx
          .deleteFrom('search_term')
          .where('resource', '=', resource)
          .where('record_id', '=', id)
          .where('locale', '=', locale)
          .where('term', 'in', gone.slice(i, i + 500))
          .execute();
      for (const t of now) if (!had.has(t)) added.push({ resource, term: t, locale, record_id: id });
      if (!after?.has(locale)) dropped.push(locale);
      else if (!before?.has(locale) || gone.length || now.size !== had.size)
        docs.push({ resource, record_id: id, locale, terms: [...now].join(' ') });
    }
    if (dropped.length)
      await trx
        .deleteFrom('search_doc')
        .where('resource', '=', resource)
        .where('record_id', '=', id)
        .where('locale', 'in', dropped)
        .execute();
  }
  for (let i = 0; i < docs.length; i += 200)
    await trx
      .insertInto('search_doc')
      .values(docs.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['resource', 'record_id', 'locale']).doUpdateSet((eb) => ({ terms: eb.ref('excluded.terms') })))
      .execute();
  for (let i = 0; i < added.length; i += INSERT_ROWS)
    await trx
      .insertInto('search_term')
      .values(added.slice(i, i + INSERT_ROWS))
      .execute();
}

/** the searched columns of a resource's rows */
const columnsOf = (fields: FieldDef[]) => ['id', ...new Set(fields.map(columnOf))];

/** re-indexes these records, every content locale, from their stored rows and translations (gone: their terms go), in a few queries */
async function indexRecords(trx: AnyDb, ctx: Ctx, s: SearchedResource, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = (await looseDb(trx).selectFrom(s.def.table).select(columnsOf(s.fields)).where('id', 'in', ids).execute()) as Record<
    string,
    unknown
  >[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const before = await indexedTerms(trx, s.def.name, ids);
  const translations = await translationsOf(trx, ctx, s, ids);
  await writeTerms(
    trx,
    s.def.name,
    ids.map((id) => {
      const row = byId.get(id);
      return { id, before: before.get(id), after: row ? termsOfRecord(s, ctx.config, row, translations.get(id)) : null };
    }),
  );
}

/** PostgreSQL: the writers of a resource's index one at a time (the flush, each backfill batch), until the transaction ends */
async function lockIndex(trx: AnyDb, ctx: Ctx, resource: string): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`search_index:${resource}`}))`.execute(trx);
}

/** records of the queue indexed per flush transaction */
const FLUSH_BATCH = 500;
/** how long after a write its process indexes the queue: the writes of that moment go in one batch */
const FLUSH_DELAY_MS = 250;

/** one flush transaction of a resource's queue: answers how many records it indexed (0: the queue is empty) */
async function flushBatch(ctx: Ctx, s: SearchedResource): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockIndex(trx, ctx, s.def.name);
    let q = trx.selectFrom('search_queue').select('record_id').where('resource', '=', s.def.name).orderBy('record_id').limit(FLUSH_BATCH);
    // PostgreSQL: a record whose write is still open holds its queue row (`enqueue`): it is left for the flush after
    // that write commits, as indexing it now would read the row as it was before the write and drop it off the queue
    if (ctx.dialect === 'postgres') q = q.forUpdate().skipLocked();
    const ids = (await q.execute()).map((r) => Number(r.record_id));
    if (!ids.length) return 0;
    // a write of one of these records that comes now waits for this commit, then queues its record again
    await trx.deleteFrom('search_queue').where('resource', '=', s.def.name).where('record_id', 'in', ids).execute();
    await indexRecords(trx, ctx, s, ids);
    return ids.length;
  });
}

/** whether a resource has records waiting to be indexed (one primary-key probe) */
async function queued(ctx: Ctx, resource: string): Promise<boolean> {
  const hit = await ctx.db.selectFrom('search_queue').select('record_id').where('resource', '=', resource).limit(1).execute();
  return hit.length > 0;
}

interface Flusher {
  searched: Map<string, SearchedResource>;
  /** resources written by this process since its last flush */
  dirty: Set<string>;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  stopped: boolean;
  log?: FastifyBaseLogger;
}
const flushers = new WeakMap<Ctx, Flusher>();

/** indexes the queue of these resources until it is empty (or `stopped` says so) */
async function flushAll(
  ctx: Ctx,
  searched: Map<string, SearchedResource>,
  names: Iterable<string>,
  stopped: () => boolean = () => false,
): Promise<void> {
  for (const name of names) {
    const s = searched.get(name);
    while (s && !stopped() && (await flushBatch(ctx, s)) > 0) {}
  }
}

/** the background flush: runs the resources written since the last one, then again if writes came meanwhile */
function schedule(ctx: Ctx, f: Flusher): void {
  if (f.timer || f.running || f.stopped) return;
  f.timer = setTimeout(() => {
    f.timer = null;
    const names = [...f.dirty];
    f.dirty.clear();
    f.running = flushAll(ctx, f.searched, names, () => f.stopped)
      .catch((err) => {
        // the queue rows of the failed batch are still there: the next flush or search indexes them
        f.log?.error({ err }, 'search index flush failed; the queue is kept');
        for (const n of names) f.dirty.add(n);
      })
      .finally(() => {
        f.running = null;
        if (f.dirty.size) schedule(ctx, f);
      });
  }, FLUSH_DELAY_MS);
  f.timer.unref();
}

/**
 * Indexes what is queued for a resource (every searched resource when none is named), now: a search calls it
 * first, so it finds every committed write. One primary-key probe when the queue is empty.
 */
export async function flushSearch(ctx: Ctx, resource?: string): Promise<void> {
  const searched = flushers.get(ctx)?.searched ?? new Map(searchedResources().map((s) => [s.def.name, s]));
  for (const name of resource ? [resource] : searched.keys()) if (await queued(ctx, name)) await flushAll(ctx, searched, [name]);
}

/**
 * Keeps the index in step with every write: one listener of the write pipeline queues the record inside the write's
 * transaction, and this process indexes the queue a moment later (and once at start, for what another process or
 * a crash left). `stop` (the app's close) waits for a flush under way and starts no other.
 */
export function registerSearchIndex(ctx: Ctx, log?: FastifyBaseLogger): { stop: () => Promise<void> } {
  const searched = new Map(searchedResources().map((s) => [s.def.name, s]));
  const f: Flusher = { searched, dirty: new Set(searched.keys()), timer: null, running: null, stopped: false, log };
  flushers.set(ctx, f);
  const enqueue = async (trx: AnyDb, resource: string, ids: number[]) => {
    for (let i = 0; i < ids.length; i += FLUSH_BATCH)
      await trx
        .insertInto('search_queue')
        .values(ids.slice(i, i + FLUSH_BATCH).map((record_id) => ({ resource, record_id })))
        .onConflict((oc) =>
          ctx.dialect === 'postgres'
            ? // a record already queued: its row is locked (never rewritten: `where false`) until this write ends, so
              // no flush takes it off the queue while the write is open (SQLite's one writer needs no lock)
              oc
                .columns(['resource', 'record_id'])
                .doUpdateSet((eb) => ({ record_id: eb.ref('excluded.record_id') }))
                .where(sql<boolean>`false`)
            : oc.columns(['resource', 'record_id']).doNothing(),
        )
        .execute();
    f.dirty.add(resource);
    schedule(ctx, f);
  };
  const listener: WriteListener = async (e) => {
    if (!searched.has(e.resource.name) || e.action === 'purge') return;
    await enqueue(e.trx, e.resource.name, [e.id]);
  };
  // a bulk save's events (one resource, one transaction): each record queued once, in a few statements for all
  listener.many = async (events) => {
    const name = events[0]?.resource.name;
    if (!name || !searched.has(name)) return;
    await enqueue(events[0].trx, name, [...new Set(events.filter((e) => e.action !== 'purge').map((e) => e.id))]);
  };
  ctx.onWrite(listener);
  // what an earlier process queued and did not index (a crash, a stop in between)
  schedule(ctx, f);
  return {
    stop: async () => {
      f.stopped = true;
      if (f.timer) clearTimeout(f.timer);
      f.timer = null;
      await f.running;
    },
  };
}

/**
 * Indexes the rows of every searched resource whose index is missing or was cut by another `TERMS_VERSION` or for
 * another CONTENT_LOCALES / CONTENT_FALLBACK (after migrations 036 and 043, after content written before the
 * listeners existed — the demo content at first start — and after a change of the term cutting or the locales).
 * Answers how many rows it indexed.
 */
export async function backfillSearch(ctx: Ctx, log?: FastifyBaseLogger, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  for (const s of searchedResources()) {
    const { def } = s;
    let indexed = 0;
    while (!stopped()) {
      const step = await ctx.db.transaction().execute((trx) => backfillBatch(trx, ctx, s));
      if (step === null) break;
      indexed += step;
      if (indexed >= 10_000 && indexed % 10_000 < BATCH) log?.info({ resource: def.name, indexed }, 'search index backfill');
    }
    if (indexed) {
      log?.info({ resource: def.name, indexed }, 'search index backfilled');
      // what `q` finds changed: the delivery API's ETags and kept replies of the resource are made again
      await ctx.db.transaction().execute((trx) => contentVersions(ctx).bump(trx, [def.table]));
    }
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
async function backfillBatch(trx: Transaction<Database>, ctx: Ctx, s: SearchedResource): Promise<number | null> {
  const { def, fields } = s;
  await lockIndex(trx, ctx, def.name);
  const locales = localesKey(ctx.config);
  let state = trx.selectFrom('search_state').selectAll().where('resource', '=', def.name);
  if (ctx.dialect === 'postgres') state = state.forUpdate();
  let st = await state.executeTakeFirst();
  const current = (x: { version: number; locales: string }) => Number(x.version) === TERMS_VERSION && x.locales === locales;
  if (st && current(st) && Number(st.done) === 1) return null;
  if (!st || !current(st)) {
    // (re)start from the first row; a concurrent starter waits on this row (PostgreSQL) or the one writer (SQLite)
    await trx
      .insertInto('search_state')
      .values({ resource: def.name, version: TERMS_VERSION, locales, last_id: 0, done: 0 })
      // a process that started together may have just begun the same version: its cursor stays
      .onConflict((oc) =>
        oc
          .column('resource')
          .doUpdateSet({ version: TERMS_VERSION, locales, last_id: 0, done: 0 })
          .where((eb) => eb.or([eb('search_state.version', '<>', TERMS_VERSION), eb('search_state.locales', '<>', locales)])),
      )
      .execute();
    st = await state.executeTakeFirstOrThrow();
    if (Number(st.done) === 1) return null;
  }
  let q = looseDb(trx).selectFrom(def.table).select(columnsOf(fields)).where('id', '>', Number(st.last_id)).orderBy('id').limit(BATCH);
  // the rows stay as read until this batch commits: an edit waits, then re-indexes its own row
  if (ctx.dialect === 'postgres') q = q.forShare();
  const rows = (await q.execute()) as Record<string, unknown>[];
  const ids = rows.map((r) => Number(r.id));
  const before = await indexedTerms(trx, def.name, ids);
  const translations = await translationsOf(trx, ctx, s, ids, true);
  await writeTerms(
    trx,
    def.name,
    rows.map((r) => {
      const id = Number(r.id);
      return { id, before: before.get(id), after: termsOfRecord(s, ctx.config, r, translations.get(id)) };
    }),
  );
  const last = ids.length ? ids[ids.length - 1] : Number(st.last_id);
  await trx
    .updateTable('search_state')
    .set({ last_id: last, done: rows.length < BATCH ? 1 : 0 })
    .where('resource', '=', def.name)
    .execute();
  return rows.length;
}

/**
 * The query's terms in the order to join them, rarest first in `locale` (each counted up to `PROBE`), or null when
 * one of them is in no record at all (the answer is empty without a list query).
 */
export async function orderTerms(db: Kysely<Database>, resource: string, terms: string[], locale: string): Promise<string[] | null> {
  const locales = [locale, EVERY_LOCALE];
  if (terms.length === 1) {
    const hit = await db
      .selectFrom('search_term')
      .select('record_id')
      .where('resource', '=', resource)
      .where('term', '=', terms[0])
      .where('locale', 'in', locales)
      .limit(1)
      .execute();
    return hit.length ? terms : null;
  }
  const counts = await Promise.all(
    terms.map(async (term) => {
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('search_term')
            .select('record_id')
            .where('resource', '=', resource)
            .where('term', '=', term)
            .where('locale', 'in', locales)
            .limit(PROBE)
            .as('p'),
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
 * `t.id in (…)`: the records whose text in `locale` holds every term (in the order given, rarest first), with its
 * values in SQL order (each joined term and the locale, then the resource, the first term and the locale).
 */
export function searchCondition(resource: string, terms: string[], locale: string): { cond: RawBuilder<SqlBool>; params: unknown[] } {
  const every = sql.lit(EVERY_LOCALE);
  const joins = terms.slice(1).map((term, i) => {
    const s = sql.raw(`s${i + 1}`);
    return sql` inner join search_term as ${s} on ${s}.resource = s0.resource and ${s}.term = ${term} and ${s}.locale in (${locale}, ${every}) and ${s}.record_id = s0.record_id`;
  });
  return {
    cond: sql<SqlBool>`t.id in (select s0.record_id from search_term as s0${sql.join(joins, sql``)} where s0.resource = ${resource} and s0.term = ${terms[0]} and s0.locale in (${locale}, ${every}))`,
    params: [...terms.slice(1).flatMap((term) => [term, locale]), resource, terms[0], locale],
  };
}
