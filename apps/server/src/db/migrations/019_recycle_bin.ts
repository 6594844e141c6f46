import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { withId } from './helpers.js';

/**
 * 回收站: a deleted content record as it was stored (its table's columns as JSON), until restored or purged.
 * `delete_time` is `YYYY-MM-DD HH:mm:ss` like every other time, so the retention cut-off compares as text.
 */
export function recycleBinMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await withId(db.schema.createTable('recycle_bin'), dialect)
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('deleted_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('delete_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recycle_bin_time').on('recycle_bin').columns(['delete_time', 'id']).execute();
      await db.schema.createIndex('recycle_bin_resource').on('recycle_bin').columns(['resource', 'delete_time']).execute();
      await db.schema.createIndex('recycle_bin_record').on('recycle_bin').columns(['resource', 'record_id']).execute();
    },
    async down(db) {
      await db.schema.dropTable('recycle_bin').ifExists().execute();
    },
  };
}
