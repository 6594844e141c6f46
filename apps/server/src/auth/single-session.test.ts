import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';

describe.each(DIALECTS)('single-session policy on %s', (dialect) => {
  const t = useTestApp(dialect, { singleSession: true });

  it('a newer login ends the older session, which then gets 50012 once', async () => {
    await insertUser(t.current.ctx, 'single-1', 'Single_one_12', ['editor']);
    const first = await t.current.login('single-1', 'Single_one_12');
    expect((await t.current.post('/user/info', {}, { token: first })).body.code).toBe(200);
    const second = await t.current.login('single-1', 'Single_one_12');
    expect((await t.current.post('/user/info', {}, { token: first })).body).toEqual({
      code: 50012,
      msg: '账号已在其他地方登录，请重新登录',
    });
    expect((await t.current.post('/user/info', {}, { token: first })).body.code).toBe(50008);
    expect((await t.current.post('/user/info', {}, { token: second })).body.code).toBe(200);
  });
});

describe('without the policy', () => {
  const t = useTestApp('sqlite');
  it('two logins of one account both stay signed in', async () => {
    const a = await t.current.login();
    const b = await t.current.login();
    expect((await t.current.post('/user/info', {}, { token: a })).body.code).toBe(200);
    expect((await t.current.post('/user/info', {}, { token: b })).body.code).toBe(200);
  });
});
