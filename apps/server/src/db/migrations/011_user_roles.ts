import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * The user list shows each account's roles: a view with one row per user holding the role names joined
 * (in role order), read by the userInfo resource's `roleNames` field like any joined name.
 */
export function userRolesMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      const joined =
        dialect === 'postgres'
          ? sql`select ur.user_id, string_agg(r.name, '、' order by r.id) as role_names
                from sys_user_role ur join sys_role r on r.id = ur.role_id
                group by ur.user_id`
          : sql`select user_id, group_concat(name, '、') as role_names
                from (select ur.user_id, r.name from sys_user_role ur join sys_role r on r.id = ur.role_id
                      order by ur.user_id, r.id)
                group by user_id`;
      await db.schema.createView('sys_user_role_names').as(joined).execute();
    },
    async down(db) {
      await db.schema.dropView('sys_user_role_names').ifExists().execute();
    },
  };
}
