import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * 登录地点 / 操作地点 and 消耗时间 (issue 25): `oper_log.location` and `sys_login_log.location`, the place of the
 * address from the offline IP database, written with the row (null on rows from before: the page looks those up
 * when it shows them); `oper_log.cost_ms`, the milliseconds from the request's arrival to its entry (null before).
 */
export function logLocationMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('oper_log').addColumn('location', 'varchar(100)').execute();
      await db.schema.alterTable('oper_log').addColumn('cost_ms', 'integer').execute();
      await db.schema.alterTable('sys_login_log').addColumn('location', 'varchar(100)').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('sys_login_log').dropColumn('location').execute();
      await db.schema.alterTable('oper_log').dropColumn('cost_ms').execute();
      await db.schema.alterTable('oper_log').dropColumn('location').execute();
    },
  };
}
