import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/*
 * Frozen as released: a migration never imports runtime code or contracts, so the gram table layout, the
 * gram cutting and the indexed columns of news and policies are copied here as they were when it shipped
 * (runtime: db/text-index.ts).
 */

type Row = Record<string, unknown>;

async function createGramTable(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  copies: Record<string, string>,
  eq: string[],
  order: string[],
): Promise<void> {
  let t = db.schema
    .createTable(table)
    .addColumn('gram', 'varchar(8)', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull());
  for (const [name, type] of Object.entries(copies)) t = t.addColumn(name, sql.raw(type), (c) => c.notNull());
  t = t.addPrimaryKeyConstraint(`${table}_pk`, ['row_id', 'gram']);
  if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
  await t.execute();
  if (eq.length)
    await db.schema
      .createIndex(`${table}_eq_idx`)
      .on(table)
      .columns(['gram', ...eq, ...order, 'row_id'])
      .execute();
  await db.schema
    .createIndex(`${table}_idx`)
    .on(table)
    .columns(['gram', ...order, 'row_id'])
    .execute();
}

/** unique single characters and neighbouring pairs, lower-cased, without white space */
function gramsOf(text: string): string[] {
  const chars = Array.from(text.toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (/\s/.test(c)) continue;
    out.add(c);
    const next = chars[i + 1];
    if (next !== undefined && !/\s/.test(next)) out.add(c + next);
  }
  return [...out];
}

/** indexes every existing row of `table` (its `title`, with the copied columns) in batches */
async function fillIndex(db: AnyDb, table: string, gramTable: string, copies: string[]): Promise<void> {
  let last = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', 'title', ...copies])
      .where('id', '>', last)
      .orderBy('id')
      .limit(2000)
      .execute()) as Row[];
    if (!rows.length) break;
    const values: Row[] = [];
    for (const r of rows) {
      for (const gram of gramsOf(String(r.title ?? ''))) {
        const v: Row = { gram, row_id: r.id };
        for (const c of copies) v[c] = r[c];
        values.push(v);
      }
    }
    const per = Math.max(1, Math.floor(5000 / (2 + copies.length)));
    for (let i = 0; i < values.length; i += per)
      await db
        .insertInto(gramTable)
        .values(values.slice(i, i + per))
        .execute();
    last = Number(rows[rows.length - 1].id);
  }
}

/** Gram indexes for title search of news and policies (see db/text-index.ts), filled from existing rows. */
export function textIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createGramTable(
        db,
        dialect,
        'news_title_gram',
        { type: 'varchar(50)', is_top: 'integer', create_time: 'varchar(19)' },
        ['type'],
        ['is_top', 'create_time'],
      );
      await createGramTable(
        db,
        dialect,
        'policy_title_gram',
        { is_top: 'integer', create_time: 'varchar(19)' },
        [],
        ['is_top', 'create_time'],
      );
      // the list's default order read straight from an index (SQLite indexes carry the rowid already)
      if (dialect === 'postgres') {
        await db.schema.createIndex('news_order_idx').on('news').columns(['is_top', 'create_time', 'id']).execute();
        await db.schema.createIndex('news_type_order_idx').on('news').columns(['type', 'is_top', 'create_time', 'id']).execute();
        await db.schema.createIndex('policy_order_idx').on('policy').columns(['is_top', 'create_time', 'id']).execute();
      } else {
        await db.schema.createIndex('news_type_order_idx').on('news').columns(['type', 'is_top', 'create_time']).execute();
      }
      await fillIndex(db, 'news', 'news_title_gram', ['type', 'is_top', 'create_time']);
      await fillIndex(db, 'policy', 'policy_title_gram', ['is_top', 'create_time']);
    },
    async down(db) {
      await db.schema.dropTable('news_title_gram').ifExists().execute();
      await db.schema.dropTable('policy_title_gram').ifExists().execute();
    },
  };
}
