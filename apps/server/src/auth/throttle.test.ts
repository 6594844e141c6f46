import { beforeAll, describe, expect, it } from 'vitest';
import { prepareApp } from '../prepare.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';

const LIMIT = 5;
const login = (username: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/login/doLogin',
  payload: { username, password },
});

describe.each(DIALECTS)('login throttle under concurrent guesses on %s', (dialect) => {
  const t = useTestApp(dialect, { loginMaxFailuresPerAccount: LIMIT });
  beforeAll(async () => {
    await insertUser(t.current.ctx, 'target1', 'Target_12345', ['editor']);
  });

  it(`150 wrong passwords sent at once: exactly ${LIMIT} are checked, the rest wait (two app instances on PostgreSQL)`, async () => {
    const { ctx } = t.current;
    // on PostgreSQL a second app on the same schema (its own pool): the reservation holds across processes
    const second = dialect === 'postgres' ? await prepareApp(ctx.config, { clock: () => ctx.now() }) : { app: t.current.app, db: null };
    try {
      const apps = [t.current.app, second.app];
      const replies = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          apps[i % 2].inject({ ...login('target1', `wrong-password-${i}`), remoteAddress: '10.20.30.40' }),
        ),
      );
      const verdicts = replies.map((r) => r.json());
      const checked = verdicts.filter((b) => b.msg === '账号或密码错误');
      const waited = verdicts.filter((b) => b.code === 429);
      expect(checked.length).toBe(LIMIT);
      expect(waited.length).toBe(150 - LIMIT);
      expect(waited[0]).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试' });
      // the login log tells the same: LIMIT refusals for a wrong password, every other one locked
      const log = await ctx.db.selectFrom('sys_login_log').select('reason').where('user_name', '=', 'target1').execute();
      expect(log.filter((r) => r.reason === 'auth.badCredentials').length).toBe(checked.length);
      expect(log.filter((r) => r.reason === 'auth.locked').length).toBe(waited.length);
      // the throttle keeps exactly the failures it checked (the refused attempts took no place)
      const kept = await ctx.db.selectFrom('sys_login_failure').select('id').where('user_name', '=', 'target1').execute();
      expect(kept.length).toBe(checked.length);
    } finally {
      if (second.db) await second.app.close();
    }
    // the right password from that address waits too; from another address the owner gets in
    const again = await t.current.app.inject({ ...login('target1', 'Target_12345'), remoteAddress: '10.20.30.40' });
    expect(again.json().code).toBe(429);
    const owner = await t.current.app.inject({ ...login('target1', 'Target_12345'), remoteAddress: '10.20.30.41' });
    expect(owner.json().code).toBe(200);
  });

  it('a successful login gives its place back: the failures before it no longer count', async () => {
    await insertUser(t.current.ctx, 'target2', 'Target_22345', ['editor']);
    const from = (password: string) => t.current.app.inject({ ...login('target2', password), remoteAddress: '10.20.30.50' });
    for (let i = 0; i < LIMIT - 1; i++) expect((await from('bad-password')).json().code).toBe(400);
    expect((await from('Target_22345')).json().code).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await from('bad-password')).json().code).toBe(400);
    expect((await from('Target_22345')).json().code).toBe(429);
  });

  it('a disabled account does not use up the throttle', async () => {
    await insertUser(t.current.ctx, 'target3', 'Target_32345', ['editor'], 0);
    const from = () => t.current.app.inject({ ...login('target3', 'Target_32345'), remoteAddress: '10.20.30.60' });
    for (let i = 0; i < LIMIT + 2; i++) expect((await from()).json()).toEqual({ code: 403, msg: '账号已停用，请联系管理员' });
    const rows = await t.current.ctx.db.selectFrom('sys_login_failure').select('id').where('user_name', '=', 'target3').execute();
    expect(rows).toEqual([]);
  });
});

describe.each(DIALECTS)('login throttle behind a trusted proxy on %s', (dialect) => {
  // one proxy hop in front: the client address is the last X-Forwarded-For entry
  const t = useTestApp(dialect, { trustProxy: 1, loginMaxFailuresPerAccount: LIMIT });
  beforeAll(async () => {
    await insertUser(t.current.ctx, 'shared1', 'Shared_12345', ['editor']);
  });
  const via = (client: string, password: string) =>
    t.current.app.inject({ ...login('shared1', password), remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });

  it('failures from address A lock the account for A only; B (the owner, behind the same proxy) logs in', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await via('198.51.100.7', 'bad-password')).json()).toEqual({ code: 400, msg: '账号或密码错误' });
    const a = await via('198.51.100.7', 'Shared_12345');
    expect(a.statusCode).toBe(429);
    expect(a.json()).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试' });
    const b = await via('198.51.100.8', 'Shared_12345');
    expect(b.statusCode).toBe(200);
    expect(b.json().msg).toBe('登录成功');
    // B's success leaves A's lock as it was
    expect((await via('198.51.100.7', 'Shared_12345')).statusCode).toBe(429);
    const rows = await t.current.ctx.db.selectFrom('sys_login_failure').select('ip').where('user_name', '=', 'shared1').execute();
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['198.51.100.7']));
  });
});
