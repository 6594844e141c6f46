import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * Why a session ended (issue 25): a session ended by 强退 or by its holder's password change elsewhere stays as a
 * row with its expiry at 0 (the sentinel a replaced login already used) and `end_reason` `forced` | `password`, so
 * the next call with its token, on any process, answers why (您已被管理员强制下线 / 密码已在其他地方修改). Such a row is
 * tidied once it would have expired anyway. Null: a live session, or one replaced by a newer login.
 */
export function sessionEndReasonMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('sys_session').addColumn('end_reason', 'varchar(16)').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('sys_session').dropColumn('end_reason').execute();
    },
  };
}
