import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.js';

/** An auto-increment integer primary key named `id` on either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds need 64 bits. */
export const bigintType = 'bigint' as const;

/** A decimal sort number (up to 6 decimals). */
export function sortType(dialect: Dialect) {
  return dialect === 'postgres' ? sql`numeric(18,6)` : sql`real`;
}

/** A migration sees the database as it was at that point (not today's `Database`): any table, any column. */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Compact column spec for content tables:
 * `text:N` varchar(N) not null default '' · `text?:N` nullable varchar · `html` text (nullable) ·
 * `code:N` varchar(N) not null · `sort` decimal sort number (nullable) · `flag:D` integer 0/1 default D ·
 * `int:D` integer default D · `time` varchar(19) not null.
 */
export type ColumnSpec = string;

export async function createContentTable(db: AnyDb, dialect: Dialect, table: string, columns: Record<string, ColumnSpec>) {
  let t = withId(db.schema.createTable(table) as CreateTableBuilder<string, never>, dialect) as CreateTableBuilder<string, string>;
  for (const [name, spec] of Object.entries(columns)) {
    const [kind, arg] = spec.split(':');
    switch (kind) {
      case 'text':
        t = t.addColumn(name, `varchar(${arg ?? 200})` as 'text', (c) => c.notNull().defaultTo(''));
        break;
      case 'text?':
        t = t.addColumn(name, `varchar(${arg ?? 200})` as 'text');
        break;
      case 'code':
        t = t.addColumn(name, `varchar(${arg ?? 50})` as 'text', (c) => c.notNull());
        break;
      case 'html':
        t = t.addColumn(name, 'text');
        break;
      case 'sort':
        t = t.addColumn(name, sortType(dialect));
        break;
      case 'flag':
      case 'int':
        t = t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(Number(arg ?? 0)));
        break;
      case 'time':
        t = t.addColumn(name, 'varchar(19)', (c) => c.notNull());
        break;
      default:
        throw new Error(`unknown column spec ${spec}`);
    }
  }
  await t.execute();
}
