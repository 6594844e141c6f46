import { allResources, columnOf, type ResourceDef } from '@gk/contracts';
import { type Kysely, sql } from 'kysely';
import { type AnyDb, type Dialect, type LooseTables, looseDb } from './index.js';

/**
 * The gram index of a text field (SPEC lists search titles by substring; a `LIKE '%…%'` scan cannot use an
 * index). Every title is cut into its single characters and its pairs of neighbouring characters
 * (lower-cased, white space dropped); a 1- or 2-character query is then one index lookup, a longer one a
 * lookup of its first pair verified by LIKE. The index rows carry copies of the fields the list filters
 * by equality and orders by, so a search is answered — count and page — from the index alone.
 */
type Row = Record<string, unknown>;

export interface TextIndex {
  /** `<table>_<column>_gram` */
  table: string;
  /** the indexed column of the resource table */
  column: string;
  /** resource field name → column, for the copied fields */
  copies: { field: string; column: string }[];
}

export function textIndexOf(def: ResourceDef): TextIndex | null {
  if (!def.textIndex) return null;
  const f = def.fields.find((x) => x.name === def.textIndex!.field)!;
  const column = columnOf(f);
  return {
    table: `${def.table}_${column}_gram`,
    column,
    copies: def.textIndex.copy.map((name) => ({ field: name, column: columnOf(def.fields.find((x) => x.name === name)!) })),
  };
}

/** Unique single characters and neighbouring pairs of a text, lower-cased, without white space. */
export function gramsOf(text: string): string[] {
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

/** The gram to look up for a query, and whether that lookup alone is the exact answer. */
export function queryGram(query: string): { gram: string; exact: boolean } | null {
  const chars = Array.from(query.toLowerCase());
  if (chars.every((c) => /\s/.test(c))) return null;
  for (let i = 0; i + 1 < chars.length; i++) {
    if (!/\s/.test(chars[i]) && !/\s/.test(chars[i + 1])) return { gram: chars[i] + chars[i + 1], exact: chars.length === 2 };
  }
  const single = chars.find((c) => !/\s/.test(c))!;
  return { gram: single, exact: chars.length === 1 };
}

/**
 * Re-indexes the given rows (after insert / update / toggle); rows no longer present lose their grams. `created`: those
 * of them inserted in this transaction, which have no grams to drop (an id is never reused, and a deleted row's grams
 * go with it: `unindexRows`).
 */
export async function reindexRows(typed: AnyDb, def: ResourceDef, ids: number[], created?: ReadonlySet<number>): Promise<void> {
  const db = looseDb(typed);
  const ix = textIndexOf(def);
  if (!ix || ids.length === 0) return;
  const old = created ? ids.filter((id) => !created.has(id)) : ids;
  if (old.length) await db.deleteFrom(ix.table).where('row_id', 'in', old).execute();
  const rows = (await db
    .selectFrom(def.table)
    .select(['id', ix.column, ...ix.copies.map((c) => c.column)])
    .where('id', 'in', ids)
    .execute()) as Row[];
  await insertGrams(db, ix, rows);
}

async function insertGrams(db: Kysely<LooseTables>, ix: TextIndex, rows: Row[]): Promise<void> {
  const values: Row[] = [];
  for (const r of rows) {
    for (const gram of gramsOf(String(r[ix.column] ?? ''))) {
      const v: Row = { gram, row_id: r.id };
      for (const c of ix.copies) v[c.column] = r[c.column];
      values.push(v);
    }
  }
  // stay well under the bound-parameter limits of both databases
  const per = Math.max(1, Math.floor(5000 / (2 + ix.copies.length)));
  for (let i = 0; i < values.length; i += per)
    await db
      .insertInto(ix.table)
      .values(values.slice(i, i + per))
      .execute();
}

export async function unindexRows(typed: AnyDb, def: ResourceDef, ids: number[]): Promise<void> {
  const db = looseDb(typed);
  const ix = textIndexOf(def);
  if (ix && ids.length) await db.deleteFrom(ix.table).where('row_id', 'in', ids).execute();
}

/** Keeps copied columns right when a referenced code is renamed in the resource table (usedBy cascade). */
export async function cascadeCopies(typed: AnyDb, table: string, column: string, before: unknown, after: unknown): Promise<void> {
  const db = looseDb(typed);
  for (const def of allResources()) {
    if (def.table !== table) continue;
    const ix = textIndexOf(def);
    if (ix?.copies.some((c) => c.column === column)) {
      await db
        .updateTable(ix.table)
        .set({ [column]: after })
        .where(column, '=', before)
        .execute();
    }
  }
}

/** Rebuilds the whole index of a resource table in batches (migration of existing rows, bulk loads). */
export async function rebuildTextIndex(typed: AnyDb, def: ResourceDef, batch = 2000): Promise<number> {
  const db = looseDb(typed);
  const ix = textIndexOf(def);
  if (!ix) return 0;
  await db.deleteFrom(ix.table).execute();
  let last = 0;
  let count = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(def.table)
      .select(['id', ix.column, ...ix.copies.map((c) => c.column)])
      .where('id', '>', last)
      .orderBy('id')
      .limit(batch)
      .execute()) as Row[];
    if (!rows.length) break;
    await insertGrams(db, ix, rows);
    last = Number(rows[rows.length - 1].id);
    count += rows.length;
  }
  return count;
}

/**
 * Creates the gram table of a resource: primary key (row_id, gram) for re-indexing, and two lookup
 * indexes in the list's order — by gram with the equality copies first, and by gram alone.
 * `copies`: column → SQL type; `eq`: the copied columns filtered by equality; `order`: the ordered ones.
 */
export async function createGramTable(
  db: Kysely<LooseTables>,
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
