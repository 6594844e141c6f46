import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('own profile and password on %s', (dialect) => {
  const t = useTestApp(dialect);
  let userId = 0;
  beforeAll(async () => {
    userId = await insertUser(t.current.ctx, 'self-1', 'Self_one_123', ['editor']);
  });

  it('shows own name, avatar, roles and latest sign-ins; saves name and avatar', async () => {
    const token = await t.current.login('self-1', 'Self_one_123');
    const r = await t.current.post('/user/getProfile', {}, { token });
    expect(r.body.data).toMatchObject({
      id: userId,
      userName: 'self-1',
      name: 'self-1',
      roles: [{ code: 'editor', name: '内容编辑' }],
      mustChangePassword: false,
    });
    expect(r.body.data.lastLogins[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(r.body)).not.toContain(token);
    const saved = await t.current.post('/user/updateProfile', { name: '张三', avatar: '/img/abc.png' }, { token });
    expect(saved.body).toEqual({ code: 200, msg: '保存成功', data: { name: '张三', avatar: '/img/abc.png' } });
    expect((await t.current.post('/user/info', {}, { token })).body.data.name).toBe('张三');
    expect((await t.current.post('/user/updateProfile', { name: ' ' }, { token })).body).toEqual({ code: 400, msg: '姓名不得为空' });
    expect((await t.current.post('/user/updateProfile', { name: 'x', avatar: 'javascript:alert(1)' }, { token })).body).toEqual({
      code: 400,
      msg: '图片地址无效',
    });
  });

  it('changes the own password with the current one and ends the other sessions only', async () => {
    await insertUser(t.current.ctx, 'self-2', 'Self_two_123', ['editor']);
    const here = await t.current.login('self-2', 'Self_two_123');
    const elsewhere = await t.current.login('self-2', 'Self_two_123');
    const change = (body: unknown) => t.current.post('/user/updatePassword', body, { token: here });
    expect((await change({ oldPassword: 'wrong-one-1', newPassword: 'New_pass_123' })).body).toEqual({ code: 400, msg: '原密码不正确' });
    expect((await change({ oldPassword: '', newPassword: 'New_pass_123' })).body).toEqual({ code: 400, msg: '原密码不得为空' });
    expect((await change({ oldPassword: 'Self_two_123', newPassword: 'short' })).body).toEqual({ code: 400, msg: '密码不得少于8位' });
    expect((await change({ oldPassword: 'Self_two_123', newPassword: 'Self_two_123' })).body).toEqual({
      code: 400,
      msg: '新密码不能与原密码相同',
    });
    expect((await t.current.post('/user/info', {}, { token: elsewhere })).body.code).toBe(200);
    expect((await change({ oldPassword: 'Self_two_123', newPassword: 'New_pass_123' })).body).toEqual({
      code: 200,
      msg: '密码已修改，其他设备上的登录已退出',
    });
    expect((await t.current.post('/user/info', {}, { token: here })).body.code).toBe(200);
    expect((await t.current.post('/user/info', {}, { token: elsewhere })).body.code).toBe(50008);
    const row = await t.current.ctx.db
      .selectFrom('sys_user')
      .select('password_hash')
      .where('user_name', '=', 'self-2')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('New_pass_123', row.password_hash)).toBe(true);
  });
});
