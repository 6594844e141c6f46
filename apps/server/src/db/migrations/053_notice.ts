import type { CreateTableBuilder, Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * 消息中心 (in-app notices, issue 27): `notice` is one notice to one user (`user_id`): its kind
 * (`review.requested` …), the record it is about (`resource`, `record_id`, `title` as it read then), the reviewer's
 * `comment`, who acted (`from_user`, their display name then), when, `read_flag` 0/1, and `data` (JSON) with the
 * rest of its message's parameters (the level, whether it was the last one). The index serves a user's unread count
 * and their page, newest first.
 */
export function noticeMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('notice') as CreateTableBuilder<string, never>, dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('resource', 'varchar(64)')
        .addColumn('record_id', 'integer')
        .addColumn('title', 'varchar(500)')
        .addColumn('comment', 'text')
        .addColumn('from_user', 'varchar(100)')
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('data', 'text')
        .execute();
      await db.schema.createIndex('notice_user_read').on('notice').columns(['user_id', 'read_flag', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('notice').execute();
    },
  };
}
