import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { bigintType, withId } from './helpers.js';

export function coreMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await withId(db.schema.createTable('sys_user'), dialect)
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('enable_flag', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('tel', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('sys_role'), dialect)
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sys_user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('sys_user_role_pk', ['user_id', 'role_id'])
        .execute();
      await withId(db.schema.createTable('sys_menu'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('sys_menu.id').onDelete('cascade'))
        .addColumn('url', 'varchar(200)', (c) => c.notNull())
        .addColumn('route_name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(64)', (c) => c.notNull())
        .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sys_permission')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sys_role_permission')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
        .addColumn('permission_key', 'varchar(200)', (c) => c.notNull().references('sys_permission.key').onDelete('cascade'))
        .addPrimaryKeyConstraint('sys_role_permission_pk', ['role_id', 'permission_key'])
        .execute();
      await db.schema
        .createTable('sys_role_menu')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('sys_menu.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('sys_role_menu_pk', ['role_id', 'menu_id'])
        .execute();
      await withId(db.schema.createTable('sys_session'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('created_at', bigintType, (c) => c.notNull())
        .addColumn('expires_at', bigintType, (c) => c.notNull())
        .addColumn('last_seen', bigintType, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sys_session_user_idx').on('sys_session').column('user_id').execute();
      await withId(db.schema.createTable('sys_login_failure'), dialect)
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', bigintType, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_login_failure_ip_idx').on('sys_login_failure').columns(['ip', 'at']).execute();
      await db.schema.createIndex('sys_login_failure_user_idx').on('sys_login_failure').columns(['user_name', 'ip', 'at']).execute();
      await db.schema
        .createTable('sys_setting')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      for (const t of [
        'sys_setting',
        'sys_login_failure',
        'sys_session',
        'sys_role_menu',
        'sys_role_permission',
        'sys_permission',
        'sys_menu',
        'sys_user_role',
        'sys_role',
        'sys_user',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
