import { allResources, columnOf, hasSeo, type ResourceDef, slugSource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { looseDb } from '../db/index.js';
import { contentVersions } from '../modules/delivery/version.js';
import { fallbackSlug, setSlug, slugify } from './slugs.js';
import { localesOf } from './translations.js';

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
    for (const locale of [main, ...others]) {
      let after = 0;
      for (;;) {
        if (opts.stopped?.()) return made;
        const rows = await missing(ctx, def, columnOf(source), locale === main ? null : locale, after);
        if (!rows.length) break;
        after = rows[rows.length - 1].id;
        try {
          made += await ctx.db.transaction().execute(async (trx) => {
            for (const r of rows)
              await setSlug(trx, def, locale, r.id, slugify(r.text, locale) || fallbackSlug(def, r.id), false, ctx.nowText());
            await contentVersions(ctx).bump(trx, [def.table]);
            return rows.length;
          });
        } catch (err) {
          // another process gave one of these its slug first: those records have one; the rest wait for the next start
          opts.onError?.(def.name, err);
        }
      }
    }
  }
  return made;
}

/**
 * The next records (by id) without a current slug in the locale, with the text their slug is made from: the
 * record's own column (`translated` null: the default locale), else the translation's value (translations holding
 * text only).
 */
async function missing(
  ctx: Ctx,
  def: ResourceDef,
  column: string,
  translated: string | null,
  after: number,
): Promise<{ id: number; text: string }[]> {
  const locale = translated ?? localesOf(ctx).default;
  const noSlug = sql<boolean>`not exists (select 1 from content_slug s where s.resource = ${def.name} and s.locale = ${locale} and s.current = 1 and s.record_id = t.id)`;
  if (!translated) {
    const rows = await looseDb(ctx.db)
      .selectFrom(`${def.table} as t`)
      .select(['t.id', sql<string>`${sql.ref(`t.${column}`)}`.as('text')])
      .where('t.id', '>', after)
      .where(noSlug)
      .orderBy('t.id')
      .limit(BATCH)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), text: String(r.text ?? '') }));
  }
  const rows = await looseDb(ctx.db)
    .selectFrom('content_translation as c')
    .innerJoin(`${def.table} as t`, 't.id', 'c.record_id')
    .select(['t.id', 'c.data'])
    .where('c.resource', '=', def.name)
    .where('c.locale', '=', translated)
    .where('c.has_text', '=', 1)
    .where('t.id', '>', after)
    .where(noSlug)
    .orderBy('t.id')
    .limit(BATCH)
    .execute();
  return rows.map((r) => {
    let text = '';
    try {
      text = String((JSON.parse(String(r.data)) as Record<string, unknown>)[slugSource(def)] ?? '');
    } catch {
      // a translation's data is always JSON; a hand-edited row gets the fallback slug
    }
    return { id: Number(r.id), text };
  });
}

/** Starts the backfill once the app is ready, in the background; closing the app stops it after the batch in hand. */
export function scheduleSlugBackfill(app: FastifyInstance, ctx: Ctx): void {
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
