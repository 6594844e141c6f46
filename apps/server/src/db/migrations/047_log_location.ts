import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/** 登录日志's own 解锁 (literals: a migration never imports the contracts) */
const UNLOCK = { key: '/monitor/unlockAccount', name: '解锁', module: 'monitor', kind: 'write' };
const USER_UNLOCK = '/userInfo/unlock';

/**
 * 登录地点 / 操作地点 and 消耗时间 (issue 25): `oper_log.location` and `sys_login_log.location`, the place of the
 * address from the offline IP database, written with the row (null on rows from before: the page looks those up
 * when it shows them); `oper_log.cost_ms`, the milliseconds from the request's arrival to its entry (null before).
 *
 * 登录日志's 解锁 becomes a button of its own (`/monitor/unlockAccount`, no longer userInfo's): every role that could
 * unlock from 登录日志 (its screen and userInfo's 解锁) keeps doing so.
 */
export function logLocationMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('oper_log').addColumn('location', 'varchar(100)').execute();
      await db.schema.alterTable('oper_log').addColumn('cost_ms', 'integer').execute();
      await db.schema.alterTable('sys_login_log').addColumn('location', 'varchar(100)').execute();
      const screen = await db
        .selectFrom('sys_role_menu as rm')
        .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
        .select('rm.role_id')
        .where('m.route_name', '=', 'LoginLogList')
        .execute();
      const unlockers = new Set(
        (await db.selectFrom('sys_role_permission').select('role_id').where('permission_key', '=', USER_UNLOCK).execute()).map((r) =>
          Number(r.role_id),
        ),
      );
      const holders = [...new Set(screen.map((r) => Number(r.role_id)))].filter((id) => unlockers.has(id));
      if (holders.length) {
        const known = await db.selectFrom('sys_permission').select('key').where('key', '=', UNLOCK.key).executeTakeFirst();
        if (!known) await db.insertInto('sys_permission').values(UNLOCK).execute();
        const already = new Set(
          (await db.selectFrom('sys_role_permission').select('role_id').where('permission_key', '=', UNLOCK.key).execute()).map((r) =>
            Number(r.role_id),
          ),
        );
        const rows = holders.filter((id) => !already.has(id));
        if (rows.length)
          await db
            .insertInto('sys_role_permission')
            .values(rows.map((role_id) => ({ role_id, permission_key: UNLOCK.key })))
            .execute();
      }
    },
    async down(db: AnyDb) {
      await db.deleteFrom('sys_role_permission').where('permission_key', '=', UNLOCK.key).execute();
      await db.deleteFrom('sys_permission').where('key', '=', UNLOCK.key).execute();
      await db.schema.alterTable('sys_login_log').dropColumn('location').execute();
      await db.schema.alterTable('oper_log').dropColumn('cost_ms').execute();
      await db.schema.alterTable('oper_log').dropColumn('location').execute();
    },
  };
}
