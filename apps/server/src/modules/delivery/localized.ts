import { hasSeo, type ResourceDef, SEO_FIELDS, slugSource, translatableFields } from '@gk/contracts';
import { type Kysely, sql } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { fallbackChain } from './locale.js';

type Row = Record<string, unknown>;

/**
 * Records in a content locale (issue 24), as the delivery API, the sitemap, the feeds and the preview page serve them,
 * read from the tables of migration 040 (written by the staff save, crud/translations.ts):
 *
 * - `content_translation`: per record and locale, `data` (JSON by API field name: a non-default locale's translated
 *   fields and SEO fields, the default locale's SEO fields), `has_text` (a translated field holds text), `update_time`;
 * - `content_slug`: every slug per record and locale, `current = 1` the one in use.
 *
 * Both are read in ONE query per page of records (a union of the two, by record ids), never per record.
 */

/** one locale's row of a record */
export interface LocaleRow {
  data: Row;
  hasText: boolean;
  updateTime: string;
}

/** what one record has in the locales: its rows by locale, its current slug by locale */
export interface RecordLocales {
  rows: Map<string, LocaleRow>;
  slugs: Map<string, string>;
}

const emptyLocales = (): RecordLocales => ({ rows: new Map(), slugs: new Map() });

const parse = (text: unknown): Row => {
  try {
    const v = JSON.parse(String(text ?? '{}')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {};
  } catch {
    return {};
  }
};

/** ids per query: well under the bound-parameter limits of both databases (two lists of them) */
const SLICE = 500;

/** The rows and current slugs of these records of a resource, in one query per slice of 500 ids. */
export async function readLocales(db: Kysely<Database>, resource: string, ids: readonly number[]): Promise<Map<number, RecordLocales>> {
  const out = new Map<number, RecordLocales>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += SLICE) await readInto(db, resource, { ids: unique.slice(i, i + SLICE) }, out);
  return out;
}

/**
 * The rows and current slugs of a resource's records with ids from `first` to `last`, in one query: for a walk over
 * a whole table in id order (two bounds instead of a list of ids; rows of records the walk does not show are read
 * and never asked for).
 */
export async function readLocalesBetween(
  db: Kysely<Database>,
  resource: string,
  first: number,
  last: number,
): Promise<Map<number, RecordLocales>> {
  const out = new Map<number, RecordLocales>();
  await readInto(db, resource, { first, last }, out);
  return out;
}

/** one query: the locale rows and current slugs of the records named (`ids`) or in a range of ids */
async function readInto(
  db: Kysely<Database>,
  resource: string,
  which: { ids: number[] } | { first: number; last: number },
  out: Map<number, RecordLocales>,
): Promise<void> {
  const rows = await db
    .selectFrom('content_translation')
    .select([
      'record_id',
      'locale',
      'data',
      'has_text',
      'update_time',
      sql<string | null>`cast(null as varchar(120))`.as('slug'),
      sql<number>`0`.as('kind'),
    ])
    .where('resource', '=', resource)
    .where((eb) => ('ids' in which ? eb('record_id', 'in', which.ids) : eb.between('record_id', which.first, which.last)))
    .unionAll(
      db
        .selectFrom('content_slug')
        .select([
          'record_id',
          'locale',
          sql<string>`cast(null as text)`.as('data'),
          sql<number>`0`.as('has_text'),
          'create_time as update_time',
          'slug',
          sql<number>`1`.as('kind'),
        ])
        .where('resource', '=', resource)
        .where('current', '=', 1)
        .where((eb) => ('ids' in which ? eb('record_id', 'in', which.ids) : eb.between('record_id', which.first, which.last))),
    )
    .execute();
  for (const r of rows) {
    const id = Number(r.record_id);
    let rec = out.get(id);
    if (!rec) {
      rec = emptyLocales();
      out.set(id, rec);
    }
    if (Number(r.kind) === 1) rec.slugs.set(String(r.locale), String(r.slug));
    else
      rec.rows.set(String(r.locale), { data: parse(r.data), hasText: Number(r.has_text) === 1, updateTime: String(r.update_time ?? '') });
  }
}

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);

/**
 * A record's locales as the editors have it (a draft: the staff get's shape, `translations: { en: {…} }` beside the
 * default locale's SEO fields at the top level), or null when the record carries no `translations`: then the
 * tables answer.
 */
export function localesOfRecord(def: ResourceDef, record: Row, config: Pick<AppConfig, 'contentLocales'>): RecordLocales | null {
  const translations = record.translations;
  if (!translations || typeof translations !== 'object' || Array.isArray(translations)) return null;
  const rec = emptyLocales();
  const fields = translatableFields(def);
  const seo = (from: Row) => Object.fromEntries(SEO_FIELDS.filter((f) => f !== 'slug' && from[f] != null).map((f) => [f, from[f]]));
  const [defaultLocale] = config.contentLocales;
  rec.rows.set(defaultLocale, { data: seo(record), hasText: true, updateTime: '' });
  if (filled(record.slug)) rec.slugs.set(defaultLocale, String(record.slug));
  for (const [locale, value] of Object.entries(translations as Row)) {
    if (!value || typeof value !== 'object' || locale === defaultLocale) continue;
    const data = value as Row;
    rec.rows.set(locale, { data, hasText: fields.some((f) => filled(data[f])), updateTime: '' });
    if (filled(data.slug)) rec.slugs.set(locale, String(data.slug));
  }
  return rec;
}

/** what `localize` adds to a record besides its overlaid fields */
export interface LocaleInfo {
  /** the locale served: the one asked for when the record has it, else the first it has along the chain */
  locale: string;
  /** the locales it exists in (the default, and those with text), in CONTENT_LOCALES' order */
  locales: string[];
  /** the translated fields served from another locale than `locale` */
  fallbackFields: string[];
}

/** the SEO fields of a record in the served locale */
export interface SeoValues {
  slug: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  ogImage: string;
  canonicalUrl: string;
  noindex: 0 | 1;
}

type LocaleConfig = Pick<AppConfig, 'contentLocales' | 'contentFallback'>;

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * A record in locale `asked`: each translated field the record carries overlaid with the first non-empty value along
 * [asked, ...CONTENT_FALLBACK] (the default locale's value is the record's own column), with the locale it is served
 * in, the locales it exists in and the fields that fell back; with SEO fields, those of the served locale (`slug`
 * along the chain; `metaTitle` falling back to the title, `metaDescription` to the summary; `ogImage` along the
 * chain; `noindex` the locale's own, else the default locale's).
 */
export function localize(
  def: ResourceDef,
  record: Row,
  rec: RecordLocales | undefined,
  asked: string,
  config: LocaleConfig,
): { record: Row; info: LocaleInfo; seo: SeoValues | null } {
  const [defaultLocale] = config.contentLocales;
  const chain = fallbackChain(config, asked);
  const rows = rec?.rows ?? new Map<string, LocaleRow>();
  const has = (l: string) => l === defaultLocale || !!rows.get(l)?.hasText;
  const served = has(asked) ? asked : (chain.find(has) ?? defaultLocale);
  const valueIn = (l: string, f: string) => (l === defaultLocale ? record[f] : rows.get(l)?.data[f]);
  const out: Row = { ...record };
  const fallbackFields: string[] = [];
  for (const f of translatableFields(def)) {
    if (!(f in record)) continue;
    const from = chain.find((l) => filled(valueIn(l, f)));
    if (from == null) continue;
    out[f] = valueIn(from, f);
    if (from !== served) fallbackFields.push(f);
  }
  const info: LocaleInfo = { locale: served, locales: config.contentLocales.filter(has), fallbackFields };
  if (!hasSeo(def)) return { record: out, info, seo: null };
  const seoIn = (l: string): Row => rows.get(l)?.data ?? {};
  const own = seoIn(served);
  const along = [served, ...chain.filter((l) => l !== served)];
  const ownNoindex = own.noindex ?? (served === defaultLocale ? undefined : seoIn(defaultLocale).noindex);
  const seo: SeoValues = {
    slug: along.map((l) => rec?.slugs.get(l)).find((s): s is string => !!s) ?? '',
    metaTitle: filled(own.metaTitle) ? text(own.metaTitle) : text(out[slugSource(def)]),
    metaDescription: filled(own.metaDescription) ? text(own.metaDescription) : text(out.summary),
    keywords: text(own.keywords),
    ogImage: text(along.map((l) => seoIn(l).ogImage).find(filled)),
    canonicalUrl: text(own.canonicalUrl),
    noindex: Number(ownNoindex ?? 0) === 1 ? 1 : 0,
  };
  return { record: out, info, seo };
}
