import { allResources, columnOf, hasSeo, type ResourceDef, slugSource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import { fallbackSlug, setSlug, slugify } from '../../crud/slugs.js';
import { localesOf } from '../../crud/translations.js';
import { looseDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { contentVersions } from './version.js';

/** records given their slugs per transaction */
const BATCH = 200;

/**
 * Records saved before slugs existed (an upgrade to issue 24's release) have none until their next save, so neither
 * `by-slug` nor a sitemap template with `{slug}` could reach them. This gives each one, in the background: the
 * default locale's slug made from its title (else `news-12`), and each translation holding text its own, made as a
 * save would make them. Idempotent: a record that has a slug is passed over, and a slug another process made first
 * (the key clashes) is left to it. The delivery API's versions of the resource are bumped, so cached replies that
 * lacked the slug are read again. Answers how many slugs it made.
 */
export async function backfillSlugs(
  ctx: Ctx,
  opts: { stopped?: () => boolean; onError?: (resource: string, err: unknown) => void } = {},
): Promise<number> {
  const { default: main, others } = localesOf(ctx);
  let made = 0;
  for (const def of allResources().filter(hasSeo)) {
    const source = def.fields.find((f) => f.name === slugSource(def));
    if (!source) continue;
    let madeHere = 0;
    for (const locale of [main, ...others]) {
      let after = 0;
      for (;;) {
        if (opts.stopped?.()) return made + madeHere;
        const { rows, last } = await missing(ctx, def, columnOf(source), locale === main ? null : locale, after);
        if (last === null) break;
        after = last;
        if (!rows.length) continue;
        try {
          madeHere += await ctx.db.transaction().execute((trx) => giveSlugs(ctx, trx, def, locale, rows));
        } catch (err) {
          // another process gave one of these its slug first: those records have one; the rest wait for the next start
          opts.onError?.(def.name, err);
        }
        // one batch at a time: requests waiting for the database go first
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // the delivery API's cached replies of the resource lacked the slugs: read again
    if (madeHere) await ctx.db.transaction().execute((trx) => contentVersions(ctx).bump(trx, [def.table]));
    made += madeHere;
  }
  return made;
}

/** variants tried per record in the batch's one look-up (`base`, `base-2` … `base-6`) before the slow path */
const VARIANTS = 6;

/**
 * Gives a batch of records their made slugs in one look-up and one insert: each record takes the first of its
 * base slug's variants that no record holds (current or redirect) and no record before it in the batch took. A
 * record whose variants are all taken (many records of one title) goes the save's way (`setSlug`).
 */
async function giveSlugs(ctx: Ctx, trx: Transaction<Database>, def: ResourceDef, locale: string, rows: { id: number; text: string }[]) {
  const bases = rows.map((r) => slugify(r.text, locale) || fallbackSlug(def, r.id));
  const variants = (base: string) => Array.from({ length: VARIANTS }, (_x, i) => (i ? `${base}-${i + 1}` : base));
  const wanted = [...new Set(bases.flatMap(variants))];
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const held = await trx
      .selectFrom('content_slug')
      .select('slug')
      .where('resource', '=', def.name)
      .where('locale', '=', locale)
      .where('slug', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const h of held) taken.add(h.slug);
  }
  const now = ctx.nowText();
  const values: { resource: string; locale: string; slug: string; record_id: number; current: number; create_time: string }[] = [];
  const slow: { id: number; base: string }[] = [];
  for (const [i, r] of rows.entries()) {
    const slug = variants(bases[i]).find((v) => !taken.has(v));
    if (!slug) {
      slow.push({ id: r.id, base: bases[i] });
      continue;
    }
    taken.add(slug);
    values.push({ resource: def.name, locale, slug, record_id: r.id, current: 1, create_time: now });
  }
  for (let i = 0; i < values.length; i += 100)
    await trx
      .insertInto('content_slug')
      .values(values.slice(i, i + 100))
      .execute();
  for (const r of slow) await setSlug(trx, def, locale, r.id, r.base, false, now);
  return rows.length;
}

/**
 * The records of the next window (the BATCH records after `after`, by id) that have no current slug in the locale,
 * with the text their slug is made from: the record's own column (`translated` null: the default locale), else the
 * translation's value (translations holding text only). `last`: the window's last id, null when none is left.
 * Each window is read by the primary key: the walk costs the same at the millionth record as at the first.
 */
async function missing(
  ctx: Ctx,
  def: ResourceDef,
  column: string,
  translated: string | null,
  after: number,
): Promise<{ rows: { id: number; text: string }[]; last: number | null }> {
  const db = looseDb(ctx.db);
  const locale = translated ?? localesOf(ctx).default;
  const noSlug = sql<boolean>`not exists (select 1 from content_slug s where s.resource = ${def.name} and s.record_id = t.id and s.locale = ${locale} and s.current = 1)`;
  if (!translated) {
    const window = await db.selectFrom(def.table).select('id').where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!window.length) return { rows: [], last: null };
    const last = Number(window[window.length - 1].id);
    const rows = await db
      .selectFrom(`${def.table} as t`)
      .select(['t.id', sql<string>`${sql.ref(`t.${column}`)}`.as('text')])
      .where('t.id', '>', after)
      .where('t.id', '<=', last)
      .where(noSlug)
      .orderBy('t.id')
      .execute();
    return { rows: rows.map((r) => ({ id: Number(r.id), text: String(r.text ?? '') })), last };
  }
  const window = await db
    .selectFrom('content_translation')
    .select('record_id')
    .where('resource', '=', def.name)
    .where('locale', '=', translated)
    .where('record_id', '>', after)
    .orderBy('record_id')
    .limit(BATCH)
    .execute();
  if (!window.length) return { rows: [], last: null };
  const last = Number(window[window.length - 1].record_id);
  const rows = await db
    .selectFrom('content_translation as c')
    .innerJoin(`${def.table} as t`, 't.id', 'c.record_id')
    .select(['t.id', 'c.data'])
    .where('c.resource', '=', def.name)
    .where('c.locale', '=', translated)
    .where('c.has_text', '=', 1)
    .where('c.record_id', '>', after)
    .where('c.record_id', '<=', last)
    .where(noSlug)
    .orderBy('t.id')
    .execute();
  return {
    rows: rows.map((r) => {
      let text = '';
      try {
        text = String((JSON.parse(String(r.data)) as Record<string, unknown>)[slugSource(def)] ?? '');
      } catch {
        // a translation's data is always JSON; a hand-edited row gets the fallback slug
      }
      return { id: Number(r.id), text };
    }),
    last,
  };
}

/** Starts the backfill once the app is ready, in the background; closing the app stops it after the batch in hand. */
export function scheduleSlugBackfill(app: FastifyInstance, ctx: Ctx): void {
  if (!ctx.config.slugBackfill) return;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', (done) => {
    running = backfillSlugs(ctx, {
      stopped: () => stopped,
      onError: (resource, err) => app.log.warn({ event: 'slug.backfill', resource, err }, 'slugs of a batch not made'),
    })
      .then((n) => n && app.log.info({ event: 'slug.backfill', count: n }, 'slugs made for records saved before slugs existed'))
      .catch((err) => {
        if (!stopped) app.log.error({ event: 'slug.backfill', err }, 'slug backfill failed');
      });
    done();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}
