import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Access control a company can run (issue 12): roles get a sort number, an enabled flag, a remark, a creation
 * time and `customized` (set once an administrator saved the role: the seed leaves its grants alone from
 * then on); menu entries get an administrator's overrides of title, icon, order and hiding (the tree itself
 * stays the contracts'); accounts get `must_change_password` (set by an administrator's reset).
 */
export function accessMigration(_dialect: Dialect): Migration {
  return {
    async up(db) {
      const role = (col: string, type: 'integer' | 'varchar(200)' | 'varchar(19)', d: number | string) =>
        db.schema
          .alterTable('sys_role')
          .addColumn(col, type, (c) => c.notNull().defaultTo(d))
          .execute();
      await role('sort_no', 'integer', 0);
      await role('enable_flag', 'integer', 1);
      await role('remark', 'varchar(200)', '');
      await role('create_time', 'varchar(19)', '');
      await role('customized', 'integer', 0);
      for (const [col, type] of [
        ['custom_title', 'varchar(64)'],
        ['custom_icon', 'varchar(64)'],
        ['custom_sort_no', 'integer'],
        ['custom_hidden', 'integer'],
      ] as const) {
        await db.schema.alterTable('sys_menu').addColumn(col, type).execute();
      }
      // the role list's user count, read like any joined name
      await db.schema
        .createView('sys_role_user_count')
        .as(
          db
            .selectFrom('sys_user_role')
            .select(['role_id', (eb) => eb.fn.countAll<number>().as('user_count')])
            .groupBy('role_id'),
        )
        .execute();
      await db.schema
        .alterTable('sys_user')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db) {
      await db.schema.dropView('sys_role_user_count').ifExists().execute();
      for (const col of ['sort_no', 'enable_flag', 'remark', 'create_time', 'customized'])
        await db.schema.alterTable('sys_role').dropColumn(col).execute();
      for (const col of ['custom_title', 'custom_icon', 'custom_sort_no', 'custom_hidden'])
        await db.schema.alterTable('sys_menu').dropColumn(col).execute();
      await db.schema.alterTable('sys_user').dropColumn('must_change_password').execute();
    },
  };
}
