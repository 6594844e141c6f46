import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('preview on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const open = (url: string) => {
    const u = new URL(url);
    return t.current.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };

  /** the link with its signature's first character changed to another one (never the same: a forged link, always) */
  const forged = (url: string) => url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);

  beforeAll(async () => {
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'pv', name: '预览测试' });
    await post('/company/saveCompany', { name: '华通国际物流有限公司', logo: '/img/logo.png' });
    await post('/headerContorller/saveContact', {
      organizers: '华通国际物流',
      address: '上海市浦东新区',
      phone: '021-88886666',
      enableFlag: 1,
    });
  });

  it('a draft preview link opens without login, with the company, contact and sanitized body, and expires after 30 minutes', async () => {
    const n = (await post('/news/saveNews', { title: '预览草稿<b>', type: 'pv', content: '<p>正文内容</p>', status: 'draft' })).body.data;
    const r = await post('/news/previewNews', { id: n.id });
    expect(r.body).toMatchObject({ code: 200, data: { url: expect.stringMatching(/\/preview\/news\/r\d+\?exp=\d+&sig=[\w-]+$/) } });
    const page = await open(r.body.data.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<h1>预览草稿&lt;b&gt;</h1>');
    expect(page.body).toContain('<p>正文内容</p>');
    expect(page.body).toContain('华通国际物流有限公司');
    expect(page.body).toContain('<img src="/img/logo.png"');
    expect(page.body).toContain('021-88886666');
    // a forged signature or another record with the same signature is refused
    expect((await open(forged(r.body.data.url))).statusCode).toBe(403);
    expect((await open(r.body.data.url.replace(`/r${n.id}?`, `/r${n.id + 1}?`))).statusCode).toBe(403);
    t.current.advance(30 * 60_000 + 1000);
    const expired = await open(r.body.data.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain('预览链接无效或已过期');
  });

  it('previews unsaved edits as on the form, sanitized; needs a login', async () => {
    const r = await post('/policy/previewPolicy', {
      title: '未保存的公告',
      content: '<p onclick="x()">改动<script>alert(1)</script></p>',
      publishTime: '2030-05-01 08:00:00',
    });
    const page = await open(r.body.data.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>未保存的公告</h1>');
    expect(page.body).toContain('<p>改动</p>');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).toContain('2030-05-01');
    const anon = await t.current.post('/page/previewPageItem', { title: 'x' });
    expect(anon.body.code).not.toBe(200);
    expect((await post('/page/previewPageItem', { id: 999999 })).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
  });
});
