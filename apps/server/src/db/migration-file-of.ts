import type { Migration } from 'kysely';
import type { Dialect } from './index.js';

/** a migration file exports one function: the migration for a dialect */
export type DialectMigration = (dialect: Dialect) => Migration;

/** `NNN_name.ts` in db/migrations/ (helpers and tests are not migrations); the id is the name without `.ts` */
export const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

/** the one function a migration module exports */
export function migrationOf(id: string, mod: Record<string, unknown>): DialectMigration {
  const fns = Object.values(mod).filter((v): v is DialectMigration => typeof v === 'function');
  if (fns.length !== 1) throw new Error(`migration ${id} must export exactly one function (found ${fns.length})`);
  return fns[0];
}
