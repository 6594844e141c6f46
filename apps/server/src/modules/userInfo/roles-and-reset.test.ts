import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('account roles, password reset and unlock on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, tk = token) => t.current.post(path, body, { token: tk });
  const roleId = async (code: string) =>
    Number((await t.current.ctx.db.selectFrom('sys_role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    token = await t.current.login();
  });

  it('a new account gets the roles the dialog names; the list shows and filters by them', async () => {
    const news = await post('/role/saveRole', { code: 'acc_news', name: '账号新闻', permissions: ['menu:NewsList'] });
    const rid = news.body.data.id;
    const r = await post('/userInfo/saveUserInfo', { userName: 'acc-one', password: 'Acc_one_123', enableFlag: 1, roleIds: [rid] });
    expect(r.body).toMatchObject({ code: 200, data: { userName: 'acc-one', roleNames: '账号新闻' } });
    expect((await post(`/userInfo/getUserInfo?id=${r.body.data.id}`)).body.data).toMatchObject({ userName: 'acc-one', roleIds: [rid] });
    await post('/userInfo/saveUserInfo', { userName: 'acc-two', password: 'Acc_two_123', enableFlag: 1 });
    const filtered = await post('/userInfo/getUserInfoPage', { roleId: rid });
    expect(filtered.body.rows.map((u: { userName: string }) => u.userName)).toEqual(['acc-one']);
    const userToken = await t.current.login('acc-one', 'Acc_one_123');
    expect((await post('/user/info', {}, userToken)).body.data.roles).toEqual(['acc_news']);

    // changing the roles applies at once to the open session
    const editor = await roleId('editor');
    await post('/userInfo/saveUserInfo', { id: r.body.data.id, userName: 'acc-one', roleIds: [rid, editor] });
    expect((await post('/user/info', {}, userToken)).body.data.roles).toEqual(['editor', 'acc_news']);
    expect((await post('/policy/getPolicyPage', {}, userToken)).body.code).toBe(200);
    await post('/userInfo/saveUserInfo', { id: r.body.data.id, userName: 'acc-one', roleIds: [rid] });
    expect((await post('/policy/getPolicyPage', {}, userToken)).body.code).toBe(403);
  });

  it('refuses unknown roles and removing the own admin role, changing nothing', async () => {
    expect(
      (await post('/userInfo/saveUserInfo', { userName: 'acc-x', password: 'Acc_x_12345', enableFlag: 1, roleIds: [99999] })).body,
    ).toEqual({
      code: 400,
      msg: '所选角色不存在',
    });
    expect(await t.current.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'acc-x').executeTakeFirst()).toBeUndefined();
    expect(
      (await post('/userInfo/saveUserInfo', { userName: 'acc-y', password: 'Acc_y_12345', enableFlag: 1, roleIds: 'admin' })).body,
    ).toEqual({
      code: 400,
      msg: '角色格式不正确',
    });
    const admin = await t.current.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const r = await post('/userInfo/saveUserInfo', { id: admin.id, userName: 'admin', roleIds: [await roleId('editor')] });
    expect(r.body).toEqual({ code: 409, msg: '不能取消当前登录账号自己的超级管理员角色' });
    expect((await post('/user/info')).body.data.roles).toEqual(['admin']);
  });

  it('an administrator resets a password: old sessions end, the holder must change it before anything else', async () => {
    const saved = await post('/userInfo/saveUserInfo', { userName: 'acc-reset', password: 'Acc_reset_12', enableFlag: 1 });
    const id = saved.body.data.id;
    const old = await t.current.login('acc-reset', 'Acc_reset_12');
    expect((await post('/userInfo/resetPassword', { id, password: 'short' })).body).toEqual({ code: 400, msg: '密码不得少于8位' });
    expect((await post('/userInfo/resetPassword', { id, password: 'Reset_by_admin1' })).body).toEqual({
      code: 200,
      msg: '密码已重置，该用户下次登录时须修改密码',
    });
    expect((await post('/user/info', {}, old)).body.code).toBe(50008);
    expect(await t.current.post('/login/doLogin', { username: 'acc-reset', password: 'Acc_reset_12' }).then((x) => x.body.code)).toBe(400);
    const fresh = await t.current.login('acc-reset', 'Reset_by_admin1');
    const info = await post('/user/info', {}, fresh);
    expect(info.body.data.mustChangePwd).toBe(true);
    expect((await post('/news/getNewsList', {}, fresh)).body).toEqual({ code: 403, msg: '管理员重置了您的密码，请先修改密码' });
    expect((await post('/user/updatePassword', { oldPassword: 'Reset_by_admin1', newPassword: 'My_own_pass1' }, fresh)).body.code).toBe(
      200,
    );
    expect((await post('/news/getNewsList', {}, fresh)).body.code).toBe(200);
    expect((await post('/user/info', {}, fresh)).body.data.mustChangePwd).toBe(false);
  });

  it('unlocks an account locked by the login throttle', async () => {
    const saved = await post('/userInfo/saveUserInfo', { userName: 'acc-lock', password: 'Acc_lock_123', enableFlag: 1 });
    const attempt = (password: string) =>
      t.current.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        remoteAddress: '10.7.7.7',
        payload: { username: 'acc-lock', password },
      });
    for (let i = 0; i < 5; i++) await attempt('wrong-pass-1');
    expect((await attempt('Acc_lock_123')).json().code).toBe(429);
    // the 登录日志 row of the refused attempt names the account: 解锁 is offered there
    const locked = await post('/monitor/getLoginLogPage', { userName: 'acc-lock', status: 0 });
    expect(locked.body.rows[0]).toMatchObject({ userId: saved.body.data.id, reason: '登录失败次数过多，账号已锁定' });
    expect((await post(`/userInfo/unlock?id=${saved.body.data.id}`)).body).toEqual({ code: 200, msg: '账号已解锁' });
    expect((await attempt('Acc_lock_123')).json().code).toBe(200);
  });
});
