import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * Pending drafts (issue 23): 保存草稿 on a record that is on the website (or scheduled for it) keeps the edit here,
 * apart from the record, while the published version stays live; 发布 puts it into the record, 放弃草稿 drops it.
 * One per record: `data` is the edit as the save would write it (JSON, field names of the API), `save_time` when
 * it was last saved and by whom.
 */
export function pendingDraftMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('pending_draft'), dialect)
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('save_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pending_draft_record').on('pending_draft').columns(['resource', 'record_id']).unique().execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('pending_draft').ifExists().execute();
    },
  };
}
