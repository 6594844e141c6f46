import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0';

describe.each(DIALECTS)('在线用户 and 登录日志 on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, tk = token) => t.current.post(path, body, { token: tk });
  const loginAs = async (username: string, password: string, ua: string) => {
    const r = await t.current.post('/login/doLogin', { username, password }, { headers: { 'user-agent': ua } });
    return r.body;
  };

  beforeAll(async () => {
    token = await t.current.login();
  });

  it('lists live sessions with browser and OS, never the token; searches by account and address', async () => {
    await insertUser(t.current.ctx, 'mon-online', 'Mon_online_1', ['editor']);
    const a = await loginAs('mon-online', 'Mon_online_1', CHROME_WIN);
    const b = await loginAs('mon-online', 'Mon_online_1', FIREFOX_MAC);
    expect(a.code).toBe(200);
    const r = await post('/monitor/getOnlinePage', { userName: 'MON-ONL', pageNumber: 1, pageSize: 10 });
    expect(r.body.code).toBe(200);
    expect(r.body.total).toBe(2);
    const [first, second] = r.body.rows;
    expect(first).toMatchObject({ userName: 'mon-online', browser: 'Firefox 121', os: 'Mac OS 10' });
    expect(second).toMatchObject({ userName: 'mon-online', browser: 'Chrome 120', os: 'Windows 10', current: false });
    expect(second.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(r.body.rows)).not.toContain(a.data.token);
    expect(JSON.stringify(r.body.rows)).not.toContain(b.data.token);
    expect((await post('/monitor/getOnlinePage', { userName: 'mon-online', ip: '10.9.9.9' })).body).toMatchObject({ rows: [], total: 0 });
  });

  it('强退 ends the session at once and is written to the operation log; bad input changes nothing', async () => {
    await insertUser(t.current.ctx, 'mon-kick', 'Mon_kick_123', ['editor']);
    const victim = (await loginAs('mon-kick', 'Mon_kick_123', CHROME_WIN)).data.token;
    const other = (await loginAs('mon-kick', 'Mon_kick_123', CHROME_WIN)).data.token;
    expect((await post('/user/info', {}, victim)).body.code).toBe(200);
    const rows = (await post('/monitor/getOnlinePage', { userName: 'mon-kick' })).body.rows as { id: number }[];
    const victimRow = rows[1];

    expect((await post('/monitor/forceLogout', {})).body).toEqual({ code: 400, msg: '请选择要强退的会话' });
    expect((await post('/monitor/forceLogout', { ids: [999999] })).body).toEqual({ code: 400, msg: '所选会话已不在线' });
    const own = (await post('/monitor/getOnlinePage', { userName: 'admin' })).body.rows.find((r: { current: boolean }) => r.current);
    expect((await post('/monitor/forceLogout', { ids: [own.id] })).body).toEqual({ code: 400, msg: '不能强退当前登录的会话' });
    expect((await post('/user/info', {}, victim)).body.code).toBe(200);

    expect((await post('/monitor/forceLogout', { ids: [victimRow.id] })).body).toEqual({
      code: 200,
      msg: '已强制退出 1 个会话',
      data: { count: 1 },
    });
    expect((await post('/user/info', {}, victim)).body.code).toBe(50008);
    expect((await post('/user/info', {}, other)).body.code).toBe(200);
    const log = await t.current.ctx.db
      .selectFrom('oper_log')
      .select(['user_name', 'module', 'action', 'title', 'result'])
      .where('action', '=', 'forceLogout')
      .where('title', '=', 'mon-kick')
      .execute();
    expect(log).toEqual([{ user_name: 'admin', module: 'auth', action: 'forceLogout', title: 'mon-kick', result: 1 }]);
    // an editor may not call it
    expect((await post('/monitor/forceLogout', { ids: [victimRow.id] }, other)).body).toEqual({ code: 403, msg: '没有权限执行此操作' });
    expect((await post('/monitor/getOnlinePage', {}, other)).body.code).toBe(403);
  });

  it('登录日志 keeps every attempt with result and reason, searchable by account, result and dates', async () => {
    const id = await insertUser(t.current.ctx, 'mon-log', 'Mon_log_1234', ['editor']);
    expect((await loginAs('mon-log', 'wrong-password', FIREFOX_MAC)).code).toBe(400);
    expect((await loginAs('mon-log', 'Mon_log_1234', CHROME_WIN)).code).toBe(200);
    const all = await post('/monitor/getLoginLogPage', { userName: 'mon-log' });
    expect(all.body.total).toBe(2);
    expect(all.body.rows[0]).toMatchObject({
      userName: 'mon-log',
      userId: id,
      status: 1,
      statusName: '成功',
      browser: 'Chrome 120',
      os: 'Windows 10',
      reason: '',
    });
    expect(all.body.rows[1]).toMatchObject({ status: 0, statusName: '失败', reason: '账号或密码错误', browser: 'Firefox 121' });
    const failed = await post('/monitor/getLoginLogPage', { userName: 'mon-log', status: 0 });
    expect(failed.body.rows.map((r: { status: number }) => r.status)).toEqual([0]);
    const today = all.body.rows[0].loginTime.slice(0, 10);
    expect((await post('/monitor/getLoginLogPage', { userName: 'mon-log', startTime: today, endTime: today })).body.total).toBe(2);
    expect((await post('/monitor/getLoginLogPage', { userName: 'mon-log', endTime: '2000-01-01' })).body.total).toBe(0);
    expect((await post('/monitor/getLoginLogPage', { startTime: '2026-02-01', endTime: '2026-01-01' })).body.code).toBe(400);
    expect((await post('/monitor/getLoginLogPage', { status: 7 })).body.code).toBe(400);
    // an unknown account's attempt is kept too
    await loginAs('mon-nobody', 'whatever-123', CHROME_WIN);
    expect((await post('/monitor/getLoginLogPage', { userName: 'mon-nobody' })).body.rows[0]).toMatchObject({ userId: null, status: 0 });
  });

  /** a login attempt from a given client address */
  const attemptFrom = async (ip: string, username: string, password: string) =>
    (
      await t.current.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        remoteAddress: ip,
        headers: { 'user-agent': CHROME_WIN },
        payload: { username, password },
      })
    ).json();

  it('登录地点: a public address by the offline IP database, a private one as 内网IP (translated); 在线用户 too', async () => {
    await insertUser(t.current.ctx, 'mon-place', 'Mon_place_123', ['editor']);
    expect((await attemptFrom('113.108.81.189', 'mon-place', 'Mon_place_123')).code).toBe(200);
    expect((await attemptFrom('::ffff:218.4.167.70', 'mon-place', 'wrong-pass-1')).code).toBe(400);
    expect((await attemptFrom('192.168.3.4', 'mon-place', 'Mon_place_123')).code).toBe(200);
    const rows = (await post('/monitor/getLoginLogPage', { userName: 'mon-place' })).body.rows;
    expect(rows.map((r: { ip: string; location: string }) => [r.ip, r.location])).toEqual([
      ['192.168.3.4', '内网IP'],
      ['::ffff:218.4.167.70', '江苏省 苏州市'],
      ['113.108.81.189', '广东省 深圳市'],
    ]);
    // stored with the row
    const stored = await t.current.ctx.db.selectFrom('sys_login_log').select('location').where('user_name', '=', 'mon-place').execute();
    expect(stored.map((r) => r.location).sort()).toEqual(['内网IP', '广东省 深圳市', '江苏省 苏州市']);
    const en = (await t.current.post('/monitor/getLoginLogPage', { userName: 'mon-place' }, { token, headers: { lang: 'en' } })).body;
    expect(en.rows[0].location).toBe('Private network');
    const online = (await post('/monitor/getOnlinePage', { userName: 'mon-place' })).body.rows;
    expect(online.map((r: { location: string }) => r.location)).toEqual(['内网IP', '广东省 深圳市']);
  });

  describe('解锁 in 登录日志', () => {
    const lock = async (ip: string, userName: string) => {
      for (let i = 0; i < 5; i++) expect((await attemptFrom(ip, userName, 'wrong-pass-1')).code).toBe(400);
      expect((await attemptFrom(ip, userName, 'anything-12')).code).toBe(429);
    };
    const rowsOf = async (userName: string) =>
      (await post('/monitor/getLoginLogPage', { userName, pageSize: 50 })).body.rows as { userId: number | null; locked: boolean }[];

    it('marks the rows of locked accounts; unlocks only locked ones, says so otherwise, and logs each unlock', async () => {
      const lockedId = await insertUser(t.current.ctx, 'mon-lockd', 'Mon_lockd_123', ['editor']);
      const freeId = await insertUser(t.current.ctx, 'mon-free', 'Mon_free_1234', ['editor']);
      await lock('61.135.169.121', 'mon-lockd');
      await attemptFrom('61.135.169.122', 'mon-free', 'wrong-pass-1');
      await attemptFrom('61.135.169.123', 'mon-ghost', 'wrong-pass-1');
      expect((await rowsOf('mon-lockd')).every((r) => r.locked && r.userId === lockedId)).toBe(true);
      expect((await rowsOf('mon-free')).map((r) => r.locked)).toEqual([false]);
      expect((await rowsOf('mon-ghost')).map((r) => [r.userId, r.locked])).toEqual([[null, false]]);

      expect((await post('/monitor/unlockAccount', {})).body).toEqual({ code: 400, msg: '请选择要解锁的账号' });
      expect((await post('/monitor/unlockAccount', { ids: [999999] })).body).toEqual({ code: 400, msg: '所选账号不存在' });
      expect((await post(`/monitor/unlockAccount?id=${freeId}`)).body).toEqual({ code: 400, msg: '账号“mon-free”未被锁定，无需解锁' });
      expect((await post('/userInfo/unlock', { id: freeId })).body).toEqual({ code: 400, msg: '账号“mon-free”未被锁定，无需解锁' });
      const en = await t.current.post(`/monitor/unlockAccount?id=${freeId}`, {}, { token, headers: { lang: 'es' } });
      expect(en.body.msg).toBe('La cuenta "mon-free" no está bloqueada; no hay nada que desbloquear');

      // a batch: the locked one is unlocked, the other left as it is
      expect((await post('/monitor/unlockAccount', { ids: [lockedId, freeId] })).body).toEqual({
        code: 200,
        msg: '已解锁 1 个账号',
        data: { count: 1 },
      });
      expect((await rowsOf('mon-lockd')).some((r) => r.locked)).toBe(false);
      expect((await attemptFrom('61.135.169.121', 'mon-lockd', 'Mon_lockd_123')).code).toBe(200);
      expect((await post('/monitor/unlockAccount', { ids: [lockedId, freeId] })).body).toEqual({
        code: 400,
        msg: '所选账号均未被锁定，无需解锁',
      });
      const log = await t.current.ctx.db
        .selectFrom('oper_log')
        .select(['user_name', 'module', 'action', 'record_id', 'title', 'result'])
        .where('module', '=', 'monitor')
        .where('result', '=', 1)
        .where('record_id', '=', lockedId)
        .execute();
      expect(log).toEqual([
        { user_name: 'admin', module: 'monitor', action: 'unlock', record_id: lockedId, title: 'mon-lockd', result: 1 },
      ]);

      // userInfo's 解锁 of a locked account still says 账号已解锁
      await lock('61.135.169.124', 'mon-free');
      expect((await post('/userInfo/unlock', { id: freeId })).body).toEqual({ code: 200, msg: '账号已解锁' });
    });

    it('a login-log operator without user-management rights unlocks only the accounts their grants cover', async () => {
      const role = await post('/role/saveRole', {
        code: 'mon_unlock',
        name: '登录日志解锁',
        permissions: ['menu:LoginLogList', '/monitor/unlockAccount'],
      });
      expect(role.body.code, JSON.stringify(role.body)).toBe(200);
      await insertUser(t.current.ctx, 'mon-op', 'Mon_op_123456', ['mon_unlock']);
      const peerId = await insertUser(t.current.ctx, 'mon-peer', 'Mon_peer_1234', ['mon_unlock']);
      const editorId = await insertUser(t.current.ctx, 'mon-editor', 'Mon_editor_12', ['editor']);
      const adminId = Number(
        (await t.current.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id,
      );
      const op = await t.current.login('mon-op', 'Mon_op_123456');
      await lock('202.96.128.1', 'mon-peer');
      await lock('202.96.128.2', 'mon-editor');
      await lock('202.96.128.3', 'admin');

      // the rows are readable and marked
      expect((await post('/monitor/getLoginLogPage', { userName: 'mon-peer' }, op)).body.rows[0].locked).toBe(true);
      // no user-management rights: userInfo's 解锁 is not theirs
      expect((await post('/userInfo/unlock', { id: peerId }, op)).body).toEqual({ code: 403, msg: '没有权限执行此操作' });
      // an account holding more than they do, and the administrator: refused, still locked
      expect((await post('/monitor/unlockAccount', { id: editorId }, op)).body).toEqual({
        code: 403,
        msg: '账号“mon-editor”拥有您没有的权限，您不能解锁它',
      });
      expect((await post('/monitor/unlockAccount', { ids: [peerId, adminId] }, op)).body).toEqual({
        code: 403,
        msg: '只有超级管理员可以解锁超级管理员账号“admin”',
      });
      expect((await attemptFrom('202.96.128.2', 'mon-editor', 'Mon_editor_12')).code).toBe(429);
      expect((await attemptFrom('202.96.128.1', 'mon-peer', 'Mon_peer_1234')).code).toBe(429);
      // an account their grants cover: unlocked
      expect((await post('/monitor/unlockAccount', { id: peerId }, op)).body).toMatchObject({ code: 200, msg: '已解锁 1 个账号' });
      expect((await attemptFrom('202.96.128.1', 'mon-peer', 'Mon_peer_1234')).code).toBe(200);
      // an editor has no 解锁 of 登录日志
      // (the lock holds for the address that failed: from here the editor signs in)
      const editor = await t.current.login('mon-editor', 'Mon_editor_12');
      expect((await post('/monitor/unlockAccount', { id: peerId }, editor)).body).toEqual({ code: 403, msg: '没有权限执行此操作' });
      // the administrator unlocks both
      expect((await post('/monitor/unlockAccount', { ids: [editorId, adminId] })).body).toMatchObject({
        code: 200,
        msg: '已解锁 2 个账号',
      });
    });
  });

  it('个人中心 shows the last logins from the login log', async () => {
    await insertUser(t.current.ctx, 'mon-prof', 'Mon_prof_123', ['editor']);
    await loginAs('mon-prof', 'bad-password', FIREFOX_MAC);
    const tk = (await loginAs('mon-prof', 'Mon_prof_123', CHROME_WIN)).data.token;
    const p = await post('/user/getProfile', {}, tk);
    expect(p.body.data.lastLogins).toHaveLength(2);
    expect(p.body.data.lastLogins[0]).toMatchObject({ browser: 'Chrome 120', os: 'Windows 10', status: 1 });
    expect(p.body.data.lastLogins[1]).toMatchObject({ browser: 'Firefox 121', status: 0, reason: '账号或密码错误' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('强退 on postgres: two server processes on one schema', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  let a: Awaited<ReturnType<typeof prepareApp>>;
  let b: Awaited<ReturnType<typeof prepareApp>>;
  const post = async (app: typeof a, path: string, body: unknown, token?: string) =>
    (await app.app.inject({ method: 'POST', url: `/api${path}`, headers: token ? { token } : {}, payload: body as object })).json();
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const config = testConfig({ databaseUrl: process.env.TEST_DATABASE_URL!, databaseSchema: schema });
    a = await prepareApp(config);
    await a.app.ready();
    b = await prepareApp(config);
    await b.app.ready();
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('a session forced out on one process is refused on the other at once', async () => {
    await insertUser(a.ctx, 'mon-two', 'Mon_two_1234', ['editor']);
    const victim = (await post(b, '/login/doLogin', { username: 'mon-two', password: 'Mon_two_1234' })).data.token;
    expect((await post(b, '/user/info', {}, victim)).code).toBe(200);
    const adminToken = (await post(a, '/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token;
    const [row] = (await post(a, '/monitor/getOnlinePage', { userName: 'mon-two' }, adminToken)).rows;
    expect((await post(a, '/monitor/forceLogout', { ids: [row.id] }, adminToken)).code).toBe(200);
    expect((await post(b, '/user/info', {}, victim)).code).toBe(50008);
  });
});
