import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.js';
import { testConfig } from '../config.js';
import { webhookTick } from '../modules/webhook/index.js';
import { prepareApp } from '../prepare.js';

/**
 * What the access log and the other log lines may not carry (issue 21): a preview link's signature, a
 * session token given as a query parameter, a webhook's signing secret. The app logs at `info` into a
 * captured stream while a preview link is made and opened, a webhook with a secret is saved, pinged and
 * sent; then the stream is searched.
 */
describe('secrets never reach the logs', () => {
  const lines: string[] = [];
  let built: BuiltApp;
  const got: string[] = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push(String(req.headers['x-signature']));
      res.end('ok');
    });
  });
  let hookUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    built = await prepareApp(testConfig({ logLevel: 'info', webhookTickMs: 0, webhookAllowPrivate: true }), {
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await built?.app.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("a preview link's sig, a token in the query and a webhook secret appear in no log line", async () => {
    const { app } = built;
    const call = async (url: string, payload?: object, token?: string) =>
      (await app.inject({ method: 'POST', url: `/api${url}`, headers: token ? { token } : {}, ...(payload ? { payload } : {}) })).json();
    const token = (await call('/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token as string;
    await call('/news/saveNewsType', { code: 'log', name: '日志' }, token);
    const n = (await call('/news/saveNews', { title: '日志预览', type: 'log', status: 'draft' }, token)).data;
    const link = new URL((await call('/news/previewNews', { id: n.id }, token)).data.url);
    const sig = link.searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(20);
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}x` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/user/info?token=${token}` })).json().code).toBe(200);

    const secret = 'log-S3cret-never-written';
    const hook = (await call('/webhook/saveWebhook', { name: '日志钩子', url: hookUrl, events: 'news.update', secret }, token)).data;
    expect(hook.secret).toBe(secret);
    expect((await call(`/webhook/testWebhook?id=${hook.id}`, undefined, token)).code).toBe(200);
    await call('/news/saveNews', { id: n.id, title: '日志预览（改）', type: 'log', status: 'draft' }, token);
    await webhookTick(built.ctx);
    expect(got).toHaveLength(2);

    const text = lines.join('');
    // the requests were logged, with their secrets masked
    expect(text).toContain(`/preview/news/r${n.id}?exp=`);
    expect(text).toContain('sig=***');
    expect(text).toContain('/api/user/info?token=***');
    expect(text).toContain('/api/webhook/saveWebhook');
    for (const secretText of [sig, token, secret, ...got.map((s) => s.replace('sha256=', ''))]) expect(text).not.toContain(secretText);
  });
});
