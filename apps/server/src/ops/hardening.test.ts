import { translate } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { trustProxyOf } from '../config.js';
import { looseDb } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { appErrorOfDb } from './hardening.js';

const nested = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

describe('TRUST_PROXY', () => {
  it('is a hop count or a list of proxies, never "trust everyone"', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => trustProxyOf('true')).toThrow(/hop count/);
  });
});

describe.each(DIALECTS)('hardening on %s', (dialect) => {
  const t = useTestApp(dialect, { trustProxy: 1, hstsMaxAge: 31536000 });
  const db = () => looseDb(t.current.db.db);
  const save = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.current.post(path, body, { token: await t.current.login(), headers });

  describe('rich text', () => {
    it('refuses nesting deeper than the limit before sanitizing, storing nothing', async () => {
      const title = `deep-${dialect}-${Date.now()}`;
      const started = Date.now();
      // 140 000 nested tags: under the field's million characters, far past any sane nesting
      const r = await save('/policy/savePolicy', { title, content: nested(140_000, 'b') });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: '正文的标签嵌套过深（最多 100 层），请简化格式后再保存' });
      expect(Date.now() - started).toBeLessThan(5000);
      const en = await save('/policy/savePolicy', { title, content: nested(101) }, { lang: 'en' });
      expect(en.body.msg).toBe('The content is nested too deeply (at most 100 levels); please simplify its formatting and save again');
      const rows = await db().selectFrom('policy').select('id').where('title', '=', title).execute();
      expect(rows).toEqual([]);
    });

    it('refuses a body past the field size before sanitizing', async () => {
      const r = await save('/policy/savePolicy', { title: 'big', content: `<p>${'x'.repeat(1_000_001)}</p>` });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('不能超过1000000个字符');
    });

    it('sanitizes a costly body off the event loop: other requests keep being answered meanwhile', async () => {
      const token = await t.current.login();
      // 24 000 elements with handlers and scripts: within the limits, but about two seconds of sanitizing
      const heavy = `<div>${'<span style="color:red" onclick="x()">a</span><script>bad()</script>'.repeat(12_000)}</div>`;
      const title = `heavy-${dialect}-${Date.now()}`;
      let done = false;
      const saving = t.current.post('/policy/savePolicy', { title, content: heavy }, { token }).finally(() => {
        done = true;
      });
      // lists one after another while the save runs; the longest wait between two answers shows any stall
      let lists = 0;
      let longestGap = 0;
      let last = Date.now();
      while (!done) {
        const r = await t.current.post('/policy/getPolicyPage', { pageNumber: 1, pageSize: 1 }, { token });
        expect(r.body.code).toBe(200);
        const now = Date.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        lists++;
      }
      const saved = await saving;
      expect(saved.body.code).toBe(200);
      expect(lists).toBeGreaterThan(3);
      expect(longestGap).toBeLessThan(1000);
      const row = await db().selectFrom('policy').select('content').where('title', '=', title).executeTakeFirstOrThrow();
      expect(row.content).not.toContain('<script');
      expect(row.content).not.toContain('onclick');
      expect(row.content).toContain('<span style="color:red">a</span>');
    });

    it('a body still being cleaned past the time limit is refused with a clear message; the next one is cleaned', async () => {
      const heavy = `<div>${'<span style="color:red" onclick="x()">a</span><script>bad()</script>'.repeat(12_000)}</div>`;
      const started = Date.now();
      const refused = await sanitizeRichText(heavy, { timeLimitMs: 50 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 400, key: 'v.richTextTooComplex' });
      expect(translate('zh', (refused as AppError).key)).toBe('正文过于复杂，无法在限定时间内处理，请简化格式后再保存');
      // refused at the limit, not when the worker would have finished
      expect(Date.now() - started).toBeLessThan(1500);
      // the worker that was stopped is replaced: the pool still cleans
      expect(await sanitizeRichText('<p onclick="x()">ok</p><script>bad()</script>')).toBe('<p>ok</p>');
    });
  });

  describe('X-Forwarded-For from the client', () => {
    it('cannot bypass the login throttle: only the address the trusted proxy saw counts', async () => {
      const user = `admin`;
      const from = (spoofed: string, password: string) =>
        t.current.app.inject({
          method: 'POST',
          url: '/api/login/doLogin',
          remoteAddress: '127.0.0.1',
          // the client wrote the first entry; the one load balancer appended the address it saw
          headers: { 'x-forwarded-for': `${spoofed}, 10.7.7.7` },
          payload: { username: user, password },
        });
      for (let i = 0; i < 5; i++) expect((await from(`203.0.113.${i}`, 'bad-password')).json().msg).toBe('账号或密码错误');
      const locked = await from('198.51.100.9', 'Admin_123456');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试' });
      const failures = await db().selectFrom('sys_login_failure').select('ip').execute();
      expect(new Set(failures.map((f) => f.ip))).toEqual(new Set(['10.7.7.7']));
      // another client behind the same proxy is a different address: not locked out by the first one
      const other = await t.current.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '10.8.8.8' },
        payload: { username: user, password: 'Admin_123456' },
      });
      expect(other.statusCode).toBe(200);
      t.current.advance(16 * 60_000);
    });
  });

  describe('GET /metrics through the trusted proxy', () => {
    it('a client behind the proxy on this machine is not a loopback caller', async () => {
      const r = await t.current.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.40' },
      });
      expect(r.statusCode).toBe(403);
      // the proxy's own request (no X-Forwarded-For) is
      expect((await t.current.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    });
  });

  describe('text the database cannot hold', () => {
    it('a NUL character anywhere answers 400 with a clear message and stores nothing', async () => {
      const code = `nul${Date.now() % 100000}`;
      const r = await save('/news/saveNewsType', { code, name: 'a\u0000b' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: '内容包含不允许的空字符（\\0），请删除后重试' });
      const q = await save('/news/getNewsList?title=a%00b', {});
      expect(q.status).toBe(400);
      expect((await db().selectFrom('news_type').select('id').where('code', '=', code).execute()).length).toBe(0);
    });

    it('a lone UTF-16 surrogate is refused, not stored', async () => {
      const code = `sur${Date.now() % 100000}`;
      const r = await t.current.app.inject({
        method: 'POST',
        url: '/api/news/saveNewsType',
        headers: { token: await t.current.login(), 'content-type': 'application/json', lang: 'en' },
        payload: `{"code":"${code}","name":"bad \\ud800 text"}`,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        code: 400,
        msg: 'The input contains an invalid character encoding (a lone surrogate); please check it and try again',
      });
      expect((await db().selectFrom('news_type').select('id').where('code', '=', code).execute()).length).toBe(0);
      // a proper pair (an emoji) is fine
      const ok = await save('/news/saveNewsType', { code, name: '好 😀' });
      expect(ok.body.code).toBe(200);
    });

    it('a sort number of 10^12 answers 400 with the range, not an overflow', async () => {
      const r = await save('/news/saveNewsType', { code: `big${Date.now() % 100000}`, name: 'n', sortNo: 10 ** 12 });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: '排序不能超过 999999999' });
      const ok = await save('/news/saveNewsType', { code: `max${Date.now() % 100000}`, name: 'n', sortNo: '999999999' });
      expect(ok.body.code).toBe(200);
    });
  });

  describe('concurrent duplicate saves', () => {
    it('answer 409 with the resource message, never 500, and store one row', async () => {
      const token = await t.current.login();
      const code = `dup${Date.now() % 100000}`;
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => t.current.post('/application/saveApplicationType', { code, name: '并发', sortNo: 1 }, { token })),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 200))
        expect({ status: r.status, body: r.body }).toEqual({ status: 409, body: { code: 409, msg: expect.any(String) } });
      const msgs = new Set(replies.filter((x) => x.status === 409).map((r) => r.body.msg));
      const single = await t.current.post('/application/saveApplicationType', { code, name: 'again', sortNo: 1 }, { token });
      expect(single.status).toBe(409);
      expect([...msgs]).toEqual([single.body.msg]);
      const rows = await db().selectFrom('application_type').select('id').where('code', '=', code).execute();
      expect(rows).toHaveLength(1);
    });

    it("the database's own unique violation is the resource's 409 message (whichever save passed the check first)", async () => {
      const code = `uq${Date.now() % 100000}`;
      const row = { code, name: '唯一', sort_no: 1 };
      await db().insertInto('application_type').values(row).execute();
      const clash = await db()
        .insertInto('application_type')
        .values(row)
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(clash).not.toBeNull();
      const mapped = appErrorOfDb(clash);
      expect(mapped).toMatchObject({ code: 409, key: 'applicationType.codeExists' });
      // the same words the application's own check answers
      const single = await save('/application/saveApplicationType', { code, name: 'again', sortNo: 1 });
      expect(single.body).toEqual({ code: 409, msg: translate('zh', mapped!.key) });
    });
  });

  describe('ids, links and user names (contracts validators)', () => {
    it('an id is plain decimal digits: "0x10" is not 16', async () => {
      const token = await t.current.login();
      const made = await t.current.post('/news/saveNewsType', { code: `hx${Date.now() % 100000}`, name: '十六' }, { token });
      expect(made.body.code).toBe(200);
      const r = await t.current.post('/policy/getPolicy?id=0x10', undefined, { token });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: '编号无效' });
      for (const bad of ['1e3', ' 16', '16.0'])
        expect((await t.current.post(`/policy/getPolicy?id=${encodeURIComponent(bad)}`, undefined, { token })).status).toBe(400);
      // past the id column's range: the same clear answer on both databases (PostgreSQL's integer would overflow)
      expect((await t.current.post('/policy/getPolicy?id=99999999999', undefined, { token })).body).toEqual({ code: 400, msg: '编号无效' });
      expect((await t.current.post('/news/delNews', [99999999999], { token })).body).toEqual({ code: 400, msg: '编号无效' });
      expect((await t.current.post('/policy/getPolicy?id=2147483647', undefined, { token })).status).toBe(404);
    });

    it('refuses /\\host in a link field', async () => {
      const r = await save('/headerContorller/saveLink', { name: `l${Date.now() % 100000}`, url: '/\\evil.example.com' });
      expect(r.status).toBe(400);
      const ok = await save('/headerContorller/saveLink', { name: `k${Date.now() % 100000}`, url: 'https://example.com/a' });
      expect(ok.body.code).toBe(200);
    });

    it('refuses /\\host and //host where a site path is allowed (banner jump address), keeps a real site path', async () => {
      for (const url of ['/\\evil.example.com', '//evil.example.com', '/\\/evil.example.com']) {
        const r = await save('/banner/save', { title: 'b', bannerType: 'index', url });
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ code: 400, msg: '跳转地址格式不正确（http://、https:// 或以 / 开头的站内地址）' });
      }
      const ok = await save('/banner/save', { title: `site${Date.now() % 100000}`, bannerType: 'index', url: '/news/news-list' });
      expect(ok.body.code).toBe(200);
    });

    it('ids in the delivery API, previews and webhook deliveries are plain decimal digits too', async () => {
      const token = await t.current.login();
      for (const bad of ['0x10', '1e1', '16.0', '%2016']) {
        const r = await t.current.app.inject({ method: 'GET', url: `/public/v1/news/${bad}` });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ code: 400, msg: '编号无效' });
      }
      expect((await t.current.app.inject({ method: 'GET', url: '/public/v1/news/16' })).statusCode).toBe(404);
      const products = await t.current.app.inject({ method: 'GET', url: '/public/v1/products?supplierId=0x1' });
      expect(products.statusCode).toBe(400);
      const preview = await t.current.post('/news/previewNews?id=0x10', undefined, { token });
      expect(preview.body).toEqual({ code: 400, msg: '编号无效' });
      const deliveries = await t.current.post('/webhook/getDeliveryPage', { webhookId: '0x10' }, { token });
      expect(deliveries.body).toEqual({ code: 400, msg: '编号无效' });
    });

    it('normalises user names (NFKC) and refuses invisible and mixed-script look-alikes', async () => {
      const base = `ｕｓｅｒ${Date.now() % 100000}`;
      const made = await save('/userInfo/saveUserInfo', { userName: base, password: 'Pass_123456', enableFlag: 1 });
      expect(made.body.code).toBe(200);
      const normal = base.normalize('NFKC');
      const row = await db().selectFrom('sys_user').select('user_name').where('user_name', '=', normal).executeTakeFirst();
      expect(row?.user_name).toBe(normal);
      // the full-width spelling logs in as the same account
      const login = await t.current.post('/login/doLogin', { username: base, password: 'Pass_123456' });
      expect(login.body.code).toBe(200);
      for (const bad of [`adm\u200bin${Date.now() % 1000}`, `\u0430dmin${Date.now() % 1000}`]) {
        const r = await save('/userInfo/saveUserInfo', { userName: bad, password: 'Pass_123456', enableFlag: 1 });
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ code: 400, msg: '用户名不能包含不可见字符，也不能混用不同文字的形近字母' });
      }
    });
  });

  it('sends Strict-Transport-Security when HSTS_MAX_AGE is set', async () => {
    const r = await t.current.app.inject({ method: 'POST', url: '/api/login/doLogin', payload: {} });
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await t.current.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe.each(DIALECTS)('without HSTS_MAX_AGE, behind proxies named by address, on %s', (dialect) => {
  const t = useTestApp(dialect, { trustProxy: ['10.0.0.1', '10.1.0.0/16'] });

  it('sends no Strict-Transport-Security header', async () => {
    const r = await t.current.app.inject({ method: 'POST', url: '/api/login/doLogin', payload: {} });
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes the address a named proxy saw, and ignores X-Forwarded-For from anyone else', async () => {
    const login = (remoteAddress: string, xff: string, password = 'bad-password') =>
      t.current.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
        payload: { username: 'admin', password },
      });
    // through both proxies (10.1.2.3 forwarded to 10.0.0.1): the client is the address 10.1.2.3 saw
    for (let i = 0; i < 5; i++) expect((await login('10.0.0.1', `198.51.100.${i}, 192.0.2.7, 10.1.2.3`)).statusCode).toBe(400);
    const locked = await login('10.0.0.1', '192.0.2.7, 10.1.2.3', 'Admin_123456');
    expect(locked.statusCode).toBe(429);
    const rows = await looseDb(t.current.db.db).selectFrom('sys_login_failure').select('ip').execute();
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['192.0.2.7']));
    // a client that is not a named proxy cannot claim another address: its own counts
    const direct = await login('192.0.2.99', '192.0.2.7', 'Admin_123456');
    expect(direct.statusCode).toBe(200);
  });
});
