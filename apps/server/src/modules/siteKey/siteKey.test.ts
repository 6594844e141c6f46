import crypto from 'node:crypto';
import { roleEndpoints, siteKeyEndpoints } from '@gk/contracts';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

describe.each(DIALECTS)('site keys on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 5 });
  let token = '';
  const post = (path: string, body?: unknown, as = token) => t.current.post(path, body, { token: as });
  const publicGet = (path: string, headers: Record<string, string> = {}, remoteAddress = '10.3.0.1') =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers, remoteAddress });
  const stored = (id: number) => t.current.ctx.db.selectFrom('site_key').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  beforeAll(async () => {
    token = await t.current.login();
  });

  it('shows a new key once, stores only its hash, and never lists it', async () => {
    const created = await post(siteKeyEndpoints.save.path, { name: '官网 SSR', mode: 'published' });
    expect(created.body).toMatchObject({ code: 200, msg: '保存成功', data: { name: '官网 SSR', mode: 'published', revoked: 0 } });
    const { key, id } = created.body.data;
    expect(key).toMatch(/^gks_[A-Za-z0-9_-]{43}$/);
    expect(created.body.data).toMatchObject({ keyPrefix: key.slice(0, 12), createBy: 'admin', lastUsedTime: null });
    const row = await stored(id);
    expect(row.key_hash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await post(siteKeyEndpoints.list.path, { name: '官网 SSR' });
    expect(listed.body.total).toBe(1);
    expect(listed.body.rows[0]).toMatchObject({ id, keyPrefix: key.slice(0, 12), revoked: 0 });
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(12));
    expect(listed.body.rows[0]).not.toHaveProperty('key');
    expect(listed.body.rows[0]).not.toHaveProperty('keyHash');

    // a rename keeps the key (and answers none)
    const renamed = await post(siteKeyEndpoints.save.path, { id, name: '官网 SSR（新）' });
    expect(renamed.body.data).toMatchObject({ id, name: '官网 SSR（新）', mode: 'published' });
    expect(renamed.body.data).not.toHaveProperty('key');
    expect((await stored(id)).key_hash).toBe(sha256(key));
    // a client cannot choose the hash
    const forged = await post(siteKeyEndpoints.save.path, { name: '伪造', keyHash: sha256('gks_mine'), keyPrefix: 'gks_mine' });
    expect((await stored(forged.body.data.id)).key_hash).not.toBe(sha256('gks_mine'));
  });

  it('refuses a save without a name or with an unknown mode, and changes nothing', async () => {
    const count = async () => (await post(siteKeyEndpoints.list.path, {})).body.total;
    const before = await count();
    expect((await post(siteKeyEndpoints.save.path, { name: '' })).body).toEqual({ code: 400, msg: '名称不得为空' });
    expect((await post(siteKeyEndpoints.save.path, { name: '坏模式', mode: 'admin' })).body).toEqual({
      code: 400,
      msg: '模式须为"仅已发布内容"或"预览"',
    });
    expect(await count()).toBe(before);
  });

  it('a request with the key is served and records the last use at most once a minute; a revoked key is a 401', async () => {
    const { key, id } = (await post(siteKeyEndpoints.save.path, { name: '构建服务器' })).body.data;
    // from the start of a second, so the time written and the time read here are the same second
    t.current.advance(1000 - (t.current.ctx.now() % 1000));
    const ok = await publicGet('/news-types', bearer(key));
    expect(ok.statusCode).toBe(200);
    const first = (await stored(id)).last_used_time;
    expect(first).toBe(t.current.ctx.nowText());
    t.current.advance(30_000);
    await publicGet('/news-types', bearer(key));
    expect((await stored(id)).last_used_time).toBe(first);
    t.current.advance(31_000);
    await publicGet('/news-types', bearer(key));
    expect((await stored(id)).last_used_time).toBe(t.current.ctx.nowText());

    const revoked = await post(`${siteKeyEndpoints.revoke.path}?id=${id}`);
    expect(revoked.body).toMatchObject({ code: 200, msg: '站点密钥已撤销', data: { id, revoked: 1 } });
    const refused = await publicGet('/news-types', bearer(key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, msg: '站点密钥已被撤销，请改用新的密钥' });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // even with a matching If-None-Match: a refused key never gets a 304
    const tag = (await publicGet('/news-types', {}, '10.3.9.1')).headers.etag as string;
    expect((await publicGet('/news-types', { ...bearer(key), 'if-none-match': tag })).statusCode).toBe(401);

    for (const wrong of [`gks_${'A'.repeat(43)}`, 'not-a-key', `gks_${'x'.repeat(5000)}`]) {
      const r = await publicGet('/news-types', bearer(wrong), '10.3.1.1');
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 401, msg: '站点密钥无效：请检查 Authorization 请求头中的密钥' });
    }
    const en = await publicGet('/news-types', { ...bearer('nope'), lang: 'en' }, '10.3.1.2');
    expect(en.json().msg).toBe('The site key is not valid: check the key in the Authorization header');
    expect((await post(`${siteKeyEndpoints.revoke.path}?id=999999`)).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
  });

  it('a key has its own limit: 300 requests without a 429 where an address gets one after 5; a 304 never counts', async () => {
    const { key } = (await post(siteKeyEndpoints.save.path, { name: '高频 SSR' })).body.data;
    for (let i = 0; i < 300; i++) {
      const r = await publicGet(`/news?page=${(i % 3) + 1}`, bearer(key), '10.4.0.1');
      if (r.statusCode !== 200) expect([i, r.statusCode]).toEqual([i, 200]);
    }
    const anon = async () => (await publicGet('/news', {}, '10.4.0.2')).statusCode;
    for (let i = 0; i < 5; i++) expect(await anon()).toBe(200);
    const limited = await publicGet('/news', {}, '10.4.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    // the key's requests still pass from that address
    expect((await publicGet('/news', bearer(key), '10.4.0.2')).statusCode).toBe(200);

    // another address: one full reply, then revalidations only — never a 429
    const tag = (await publicGet('/news-types', {}, '10.4.0.3')).headers.etag as string;
    for (let i = 0; i < 100; i++) {
      const r = await publicGet('/news-types', { 'if-none-match': tag }, '10.4.0.3');
      if (r.statusCode !== 304) expect([i, r.statusCode]).toEqual([i, 304]);
    }
    for (let i = 0; i < 4; i++) expect((await publicGet('/news-types', {}, '10.4.0.3')).statusCode).toBe(200);
    expect((await publicGet('/news-types', {}, '10.4.0.3')).statusCode).toBe(429);
    // nor for a key
    const keyTag = (await publicGet('/news-types', bearer(key), '10.4.0.4')).headers.etag as string;
    for (let i = 0; i < 50; i++) expect((await publicGet('/news-types', { ...bearer(key), 'if-none-match': keyTag })).statusCode).toBe(304);
  });

  it('an SSR server with a key makes 20,000 full requests in one minute under the shipped limit without one 429', async () => {
    expect(t.current.ctx.config.siteKeyRateLimit).toBe(60_000);
    const { key } = (await post(siteKeyEndpoints.save.path, { name: '2 万次 SSR' })).body.data;
    const paths = ['/news-types', '/links', '/news?pageSize=5&fields=id,title', '/policies?pageSize=5&sort=-publishTime'];
    const statuses = new Map<number, number>();
    let remaining = '';
    // the limiter's minute starts now and stays there, however long this machine takes for the 20,000
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    onTestFinished(() => now.mockRestore());
    // as an SSR server renders: 50 pages at a time, each a full reply (no If-None-Match)
    for (let i = 0; i < 20_000; i += 50) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, j) => publicGet(paths[(i + j) % paths.length], bearer(key), '10.6.0.1')),
      );
      for (const r of replies) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      remaining = String(replies.at(-1)!.headers['x-ratelimit-remaining']);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 20_000 });
    // all 20,000 were counted in one window of the key's limit
    expect(remaining).toBe(String(60_000 - 20_000));
    // 15 s on SQLite, 15–50 s on PostgreSQL on a two-core machine at load 20: the bound is three times that
  }, 180_000);

  it("a preview key's replies stay private, with an ETag of their own", async () => {
    const { key } = (await post(siteKeyEndpoints.save.path, { name: '预览站', mode: 'preview' })).body.data;
    const anon = await publicGet('/news-types', {}, '10.5.0.1');
    const preview = await publicGet('/news-types', bearer(key), '10.5.0.1');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    expect(preview.headers['cdn-cache-control']).toBeUndefined();
    expect(preview.headers.etag).not.toBe(anon.headers.etag);
    expect((await publicGet('/news-types', { ...bearer(key), 'if-none-match': preview.headers.etag as string })).statusCode).toBe(304);
    // a published-mode key reads what everyone reads
    const { key: plain } = (await post(siteKeyEndpoints.save.path, { name: '普通站' })).body.data;
    const published = await publicGet('/news-types', bearer(plain), '10.5.0.1');
    expect(published.headers.etag).toBe(anon.headers.etag);
    expect(published.headers['cache-control']).toBe(anon.headers['cache-control']);
  });

  it('a role without the site-key permissions is refused; a role manager cannot grant what it does not hold', async () => {
    await insertUser(t.current.ctx, 'sk-editor', 'Sk_editor_123', ['editor']);
    const editor = await t.current.login('sk-editor', 'Sk_editor_123');
    for (const [path, body] of [
      [siteKeyEndpoints.list.path, {}],
      [siteKeyEndpoints.save.path, { name: '越权' }],
      [`${siteKeyEndpoints.revoke.path}?id=1`, undefined],
    ] as const) {
      const r = await post(path, body, editor);
      expect([path, r.status, r.body.code]).toEqual([path, 403, 403]);
    }
    expect(await t.current.ctx.db.selectFrom('site_key').select('id').where('name', '=', '越权').executeTakeFirst()).toBeUndefined();

    const roleKeys = [
      'menu:RoleList',
      'menu:RoleDetails',
      ...Object.values(roleEndpoints)
        .filter((e) => e.kind === 'write')
        .map((e) => e.path),
    ];
    expect((await post('/role/saveRole', { code: 'sk_role_mgr', name: '角色管理员', permissions: roleKeys })).body.code).toBe(200);
    await insertUser(t.current.ctx, 'sk-mgr', 'Sk_mgr_12345', ['sk_role_mgr']);
    const mgr = await t.current.login('sk-mgr', 'Sk_mgr_12345');
    const climb = await post(
      '/role/saveRole',
      { code: 'sk_keys', name: '密钥管理', permissions: ['menu:SiteKeyList', siteKeyEndpoints.save.path] },
      mgr,
    );
    expect(climb.status).toBe(403);
    expect(climb.body.msg).toMatch(/^不能授予您自己没有的权限：/);
    expect(await t.current.ctx.db.selectFrom('sys_role').select('id').where('code', '=', 'sk_keys').executeTakeFirst()).toBeUndefined();
  });

  it('sits under 系统管理 as 站点密钥, held by admin only', async () => {
    const screens = async (as: string) =>
      ((await post('/user/info', {}, as)).body.data.menus as { routeName: string; children?: { routeName: string }[] }[]).flatMap((m) =>
        (m.children ?? []).map((c) => `${m.routeName}/${c.routeName}`),
      );
    expect(await screens(token)).toContain('System/SiteKeyList');
    await insertUser(t.current.ctx, 'sk-editor2', 'Sk_editor_123', ['editor']);
    expect(await screens(await t.current.login('sk-editor2', 'Sk_editor_123'))).not.toContain('System/SiteKeyList');
  });
});
