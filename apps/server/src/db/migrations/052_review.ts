import type { CreateTableBuilder, Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * 审核流程 (review workflow, issue 27):
 * - `review_setting`: per publishable resource, its review levels (0 off, 1, 2) and whether a reviewer may approve
 *   their own submission (`self_approve`); a resource without a row has review off;
 * - `review_state`: where one record stands (draft | pending | approved | rejected), the level it waits at (pending)
 *   or passed (approved), who submitted it and when, the title it was submitted with (what 待我审核 lists), and `content_hash`, the fingerprint of the content submitted (an
 *   approved record goes live only with that content); a record without a row counts as 草稿;
 * - `review_history`: every step (submit | approve | reject | reset) with who, when and the comment; kept after the
 *   record is deleted.
 * Indexes: 待我审核 and its badge read pending rows by (state, level); a record's state and history by (resource, record_id).
 */
export function reviewMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('review_setting')
        .addColumn('resource', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('levels', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('self_approve', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('review_state') as CreateTableBuilder<string, never>, dialect)
        .addColumn('resource', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('submit_user_id', 'integer')
        .addColumn('submit_user_name', 'varchar(100)')
        .addColumn('submit_time', 'varchar(19)')
        .addColumn('submit_comment', 'varchar(500)')
        .addColumn('title', 'varchar(500)')
        .addColumn('content_hash', 'varchar(64)')
        .execute();
      await db.schema.createIndex('review_state_record').unique().on('review_state').columns(['resource', 'record_id']).execute();
      await db.schema.createIndex('review_state_todo').on('review_state').columns(['state', 'level', 'resource', 'submit_time']).execute();
      await withId(db.schema.createTable('review_history') as CreateTableBuilder<string, never>, dialect)
        .addColumn('resource', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('nick_name', 'varchar(100)')
        .addColumn('time', 'varchar(19)', (c) => c.notNull())
        .addColumn('comment', 'varchar(500)')
        .execute();
      await db.schema.createIndex('review_history_record').on('review_history').columns(['resource', 'record_id', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('review_history').execute();
      await db.schema.dropTable('review_state').execute();
      await db.schema.dropTable('review_setting').execute();
    },
  };
}
