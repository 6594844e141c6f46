import type { CreateTableBuilder, Kysely } from 'kysely';
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
  return dialect === 'postgres' ? ('numeric(18,6)' as const) : ('real' as const);
}

export type AnyDb = Kysely<any>;
