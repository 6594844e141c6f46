import type { CreateTableBuilder, Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * 发布计划 (releases, issue 27): `content_release` is one release (its name, times, state — scheduled | running |
 * done | failed —, why it failed, who made it, when it ran; `claimed_until` epoch ms while one process runs it);
 * `content_release_item` one record of it (a resource's name and the record's id).
 */
export function releaseMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('content_release') as CreateTableBuilder<string, never>, dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('offline_time', 'varchar(19)')
        .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('scheduled'))
        .addColumn('reason', 'text')
        .addColumn('claimed_until', 'bigint')
        .addColumn('create_user', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('done_time', 'varchar(19)')
        .execute();
      await db.schema.createIndex('content_release_due').on('content_release').columns(['state', 'publish_time']).execute();
      await withId(db.schema.createTable('content_release_item') as CreateTableBuilder<string, never>, dialect)
        .addColumn('release_id', 'integer', (c) => c.notNull())
        .addColumn('resource', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_release_item_release').on('content_release_item').columns(['release_id']).execute();
      await db.schema.createIndex('content_release_item_record').on('content_release_item').columns(['resource', 'record_id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('content_release_item').execute();
      await db.schema.dropTable('content_release').execute();
    },
  };
}
