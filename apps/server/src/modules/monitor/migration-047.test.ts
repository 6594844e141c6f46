import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { looseDb, openDb } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { DIALECTS } from '../../test/harness.js';

describe.each(DIALECTS)('migration 047 on %s: 登录日志 gets its own 解锁; places and durations', (dialect) => {
  it('roles that could unlock from 登录日志 keep doing so with its own button; no other role gains it; old rows have no place yet', async () => {
    let schema: string | null = null;
    const url = process.env.TEST_DATABASE_URL;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    if (dialect === 'postgres') {
      schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await admin(`CREATE SCHEMA ${schema}`);
    }
    const config = testConfig(dialect === 'postgres' ? { databaseUrl: url!, databaseSchema: schema } : {});
    const opened = await openDb(config);
    try {
      const kdb = looseDb(opened.db);
      // an installation of the release before: roles saved by an administrator
      await migrate(opened.db, dialect, schema, '043_search_locale');
      await kdb
        .insertInto('sys_permission')
        .values({ key: '/userInfo/unlock', name: '解锁账号', module: 'userInfo', kind: 'write' })
        .execute();
      const menu = await kdb
        .insertInto('sys_menu')
        .values({
          parent_id: null,
          url: '/monitor/loginlog-list',
          route_name: 'LoginLogList',
          title: '登录日志',
          icon: '',
          is_hidden: 0,
          sort_no: 0,
          module: 'monitor',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = async (code: string, keys: string[], screen: boolean) => {
        const r = await kdb.insertInto('sys_role').values({ code, name: code }).returning('id').executeTakeFirstOrThrow();
        if (keys.length)
          await kdb
            .insertInto('sys_role_permission')
            .values(keys.map((k) => ({ role_id: r.id, permission_key: k })))
            .execute();
        if (screen) await kdb.insertInto('sys_role_menu').values({ role_id: r.id, menu_id: menu.id }).execute();
        return Number(r.id);
      };
      const logOps = await role('log_ops', ['/userInfo/unlock'], true);
      const userMgr = await role('user_mgr', ['/userInfo/unlock'], false);
      const viewer = await role('log_viewer', [], true);
      await kdb
        .insertInto('sys_login_log')
        .values({ user_name: 'old', ip: '223.5.5.5', status: 0, login_time: '2026-01-01 00:00:00' })
        .execute();

      await migrate(opened.db, dialect, schema);
      const keysOf = async (id: number) =>
        (await kdb.selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', id).execute())
          .map((r) => r.permission_key)
          .sort();
      expect(await keysOf(logOps)).toEqual(['/monitor/unlockAccount', '/userInfo/unlock']);
      expect(await keysOf(userMgr)).toEqual(['/userInfo/unlock']);
      expect(await keysOf(viewer)).toEqual([]);
      expect(await kdb.selectFrom('sys_login_log').select('location').execute()).toEqual([{ location: null }]);
    } finally {
      await opened.close();
      if (schema) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });
});
