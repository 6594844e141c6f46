import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/** the tables whose records have a publish state (issue 11) */
export const PUBLISHED_TABLES = ['news', 'policy', 'page_item'] as const;

/**
 * Publish state (issue 11): news, policies and page items get `status` (existing rows: published),
 * `publish_time` and `offline_time`; banners get the time window beside their enable flag. `public_view`
 * remembers which address counted a visit of which record in which hour (one count per hour).
 */
export function publishMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of PUBLISHED_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('published'))
          .execute();
        await db.schema.alterTable(table).addColumn('publish_time', 'varchar(19)').execute();
        await db.schema.alterTable(table).addColumn('offline_time', 'varchar(19)').execute();
      }
      await db.schema.alterTable('banner').addColumn('publish_time', 'varchar(19)').execute();
      await db.schema.alterTable('banner').addColumn('offline_time', 'varchar(19)').execute();
      await db.schema
        .createTable('public_view')
        .addColumn('resource', 'varchar(32)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('hour', 'varchar(13)', (c) => c.notNull())
        .addPrimaryKeyConstraint('public_view_pk', ['resource', 'record_id', 'address', 'hour'])
        .execute();
      await db.schema.createIndex('public_view_hour_idx').on('public_view').column('hour').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('public_view').ifExists().execute();
      for (const table of ['banner', ...PUBLISHED_TABLES]) {
        if (table !== 'banner') await db.schema.alterTable(table).dropColumn('status').execute();
        await db.schema.alterTable(table).dropColumn('publish_time').execute();
        await db.schema.alterTable(table).dropColumn('offline_time').execute();
      }
    },
  };
}
