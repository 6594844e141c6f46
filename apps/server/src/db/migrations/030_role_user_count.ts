import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * The role list's 用户数 for every role: the view of 017 counted only roles somebody holds, so a role
 * nobody holds showed an empty cell instead of 0.
 */
export function roleUserCountMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropView('sys_role_user_count').ifExists().execute();
      await db.schema
        .createView('sys_role_user_count')
        .as(
          db
            .selectFrom('sys_role as r')
            .leftJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
            .select(['r.id as role_id', (eb) => eb.fn.count<number>('ur.user_id').as('user_count')])
            .groupBy('r.id'),
        )
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropView('sys_role_user_count').ifExists().execute();
      await db.schema
        .createView('sys_role_user_count')
        .as(
          db
            .selectFrom('sys_user_role')
            .select(['role_id', (eb) => eb.fn.countAll<number>().as('user_count')])
            .groupBy('role_id'),
        )
        .execute();
    },
  };
}
