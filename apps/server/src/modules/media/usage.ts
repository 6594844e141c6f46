import crypto from 'node:crypto';
import { allResources, columnOf, type ResourceDef } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Ctx, WriteEvent } from '../../context.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type ImageColumn, imageNamesIn, referenceColumns } from '../../storage/references.js';

/**
 * Where each image is used (`media_usage`, migration 049): one row per image, record and field, so the 素材库 can
 * list, count and filter by use without scanning every rich text. `resource` is the resource's name, `user` for an
 * account's avatar, `recycle` for a record in the recycle bin (`record_id` its entry's id). `field` is the API field
 * name; a use in a content locale's translation is `translations.<locale>.<field>`, one in a pending draft
 * `draft.<field>`, one in the recycle bin `<resource>.<column>`.
 *
 * Kept by a write listener inside the writing transaction (every write of a record re-reads that record's image
 * columns, translations and draft) and by 个人中心 for the avatar. It is rebuilt from the records, in windows of ids
 * (`startUsageIndex`), only when it was never complete or was made by other rules: the `sys_setting` row
 * `media_usage_index` holds the fingerprint of the rules a complete rebuild used (`usageRules`). A start on an indexed
 * database reads no record (at 1,000,000 news a rebuild reads them all: 98 s of one core, and the peak RSS it left).
 * `storage/references.ts` stays the authority for deleting.
 */

type Row = Record<string, unknown>;
type Db = Kysely<Database> | Transaction<Database>;
type Use = { name: string; resource: string; record_id: number; field: string };

/** records indexed per query */
const WINDOW = 200;

/** the key a resource's uses are indexed under */
const keyOf = (def: ResourceDef) => (def.table === 'sys_user' ? 'user' : def.name);

/** the resource an indexed `resource` key names (null for `recycle`) */
export function defOfKey(key: string): ResourceDef | null {
  if (key === 'user') return allResources().find((d) => d.table === 'sys_user') ?? null;
  return allResources().find((d) => d.name === key) ?? null;
}

/** the image columns stored on a resource's own table (its fields and core columns such as the avatar) */
function ownColumns(def: ResourceDef): { c: ImageColumn; field: string }[] {
  return referenceColumns()
    .filter((c) => c.table === def.table && !c.id)
    .map((c) => ({ c, field: def.fields.find((f) => !f.join && columnOf(f) === c.column)?.name ?? c.column }));
}

/** every image named in a JSON value, with the dotted path of the string holding it */
function namesInJson(value: unknown, path: string, out: { path: string; name: string }[]): void {
  if (typeof value === 'string') {
    for (const name of imageNamesIn(value, 'html')) out.push({ path, name });
  } else if (Array.isArray(value)) {
    for (const v of value) namesInJson(v, path, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) namesInJson(v, path ? `${path}.${k}` : k, out);
  }
}

const parse = (text: unknown): unknown => {
  try {
    return typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** (re)indexes an account's avatar (个人中心 writes it outside the write pipeline) */
export async function indexAccount(db: Db, userId: number): Promise<void> {
  const def = defOfKey('user');
  if (def) await indexRecords(db, def, [userId]);
}

/**
 * (re)indexes the uses of these records of one resource: their image columns, translations and pending drafts.
 * `created`: the one record of `ids`, inserted in this transaction, as its write read it back: its image columns are
 * taken from it, and it has no draft and no indexed use yet.
 */
export async function indexRecords(db: Db, def: ResourceDef, ids: readonly number[], created?: Row): Promise<void> {
  if (!ids.length) return;
  const key = keyOf(def);
  const uses: Use[] = [];
  const cols = ownColumns(def);
  // a resource that can hold no image (no image or rich-text column, no translations, no drafts) has no uses
  const translated = key !== 'user' && !!def.translatable;
  const drafted = key !== 'user' && !!def.publishable;
  if (!cols.length && !translated && !drafted) return;
  if (cols.length) {
    const rows =
      created && cols.every((x) => x.field in created)
        ? [Object.fromEntries([['id', ids[0]], ...cols.map(({ c, field }) => [c.column, created[field]])])]
        : ((await looseDb(db as AnyDb)
            .selectFrom(def.table)
            .select(['id', ...cols.map((x) => x.c.column)])
            .where('id', 'in', [...ids])
            .execute()) as Row[]);
    for (const r of rows)
      for (const { c, field } of cols)
        for (const name of imageNamesIn(r[c.column], c.type)) uses.push({ name, resource: key, record_id: Number(r.id), field });
  }
  if (translated) {
    const translations = await db
      .selectFrom('content_translation')
      .select(['record_id', 'locale', 'data'])
      .where('resource', '=', def.name)
      .where('record_id', 'in', [...ids])
      .execute();
    for (const t of translations) {
      const found: { path: string; name: string }[] = [];
      namesInJson(parse(t.data), '', found);
      for (const f of found)
        uses.push({ name: f.name, resource: key, record_id: Number(t.record_id), field: `translations.${t.locale}.${f.path}` });
    }
  }
  if (drafted && !created) {
    const drafts = await db
      .selectFrom('pending_draft')
      .select(['record_id', 'data'])
      .where('resource', '=', def.name)
      .where('record_id', 'in', [...ids])
      .execute();
    for (const d of drafts) {
      const found: { path: string; name: string }[] = [];
      namesInJson(parse(d.data), '', found);
      for (const f of found) uses.push({ name: f.name, resource: key, record_id: Number(d.record_id), field: `draft.${f.path}` });
    }
  }
  if (!created)
    await db
      .deleteFrom('media_usage')
      .where('resource', '=', key)
      .where('record_id', 'in', [...ids])
      .execute();
  await insertUses(db, uses);
}

async function insertUses(db: Db, uses: Use[]): Promise<void> {
  const seen = new Set<string>();
  const unique = uses.filter((u) => {
    const k = `${u.name}\u0000${u.resource}\u0000${u.record_id}\u0000${u.field}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  for (let i = 0; i < unique.length; i += 200)
    await db
      .insertInto('media_usage')
      .values(unique.slice(i, i + 200))
      .execute();
}

/** (re)indexes these recycle-bin entries (their stored rows, column names), and drops the uses of purged ones */
export async function indexRecycle(db: Db, binIds: readonly number[]): Promise<void> {
  await db
    .deleteFrom('media_usage')
    .where('resource', '=', 'recycle')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('recycle_bin as b').select('b.id').whereRef('b.id', '=', 'media_usage.record_id'))))
    .execute();
  if (!binIds.length) return;
  const rows = await db
    .selectFrom('recycle_bin')
    .select(['id', 'resource', 'data'])
    .where('id', 'in', [...binIds])
    .execute();
  const uses: Use[] = [];
  for (const r of rows) {
    const found: { path: string; name: string }[] = [];
    namesInJson(parse(r.data), '', found);
    for (const f of found) uses.push({ name: f.name, resource: 'recycle', record_id: Number(r.id), field: `${r.resource}.${f.path}` });
  }
  await db
    .deleteFrom('media_usage')
    .where('resource', '=', 'recycle')
    .where('record_id', 'in', [...binIds])
    .execute();
  await insertUses(db, uses);
}

/** the write listener: the written record's uses again, and the recycle bin's when the write moved it in or out */
async function onWrite(e: WriteEvent): Promise<void> {
  await indexRecords(e.trx, e.resource, [e.id], e.action === 'create' ? (e.after ?? undefined) : undefined);
  if (e.action === 'delete' || e.action === 'restore' || e.action === 'purge') {
    const bin = await e.trx
      .selectFrom('recycle_bin')
      .select('id')
      .where('resource', '=', e.resource.name)
      .where('record_id', '=', e.id)
      .execute();
    await indexRecycle(
      e.trx,
      bin.map((b) => Number(b.id)),
    );
  }
}

/** every resource table indexed once (two descriptions of one table: the first) */
function indexedResources(): ResourceDef[] {
  const seen = new Set<string>();
  return allResources().filter((d) => {
    if (seen.has(d.table)) return false;
    seen.add(d.table);
    return true;
  });
}

/** the `sys_setting` key of the fingerprint of the rules the last complete rebuild used */
export const USAGE_INDEX_SETTING = 'media_usage_index';
/** raised when the finding of names changes in a way the descriptions do not show (`imageNamesIn`, the fields' paths) */
const USAGE_RULES_VERSION = 1;

/**
 * What a rebuild indexes, as one fingerprint: the version of the rules and, per indexed resource, its key, table,
 * image columns and whether translations and drafts count. A resource or an image field added by a release changes
 * it, so that start rebuilds once.
 */
export function usageRules(): string {
  const shape = indexedResources().map((def) => [
    keyOf(def),
    def.table,
    ownColumns(def).map(({ c, field }) => [c.column, c.type, field]),
    !!def.translatable,
    !!def.publishable,
  ]);
  return `${USAGE_RULES_VERSION}:${crypto.createHash('sha256').update(JSON.stringify(shape)).digest('base64url').slice(0, 22)}`;
}

/** a turn of the event loop: SQLite's reads resolve at once, and a rebuild must not hold requests or timers */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rebuilds the whole index: every resource's records and the recycle bin, a window of ids per transaction, so
 * writes go on between windows (each window re-reads its records in the transaction that replaces their rows), with
 * a turn of the event loop after each. A rebuild that ran to the end records its rules' fingerprint.
 */
export async function rebuildUsage(ctx: Ctx, stopped: () => boolean = () => false): Promise<void> {
  const rules = usageRules();
  for (const def of indexedResources()) {
    let last = 0;
    while (!stopped()) {
      await breathe();
      const ids = (
        (await looseDb(ctx.db).selectFrom(def.table).select('id').where('id', '>', last).orderBy('id').limit(WINDOW).execute()) as Row[]
      ).map((r) => Number(r.id));
      if (!ids.length) break;
      await ctx.db.transaction().execute((trx) => indexRecords(trx, def, ids));
      last = ids[ids.length - 1];
    }
    if (stopped()) return;
    // uses of records that no longer exist
    const key = keyOf(def);
    await sql`delete from media_usage where resource = ${key} and record_id not in (select id from ${sql.table(def.table)})`.execute(
      ctx.db,
    );
  }
  let last = 0;
  while (!stopped()) {
    await breathe();
    const ids = (await ctx.db.selectFrom('recycle_bin').select('id').where('id', '>', last).orderBy('id').limit(WINDOW).execute()).map(
      (r) => Number(r.id),
    );
    await ctx.db.transaction().execute((trx) => indexRecycle(trx, ids));
    if (!ids.length) break;
    last = ids[ids.length - 1];
  }
  if (stopped()) return;
  await ctx.db
    .insertInto('sys_setting')
    .values({ key: USAGE_INDEX_SETTING, value: rules })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: rules }))
    .execute();
}

/**
 * What a start runs: the rebuild, when the index was not completed by the rules of this release. Whether it rebuilt
 * (to the end).
 */
export async function ensureUsageIndex(ctx: Ctx, stopped: () => boolean = () => false): Promise<boolean> {
  const row = await ctx.db.selectFrom('sys_setting').select('value').where('key', '=', USAGE_INDEX_SETTING).executeTakeFirst();
  if (row?.value === usageRules()) return false;
  await rebuildUsage(ctx, stopped);
  return !stopped();
}

const ready = new WeakMap<Ctx, Promise<void>>();

/** resolves once the start-up rebuild is done (the library's reads wait for it; at once when none runs) */
export function usageReady(ctx: Ctx): Promise<void> {
  return ready.get(ctx) ?? Promise.resolve();
}

/** listens to every write and, once the app is ready, rebuilds the index in the background when it is not current */
export function startUsageIndex(app: FastifyInstance, ctx: Ctx): void {
  ctx.onWrite(onWrite);
  let stopped = false;
  app.addHook('onReady', (done) => {
    ready.set(
      ctx,
      ensureUsageIndex(ctx, () => stopped)
        .then((rebuilt) => {
          if (rebuilt) app.log.info({ event: 'media.usageIndex' }, 'image usage indexed');
        })
        .catch((err) => {
          if (!stopped) app.log.error({ event: 'media.usageIndex', err }, 'image usage index rebuild failed');
        }),
    );
    done();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await ready.get(ctx);
  });
}
