import { type ResourceDef, resourceByName, translate } from '@gk/contracts';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import { Crud } from '../../crud/service.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../../db/time.js';
import { AppError } from '../../http/errors.js';
import { DEMO_CONTENT, type DemoContent, type DemoRecord, IMAGE_TITLES, IMAGES, type ImageKey } from './data.js';
import { makeImages } from './images.js';

/** The `sys_setting` key that records the demo seed ran (or was skipped), so no later start repeats it. */
export const DEMO_SETTING = 'demo_seeded';

/** A resource by name (a name data.ts uses that no description has is a bug of data.ts). */
function resourceOf(name: string): ResourceDef {
  const def = resourceByName(name);
  if (!def) throw new Error(`demo: no resource ${name}`);
  return def;
}

/** The resources the demo fills: every key of data.ts and the resources of their children. */
function demoResources(c: DemoContent): ResourceDef[] {
  const names = new Set<string>();
  const walk = (name: string, rows: DemoRecord[]) => {
    names.add(name);
    for (const r of rows) if (r.children) walk(r.children.resource, r.children.rows);
  };
  for (const [name, rows] of Object.entries(c)) walk(name, rows);
  return [...names].map(resourceOf);
}

export type DemoResult =
  | { seeded: true; records: Record<string, number>; images: number; ms: number }
  | { seeded: false; reason: 'done' | 'content' };

type Row = Record<string, unknown>;
const DAY = 86_400_000;

/** true when any of the demo's tables already has a row: that database is someone's, the demo stays out. */
async function hasContent(db: AnyDb): Promise<boolean> {
  for (const def of demoResources(DEMO_CONTENT)) {
    if (await looseDb(db).selectFrom(def.table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/**
 * Fills an empty database with the demo content of a logistics company (data.ts) and its pictures
 * (images.ts), so a new user sees a living site. Called once, on the start that created the admin account
 * with `SEED_DEMO` on (app.ts). It runs at most once per database: the `demo_seeded` setting is claimed in
 * the same transaction that writes every record, so a restart, or a second instance starting at the same
 * moment, adds nothing; a database that already has content is never touched (the setting then records
 * the skip). Every record goes through the resource's `Crud.save`, so it is validated, sanitized, joined
 * and indexed exactly as a user's save; images are stored as an upload stores them.
 */
export async function seedDemo(ctx: Ctx): Promise<DemoResult> {
  const started = Date.now();
  const { db } = ctx;
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', DEMO_SETTING).executeTakeFirst())
    return { seeded: false, reason: 'done' };
  const content = await hasContent(db);
  // pictures first, outside the transaction: the same bytes always get the same name, so a lost race
  // only re-stores files the winner stored too
  const urls = content ? null : await makeImages(ctx, IMAGES, IMAGE_TITLES);
  return db.transaction().execute(async (trx): Promise<DemoResult> => {
    const mark = (result: Row) => JSON.stringify({ ...result, at: ctx.nowText() });
    const claimed = await trx
      .insertInto('sys_setting')
      .values({ key: DEMO_SETTING, value: mark({ result: 'running' }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return { seeded: false, reason: 'done' };
    const setResult = (result: Row) =>
      trx
        .updateTable('sys_setting')
        .set({ value: mark(result) })
        .where('key', '=', DEMO_SETTING)
        .execute();
    if (!urls || (await hasContent(trx))) {
      await setResult({ result: 'skipped', reason: 'the database already has content' });
      return { seeded: false, reason: 'content' };
    }
    const records = await writeContent(ctx, trx, withImages(DEMO_CONTENT, urls));
    const images = new Set(Object.values(urls)).size;
    await setResult({ result: 'seeded', records: Object.values(records).reduce((a, b) => a + b, 0), images });
    return { seeded: true, records, images, ms: Date.now() - started };
  });
}

const IMAGE_MARK = /\{img:(\w+)\}/g;

/** The content with every `{img:<key>}` replaced by the stored image's URL (an unknown key is a bug of data.ts). */
export function withImages<T>(value: T, urls: Record<ImageKey, string>): T {
  if (typeof value === 'string')
    return value.replace(IMAGE_MARK, (_, key: string) => {
      const url = urls[key as ImageKey];
      if (!url) throw new Error(`demo: no picture ${key} in IMAGES`);
      return url;
    }) as T;
  if (Array.isArray(value)) return value.map((v) => withImages(v, urls)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withImages(v, urls)])) as T;
  return value;
}

/** Saves every record through its resource's Crud inside the transaction; answers the count per resource. */
async function writeContent(ctx: Ctx, trx: Transaction<Database>, c: DemoContent): Promise<Record<string, number>> {
  const start = ctx.now();
  // createTime is set by the server: a clock moved back per record dates the content over the past weeks
  let at = start;
  const dated: Ctx = { ...ctx, now: () => at, nowText: () => formatDateTime(new Date(at), ctx.config.timeZone) };
  const cruds = new Map<ResourceDef, Crud>();
  const records: Record<string, number> = {};

  const save = async (def: ResourceDef, body: Row, daysAgo = 0): Promise<Row> => {
    at = start - Math.round(daysAgo * DAY);
    const crud = cruds.get(def) ?? new Crud(dated, def);
    cruds.set(def, crud);
    try {
      const saved = await crud.save(body, undefined, trx);
      records[def.name] = (records[def.name] ?? 0) + 1;
      return saved;
    } catch (e) {
      // a demo record the API would refuse is a bug of data.ts: say which one and why
      if (e instanceof AppError)
        throw new Error(`demo ${def.name} ${JSON.stringify(body.title ?? body.name ?? body.code)}: ${translate('zh', e.key, e.params)}`);
      throw e;
    }
  };

  const write = async (def: ResourceDef, rows: DemoRecord[], extra: Row = {}): Promise<void> => {
    for (const r of rows) {
      const saved = await save(def, { ...r.body, ...extra }, r.daysAgo);
      if (r.children) await write(resourceOf(r.children.resource), r.children.rows, { [r.children.via]: saved.id });
    }
  };
  for (const [name, rows] of Object.entries(c)) await write(resourceOf(name), rows);
  return records;
}
