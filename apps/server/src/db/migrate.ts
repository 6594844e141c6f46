import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './index.js';
import { coreMigration } from './migrations/001_core.js';
import { newsMigration } from './migrations/002_news.js';
import { policyMigration } from './migrations/003_policy.js';
import { pageMigration } from './migrations/004_page.js';
import { businessMigration } from './migrations/005_business.js';
import { applicationMigration } from './migrations/006_application.js';
import { supplierProductMigration } from './migrations/007_supplier_product.js';
import { bannerMigration } from './migrations/008_banner.js';
import { headerMigration } from './migrations/009_header.js';
import { waybillCompanyMigration } from './migrations/010_waybill_company.js';
import { userRolesMigration } from './migrations/011_user_roles.js';
import { fieldConfigMigration } from './migrations/012_field_config.js';
import { textIndexMigration } from './migrations/013_text_index.js';
import { rowCountMigration } from './migrations/014_row_count.js';
import { publishMigration } from './migrations/015_publish.js';
import { previewWebhookMigration } from './migrations/016_preview_webhook.js';
import { accessMigration } from './migrations/017_access.js';
import { loginLogMigration } from './migrations/018_login_log.js';
import { recycleBinMigration } from './migrations/019_recycle_bin.js';
import { auditMigration } from './migrations/020_audit.js';
import { liveCountMigration } from './migrations/021_live_count.js';
import { publishStateIndexMigration } from './migrations/022_publish_state_index.js';
import { oneStateIndexMigration } from './migrations/023_one_state_index.js';
import { roleUserCountMigration } from './migrations/030_role_user_count.js';
import { previewQuotaMigration } from './migrations/031_preview_quota.js';
import { webhookGuardMigration } from './migrations/032_webhook_guard.js';
import type { Database } from './schema.js';

/**
 * Versioned migrations, in order. A content module adds its own file to migrations/ and a line here;
 * a migration never changes once released: later changes get a new one.
 */
export type DialectMigration = (dialect: Dialect) => Migration;

const MIGRATIONS: Record<string, DialectMigration> = {
  '001_core': coreMigration,
  '002_news': newsMigration,
  '003_policy': policyMigration,
  '004_page': pageMigration,
  '005_business': businessMigration,
  '006_application': applicationMigration,
  '007_supplier_product': supplierProductMigration,
  '008_banner': bannerMigration,
  '009_header': headerMigration,
  '010_waybill_company': waybillCompanyMigration,
  '011_user_roles': userRolesMigration,
  '012_field_config': fieldConfigMigration,
  '013_text_index': textIndexMigration,
  '014_row_count': rowCountMigration,
  '019_recycle_bin': recycleBinMigration,
  '020_audit': auditMigration,
  '017_access': accessMigration,
  '018_login_log': loginLogMigration,
  '015_publish': publishMigration,
  '016_preview_webhook': previewWebhookMigration,
  '021_live_count': liveCountMigration,
  '022_publish_state_index': publishStateIndexMigration,
  '023_one_state_index': oneStateIndexMigration,
  '030_role_user_count': roleUserCountMigration,
  '031_preview_quota': previewQuotaMigration,
  '032_webhook_guard': webhookGuardMigration,
};

export function registerMigration(name: string, m: DialectMigration): void {
  MIGRATIONS[name] = m;
}

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
      for (const name of Object.keys(MIGRATIONS).sort()) if (!upTo || name <= upTo) out[name] = MIGRATIONS[name](dialect);
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
