import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { withId } from './helpers.js';

/**
 * 操作日志 and 历史版本.
 * oper_log: one row per write (and per refused write): who, from where, when, what (module, action, record),
 * the result (1 done, 0 refused, with the message that said no) and the changed fields before / after as JSON.
 * revision: each save of a revisioned record (news, policies, page items, waybill templates, company, contacts)
 * as saved (JSON), with who and when; REVISIONS_KEEP per record.
 */
export function auditMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await withId(db.schema.createTable('oper_log'), dialect)
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('oper_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('module', 'varchar(40)', (c) => c.notNull())
        .addColumn('action', 'varchar(100)', (c) => c.notNull())
        .addColumn('record_id', 'integer')
        .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('result', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('before_data', 'text')
        .addColumn('after_data', 'text')
        .execute();
      await db.schema.createIndex('oper_log_time').on('oper_log').columns(['oper_time', 'id']).execute();
      await db.schema.createIndex('oper_log_user').on('oper_log').columns(['user_name', 'oper_time']).execute();
      await db.schema.createIndex('oper_log_module').on('oper_log').columns(['module', 'oper_time']).execute();
      await withId(db.schema.createTable('revision'), dialect)
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('save_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('revision_record').on('revision').columns(['resource', 'record_id', 'id']).execute();
    },
    async down(db) {
      await db.schema.dropTable('revision').ifExists().execute();
      await db.schema.dropTable('oper_log').ifExists().execute();
    },
  };
}
