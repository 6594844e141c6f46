import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './index.js';
import { migrationFiles } from './migration-files.js';
import type { Database } from './schema.js';

/**
 * Versioned migrations: every `NNN_name.ts` file of db/migrations/, in name order, found there
 * (`migrationFiles`): a new one is a new file and nothing else. A migration never changes once released:
 * later changes get a new one.
 */
export type { DialectMigration } from './migration-files.js';

/**
 * `schema`: the PostgreSQL schema in use (DATABASE_SCHEMA). Kysely looks for its migration tables in every
 * schema unless told which, so without it a database holding other schemas (parallel test runs) could
 * make it skip creating its own.
 */
export async function migrate(db: Kysely<Database>, dialect: Dialect, schema?: string | null, upTo?: string): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      // `upTo` (tests): the database as an installation of that release left it
      for (const [name, m] of await migrationFiles()) if (!upTo || name <= upTo) out[name] = m(dialect);
      return out;
    },
  };
  const migrator = new Migrator({ db, provider, ...(dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely's migrator first looks for its tables by introspecting every schema of the database; a schema
    // dropped by someone else at that moment (another tenant, a parallel test) fails that scan. Nothing was
    // migrated then (the migrations run after it, in their transaction): look again.
    if (dialect === 'postgres' && attempt < 5 && isConcurrentCatalogChange(error)) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** undefined column / table / schema: what a catalog scan meets when objects vanish under it */
function isConcurrentCatalogChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42703' || code === '42P01' || code === '3F000';
}

/**
 * Runs `fn` (migrations and the first seeds) while holding a PostgreSQL session advisory lock, so several
 * processes starting together on one database take turns instead of racing to create the same tables
 * and rows; the later ones find everything done. The lock is per schema (parallel test schemas do not
 * wait for each other). SQLite: one file, one writer; `fn` runs as it is.
 */
export async function withMigrationLock<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  schema: string | null | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return fn();
  const key = `gk-migrate:${schema ?? 'public'}`;
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}
