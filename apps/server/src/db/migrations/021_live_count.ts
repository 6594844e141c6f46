import { type Migration, sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/** the tables the delivery API lists with a total (migration 014 keeps their row counts) */
const TABLES = ['news', 'policy', 'page_item'];

/**
 * The delivery API's lists answer their total as the row count less the rows not on the site now (crud/list.ts
 * `Visibility`): drafts (a partial index holding only them), records scheduled later (by publish_time) and
 * records gone offline (by offline_time). Each count reads only the rows it counts.
 */
export function liveCountMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of TABLES) {
        await sql`create index ${sql.ref(`${table}_draft_idx`)} on ${sql.table(table)} (id) where status <> 'published'`.execute(db);
        await db.schema.createIndex(`${table}_publish_time_idx`).on(table).column('publish_time').execute();
        await db.schema.createIndex(`${table}_offline_time_idx`).on(table).column('offline_time').execute();
      }
    },
    async down(db: AnyDb) {
      for (const table of TABLES)
        for (const kind of ['draft', 'publish_time', 'offline_time'])
          await db.schema.dropIndex(`${table}_${kind}_idx`).ifExists().execute();
    },
  };
}
