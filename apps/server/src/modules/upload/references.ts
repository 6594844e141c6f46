import { IMAGE_URL_PREFIX, imageReferences } from '@gk/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Ctx } from '../../context.js';

type Column = { table: string; column: string; type: 'image' | 'html' };

/** Image columns outside the resource descriptions (the account avatar of the core). */
const CORE_REFERENCES: Column[] = [{ table: 'sys_user', column: 'avatar', type: 'image' }];

/** Every column that may hold or embed an image URL: each resource's image and HTML fields, once each. */
export function referenceColumns(): Column[] {
  const seen = new Set<string>();
  const out: Column[] = [];
  for (const c of [...imageReferences(), ...CORE_REFERENCES]) {
    const key = `${c.table}.${c.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** `name` is a valid image name (hex, dot, extension), so it carries no LIKE wildcard. */
function condition(c: Column, name: string) {
  const col = sql.ref(c.column);
  const url = `${IMAGE_URL_PREFIX}${name}`;
  if (c.type === 'html') return sql<SqlBool>`${col} like ${`%${url}%`}`;
  // an image field holds `/img/<name>`, a full URL ending in it, or (older data) the bare name
  return sql<SqlBool>`(${col} = ${url} or ${col} = ${name} or ${col} like ${`%${url}`})`;
}

/** The first record that still uses the image, or null. */
export async function findReference(ctx: Ctx, name: string): Promise<{ table: string; column: string; id: unknown } | null> {
  const db = ctx.db as unknown as Kysely<any>;
  for (const c of referenceColumns()) {
    const row = await db.selectFrom(c.table).select('id').where(condition(c, name)).limit(1).executeTakeFirst();
    if (row) return { table: c.table, column: c.column, id: row.id };
  }
  return null;
}

const NAME_IN_URL = /\/img\/([a-f0-9]{16,64}\.(?:jpg|png|gif|webp))/g;
const BARE_NAME = /^[a-f0-9]{16,64}\.(?:jpg|png|gif|webp)$/;

/** The names of every image some record uses (for the unused-image sweep). */
export async function referencedNames(ctx: Ctx): Promise<Set<string>> {
  const db = ctx.db as unknown as Kysely<any>;
  const names = new Set<string>();
  for (const c of referenceColumns()) {
    const col = sql.ref(c.column);
    const rows = await db
      .selectFrom(c.table)
      .select(sql<string>`${col}`.as('v'))
      .where(c.type === 'html' ? sql<SqlBool>`${col} like ${`%${IMAGE_URL_PREFIX}%`}` : sql<SqlBool>`${col} <> ''`)
      .execute();
    for (const { v } of rows) {
      if (typeof v !== 'string') continue;
      if (BARE_NAME.test(v.trim())) names.add(v.trim());
      for (const m of v.matchAll(NAME_IN_URL)) names.add(m[1]);
    }
  }
  return names;
}
