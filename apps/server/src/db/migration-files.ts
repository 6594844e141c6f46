import fs from 'node:fs';
import { type DialectMigration, MIGRATION_FILE, migrationOf } from './migration-file-of.js';

export { type DialectMigration, MIGRATION_FILE, migrationOf };

/**
 * The migrations found in db/migrations/, by id in name order. Run from the sources (tsx, vitest) this reads
 * the folder; the bundle (build.mjs) replaces this module's body by static imports of the same files
 * (`migrationsPlugin`, apps/server/migrations-plugin.mjs), so a new migration file needs no line anywhere.
 */
export async function migrationFiles(): Promise<[string, DialectMigration][]> {
  const dir = new URL('./migrations/', import.meta.url);
  const ids = fs
    .readdirSync(dir)
    .map((f) => MIGRATION_FILE.exec(f)?.[1])
    .filter((id): id is string => !!id)
    .sort();
  const out: [string, DialectMigration][] = [];
  for (const id of ids) out.push([id, migrationOf(id, (await import(new URL(`${id}.ts`, dir).href)) as Record<string, unknown>)]);
  return out;
}
