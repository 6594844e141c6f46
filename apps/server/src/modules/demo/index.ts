import {
  ADMIN_ONLY_MODULES,
  allResources,
  applicationResource,
  applicationTypeResource,
  bannerResource,
  businessResource,
  businessTypeResource,
  companyResource,
  contactResource,
  linkResource,
  newsResource,
  newsTypeResource,
  pageItemResource,
  pageResource,
  policyResource,
  productResource,
  type ResourceDef,
  supplierResource,
  translate,
  waybillResource,
} from '@gk/contracts';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import { Crud } from '../../crud/service.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../../db/time.js';
import { AppError } from '../../http/errors.js';
import { DEMO_CONTENT, type DemoContent, IMAGES, type ImageKey } from './data.js';
import { makeImages } from './images.js';

/** The `sys_setting` key that records the demo seed ran (or was skipped), so no later start repeats it. */
export const DEMO_SETTING = 'demo_seeded';

/** The content resources (every one outside the admin-only modules): a row in any of them means the database has content. */
const contentResources = () => allResources().filter((r) => !ADMIN_ONLY_MODULES.includes(r.module));

export type DemoResult =
  | { seeded: true; records: Record<string, number>; images: number; ms: number }
  | { seeded: false; reason: 'done' | 'content' };

type Row = Record<string, unknown>;
const DAY = 86_400_000;

/** a described resource by name (the demo's `more` rows name theirs) */
const resourceNamed = (name: string): ResourceDef => {
  const def = allResources().find((r) => r.name === name);
  if (!def) throw new Error(`demo: no resource named ${name}`);
  return def;
};

/** true when any of the demo's tables already has a row: that database is someone's, the demo stays out. */
async function hasContent(db: AnyDb): Promise<boolean> {
  for (const def of contentResources()) {
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
  const urls = content ? null : await makeImages(ctx, IMAGES);
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

  for (const t of c.newsTypes) await save(newsTypeResource, t);
  for (const n of c.news) await save(newsResource, n.body, n.daysAgo);
  for (const p of c.policies) await save(policyResource, p.body, p.daysAgo);
  for (const p of c.pages) {
    const page = await save(pageResource, p.body);
    for (const item of p.items) await save(pageItemResource, { ...item.body, pageId: page.id }, item.daysAgo);
  }
  for (const t of c.businessTypes) await save(businessTypeResource, t);
  for (const b of c.partners) await save(businessResource, b);
  for (const t of c.applicationTypes) await save(applicationTypeResource, t);
  for (const a of c.applications) await save(applicationResource, a);
  for (const s of c.suppliers) {
    const supplier = await save(supplierResource, s.body);
    for (const p of s.products) await save(productResource, { ...p.body, supplierId: supplier.id }, p.daysAgo);
  }
  for (const b of c.banners) await save(bannerResource, b);
  for (const l of c.links) await save(linkResource, l);
  // one contact, enabled: the contact module's rule (one live contact) holds on an empty table
  for (const k of c.contacts) await save(contactResource, k);
  await save(companyResource, c.company);
  for (const w of c.waybills) await save(waybillResource, w.body, w.daysAgo);
  for (const m of c.more ?? []) for (const r of m.rows) await save(resourceNamed(m.resource), r.body, r.daysAgo);
  return records;
}
