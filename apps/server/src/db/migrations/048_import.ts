import type { CreateTableBuilder, Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * Excel import (导入, issue 26): `import_batch` is one import (its resource, who, when, what it did, whether it was
 * undone); `import_item` one record it wrote: added, or updated with the record as it was before (JSON, for 撤销导入)
 * and as the import left it (to tell whether it changed since).
 */
export function importMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('import_batch') as CreateTableBuilder<string, never>, dialect)
        .addColumn('resource', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('import_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('adds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updates', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('import_item') as CreateTableBuilder<string, never>, dialect)
        .addColumn('batch_id', 'integer', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        /** `add` | `update` */
        .addColumn('action', 'varchar(10)', (c) => c.notNull())
        .addColumn('before_data', 'text')
        .addColumn('after_data', 'text')
        .execute();
      await db.schema.createIndex('import_item_batch').on('import_item').columns(['batch_id', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('import_item').execute();
      await db.schema.dropTable('import_batch').execute();
    },
  };
}
