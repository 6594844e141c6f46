import { IMAGE_URL_PREFIX, imageNameOf, imageReferences } from '@gk/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Ctx } from '../context.js';
import { type AnyDb, looseDb } from '../db/index.js';
import type { ImageStore } from './index.js';

/**
 * "Is this image still used?" answered in one place. An image is used while any column listed here holds
 * or embeds its URL: every resource's image and rich-text fields (packages/contracts), the account avatar,
 * and whatever a capability adds with `addImageReference` (a recycle bin that keeps the images of
 * recycled records registers the column holding those records). The upload module's delete and sweep,
 * and the resource machinery's cleanup after a save or delete, all ask `imageInUse` / `referencedNames`.
 */

/** `id`: the column that names the row using it (default `id`) */
export type ImageColumn = { table: string; column: string; type: 'image' | 'html'; id?: string };

/**
 * Image columns outside the resource descriptions: the account avatar of the core, the records in the recycle
 * bin (their stored row as JSON, searched like rich text), whose images stay until they are purged, the
 * pending drafts (JSON too), whose images stay until the draft is published or dropped, and the records' values
 * in the content locales (JSON too).
 */
const CORE_REFERENCES: ImageColumn[] = [
  { table: 'sys_user', column: 'avatar', type: 'image' },
  { table: 'recycle_bin', column: 'data', type: 'html' },
  // pending drafts of records on the site (migration 039): an image only a draft holds stays until it is dropped
  { table: 'pending_draft', column: 'data', type: 'html' },
  // a record's values in another content locale and its SEO fields (migration 040, JSON): share images and the
  // images of translated rich text
  { table: 'content_translation', column: 'data', type: 'html', id: 'record_id' },
];
/** columns added by capabilities at start-up */
const extraReferences: ImageColumn[] = [];

/** Declares one more column that keeps an image in use (`html`: the text embeds `/img/<name>` anywhere). */
export function addImageReference(column: ImageColumn): void {
  extraReferences.push(column);
}

/** Every column that may hold or embed an image URL, once each. */
export function referenceColumns(): ImageColumn[] {
  const seen = new Set<string>();
  const out: ImageColumn[] = [];
  for (const c of [...imageReferences(), ...CORE_REFERENCES, ...extraReferences]) {
    const key = `${c.table}.${c.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** `name` is a valid image name (hex, dot, extension), so it carries no LIKE wildcard. */
function condition(c: ImageColumn, name: string) {
  const col = sql.ref(c.column);
  const url = `${IMAGE_URL_PREFIX}${name}`;
  if (c.type === 'html') return sql<SqlBool>`${col} like ${`%${url}%`}`;
  // an image field holds `/img/<name>`, a full URL ending in it, or (older data) the bare name
  return sql<SqlBool>`(${col} = ${url} or ${col} = ${name} or ${col} like ${`%${url}`})`;
}

/** The first record that still uses the image, or null. */
export async function findReference(db: AnyDb, name: string): Promise<{ table: string; column: string; id: unknown } | null> {
  for (const c of referenceColumns()) {
    const row = await looseDb(db)
      .selectFrom(c.table)
      .select(sql.ref(c.id ?? 'id').as('id'))
      .where(condition(c, name))
      .limit(1)
      .executeTakeFirst();
    if (row) return { table: c.table, column: c.column, id: row.id };
  }
  return null;
}

/** true while some record still uses the image (see the file header for what counts). */
export async function imageInUse(db: AnyDb, name: string): Promise<boolean> {
  return (await findReference(db, name)) !== null;
}

const NAME_IN_URL = /\/img\/([a-f0-9]{16,64}\.(?:jpg|png|gif|webp))/g;

/** The stored-image names a value holds (an image field) or embeds (rich text). */
export function imageNamesIn(value: unknown, type: 'image' | 'html'): string[] {
  if (typeof value !== 'string' || value === '') return [];
  if (type === 'image') {
    const name = imageNameOf(value);
    return name ? [name] : [];
  }
  return [...new Set([...value.matchAll(NAME_IN_URL)].map((m) => m[1]))];
}

/** The names of every image some record uses (for the unused-image sweep). */
export async function referencedNames(ctx: Ctx): Promise<Set<string>> {
  return referencedNamesIn(ctx.db);
}

async function referencedNamesIn(db: AnyDb): Promise<Set<string>> {
  const names = new Set<string>();
  for (const c of referenceColumns()) {
    const col = sql.ref(c.column);
    const rows = await looseDb(db)
      .selectFrom(c.table)
      .select(sql<string>`${col}`.as('v'))
      .where(c.type === 'html' ? sql<SqlBool>`${col} like ${`%${IMAGE_URL_PREFIX}%`}` : sql<SqlBool>`${col} <> ''`)
      .execute();
    for (const { v } of rows) for (const name of imageNamesIn(v, c.type)) names.add(name);
  }
  return names;
}

/**
 * Up to this many names are looked up one by one (a query per reference column each); past it, one listing of
 * the store and one pass over the references answer for all of them, so a text naming tens of thousands of
 * images costs what the store and the references weigh, not that many times it (issue 21).
 */
export const NAMES_LOOKED_UP_ONE_BY_ONE = 16;

/**
 * Deletes the stored files of images whose last reference is gone: call it after the write that removed
 * the references has committed (reference first, then file). A name still used elsewhere, or already
 * gone, is left alone. Answers the names whose file was deleted.
 */
export async function deleteUnreferenced(db: AnyDb, images: ImageStore, names: Iterable<string>): Promise<string[]> {
  let candidates = [...new Set(names)];
  const deleted: string[] = [];
  let used: Set<string> | null = null;
  if (candidates.length > NAMES_LOOKED_UP_ONE_BY_ONE) {
    // only files that exist can be deleted
    const stored = new Set((await images.list()).map((i) => i.name));
    candidates = candidates.filter((n) => stored.has(n));
    if (candidates.length > NAMES_LOOKED_UP_ONE_BY_ONE) used = await referencedNamesIn(db);
  }
  for (const name of candidates) {
    if (used ? used.has(name) : await imageInUse(db, name)) continue;
    if (await images.delete(name)) deleted.push(name);
  }
  return deleted;
}

/** tables whose rows belong to a record of some resource: the columns naming it */
const RECORD_OF: Record<string, { resource: string; record: string }> = {
  content_translation: { resource: 'resource', record: 'record_id' },
  pending_draft: { resource: 'resource', record: 'record_id' },
  recycle_bin: { resource: 'resource', record: 'record_id' },
  revision: { resource: 'resource', record: 'record_id' },
};

/** one row whose image URL a rewrite changed: its table and id, and for rows of a record the record it belongs to */
export interface RewrittenRow {
  table: string;
  column: string;
  id: number;
  resource?: string;
  recordId?: number;
}

/**
 * Rewrites every reference to image `from` into `to` (the 素材库's 替换, issue 26): every column of
 * `referenceColumns()` (fields, rich text, drafts, translations, recycle bin, avatar) and the revisions' snapshots,
 * with the database's own `replace`, in the caller's transaction. Names are content hashes (hex, dot, extension):
 * one never occurs inside another URL by chance, and carries no LIKE wildcard. Answers the rows it changed.
 */
export async function rewriteImageReferences(db: AnyDb, from: string, to: string): Promise<RewrittenRow[]> {
  const columns: ImageColumn[] = [...referenceColumns(), { table: 'revision', column: 'data', type: 'html' }];
  const out: RewrittenRow[] = [];
  const seen = new Set<string>();
  for (const c of columns) {
    const key = `${c.table}.${c.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const col = sql.ref(c.column);
    const owner = RECORD_OF[c.table];
    // the primary key of rows whose `id` names the record (content_translation has none of its own)
    const idCol = owner ? (c.table === 'content_translation' ? 'record_id' : 'id') : (c.id ?? 'id');
    const hit = sql<SqlBool>`${col} like ${`%${from}%`}`;
    const rows = (await looseDb(db)
      .selectFrom(c.table)
      .select([sql.ref(idCol).as('id'), ...(owner ? [sql.ref(owner.resource).as('resource'), sql.ref(owner.record).as('record_id')] : [])])
      .where(hit)
      .execute()) as { id: unknown; resource?: unknown; record_id?: unknown }[];
    if (!rows.length) continue;
    await looseDb(db)
      .updateTable(c.table)
      .set({ [c.column]: sql`replace(${col}, ${from}, ${to})` })
      .where(hit)
      .execute();
    for (const r of rows)
      out.push({
        table: c.table,
        column: c.column,
        id: Number(r.id),
        ...(owner ? { resource: String(r.resource), recordId: Number(r.record_id) } : {}),
      });
  }
  return out;
}
