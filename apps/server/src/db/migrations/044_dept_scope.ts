import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * Departments and data scope (issue 25).
 *
 * - `sys_dept`: the organisation tree (head office, branches, teams). `ancestors` lists the ids above a department,
 *   root first, comma-separated (`1,4`), so "this department and below" is one prefix match. One root is created:
 *   总公司 (head office); every existing account is placed in it.
 * - `sys_user.dept_id` (the account's department), `sys_user.email`; the user dialog's 姓名 and 手机 are the
 *   existing `name` and `tel` columns.
 * - `sys_role.data_scope`: `all` | `dept` | `deptAndBelow` | `self` | `custom` (default `all`: what every role
 *   could see before); `sys_role_dept`: the departments of a `custom` scope.
 * - `record_owner`: the department and account that created a content record, one row per (resource, record). A
 *   record without a row (created before this release) belongs to the head office and to no account.
 */
export function deptScopeMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('sys_dept'), dialect)
        .addColumn('parent_id', 'integer')
        .addColumn('ancestors', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enable_flag', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_dept_parent').on('sys_dept').column('parent_id').execute();
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
      await db
        .insertInto('sys_dept')
        .values({ parent_id: null, ancestors: '', name: '总公司', sort_no: 0, enable_flag: 1, create_time: now })
        .execute();
      const root = await db.selectFrom('sys_dept').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();

      await db.schema.alterTable('sys_user').addColumn('dept_id', 'integer').execute();
      await db.schema
        .alterTable('sys_user')
        .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.updateTable('sys_user').set({ dept_id: root.id }).execute();
      await db.schema.createIndex('sys_user_dept').on('sys_user').column('dept_id').execute();

      await db.schema
        .alterTable('sys_role')
        .addColumn('data_scope', 'varchar(20)', (c) => c.notNull().defaultTo('all'))
        .execute();
      await db.schema
        .createTable('sys_role_dept')
        .addColumn('role_id', 'integer', (c) => c.notNull())
        .addColumn('dept_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sys_role_dept_pk', ['role_id', 'dept_id'])
        .execute();

      await db.schema
        .createTable('record_owner')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('dept_id', 'integer')
        .addColumn('user_id', 'integer')
        .addPrimaryKeyConstraint('record_owner_pk', ['resource', 'record_id'])
        .execute();
      await db.schema.createIndex('record_owner_dept').on('record_owner').columns(['resource', 'dept_id', 'record_id']).execute();
      await db.schema.createIndex('record_owner_user').on('record_owner').columns(['resource', 'user_id', 'record_id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('record_owner').ifExists().execute();
      await db.schema.dropTable('sys_role_dept').ifExists().execute();
      await db.schema.alterTable('sys_role').dropColumn('data_scope').execute();
      await db.schema.dropIndex('sys_user_dept').ifExists().execute();
      await db.schema.alterTable('sys_user').dropColumn('email').execute();
      await db.schema.alterTable('sys_user').dropColumn('dept_id').execute();
      await db.schema.dropTable('sys_dept').ifExists().execute();
    },
  };
}
