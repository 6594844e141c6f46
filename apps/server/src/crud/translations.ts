import {
  hasSeo,
  optText,
  type ResourceDef,
  SEO_FIELDS,
  seoSave,
  slugSource,
  type TranslationStatus,
  translatableFields,
} from '@gk/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Ctx } from '../context.js';
import type { AnyDb, Dialect } from '../db/index.js';
import { runShape } from '../db/shapes.js';
import { badRequest } from '../http/errors.js';
import { parseInput } from '../http/route.js';
import { imageNamesIn } from '../storage/references.js';
import { currentSlugs, dropSlugs, fallbackSlug, setSlug, slugHolder, slugify, uniqueSlug } from './slugs.js';

export { slugHolder, slugify, uniqueSlug };

/**
 * Content in several locales (issue 24; contracts translation.ts, migration 040): the server side of every
 * resource described `translatable`, with no per-resource code. The write pipeline (crud/service.ts) calls it:
 *
 * - `parseTranslations` checks a save's `translations` and top-level SEO fields (before the transaction; rich text
 *   sanitized like the record's), `writeTranslations` stores them in the save's transaction: the default
 *   locale's row (its SEO fields and the version of its translated fields, raised by a save that changes one),
 *   each sent locale's row (its values; the current version when they changed), the slugs.
 * - `readI18n` answers what the staff get adds to a record: the default locale's SEO fields at the top level,
 *   `translations` (one object per non-default locale that has a row) and `translationStatus` (every one).
 * - `statusSql` is the list filter and the dashboard's count, `statusesOf` a list page's statuses (one query).
 * - a delete keeps the rows in the event's stored `row` (`I18N_KEY`: the recycle bin keeps them) and drops them;
 *   `putBack` restores them with the record.
 */

type Row = Record<string, unknown>;

/** the key of a deleted record's stored row that holds its translation and slug rows (recycle bin) */
export const I18N_KEY = '$i18n';

/** what an image field accepts: a stored image (`/img/…`) or an http(s) URL */
export const IMAGE_URL = /^(\/img\/[\w.-]{1,200}|https?:\/\/[^\s"'<>]{1,490})$/;

/** the SEO fields kept in a translation row's data (the slug lives in content_slug) */
const SEO_DATA = SEO_FIELDS.filter((f) => f !== 'slug');

/** the content locales: the default (the record's own columns) and the others (`translations`) */
export function localesOf(ctx: Pick<Ctx, 'config'>): { all: string[]; default: string; others: string[] } {
  const all = ctx.config.contentLocales;
  return { all, default: all[0], others: all.slice(1) };
}

const text = (v: unknown) => (v == null ? '' : String(v));
const seoEmpty = (): Row => Object.fromEntries(SEO_FIELDS.map((f) => [f, f === 'noindex' ? 0 : '']));
const parseData = (v: unknown): Row => {
  try {
    const r = JSON.parse(String(v ?? '{}'));
    return r && typeof r === 'object' && !Array.isArray(r) ? (r as Row) : {};
  } catch {
    return {};
  }
};

const schemas = new WeakMap<ResourceDef, z.ZodType<Row>>();
/**
 * One locale's object in `translations`: the resource's own save rules of its translated fields, each optional
 * (left out, null or '' = no value of its own: the default locale's shows), and the SEO fields (`seoSave`).
 */
export function localeSchema(def: ResourceDef): z.ZodType<Row> {
  let s = schemas.get(def);
  if (!s) {
    const saveShape = (def.save as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    const shape: Record<string, z.ZodType> = {};
    for (const name of translatableFields(def)) {
      const rule = saveShape[name] ?? optText(1_000_000);
      shape[name] = z.preprocess((v) => (v == null || v === '' ? undefined : v), rule.optional());
    }
    if (hasSeo(def)) Object.assign(shape, seoSave);
    s = z.object(shape) as unknown as z.ZodType<Row>;
    schemas.set(def, s);
  }
  return s;
}

/** What a save said about the locales: absent parts leave the stored values as they are. */
export interface TranslationInput {
  /** the top-level SEO fields the body sent (only those), parsed; null: none */
  seo: Row | null;
  /** per locale sent: its values (translated and SEO fields, slug among them; rich text sanitized) or null (removed) */
  translations: Record<string, Row | null> | null;
}

const checkImage = (v: unknown) => {
  if (typeof v === 'string' && v !== '' && !IMAGE_URL.test(v)) throw badRequest('v.imageUrl');
};

/**
 * A save body's `translations` and top-level SEO fields, checked: a locale that is not a non-default content
 * locale → 400 `translation.localeUnknown`; `translations` or a locale's value neither an object nor null → 400
 * `translation.invalid`; each field by its rules. `sanitize` cleans a rich-text value (a pending draft being
 * published was cleaned when it was kept: none). Null when the resource is not translatable.
 */
export async function parseTranslations(
  ctx: Pick<Ctx, 'config'>,
  def: ResourceDef,
  body: Row,
  sanitize: ((html: string) => Promise<string>) | null,
): Promise<TranslationInput | null> {
  if (!def.translatable) return null;
  let seo: Row | null = null;
  if (hasSeo(def)) {
    const sent = SEO_FIELDS.filter((k) => k in body);
    if (sent.length) {
      const parsed = parseInput(z.object(Object.fromEntries(sent.map((k) => [k, seoSave[k]]))), body) as Row;
      seo = Object.fromEntries(sent.map((k) => [k, k === 'noindex' ? parsed[k] : text(parsed[k])]));
      checkImage(seo.ogImage);
    }
  }
  const raw = body.translations;
  if (raw === undefined || raw === null) return { seo, translations: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('translation.invalid');
  const { others } = localesOf(ctx);
  const htmlFields = translatableFields(def).filter((f) => def.fields.find((x) => x.name === f)?.type === 'html');
  const translations: Record<string, Row | null> = {};
  for (const [locale, value] of Object.entries(raw as Row)) {
    if (!others.includes(locale)) throw badRequest('translation.localeUnknown');
    if (value === null) {
      translations[locale] = null;
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('translation.invalid');
    const parsed = parseInput(localeSchema(def), value);
    const data: Row = {};
    for (const f of translatableFields(def)) data[f] = text(parsed[f]);
    if (hasSeo(def)) for (const f of SEO_FIELDS) data[f] = f === 'noindex' ? (parsed[f] ?? 0) : text(parsed[f]);
    checkImage(data.ogImage);
    if (sanitize) for (const f of htmlFields) if (data[f]) data[f] = await sanitize(String(data[f]));
    translations[locale] = data;
  }
  return { seo, translations };
}

interface TranslationRow {
  record_id: number;
  locale: string;
  data: string;
  has_text: number;
  source_version: number;
  user_name: string;
  update_time: string;
}

/** `dialect` given: the SQL kept per shape (db/shapes.ts), for the reads of a form */
async function rowsOf(db: AnyDb, resource: string, recordIds: number[], dialect?: Dialect): Promise<TranslationRow[]> {
  if (!recordIds.length) return [];
  const query = () =>
    db
      .selectFrom('content_translation')
      .select(['record_id', 'locale', 'data', 'has_text', 'source_version', 'user_name', 'update_time'])
      .where('resource', '=', resource)
      .where('record_id', 'in', recordIds);
  const rows = dialect
    ? await runShape<TranslationRow>(db, dialect, `i18n:rows:${recordIds.length}`, [resource, ...recordIds], query)
    : await query().execute();
  return rows.map((r) => ({
    ...r,
    record_id: Number(r.record_id),
    has_text: Number(r.has_text),
    source_version: Number(r.source_version),
  }));
}

/** a content_translation row a bulk save writes at once (`TranslationBatch`) */
type TranslationUpsert = Omit<TranslationRow, 'record_id' | 'locale'> & { resource: string; record_id: number; locale: string };

/**
 * What a bulk save (`Crud.saveMany`) hands `writeTranslations`: the stored rows of its records read at once, and the
 * upserts of their locales kept to be written together by `flushTranslations`
 */
export interface TranslationBatch {
  rows: Map<number, TranslationRow[]>;
  upserts: TranslationUpsert[];
}

/** a bulk save's translation batch: the stored rows of these records read in one query */
export async function translationBatch(db: AnyDb, def: ResourceDef, recordIds: number[]): Promise<TranslationBatch> {
  const rows = new Map<number, TranslationRow[]>();
  if (def.translatable)
    for (const r of await rowsOf(db, def.name, recordIds)) {
      const list = rows.get(r.record_id) ?? [];
      list.push(r);
      rows.set(r.record_id, list);
    }
  return { rows, upserts: [] };
}

/** writes the upserts a bulk save kept, a few hundred rows per statement */
export async function flushTranslations(trx: AnyDb, batch: TranslationBatch): Promise<void> {
  for (let i = 0; i < batch.upserts.length; i += 200)
    await trx
      .insertInto('content_translation')
      .values(batch.upserts.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['resource', 'record_id', 'locale']).doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          has_text: eb.ref('excluded.has_text'),
          source_version: eb.ref('excluded.source_version'),
          user_name: eb.ref('excluded.user_name'),
          update_time: eb.ref('excluded.update_time'),
        })),
      )
      .execute();
  batch.upserts.length = 0;
}

async function upsert(
  trx: AnyDb,
  resource: string,
  recordId: number,
  locale: string,
  values: Omit<TranslationRow, 'record_id' | 'locale'>,
  batch?: TranslationBatch,
) {
  if (batch) {
    batch.upserts.push({ resource, record_id: recordId, locale, ...values });
    return;
  }
  await trx
    .insertInto('content_translation')
    .values({ resource, record_id: recordId, locale, ...values })
    .onConflict((oc) => oc.columns(['resource', 'record_id', 'locale']).doUpdateSet(values))
    .execute();
}

/** `missing` (no row, or no translated field with text), `outdated` (older than the default's version), else `translated` */
export function statusOf(row: { has_text: number; source_version: number } | undefined, version: number): TranslationStatus {
  if (row?.has_text !== 1) return 'missing';
  return row.source_version < version ? 'outdated' : 'translated';
}

/**
 * Stores a save's locales in its transaction. `before` / `after`: the record's fields before (null: created) and
 * as written. A change of a translated field of the default locale raises its version; a locale sent with
 * changed translated values gets that version (so it is `translated`), one sent unchanged keeps its own. Slugs:
 * a slug sent is set (409 when another record uses it), a blank one is made from the `slugSource` field
 * (the locale's own value), and a record without a slug in the default locale gets one.
 */
export async function writeTranslations(
  trx: AnyDb,
  ctx: Pick<Ctx, 'config'>,
  def: ResourceDef,
  w: { recordId: number; before: Row | null; after: Row; input: TranslationInput | null; userName: string; now: string },
  batch?: TranslationBatch,
): Promise<RecordI18n | undefined> {
  if (!def.translatable) return undefined;
  const { recordId: id, before, after, input, userName, now } = w;
  // a bulk save's rows: its locales' upserts wait for `flushTranslations`; a slug or a removed locale is written now
  // (the upserts go first, so nothing written later reads a locale row not yet there)
  if (batch && (hasSeo(def) || Object.keys(input?.translations ?? {}).length)) {
    await flushTranslations(trx, batch);
    batch = undefined;
  }
  const { default: main, others } = localesOf(ctx);
  const fields = translatableFields(def);
  const seoOn = hasSeo(def);
  // what the record holds, kept up to date below: a record created in this transaction holds nothing yet
  const rows = new Map((batch ? (batch.rows.get(id) ?? []) : before ? await rowsOf(trx, def.name, [id]) : []).map((r) => [r.locale, r]));
  const slugs =
    seoOn && before ? ((await currentSlugs(trx, def.name, [id])).get(id) ?? new Map<string, string>()) : new Map<string, string>();
  const keep = (locale: string, values: Omit<TranslationRow, 'record_id' | 'locale'>) => {
    rows.set(locale, { record_id: id, locale, ...values });
    return upsert(trx, def.name, id, locale, values, batch);
  };
  const slug = async (locale: string, value: string, explicit: boolean) =>
    slugs.set(locale, await setSlug(trx, def, locale, id, value, explicit, now, !before));
  const mainRow = rows.get(main);
  const oldVersion = mainRow?.source_version ?? 0;
  const changed = before ? fields.some((f) => text(before[f]) !== text(after[f])) : fields.some((f) => text(after[f]) !== '');
  const version = changed ? oldVersion + 1 : oldVersion;
  const seo = input?.seo ?? null;
  const seoSent = !!seo && SEO_DATA.some((k) => k in seo);
  if (changed || seoSent) {
    const data: Row = seoOn ? { ...Object.fromEntries(SEO_DATA.map((k) => [k, seoEmpty()[k]])), ...parseData(mainRow?.data) } : {};
    if (seo) for (const k of SEO_DATA) if (k in seo) data[k] = seo[k];
    await keep(main, {
      data: JSON.stringify(data),
      has_text: fields.some((f) => text(after[f]) !== '') ? 1 : 0,
      source_version: version,
      user_name: userName.slice(0, 100),
      update_time: now,
    });
  }
  if (seoOn) {
    const explicit = seo && 'slug' in seo ? text(seo.slug) : null;
    if (explicit) await slug(main, explicit, true);
    else if (explicit === '' || !slugs.has(main))
      await slug(main, slugify(text(after[slugSource(def)]), main) || fallbackSlug(def, id), false);
  }
  for (const [locale, value] of Object.entries(input?.translations ?? {})) {
    if (!others.includes(locale)) continue;
    const old = rows.get(locale);
    if (value === null) {
      await trx
        .deleteFrom('content_translation')
        .where('resource', '=', def.name)
        .where('record_id', '=', id)
        .where('locale', '=', locale)
        .execute();
      await dropSlugs(trx, def.name, [id], locale);
      rows.delete(locale);
      slugs.delete(locale);
      continue;
    }
    const data: Row = Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'slug'));
    const oldData = old ? parseData(old.data) : null;
    const valuesChanged = !oldData || fields.some((f) => text(oldData[f]) !== text(data[f]));
    await keep(locale, {
      data: JSON.stringify(data),
      has_text: fields.some((f) => text(data[f]).trim() !== '') ? 1 : 0,
      source_version: valuesChanged || !old ? version : old.source_version,
      user_name: userName.slice(0, 100),
      update_time: now,
    });
    if (seoOn) {
      const made = text(value.slug);
      const source = text(value[slugSource(def)]);
      if (made) await slug(locale, made, true);
      else if (source) await slug(locale, slugify(source, locale) || fallbackSlug(def, id), false);
    }
  }
  // a bulk save's rows are read back once written (`readI18n`)
  return batch ? undefined : i18nOf(ctx, def, rows, slugs);
}

/** What the staff get adds to a record of a translatable resource. */
export interface RecordI18n {
  /** the default locale's SEO fields ('' / 0 when unset); empty without `seo` */
  seo: Row;
  /** per non-default locale that has a translation: its translated fields and SEO fields */
  translations: Record<string, Row>;
  /** per non-default locale */
  translationStatus: Record<string, TranslationStatus>;
}

/** the locales of these records (two queries however many), by record id */
export async function readI18n(
  db: AnyDb,
  ctx: Pick<Ctx, 'config' | 'dialect'>,
  def: ResourceDef,
  recordIds: number[],
): Promise<Map<number, RecordI18n>> {
  const out = new Map<number, RecordI18n>();
  if (!def.translatable || !recordIds.length) return out;
  const rows = await rowsOf(db, def.name, recordIds, ctx.dialect);
  const slugs = hasSeo(def) ? await currentSlugs(db, def.name, recordIds, ctx.dialect) : new Map<number, Map<string, string>>();
  const byRecord = new Map<number, Map<string, TranslationRow>>();
  for (const r of rows) {
    const m = byRecord.get(r.record_id) ?? new Map<string, TranslationRow>();
    byRecord.set(r.record_id, m);
    m.set(r.locale, r);
  }
  for (const id of recordIds)
    out.set(id, i18nOf(ctx, def, byRecord.get(id) ?? new Map<string, TranslationRow>(), slugs.get(id) ?? new Map<string, string>()));
  return out;
}

/** one record's `RecordI18n` from its locale rows and current slugs, by locale */
function i18nOf(ctx: Pick<Ctx, 'config'>, def: ResourceDef, mine: Map<string, TranslationRow>, own: Map<string, string>): RecordI18n {
  const { default: main, others } = localesOf(ctx);
  const seoOn = hasSeo(def);
  const fields = translatableFields(def);
  const mainRow = mine.get(main);
  const version = mainRow?.source_version ?? 0;
  const seoOf = (data: Row, locale: string): Row => {
    if (!seoOn) return {};
    const o = seoEmpty();
    for (const k of SEO_DATA) if (data[k] != null) o[k] = k === 'noindex' ? Number(data[k]) : text(data[k]);
    o.slug = own.get(locale) ?? '';
    return o;
  };
  const translations: Record<string, Row> = {};
  const translationStatus: Record<string, TranslationStatus> = {};
  for (const locale of others) {
    const r = mine.get(locale);
    translationStatus[locale] = statusOf(r, version);
    if (!r) continue;
    const data = parseData(r.data);
    translations[locale] = { ...Object.fromEntries(fields.map((f) => [f, text(data[f])])), ...seoOf(data, locale) };
  }
  return { seo: seoOf(parseData(mainRow?.data), main), translations, translationStatus };
}

/** a record with what `readI18n` found for it */
export const withI18n = (record: Row, i18n: RecordI18n | undefined): Row =>
  i18n ? { ...record, ...i18n.seo, translations: i18n.translations, translationStatus: i18n.translationStatus } : record;

/** the statuses of a list page's records in every non-default locale (one query), by record id */
export async function statusesOf(
  db: AnyDb,
  ctx: Pick<Ctx, 'config' | 'dialect'>,
  def: ResourceDef,
  recordIds: number[],
): Promise<Map<number, Record<string, TranslationStatus>>> {
  const out = new Map<number, Record<string, TranslationStatus>>();
  if (!def.translatable || !recordIds.length) return out;
  const { default: main, others } = localesOf(ctx);
  const rows = await runShape<{ record_id: unknown; locale: string; has_text: unknown; source_version: unknown }>(
    db,
    ctx.dialect,
    `i18n:statuses:${recordIds.length}`,
    [def.name, ...recordIds],
    () =>
      db
        .selectFrom('content_translation')
        .select(['record_id', 'locale', 'has_text', 'source_version'])
        .where('resource', '=', def.name)
        .where('record_id', 'in', recordIds),
  );
  // per record, its rows by locale
  const by = new Map<number, Map<string, { has_text: number; source_version: number }>>();
  for (const r of rows) {
    const id = Number(r.record_id);
    let locales = by.get(id);
    if (!locales) {
      locales = new Map();
      by.set(id, locales);
    }
    locales.set(r.locale, { has_text: Number(r.has_text), source_version: Number(r.source_version) });
  }
  for (const id of recordIds) {
    const locales = by.get(id);
    const version = locales?.get(main)?.source_version ?? 0;
    const statuses: Record<string, TranslationStatus> = {};
    for (const l of others) statuses[l] = statusOf(locales?.get(l), version);
    out.set(id, statuses);
  }
  return out;
}

/**
 * The condition "the record `ref` (default `t.id`) is in this translation status in `locale`" on the resource's
 * table, with its values in SQL order (a list's kept query shape binds them): the same rule as `statusOf`.
 */
export function statusSql(
  def: ResourceDef,
  locale: string,
  main: string,
  status: TranslationStatus,
  ref = 't.id',
): { cond: RawBuilder<SqlBool>; params: unknown[] } {
  const id = sql.ref(ref);
  const has = sql`select 1 from content_translation x where x.resource = ${def.name} and x.record_id = ${id} and x.locale = ${locale} and x.has_text = 1`;
  if (status === 'missing') return { cond: sql<SqlBool>`not exists (${has})`, params: [def.name, locale] };
  const version = sql`coalesce((select d.source_version from content_translation d where d.resource = ${def.name} and d.record_id = ${id} and d.locale = ${main}), 0)`;
  const op = status === 'outdated' ? sql`<` : sql`>=`;
  return { cond: sql<SqlBool>`exists (${has} and x.source_version ${op} ${version})`, params: [def.name, locale, def.name, main] };
}

/** A deleted record's locales as stored: its translation rows and every slug (current and redirects). */
export interface I18nSnapshot {
  rows: Omit<TranslationRow, 'record_id'>[];
  slugs: { locale: string; slug: string; current: number; create_time: string }[];
}

/** the stored locales of these records, by record id (what a delete keeps in its event's `row`) */
export async function snapshotsOf(db: AnyDb, def: ResourceDef, recordIds: number[]): Promise<Map<number, I18nSnapshot>> {
  const out = new Map<number, I18nSnapshot>();
  if (!def.translatable || !recordIds.length) return out;
  for (const id of recordIds) out.set(id, { rows: [], slugs: [] });
  for (const { record_id, ...r } of await rowsOf(db, def.name, recordIds)) out.get(record_id)?.rows.push(r);
  const slugs = await db
    .selectFrom('content_slug')
    .select(['record_id', 'locale', 'slug', 'current', 'create_time'])
    .where('resource', '=', def.name)
    .where('record_id', 'in', recordIds)
    .execute();
  for (const { record_id, ...s } of slugs) out.get(Number(record_id))?.slugs.push({ ...s, current: Number(s.current) });
  return out;
}

/** drops the locales and slugs of deleted records (inside the deleting transaction) */
export async function dropTranslations(trx: AnyDb, def: ResourceDef, recordIds: number[]): Promise<void> {
  if (!def.translatable || !recordIds.length) return;
  await trx.deleteFrom('content_translation').where('resource', '=', def.name).where('record_id', 'in', recordIds).execute();
  await dropSlugs(trx, def.name, recordIds);
}

/**
 * Puts a restored record's locales back (inside the restoring transaction): its rows as they were, its slugs
 * where they are still free. A slug another record took meanwhile: the current one is made unique again
 * (`-2` …), a redirect is left out.
 */
export async function putBack(trx: AnyDb, def: ResourceDef, recordId: number, snap: I18nSnapshot | undefined, now: string): Promise<void> {
  if (!def.translatable || !snap) return;
  await dropTranslations(trx, def, [recordId]);
  for (const r of snap.rows) await upsert(trx, def.name, recordId, r.locale, { ...r, data: String(r.data) });
  for (const s of snap.slugs) {
    const holder = await slugHolder(trx, def.name, s.locale, s.slug);
    if (!holder) {
      await trx
        .insertInto('content_slug')
        .values({ resource: def.name, locale: s.locale, slug: s.slug, record_id: recordId, current: s.current, create_time: s.create_time })
        .execute();
    } else if (holder.recordId !== recordId && s.current === 1) {
      const slug = await uniqueSlug(trx, def.name, s.locale, s.slug, recordId);
      await trx
        .insertInto('content_slug')
        .values({ resource: def.name, locale: s.locale, slug, record_id: recordId, current: 1, create_time: now })
        .execute();
    }
  }
}

/** the stored images a record's locales hold: the share images and the images in translated rich text */
export function imagesOfI18n(def: ResourceDef, record: Row | null | undefined): string[] {
  if (!def.translatable || !record) return [];
  const html = translatableFields(def).filter((f) => def.fields.find((x) => x.name === f)?.type === 'html');
  const names: string[] = [...imageNamesIn(record.ogImage, 'image')];
  const tr = record.translations;
  if (tr && typeof tr === 'object')
    for (const v of Object.values(tr as Record<string, Row | null>)) {
      if (!v || typeof v !== 'object') continue;
      names.push(...imageNamesIn(v.ogImage, 'image'));
      for (const f of html) names.push(...imageNamesIn(v[f], 'html'));
    }
  return names;
}

/** the stored images a deleted record's snapshot holds (a purge deletes those nothing else uses) */
export function imagesOfSnapshot(def: ResourceDef, snap: I18nSnapshot | undefined): string[] {
  if (!snap) return [];
  return snap.rows.flatMap((r) => {
    const data = parseData(r.data);
    return imagesOfI18n(def, { ogImage: data.ogImage, translations: { [r.locale]: data } });
  });
}
