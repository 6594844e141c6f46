import { defineEndpoints } from '@gk/contracts';
import { decodeJwt, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { changed } from '../events/bus.js';
import { ok } from '../http/reply.js';
import { addRoute } from '../http/route.js';
import { ADMIN_PASSWORD, DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser, legacyScryptHash } from '../test/users.js';

// Two probe endpoints: one in an admin-only module, one in a content module.
const probe = defineEndpoints('userInfo', { adminOnly: { path: '/probe/adminOnly', kind: 'write', name: '探针-用户' } });
const probe2 = defineEndpoints('news', { editorOk: { path: '/probe/editorOk', kind: 'write', name: '探针-新闻' } });

describe.each(DIALECTS)('auth on %s', (dialect) => {
  const t = useTestApp(dialect);
  beforeAll(async () => {
    const { app, ctx } = t.current;
    await app.register(
      async (api) => {
        for (const ep of [probe.adminOnly, probe2.editorOk])
          addRoute(api, ctx, { endpoint: ep, handler: (_i, req) => ok(req, { who: req.user!.userName }) });
      },
      { prefix: '/api' },
    );
    await insertUser(ctx, 'editor1', 'Editor_123456', ['editor']);
    await insertUser(ctx, 'off1', 'Off_12345678', ['editor'], 0);
  });

  describe('login', () => {
    it('logs in with a JSON body, trims the username and replies the token with 登录成功', async () => {
      const r = await t.current.post('/login/doLogin', { username: '  admin ', password: ADMIN_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(200);
      expect(r.body.msg).toBe('登录成功');
      expect(r.body.data.token).toMatch(/^[\w-]{43}$/);
      expect(r.body.data.username).toBe('admin');
    });

    it('logs in with a form body and with query parameters', async () => {
      const form = await t.current.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=admin&password=${ADMIN_PASSWORD}`,
      });
      expect(form.json().code).toBe(200);
      const query = await t.current.app.inject({ method: 'POST', url: `/api/login/doLogin?username=admin&password=${ADMIN_PASSWORD}` });
      expect(query.json().code).toBe(200);
    });

    it('warns about an empty username or password', async () => {
      expect((await t.current.post('/login/doLogin', { username: ' ', password: 'x' })).body).toEqual({ code: 400, msg: '账号不能为空' });
      expect((await t.current.post('/login/doLogin', { username: 'admin', password: '' })).body).toEqual({
        code: 400,
        msg: '密码不能为空',
      });
      expect((await t.current.post('/login/doLogin', {}, { headers: { lang: 'en' } })).body.msg).toBe('Account cannot be empty');
    });

    it('refuses wrong credentials with a clear message, the same for unknown users', async () => {
      const a = await t.current.post(
        '/login/doLogin',
        { username: 'admin', password: 'wrong-password' },
        { headers: { 'x-forwarded-for': '1.1.1.1' } },
      );
      expect(a.body).toEqual({ code: 400, msg: '账号或密码错误' });
      const b = await t.current.post('/login/doLogin', { username: 'ghost', password: 'whatever1' });
      expect(b.body).toEqual({ code: 400, msg: '账号或密码错误' });
    });

    it('refuses a disabled account', async () => {
      const r = await t.current.post('/login/doLogin', { username: 'off1', password: 'Off_12345678' });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 403, msg: '账号已停用，请联系管理员' });
    });

    it('throttles 5 failures of one account from one address, without locking it elsewhere', async () => {
      const from = (ip: string, password: string) =>
        t.current.app.inject({ method: 'POST', url: '/api/login/doLogin', remoteAddress: ip, payload: { username: 'editor1', password } });
      for (let i = 0; i < 5; i++) expect((await from('10.9.9.9', 'bad-password')).json().msg).toBe('账号或密码错误');
      const locked = await from('10.9.9.9', 'Editor_123456');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试' });
      // the real user, from another address, still gets in
      expect((await from('10.8.8.8', 'Editor_123456')).json().code).toBe(200);
      // after the window the account opens again from that address
      t.current.advance(15 * 60_000 + 1000);
      expect((await from('10.9.9.9', 'Editor_123456')).json().code).toBe(200);
    });
  });

  describe('sessions', () => {
    it('/user/info gives roles, names, menus and buttons (token as header or param)', async () => {
      const token = await t.current.login();
      const r = await t.current.post('/user/info', undefined, { token });
      expect(r.body.code).toBe(200);
      const info = r.body.data;
      expect(info.roles).toEqual(['admin']);
      expect(info.name).toBe('系统管理员');
      expect(info.customsName).toBe('网站后台管理系统');
      for (const k of ['avatar', 'introduction', 'tel', 'logoImg', 'logoIcon']) expect(typeof info[k]).toBe('string');
      const news = info.menus.find((m: { routeName: string }) => m.routeName === 'News');
      expect(news).toMatchObject({ url: '/news', title: '新闻管理', icon: 'ReadOutlined', isHidden: false });
      expect(news.children.map((c: { url: string }) => c.url)).toEqual(['/news/news-type', '/news/news-list', '/news/news-details']);
      expect(news.children[2].isHidden).toBe(true);
      expect(info.menus.map((m: { routeName: string }) => m.routeName)).toContain('UserInfo');
      expect(info.buttons).toContainEqual({ url: '/probe/adminOnly', name: '探针-用户' });
      const byParam = await t.current.app.inject({ method: 'POST', url: `/api/user/info?token=${token}` });
      expect(byParam.json().data.roles).toEqual(['admin']);
      // no secret in the reply (button urls such as /userInfo/resetPassword name calls, not secrets)
      expect(JSON.stringify({ ...r.body.data, buttons: [] })).not.toMatch(/password|scrypt|argon/i);
    });

    it('editor sees no user menu and gets 403 on user accounts, but may edit content', async () => {
      const token = await t.current.login('editor1', 'Editor_123456');
      const info = (await t.current.post('/user/info', undefined, { token })).body.data;
      expect(info.roles).toEqual(['editor']);
      expect(info.menus.map((m: { routeName: string }) => m.routeName)).not.toContain('UserInfo');
      expect(info.buttons.map((b: { url: string }) => b.url)).not.toContain('/probe/adminOnly');
      const refused = await t.current.post('/probe/adminOnly', {}, { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 403, msg: '没有权限执行此操作' });
      expect((await t.current.post('/probe/editorOk', {}, { token })).body).toMatchObject({ code: 200, data: { who: 'editor1' } });
      const admin = await t.current.login();
      expect((await t.current.post('/probe/adminOnly', {}, { token: admin })).body.code).toBe(200);
    });

    it('a session checked before answers as on its first call: the same grants header, the same 403, the same 200', async () => {
      const token = await t.current.login('editor1', 'Editor_123456');
      const first = await t.current.post('/probe/editorOk', {}, { token });
      const firstRefused = await t.current.post('/probe/adminOnly', {}, { token });
      for (let i = 0; i < 3; i++) {
        const again = await t.current.post('/probe/editorOk', {}, { token });
        expect(again.body).toEqual(first.body);
        expect(again.headers['x-grants']).toBe(first.headers['x-grants']);
        const refused = await t.current.post('/probe/adminOnly', {}, { token });
        expect([refused.status, refused.body]).toEqual([403, { code: 403, msg: '没有权限执行此操作' }]);
        expect(refused.headers['x-grants']).toBe(firstRefused.headers['x-grants']);
      }
      expect(first.headers['x-grants']).toMatch(/^[\w-]{16}$/);
      // the session ended: the next call hears it, though this process had kept the session
      await t.current.post('/user/logout', {}, { token });
      expect((await t.current.post('/probe/editorOk', {}, { token })).body.code).toBe(50008);
    });

    it('no token or a forged token gives 50008', async () => {
      const none = await t.current.post('/probe/editorOk', {});
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ code: 50008, msg: '未登录或登录已失效，请重新登录' });
      const forged = await t.current.post('/user/info', {}, { token: 'forged-token-forged-token-forged-token-1234' });
      expect(forged.body.code).toBe(50008);
    });

    it('a cookie alone does not authenticate', async () => {
      const token = await t.current.login();
      const r = await t.current.app.inject({ method: 'POST', url: '/api/probe/editorOk', headers: { cookie: `token=${token}` } });
      expect(r.json().code).toBe(50008);
    });

    it('an expired session gives 50014; activity renews it', async () => {
      const token = await t.current.login();
      t.current.advance(7 * 60 * 60_000); // 7 h of an 8 h session
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200); // renews
      t.current.advance(7 * 60 * 60_000);
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200);
      t.current.advance(8 * 60 * 60_000 + 1000);
      const expired = await t.current.post('/user/info', {}, { token });
      expect(expired.body).toEqual({ code: 50014, msg: '登录已超时，请重新登录' });
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(50008);
    });

    it('logout ends the session', async () => {
      const token = await t.current.login();
      expect((await t.current.post('/user/logout', {}, { token })).body).toEqual({ code: 200, msg: '已退出登录' });
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(50008);
    });

    it('a session deleted by hand in the database (no change published) is refused within a minute', async () => {
      const token = await t.current.login();
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200);
      await t.current.ctx.db.deleteFrom('sys_session').execute();
      // nothing told this process: it keeps the session it checked a moment ago, for at most a minute
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200);
      t.current.advance(60_001);
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(50008);
    });

    it('a session deleted in the database and published on the change bus is refused at once', async () => {
      const token = await t.current.login();
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(200);
      await t.current.ctx.db.deleteFrom('sys_session').execute();
      await changed(t.current.ctx, 'session');
      expect((await t.current.post('/user/info', {}, { token })).body.code).toBe(50008);
    });

    it('a disabled user is refused at once with an existing session', async () => {
      const id = await insertUser(t.current.ctx, 'soon-off', 'Soon_1234567', ['editor']);
      const token = await t.current.login('soon-off', 'Soon_1234567');
      await t.current.ctx.db.updateTable('sys_user').set({ enable_flag: 0 }).where('id', '=', id).execute();
      const r = await t.current.post('/user/info', {}, { token });
      expect(r.body).toEqual({ code: 50008, msg: '账号已停用，请联系管理员' });
    });

    it('getJwt gives a short-lived signed JWT of the session', async () => {
      const token = await t.current.login();
      const r = await t.current.post('/customerAccount/login/getJwt', {}, { token });
      expect(r.body.code).toBe(200);
      const claims = decodeJwt(r.body.data.jwt);
      expect(claims.name).toBe('admin');
      expect(claims.roles).toEqual(['admin']);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
      const secret = await t.current.ctx.db
        .selectFrom('sys_setting')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirstOrThrow();
      await expect(
        jwtVerify(r.body.data.jwt, Buffer.from(secret.value, 'base64url'), { currentDate: new Date(Number(claims.iat) * 1000) }),
      ).resolves.toBeTruthy();
    });

    it('a login with an older scrypt hash replaces it by an Argon2id hash', async () => {
      const id = await insertUser(t.current.ctx, 'old-hash', 'Old_hash_123', ['editor']);
      await t.current.ctx.db
        .updateTable('sys_user')
        .set({ password_hash: legacyScryptHash('Old_hash_123') })
        .where('id', '=', id)
        .execute();
      await t.current.login('old-hash', 'Old_hash_123');
      const row = await t.current.ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
      // and the new hash lets them in again
      expect(await t.current.login('old-hash', 'Old_hash_123')).toBeTruthy();
    });

    it('stores only hashes of passwords and tokens', async () => {
      const token = await t.current.login();
      const sessions = await t.current.ctx.db.selectFrom('sys_session').select('token_hash').execute();
      expect(sessions.map((s) => s.token_hash)).not.toContain(token);
      const admin = await t.current.ctx.db
        .selectFrom('sys_user')
        .select('password_hash')
        .where('user_name', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(admin.password_hash).toMatch(/^\$argon2id\$/);
      expect(admin.password_hash).not.toContain(ADMIN_PASSWORD);
    });
  });
});
