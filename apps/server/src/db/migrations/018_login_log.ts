import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { withId } from './helpers.js';

/**
 * 登录日志 (issue 12): one row per login attempt — the account named, the account's id when it exists, the
 * address, the user agent with the browser and operating system read from it, the result (1 signed in,
 * 0 refused), the message key of the refusal and the time. Sessions already keep address and user agent (001).
 */
export function loginLogMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await withId(db.schema.createTable('sys_login_log'), dialect)
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('browser', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('os', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('login_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_login_log_time').on('sys_login_log').columns(['login_time', 'id']).execute();
      await db.schema.createIndex('sys_login_log_user').on('sys_login_log').columns(['user_name', 'login_time']).execute();
    },
    async down(db) {
      await db.schema.dropTable('sys_login_log').ifExists().execute();
    },
  };
}
