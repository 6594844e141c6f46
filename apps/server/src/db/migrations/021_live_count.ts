import { type Migration, sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/** the tables the delivery API lists with a total (migration 014 keeps their row counts) */
const TABLES = ['news', 'policy', 'page_item'];

/**
 * The delivery API's lists answer their total as the row count less the rows not on the site now (crud/list.ts
 * `Visibility`): drafts (a partial index holding only them), records scheduled later (by publish_time) and
 * records gone offline (by offline_time), each index holding only the rows that have the value. Each count reads
 * only the rows it counts.
 */
export function liveCountMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of TABLES) {
        await sql`create index ${sql.ref(`${table}_draft_idx`)} on ${sql.table(table)} (id) where status <> 'published'`.execute(db);
        // partial: most rows have no offline time (and old ones no publish time); a full index of one NULL value
        // makes SQLite's statistics call it unselective and scan the table instead
        for (const column of ['publish_time', 'offline_time'])
          await sql`create index ${sql.ref(`${table}_${column}_idx`)} on ${sql.table(table)} (${sql.ref(column)})
            where ${sql.ref(column)} is not null`.execute(db);
      }
    },
    async down(db: AnyDb) {
      for (const table of TABLES)
        for (const kind of ['draft', 'publish_time', 'offline_time'])
          await db.schema.dropIndex(`${table}_${kind}_idx`).ifExists().execute();
    },
  };
}
