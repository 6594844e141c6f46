import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, createContentTable } from './helpers.js';

/**
 * 招聘信息 (job postings, issue 22): the openings of the careers page, with the publish state and its schedule,
 * and the state indexes every publishable table has (migration 022): drafts, scheduled and offline rows are
 * ranges, so the 已发布 filter and the delivery API's list never walk the table.
 */
export function jobMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await createContentTable(db, dialect, 'job', {
        title: 'text:100',
        city: 'text:50',
        department: 'text:100',
        headcount: 'int:1',
        salary: 'text:50',
        content: 'html',
        create_time: 'time',
      });
      await db.schema
        .alterTable('job')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('published'))
        .execute();
      await db.schema.alterTable('job').addColumn('publish_time', 'varchar(19)').execute();
      await db.schema.alterTable('job').addColumn('offline_time', 'varchar(19)').execute();
      await db.schema.createIndex('job_list_idx').on('job').column('create_time').execute();
      await db.schema.createIndex('job_state_idx').on('job').columns(['status', 'publish_time', 'offline_time']).execute();
      await db.schema.createIndex('job_offline_idx').on('job').columns(['status', 'offline_time']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('job').ifExists().execute();
    },
  };
}
