import { buffer } from 'node:stream/consumers';
import type { ImageMeta } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { ImageStore } from '../../storage/index.js';

/**
 * What is known of each stored image (table `image_meta`, issue 23): its pixel size as shown (EXIF orientation
 * applied), format, bytes, frames and the alt text editors give it. Every upload records its row; images stored
 * before get theirs from the start-up backfill, or when a rendition or the staff call first asks. Names are content
 * hashes, so a row never goes stale; only the alt text changes.
 */

/** What the delivery API says of a stored image: its pixel size and alt text. */
export interface ImageSize {
  width: number;
  height: number;
  alt: string;
}

/** What sharp reads from an image's header. */
export interface ImageFacts {
  width: number;
  height: number;
  /** jpeg, png, gif or webp */
  format: string;
  frames: number;
}

type Sharp = typeof import('sharp')['default'];
let loaded: Promise<Sharp> | null = null;

/**
 * sharp, loaded on first use (not at start), with libvips's operation cache off: each image is read, checked and
 * its renditions made once and stored, so the cache (up to 50 MB) only held memory; measured with the product's
 * malloc settings, 60 resizes, metadata reads and stats left RSS 145 MB with it and 128 MB without.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The pixel size as shown (EXIF orientation applied), format and frames of an image's bytes; throws when it is no image. */
export async function readImageFacts(bytes: Buffer): Promise<ImageFacts> {
  const sharp = await loadSharp();
  const m = await sharp(bytes).metadata();
  const width = m.autoOrient?.width ?? m.width;
  const height = m.autoOrient?.height ?? m.height;
  if (!width || !height || !m.format) throw new Error('no image size');
  return { width, height, format: m.format, frames: Math.max(1, m.pages ?? 1) };
}

/** who stores an image and the name it gets (an upload: the account and the file's name) */
export interface ImageOrigin {
  /** the account uploading it ('system' for the demo seed); null for images the backfill finds */
  uploader?: string | null;
  /** the image's title (contracts `mediaTitleOf` of the uploaded file's name) */
  title?: string | null;
}

/**
 * Records an image's row; a row already there (the same bytes uploaded again, another process) keeps its alt text,
 * its uploader and its title (a row without a title takes this one). The upload time is set when the uploader is
 * known.
 */
export async function recordImageMeta(
  ctx: Ctx,
  name: string,
  facts: ImageFacts,
  bytes: number,
  origin: ImageOrigin = {},
  db: Kysely<Database> | Transaction<Database> = ctx.db,
): Promise<void> {
  const now = ctx.nowText();
  const uploader = origin.uploader ?? null;
  const title = origin.title ?? null;
  await db
    .insertInto('image_meta')
    .values({ name, ...facts, bytes, create_time: now, uploader, upload_time: uploader ? now : null, title })
    .onConflict((oc) =>
      title
        ? oc
            .column('name')
            .doUpdateSet((eb) => ({ title: eb.ref('excluded.title') }))
            .where('image_meta.title', 'is', null)
        : oc.column('name').doNothing(),
    )
    .execute();
}

/**
 * Removes stored images for good: the file and its renditions first (the store's delete takes both), then the rows
 * that describe them (size, alt texts, usage). The caller has made sure nothing uses them. Answers the names whose
 * file or row was there.
 */
export async function removeImages(ctx: Ctx, names: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const name of new Set(names)) {
    const file = await ctx.images.delete(name);
    const row = await ctx.db.deleteFrom('image_meta').where('name', '=', name).executeTakeFirst();
    await ctx.db.deleteFrom('image_alt').where('name', '=', name).execute();
    await ctx.db.deleteFrom('media_usage').where('name', '=', name).execute();
    if (file || Number(row.numDeletedRows) > 0) removed.push(name);
  }
  return removed;
}

const rowOut = (r: {
  name: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  frames: number;
  alt: string;
}): ImageMeta => ({
  name: r.name,
  width: Number(r.width),
  height: Number(r.height),
  format: r.format,
  bytes: Number(r.bytes),
  frames: Number(r.frames),
  alt: r.alt ?? '',
});

/** An image's row as stored, or null. */
export async function storedImageMeta(db: Kysely<Database>, name: string): Promise<ImageMeta | null> {
  const r = await db
    .selectFrom('image_meta')
    .select(['name', 'width', 'height', 'format', 'bytes', 'frames', 'alt'])
    .where('name', '=', name)
    .executeTakeFirst();
  return r ? rowOut(r) : null;
}

/** The whole original, or null when the store has none by that name. */
export async function readOriginal(images: ImageStore, name: string): Promise<Buffer | null> {
  const img = await images.get(name);
  return img ? buffer(img.body) : null;
}

/**
 * An image's row; one stored before rows existed gets it now, read from the store (the lazy half of the
 * backfill). Null when the store has no such image (or its bytes are no image sharp reads).
 */
export async function ensureImageMeta(ctx: Ctx, name: string): Promise<ImageMeta | null> {
  const row = await storedImageMeta(ctx.db, name);
  if (row) return row;
  const bytes = await readOriginal(ctx.images, name);
  if (!bytes) return null;
  let facts: ImageFacts;
  try {
    facts = await readImageFacts(bytes);
  } catch {
    return null;
  }
  await recordImageMeta(ctx, name, facts, bytes.length);
  return storedImageMeta(ctx.db, name);
}

/**
 * Width, height and alt text of each named image that has its row, in one query (the delivery API's `{field}Meta`
 * and rich-text `<img>` attributes). Names without a row are absent from the map. With `locale` (a content locale
 * other than the default, issue 24) the alt text is that locale's (`image_alt`, migration 042) where one is set,
 * else the image's own.
 */
export async function imageMetaOf(db: Kysely<Database>, names: Iterable<string>, locale?: string | null): Promise<Map<string, ImageSize>> {
  const out = new Map<string, ImageSize>();
  const unique = [...new Set(names)];
  // in slices, well under the bound-parameter limits of both databases
  for (let i = 0; i < unique.length; i += 500) {
    const slice = unique.slice(i, i + 500);
    const rows = locale
      ? await db
          .selectFrom('image_meta as m')
          .leftJoin('image_alt as a', (j) => j.onRef('a.name', '=', 'm.name').on('a.locale', '=', locale))
          .select(['m.name', 'm.width', 'm.height', sql<string>`coalesce(nullif(a.alt, ''), m.alt)`.as('alt')])
          .where('m.name', 'in', slice)
          .execute()
      : await db.selectFrom('image_meta').select(['name', 'width', 'height', 'alt']).where('name', 'in', slice).execute();
    for (const r of rows) out.set(r.name, { width: Number(r.width), height: Number(r.height), alt: r.alt ?? '' });
  }
  return out;
}

/** An image's alt text in a content locale other than the default ('' when none is set). */
export async function localeAlt(db: Kysely<Database>, name: string, locale: string): Promise<string> {
  const r = await db.selectFrom('image_alt').select('alt').where('name', '=', name).where('locale', '=', locale).executeTakeFirst();
  return r?.alt ?? '';
}

/** Sets an image's alt text in a content locale other than the default ('' removes it: the default's shows). */
export async function saveLocaleAlt(db: Kysely<Database>, name: string, locale: string, alt: string): Promise<void> {
  if (!alt) {
    await db.deleteFrom('image_alt').where('name', '=', name).where('locale', '=', locale).execute();
    return;
  }
  await db
    .insertInto('image_alt')
    .values({ name, locale, alt })
    .onConflict((oc) => oc.columns(['name', 'locale']).doUpdateSet({ alt }))
    .execute();
}

/**
 * The `srcset` of an image `width` pixels wide: its renditions at the allowed `widths` up to its own width
 * (`{url}?w=320 320w, …`), and the original itself at its width when that lies between two allowed widths
 * (`{url} 1000w`): with width descriptors a browser never falls back to `src`, so without it a 600-pixel image would
 * be shown from its 320-pixel rendition. An original wider than every allowed width is never listed (it may be
 * megabytes); the widest rendition stands for it.
 */
export function srcsetOf(url: string, width: number, widths: readonly number[]): string {
  const join = url.includes('?') ? '&' : '?';
  const sorted = [...widths].sort((a, b) => a - b);
  const out = sorted.filter((w) => w <= width).map((w) => `${url}${join}w=${w} ${w}w`);
  if (!sorted.includes(width) && width < (sorted.at(-1) ?? 0)) out.push(`${url} ${width}w`);
  return out.join(', ');
}

/** images whose row the backfill makes at once */
const BACKFILL_CONCURRENCY = 2;

/**
 * Gives every stored image without a row its row: reads each from the store and sharp reads its header, two at a
 * time. Idempotent (a row another process wrote first is kept); an image sharp cannot read is left for the lazy
 * path. `stopped()` ends it early (the app closing). Answers how many rows it wrote.
 */
export async function backfillImageMeta(
  ctx: Ctx,
  opts: { stopped?: () => boolean; onError?: (name: string, e: unknown) => void } = {},
): Promise<number> {
  const stored = await ctx.images.list();
  if (!stored.length) return 0;
  const have = new Set((await ctx.db.selectFrom('image_meta').select('name').execute()).map((r) => r.name));
  const missing = stored.filter((e) => !have.has(e.name)).map((e) => e.name);
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < missing.length && !opts.stopped?.()) {
      const name = missing[next++];
      try {
        const bytes = await readOriginal(ctx.images, name);
        if (!bytes || opts.stopped?.()) continue;
        await recordImageMeta(ctx, name, await readImageFacts(bytes), bytes.length);
        written++;
      } catch (e) {
        opts.onError?.(name, e);
      }
    }
  };
  await Promise.all(Array.from({ length: BACKFILL_CONCURRENCY }, worker));
  return written;
}

/**
 * Starts the backfill once the app is ready, in the background: the start is not delayed, and closing the app
 * stops it and waits for the image in hand.
 */
export function scheduleImageMetaBackfill(app: FastifyInstance, ctx: Ctx): void {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', (done) => {
    running = backfillImageMeta(ctx, {
      stopped: () => stopped,
      onError: (name, err) => app.log.warn({ event: 'image.metaFailed', name, err }, 'image size not read'),
    })
      .then((n) => n && app.log.info({ event: 'image.metaBackfill', count: n }, 'image sizes recorded'))
      .catch((err) => {
        if (!stopped) app.log.error({ event: 'image.metaBackfill', err }, 'image size backfill failed');
      });
    done();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}
