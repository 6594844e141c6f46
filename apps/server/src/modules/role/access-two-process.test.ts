import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../ops/test-process.js';

/** the fields of the replies this test reads (login, role, account, user info, online and login-log pages) */
type TwoReply = {
  code: number;
  msg: string;
  data: { token: string; id: number; menus: { title: string }[]; buttons: { url: string }[] };
  rows?: { id: number; reason: string }[];
};

const url = process.env.TEST_DATABASE_URL;
const FORBIDDEN = { code: 403, msg: '没有权限执行此操作' };

/**
 * Issue 12's "done when" on two real server processes on one PostgreSQL schema: what an administrator
 * changes through one process (a role's buttons, a forced logout, a password reset, an unlock) holds on the
 * other with the very next request, and a user's own password change ends their session on the other one.
 */
describe.skipIf(!url)('access control on two server processes on one PostgreSQL', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'gk-acl-')));
  const servers: ReturnType<typeof startServer>[] = [];
  const ports = [4412, 4413];

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a news-only role: exactly its menu and calls on both; a removed button, forced logout, reset and unlock hold on the other at once', {
    timeout: 180_000,
  }, async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    for (const [i, port] of ports.entries())
      servers.push(
        startServer({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dirs[i],
          WEB_DIR: '',
          LOG_LEVEL: 'info',
          SEED_DEMO: '0',
          ADMIN_PASSWORD: 'Admin_123456',
          DATABASE_URL: url!,
          DATABASE_SCHEMA: schema,
        }),
      );
    await Promise.all(servers.map((s) => s.waitFor((l) => l.includes('is running'))));
    const base = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const call = async (i: number, p: string, body: unknown = {}, token?: string) => {
      const r = await fetch(`${base(i)}/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
      return { grants: r.headers.get('x-grants'), ...((await r.json()) as TwoReply) };
    };
    const post = async (i: number, p: string, body: unknown, token: string) => {
      const { grants: _g, ...reply } = await call(i, p, body, token);
      return reply;
    };
    const login = async (i: number, username: string, password: string) =>
      (await call(i, '/login/doLogin', { username, password })).data?.token as string;

    const adminToken = await login(0, 'admin', 'Admin_123456');
    const permissions = ['menu:NewsType', 'menu:NewsList', 'menu:NewsDetails', '/news/saveNews', '/news/delNews'];
    const role = await post(0, '/role/saveRole', { code: 'two_news', name: '两进程新闻', permissions }, adminToken);
    expect(role.code).toBe(200);
    const roleId = role.data.id as number;
    const account = await post(
      0,
      '/userInfo/saveUserInfo',
      { userName: 'two-news', password: 'Two_news_123', enableFlag: 1, roleIds: [roleId] },
      adminToken,
    );
    expect(account.code).toBe(200);
    const userId = account.data.id as number;

    // exactly the news menu, its reads and its two buttons, on both processes
    let user = await login(1, 'two-news', 'Two_news_123');
    for (const i of [1, 0]) {
      const info = await call(i, '/user/info', {}, user);
      expect(info.data.menus.map((m: { title: string }) => m.title)).toEqual(['新闻管理']);
      expect(info.data.buttons.map((b: { url: string }) => b.url).sort()).toEqual(['/news/delNews', '/news/saveNews']);
      expect((await post(i, '/news/getNewsList', {}, user)).code).toBe(200);
      expect(await post(i, '/policy/getPolicyPage', {}, user)).toEqual(FORBIDDEN);
      expect(await post(i, '/userInfo/getUserInfoPage', {}, user)).toEqual(FORBIDDEN);
      expect(await post(i, '/news/saveNewsType', { name: 'x' }, user)).toEqual(FORBIDDEN);
    }
    const before = await call(1, '/news/getNewsList', {}, user);
    expect((await call(0, '/news/getNewsList', {}, user)).grants).toBe(before.grants);
    expect((await post(1, '/news/delNews', [999999], user)).code).toBe(404);

    // process 0 removes 删除; process 1 refuses it with the very next request and names new grants
    const less = permissions.filter((k) => k !== '/news/delNews');
    expect(
      (await post(0, '/role/saveRole', { id: roleId, code: 'two_news', name: '两进程新闻', permissions: less }, adminToken)).code,
    ).toBe(200);
    const refused = await call(1, '/news/delNews', [999999], user);
    expect({ code: refused.code, msg: refused.msg }).toEqual(FORBIDDEN);
    expect(refused.grants).not.toBe(before.grants);
    const info = await call(1, '/user/info', {}, user);
    expect(info.data.buttons.map((b: { url: string }) => b.url)).toEqual(['/news/saveNews']);
    expect(info.grants).toBe(refused.grants);
    expect((await post(1, '/news/getNewsList', {}, user)).code).toBe(200);
    // removing the news list menu takes its reads away too
    expect((await post(0, '/role/saveRole', { id: roleId, code: 'two_news', name: '两进程新闻', permissions: [] }, adminToken)).code).toBe(
      200,
    );
    expect(await post(1, '/news/getNewsList', {}, user)).toEqual(FORBIDDEN);
    expect((await post(1, '/role/saveRole', { id: roleId, code: 'two_news', name: '两进程新闻', permissions }, adminToken)).code).toBe(200);
    expect((await post(0, '/news/getNewsList', {}, user)).code).toBe(200);

    // 强退 on process 0: the session is refused on process 1 at once
    const [online] = (await post(0, '/monitor/getOnlinePage', { userName: 'two-news' }, adminToken)).rows!;
    expect((await post(0, '/monitor/forceLogout', { ids: [online.id] }, adminToken)).code).toBe(200);
    expect((await post(1, '/news/getNewsList', {}, user)).code).toBe(50008);

    // own password change on process 1 ends the session kept on process 0, not the one it was made with
    user = await login(1, 'two-news', 'Two_news_123');
    const elsewhere = await login(0, 'two-news', 'Two_news_123');
    expect((await post(0, '/news/getNewsList', {}, elsewhere)).code).toBe(200);
    expect(await post(1, '/user/updatePassword', { oldPassword: 'Two_news_123', newPassword: 'Two_news_456' }, user)).toEqual({
      code: 200,
      msg: '密码已修改，其他设备上的登录已退出',
    });
    expect((await post(0, '/news/getNewsList', {}, elsewhere)).code).toBe(50008);
    expect((await post(0, '/news/getNewsList', {}, user)).code).toBe(200);

    // an administrator's reset on process 0: the session on process 1 ends; the new password must be changed first
    expect((await post(0, '/userInfo/resetPassword', { id: userId, password: 'Reset_by_adm1' }, adminToken)).code).toBe(200);
    expect((await post(1, '/news/getNewsList', {}, user)).code).toBe(50008);
    user = await login(1, 'two-news', 'Reset_by_adm1');
    expect(await post(1, '/news/getNewsList', {}, user)).toEqual({ code: 403, msg: '管理员重置了您的密码，请先修改密码' });
    expect((await post(1, '/user/updatePassword', { oldPassword: 'Reset_by_adm1', newPassword: 'Two_news_789' }, user)).code).toBe(200);
    expect((await post(0, '/news/getNewsList', {}, user)).code).toBe(200);

    // failures through both processes lock the account; 解锁 on one lets it in on the other
    for (let i = 0; i < 5; i++)
      expect((await call(i % 2, '/login/doLogin', { username: 'two-news', password: 'wrong-pass-1' })).code).toBe(400);
    expect((await call(1, '/login/doLogin', { username: 'two-news', password: 'Two_news_789' })).code).toBe(429);
    expect(await post(0, `/userInfo/unlock?id=${userId}`, {}, adminToken)).toEqual({ code: 200, msg: '账号已解锁' });
    expect((await call(1, '/login/doLogin', { username: 'two-news', password: 'Two_news_789' })).code).toBe(200);

    // the login log of both processes, read through either
    const log = await post(1, '/monitor/getLoginLogPage', { userName: 'two-news', status: 0, pageSize: 50 }, adminToken);
    expect(log.rows!.filter((r: { reason: string }) => r.reason === '账号或密码错误')).toHaveLength(5);
    expect(log.rows!.some((r: { reason: string }) => r.reason === '登录失败次数过多，账号已锁定')).toBe(true);

    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers) expect(await s.exited).toBe(0);
  });
});
