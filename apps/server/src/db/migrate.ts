import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
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
};

export function registerMigration(name: string, m: DialectMigration): void {
  MIGRATIONS[name] = m;
}

/**
 * `schema`: the PostgreSQL schema in use (DATABASE_SCHEMA). Kysely looks for its migration tables in every
 * schema unless told which, so without it a database holding other schemas (parallel test runs) could
 * make it skip creating its own.
 */
export async function migrate(db: Kysely<any>, dialect: Dialect, schema?: string | null): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const name of Object.keys(MIGRATIONS).sort()) out[name] = MIGRATIONS[name](dialect);
      return out;
    },
  };
  const migrator = new Migrator({ db, provider, ...(dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
