import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from './test/harness.js';

describe.each(DIALECTS)('server core on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('answers malformed JSON with code 400 and a clear message, no stack trace', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求内容不是有效的 JSON，请检查后重试' });
    expect(res.body).not.toMatch(/at .*\.js|stack/i);
  });

  it('answers in English when asked', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US,en;q=0.9' },
      payload: '{',
    });
    expect(res.json().msg).toBe('The request body is not valid JSON; please check it and try again');
    const es = await t.current.post('/login/doLogin', { username: '' }, { headers: { lang: 'es' } });
    expect(es.body.msg).toBe('La cuenta no puede estar vacía');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, msg: '不支持的请求内容类型：application/xml' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: '请求内容过大，最大允许 2 MB' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.current.app.inject({ method: 'POST', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在：/api/nope/nothing' });
    const get = await t.current.app.inject({ method: 'GET', url: '/api/news/getNewsList' });
    expect(get.statusCode).toBe(404);
  });

  it('sends security headers on every reply: API replies are never stored or framed, pages load only their own files', async () => {
    const api = await t.current.app.inject({ method: 'POST', url: '/api/login/doLogin', payload: {} });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await t.current.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('runs its migrations once and records them', async () => {
    const { migrate } = await import('./db/migrate.js');
    expect(await migrate(t.current.ctx.db, dialect)).toEqual([]);
    const tables = ['sys_user', 'sys_role', 'sys_menu', 'sys_permission', 'sys_session'];
    for (const table of tables) {
      const r = await t.current.ctx.db
        .selectFrom(table as 'sys_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(r.n)).toBeGreaterThanOrEqual(0);
    }
  });

  it('seeds idempotently: a second seed changes no counts and keeps the admin password', async () => {
    const { seedCore } = await import('./auth/seed.js');
    const count = async (table: string) =>
      Number(
        (
          await t.current.ctx.db
            .selectFrom(table as 'sys_user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await Promise.all(['sys_user', 'sys_role', 'sys_menu', 'sys_permission', 'sys_role_permission'].map(count));
    const again = await seedCore(t.current.ctx);
    expect(again.adminCreated).toBe(false);
    const after = await Promise.all(['sys_user', 'sys_role', 'sys_menu', 'sys_permission', 'sys_role_permission'].map(count));
    expect(after).toEqual(before);
    expect(before[1]).toBe(2);
    await t.current.login();
  });
});
