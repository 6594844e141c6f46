import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What the delivery API says of stored images: their pixel size and alt text (table `image_meta`, migration
 * 034), and the `srcset` of their renditions. A small local version of the upload module's `imageMetaOf` /
 * `srcsetOf` (modules/upload/image-meta.ts, written beside the renditions), with the same signatures, so the two
 * are swapped for one at merge.
 */
export interface ImageMeta {
  name: string;
  width: number;
  height: number;
  alt: string;
}

/** the meta rows of these stored image names (names without a row are absent from the map) */
export async function imageMetaOf(db: Kysely<Database>, names: Iterable<string>): Promise<Map<string, ImageMeta>> {
  const wanted = [...new Set(names)];
  const out = new Map<string, ImageMeta>();
  // stay well under the bound-parameter limits of both databases
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('image_meta')
      .select(['name', 'width', 'height', 'alt'])
      .where('name', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.name, { name: r.name, width: Number(r.width), height: Number(r.height), alt: r.alt ?? '' });
  }
  return out;
}

/**
 * The `srcset` of an image `width` pixels wide at `url`: its renditions (`url?w=`) at each of `widths` below its
 * own width, then the image itself at its width (`… 320w, … 640w, url 1000w`).
 */
export function srcsetOf(url: string, width: number, widths: readonly number[]): string {
  const parts = widths.filter((w) => w < width).map((w) => `${url}?w=${w} ${w}w`);
  parts.push(`${url} ${width}w`);
  return parts.join(', ');
}
