import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

const TABLES = ['news', 'policy', 'page_item'] as const;

/**
 * The list filter by publish state (issue 11: 草稿 / 已发布 / 定时 / 已下线, read against now) and the home
 * page's waiting counts: drafts and scheduled records are a range of `(status, publish_time, offline_time)`,
 * records taken offline a range of `(status, offline_time)`, so none of them walks the whole table.
 */
export function publishStateIndexMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of TABLES) {
        await db.schema.createIndex(`${table}_state_idx`).on(table).columns(['status', 'publish_time', 'offline_time']).execute();
        await db.schema.createIndex(`${table}_offline_idx`).on(table).columns(['status', 'offline_time']).execute();
      }
    },
    async down(db: AnyDb) {
      for (const table of TABLES) {
        await db.schema.dropIndex(`${table}_state_idx`).ifExists().execute();
        await db.schema.dropIndex(`${table}_offline_idx`).ifExists().execute();
      }
    },
  };
}
