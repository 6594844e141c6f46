import { createRequire } from 'node:module';
import type { ResourceDef } from '@gk/contracts';
import { sql } from 'kysely';
import { type AnyDb, type Dialect, onPostgres } from '../db/index.js';
import { runShape } from '../db/shapes.js';
import { conflict } from '../http/errors.js';

/**
 * Slugs of translatable records (issue 24, migration 040's `content_slug`): one current slug per record and
 * locale, unique per resource and locale; the ones a record had before stay as redirects (`current` = 0).
 * crud/translations.ts decides when a slug is made or changed; this file makes and stores them.
 */

/** what a generated slug is cut to (at a word boundary), leaving room for a `-2` … suffix under SLUG_MAX */
export const SLUG_MADE_MAX = 80;

const HAN = /\p{Script=Han}/u;
type PinyinArray = (text: string) => string[];
let pinyinArray: PinyinArray | null = null;

/**
 * pinyin-pro (about 1 MB of dictionary) is loaded on the first Chinese text, synchronously: the server bundle
 * keeps npm packages external, so `require` finds it where `import` would; a start that never makes a Chinese
 * slug never loads it.
 */
function pinyinWords(text: string): string[] {
  if (!pinyinArray) {
    const { pinyin } = createRequire(import.meta.url)('pinyin-pro') as typeof import('pinyin-pro');
    pinyinArray = (t) => pinyin(t, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  }
  return pinyinArray(text);
}

/**
 * A slug made from a text in a content locale: Chinese characters spelled in pinyin without tones (one word per
 * character: 深圳港 → shen-zhen-gang; in any locale, so a Chinese name in an English title is kept), other
 * scripts lowercased with their accents dropped (Español → espanol), apostrophes dropped (China's → chinas),
 * everything but a-z and 0-9 a word break, words joined by '-', at most SLUG_MADE_MAX characters (cut between
 * words). '' when the text has no letter or digit to keep. `locale` is the content locale the text is in.
 */
export function slugify(text: string, locale: string): string {
  void locale;
  let s = String(text ?? '').normalize('NFKC');
  if (HAN.test(s)) s = pinyinWords(s).join(' ');
  s = s
    .replace(/['’‘`]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  const words = s.split(/[^a-z0-9]+/).filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > SLUG_MADE_MAX) {
      if (!out) out = w.slice(0, SLUG_MADE_MAX);
      break;
    }
    out = next;
  }
  return out;
}

/** the slug a record gets when its source text gives none (`pageitem-12`) */
export const fallbackSlug = (def: ResourceDef, recordId: number) => `${slugify(def.name, 'en') || 'item'}-${recordId}`;

/** who holds this slug of the resource in this locale (current or as a redirect), if anyone */
export async function slugHolder(
  db: AnyDb,
  resource: string,
  locale: string,
  slug: string,
): Promise<{ recordId: number; current: boolean } | null> {
  const r = await db
    .selectFrom('content_slug')
    .select(['record_id', 'current'])
    .where('resource', '=', resource)
    .where('locale', '=', locale)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return r ? { recordId: Number(r.record_id), current: Number(r.current) === 1 } : null;
}

/** the variants `uniqueSlug` asks for at once: 1 is `base` itself, n ≥ 2 is `base-n` */
/** variants asked for per query: the first 16 names, then the points of each narrowing */
const SLUG_PROBE = 16;

/**
 * A variant of `base` (`base`, `base-2`, `base-3` …) that no other record of the resource holds in the locale
 * (neither as its slug nor as a redirect); one the record itself holds is its own to take back. Every query asks
 * for names (primary-key lookups, whatever the database's collation: a `LIKE 'base-%'` uses no index on either
 * database and read every slug of the resource in the locale, 100,000 rows a save at 100,000 news, issue 28):
 * - `base` … `base-16`: the first of them that is free;
 * - when all are held, `base-17`, `-32`, `-64` … `-2^35`: the first free one ends a range whose start is held, and
 *   that range is narrowed 16 points a query down to a held variant and the free one after it.
 * So a title held n times costs about 2 + log16(n) queries (4 at 4,400), and the variant is the first free one
 * when the held ones run without a gap (what saves make: a gap comes only from deleted records).
 */
export async function uniqueSlug(db: AnyDb, resource: string, locale: string, base: string, recordId: number): Promise<string> {
  return variantOf(base, await freeVariant(db, resource, locale, base, recordId));
}

/** variant n of a slug: 1 is `base` itself, n ≥ 2 is `base-n` */
const variantOf = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

/** the number of `uniqueSlug`'s variant */
async function freeVariant(db: AnyDb, resource: string, locale: string, base: string, recordId: number): Promise<number> {
  const variant = (n: number) => variantOf(base, n);
  /** the first of these variant numbers that is free, or null */
  const firstFree = async (ns: number[]): Promise<number | null> => {
    const rows = await db
      .selectFrom('content_slug')
      .select(['slug', 'record_id'])
      .where('resource', '=', resource)
      .where('locale', '=', locale)
      .where(
        'slug',
        'in',
        ns.map((n) => variant(n)),
      )
      .execute();
    const taken = new Set(rows.filter((r) => Number(r.record_id) !== recordId).map((r) => r.slug));
    return ns.find((n) => !taken.has(variant(n))) ?? null;
  };
  const first = await firstFree(Array.from({ length: SLUG_PROBE }, (_, i) => i + 1));
  if (first !== null) return first;
  const gallop = [SLUG_PROBE + 1, ...Array.from({ length: 31 }, (_, i) => 2 ** (i + 5))];
  let hi = await firstFree(gallop);
  // 2^35 variants of one title held: no such database
  if (hi === null) throw new Error(`no free slug variant of ${base}`);
  let lo = hi === SLUG_PROBE + 1 ? SLUG_PROBE : gallop[gallop.indexOf(hi) - 1];
  // lo is held, hi is free: narrow to neighbours
  while (hi - lo > 1) {
    const step = Math.ceil((hi - lo) / SLUG_PROBE);
    const points: number[] = [];
    for (let n = lo + step; n < hi; n += step) points.push(n);
    const free = await firstFree(points);
    if (free === null) lo = points[points.length - 1];
    else {
      hi = free;
      lo = free - step;
    }
  }
  return hi;
}

/** the current slugs of these records, by record id and locale */
export async function currentSlugs(
  db: AnyDb,
  resource: string,
  recordIds: number[],
  /** given: the SQL kept per shape (db/shapes.ts) */
  dialect?: Dialect,
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  if (!recordIds.length) return out;
  const query = () =>
    db
      .selectFrom('content_slug')
      .select(['record_id', 'locale', 'slug'])
      .where('resource', '=', resource)
      .where('record_id', 'in', recordIds)
      .where('current', '=', 1);
  const rows = dialect
    ? await runShape<{ record_id: unknown; locale: string; slug: string }>(
        db,
        dialect,
        `slug:current:${recordIds.length}`,
        [resource, ...recordIds, 1],
        query,
      )
    : await query().execute();
  for (const r of rows) {
    const id = Number(r.record_id);
    const m = out.get(id) ?? new Map<string, string>();
    out.set(id, m);
    m.set(r.locale, r.slug);
  }
  return out;
}

/**
 * Makes `slug` the record's current one in the locale (inside the writing transaction). `explicit` (an editor
 * typed it): another record's current slug → 409 `seo.slugTaken`, another record's redirect is taken over (its
 * row dropped); made (from a title): the first free `-2`, `-3` … variant. The slug it had before stays as a
 * redirect. Answers the slug set. `created`: the record was inserted in this transaction, so it holds no slug yet.
 */
export async function setSlug(
  trx: AnyDb,
  def: ResourceDef,
  locale: string,
  recordId: number,
  slug: string,
  explicit: boolean,
  now: string,
  created = false,
): Promise<string> {
  const resource = def.name;
  if (explicit) {
    const holder = await slugHolder(trx, resource, locale, slug);
    if (holder && holder.recordId !== recordId) {
      if (holder.current) throw conflict('seo.slugTaken');
      await trx.deleteFrom('content_slug').where('resource', '=', resource).where('locale', '=', locale).where('slug', '=', slug).execute();
    }
  }
  const own = created
    ? []
    : await trx
        .selectFrom('content_slug')
        .select(['slug', 'current'])
        .where('resource', '=', resource)
        .where('record_id', '=', recordId)
        .where('locale', '=', locale)
        .execute();
  const current = own.find((r) => Number(r.current) === 1)?.slug;
  const base = slug;
  const first = explicit ? 0 : await freeVariant(trx, resource, locale, base, recordId);
  for (let k = 0; ; k++) {
    if (!explicit) slug = variantOf(base, first + k);
    if (slug === current) return slug;
    // the slug it had stays as a redirect
    if (k === 0 && current !== undefined)
      await trx
        .updateTable('content_slug')
        .set({ current: 0 })
        .where('resource', '=', resource)
        .where('locale', '=', locale)
        .where('slug', '=', current)
        .execute();
    // one of its own redirects: current again
    if (own.some((r) => r.slug === slug)) {
      await trx
        .updateTable('content_slug')
        .set({ current: 1 })
        .where('resource', '=', resource)
        .where('locale', '=', locale)
        .where('slug', '=', slug)
        .execute();
      return slug;
    }
    if (await claimed(trx, { resource, locale, slug, record_id: recordId, current: 1, create_time: now })) return slug;
    // another save holds this name (two saves of one title at once, on PostgreSQL): the variant after it, or 409
    if (explicit) throw conflict('seo.slugTaken');
    if (k >= SLUG_CLAIMS) throw new Error(`no free slug variant of ${base} after ${SLUG_CLAIMS} claims`);
  }
}

/** how many variants a made slug tries before it gives up (each taken by a concurrent save of the same title) */
const SLUG_CLAIMS = 64;

/**
 * Inserts a slug no record held when it was looked up, unless another transaction holds it or claims it now.
 * PostgreSQL: a transaction-scoped advisory lock on the name first (not waited for: a concurrent save of the same
 * title takes the next variant instead of waiting for this one's commit and failing on the unique key), then an
 * insert that skips a name committed meanwhile. SQLite has one writer: no other save is in between.
 */
async function claimed(
  trx: AnyDb,
  row: { resource: string; locale: string; slug: string; record_id: number; current: number; create_time: string },
): Promise<boolean> {
  if (onPostgres(trx)) {
    const key = `content_slug:${row.resource}:${row.locale}:${row.slug}`;
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${key})) as ok`.execute(trx);
    if (!rows[0]?.ok) return false;
  }
  const r = await trx
    .insertInto('content_slug')
    .values(row)
    .onConflict((oc) => oc.columns(['resource', 'locale', 'slug']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** drops every slug (current and redirects) of these records, in one locale or all */
export async function dropSlugs(trx: AnyDb, resource: string, recordIds: number[], locale?: string): Promise<void> {
  if (!recordIds.length) return;
  let q = trx.deleteFrom('content_slug').where('resource', '=', resource).where('record_id', 'in', recordIds);
  if (locale) q = q.where('locale', '=', locale);
  await q.execute();
}
