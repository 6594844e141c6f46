import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { withId } from './helpers.js';

/** Per-user list column settings (`/KJ/*TabFiledNameConfig`): the chosen fields of one list, in order. */
export function fieldConfigMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await withId(db.schema.createTable('sys_field_config'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('model_type', 'varchar(50)', (c) => c.notNull())
        .addColumn('field', 'varchar(64)', (c) => c.notNull())
        .addColumn('is_fixed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_no', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sys_field_config_uq')
        .on('sys_field_config')
        .columns(['user_id', 'model_type', 'field'])
        .unique()
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('sys_field_config').ifExists().execute();
    },
  };
}
