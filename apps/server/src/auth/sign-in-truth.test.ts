import { Code } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';
import { forgetSessions } from './sessions.js';

/**
 * What a user is told at the door (issue 25): an account with no usable role is refused at login, and a session
 * ended by 强退 or by a password change elsewhere says so on its next call, from any process (the reason is in the
 * database), instead of 登录已超时.
 */
describe.each(DIALECTS)('sign-in truth on %s', (dialect) => {
  const t = useTestApp(dialect);
  const PW = 'Truth_12345';
  const login = (username: string, lang = 'zh') => t.current.post('/login/doLogin', { username, password: PW }, { headers: { lang } });
  const sessionsOf = (userId: number) =>
    t.current.ctx.db.selectFrom('sys_session').select(['id', 'expires_at', 'end_reason']).where('user_id', '=', userId).execute();
  const lastLoginLog = (userName: string) =>
    t.current.ctx.db
      .selectFrom('sys_login_log')
      .select(['status', 'reason'])
      .where('user_name', '=', userName)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('refuses the login of an account without a role, or with disabled roles only: no session, a login-log row', async () => {
    const bare = await insertUser(t.current.ctx, 'truth-bare', PW, []);
    const r = await login('truth-bare');
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, msg: '账号未分配可用角色，请联系管理员' });
    expect((await login('truth-bare', 'en')).body).toEqual({
      code: 403,
      msg: 'This account has no usable role; please contact an administrator',
    });
    expect((await login('truth-bare', 'es')).body.msg).toBe('Esta cuenta no tiene ningún rol utilizable; contacte con un administrador');
    expect(await sessionsOf(bare)).toEqual([]);
    expect(await lastLoginLog('truth-bare')).toMatchObject({ status: 0, reason: 'auth.noUsableRole' });
    const admin = await t.current.login();
    const log = await t.current.post('/monitor/getLoginLogPage', { userName: 'truth-bare' }, { token: admin });
    expect(log.body.rows[0].reason).toBe('账号未分配可用角色，请联系管理员');

    await t.current.ctx.db.insertInto('sys_role').values({ code: 'truth_off', name: '停用角色', enable_flag: 0 }).execute();
    const off = await insertUser(t.current.ctx, 'truth-off', PW, ['truth_off']);
    expect((await login('truth-off')).body).toEqual({ code: 403, msg: '账号未分配可用角色，请联系管理员' });
    expect(await sessionsOf(off)).toEqual([]);
    // a wrong password still reads as one (nothing told about the account's roles)
    expect((await t.current.post('/login/doLogin', { username: 'truth-bare', password: 'Wrong_12345' })).body).toEqual({
      code: 400,
      msg: '账号或密码错误',
    });
  });

  it('a session whose roles vanish later keeps the legacy /user/info reply', async () => {
    await t.current.ctx.db.insertInto('sys_role').values({ code: 'truth_gone', name: '将停用' }).execute();
    await insertUser(t.current.ctx, 'truth-gone', PW, ['truth_gone']);
    const token = (await login('truth-gone')).body.data.token;
    await t.current.ctx.db.updateTable('sys_role').set({ enable_flag: 0 }).where('code', '=', 'truth_gone').execute();
    forgetSessions(t.current.ctx);
    expect((await t.current.post('/user/info', {}, { token })).body).toEqual({
      code: 403,
      msg: 'getInfo: roles must be a non-null array!',
    });
  });

  it('强退: the session answers 您已被管理员强制下线 (code 50008) on every later call, read from the database', async () => {
    const uid = await insertUser(t.current.ctx, 'truth-forced', PW, ['editor']);
    const token = (await login('truth-forced')).body.data.token;
    const [session] = await sessionsOf(uid);
    const admin = await t.current.login();
    expect((await t.current.post('/monitor/forceLogout', { ids: [session.id] }, { token: admin })).body.code).toBe(200);
    const first = await t.current.post('/user/info', {}, { token });
    expect(first.body).toEqual({ code: Code.TOKEN_MISSING, msg: '您已被管理员强制下线' });
    // another tab, after this process forgot everything it kept: the reason is in the database
    forgetSessions(t.current.ctx);
    expect((await t.current.post('/news/getNewsList', {}, { token, headers: { lang: 'en' } })).body).toEqual({
      code: Code.TOKEN_MISSING,
      msg: 'You have been signed out by an administrator',
    });
    // the ended session is no longer online, and cannot be forced out again
    const online = await t.current.post('/monitor/getOnlinePage', { userName: 'truth-forced' }, { token: admin });
    expect(online.body.total).toBe(0);
    expect((await t.current.post('/monitor/forceLogout', { ids: [session.id] }, { token: admin })).body.code).toBe(400);
    // signing in again works, and the kept row goes once it would have expired anyway
    expect((await login('truth-forced')).body.code).toBe(200);
    t.current.advance(t.current.ctx.config.sessionTtlMinutes * 60_000 + 1000);
    expect((await login('truth-forced')).body.code).toBe(200);
    expect((await sessionsOf(uid)).map((s) => Number(s.id))).not.toContain(Number(session.id));
    t.current.advance(-(t.current.ctx.config.sessionTtlMinutes * 60_000 + 1000));
  });

  it('a password changed in one session tells the others 密码已在其他地方修改，请重新登录; that one stays', async () => {
    await insertUser(t.current.ctx, 'truth-pw', PW, ['editor']);
    const here = (await login('truth-pw')).body.data.token;
    const elsewhere = (await login('truth-pw')).body.data.token;
    const changed = await t.current.post('/user/updatePassword', { oldPassword: PW, newPassword: 'Truth_new_123' }, { token: here });
    expect(changed.body.code).toBe(200);
    expect((await t.current.post('/user/info', {}, { token: elsewhere })).body).toEqual({
      code: Code.TOKEN_MISSING,
      msg: '密码已在其他地方修改，请重新登录',
    });
    expect((await t.current.post('/user/info', {}, { token: elsewhere, headers: { lang: 'es' } })).body.msg).toBe(
      'Su contraseña se cambió en otro lugar; inicie sesión de nuevo',
    );
    expect((await t.current.post('/user/info', {}, { token: here })).body.code).toBe(200);
  });

  it('logout, an unknown token and an expired session keep their messages', async () => {
    await insertUser(t.current.ctx, 'truth-out', PW, ['editor']);
    const token = (await login('truth-out')).body.data.token;
    expect((await t.current.post('/user/logout', {}, { token })).body.code).toBe(200);
    expect((await t.current.post('/user/info', {}, { token })).body).toEqual({ code: 50008, msg: '未登录或登录已失效，请重新登录' });
    const again = (await login('truth-out')).body.data.token;
    t.current.advance(t.current.ctx.config.sessionTtlMinutes * 60_000 + 1000);
    forgetSessions(t.current.ctx);
    expect((await t.current.post('/user/info', {}, { token: again })).body).toEqual({ code: 50014, msg: '登录已超时，请重新登录' });
    t.current.advance(-(t.current.ctx.config.sessionTtlMinutes * 60_000 + 1000));
  });
});
