import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { signBody, webhookTick } from './index.js';

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** a real local receiver: answers each request with the next status of `answers` (then 200) */
function receiver() {
  const got: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'busy');
    });
  });
  return {
    got,
    answers,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  const t = useTestApp(dialect, { webhookTickMs: 0, webhookAllowPrivate: true });
  const r = receiver();
  let url = '';
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const events = () => r.got.map((g) => JSON.parse(g.body) as { event: string; resource: string; id: number });

  beforeAll(async () => {
    url = await r.start();
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'wh', name: '回调测试' });
  });
  afterAll(() => r.stop());

  it('validates a webhook in zh, en and es and stores nothing bad', async () => {
    expect((await post('/webhook/saveWebhook', { url, events: 'news.publish' })).body).toEqual({ code: 400, msg: '名称不得为空' });
    expect((await post('/webhook/saveWebhook', { name: 'x', url: 'ftp://x', events: 'news.publish' })).body.msg).toBe(
      '地址须以 http:// 或 https:// 开头',
    );
    expect((await post('/webhook/saveWebhook', { name: 'x', url, events: '' }, 'en')).body.msg).toBe('Choose at least one event');
    expect((await post('/webhook/saveWebhook', { name: 'x', url, events: 'news.explode' }, 'es')).body.msg).toBe(
      'Evento desconocido: news.explode',
    );
    expect((await post('/webhook/getWebhookPage', {})).body.total).toBe(0);
  });

  it('sends one signed event per change, retries with backoff, lists each delivery; a ping tests the hook', async () => {
    const hook = (
      await post('/webhook/saveWebhook', {
        name: '官网',
        url,
        events: ['news.publish', 'news.unpublish', 'news.update', 'news.delete'],
        secret: 's3cret',
      })
    ).body.data;
    expect(hook).toMatchObject({ name: '官网', events: 'news.publish,news.unpublish,news.update,news.delete', enableFlag: 1 });

    const ping = await post(`/webhook/testWebhook?id=${hook.id}`);
    expect(ping.body).toMatchObject({ code: 200, msg: '测试成功：对方返回 200', data: { event: 'ping', status: 'success', attempts: 5 } });
    expect(r.got).toHaveLength(1);

    const n = (await post('/news/saveNews', { title: '回调草稿', type: 'wh', status: 'draft' })).body.data;
    await post(`/news/publishNews?id=${n.id}`);
    await post('/news/saveNews', { id: n.id, title: '回调草稿（改）', type: 'wh' });
    await post(`/news/unpublishNews?id=${n.id}`);
    await post('/news/delNews', [n.id]);
    expect(r.got).toHaveLength(1);
    await webhookTick(t.current.ctx);
    expect(events().slice(1)).toEqual([
      { event: 'publish', resource: 'news', id: n.id, time: expect.any(String) },
      { event: 'update', resource: 'news', id: n.id, time: expect.any(String) },
      { event: 'unpublish', resource: 'news', id: n.id, time: expect.any(String) },
      { event: 'delete', resource: 'news', id: n.id, time: expect.any(String) },
    ]);
    for (const g of r.got) {
      const ts = String(g.headers['x-webhook-timestamp']);
      expect(g.headers['x-signature']).toBe(signBody('s3cret', ts, g.body));
      expect(Math.abs(Number(ts) - t.current.ctx.now() / 1000)).toBeLessThan(60);
    }

    // a receiver that fails is tried again after the backoff, up to 5 tries
    r.answers.push(503, 503);
    const m = (await post('/news/saveNews', { title: '重试新闻', type: 'wh' })).body.data;
    await webhookTick(t.current.ctx);
    expect(r.got).toHaveLength(6);
    await webhookTick(t.current.ctx);
    expect(r.got).toHaveLength(6);
    t.current.advance(10_000);
    await webhookTick(t.current.ctx);
    expect(r.got).toHaveLength(7);
    t.current.advance(20_000);
    await webhookTick(t.current.ctx);
    expect(r.got).toHaveLength(8);
    expect(JSON.parse(r.got[7].body)).toMatchObject({ event: 'publish', id: m.id });
    const list = (await post('/webhook/getDeliveryPage', { webhookId: hook.id, pageNumber: 1, pageSize: 2 })).body;
    expect(list.total).toBe(6);
    expect(list.rows[0]).toMatchObject({ event: 'news.publish', status: 'success', attempts: 3, lastStatus: 200, lastAnswer: '' });
    await post('/webhook/delWebhook', [hook.id]);
  });

  it('a scheduled publish and offline time fire their events once when they pass', async () => {
    const hook = (await post('/webhook/saveWebhook', { name: '定时', url, events: 'policy.publish,policy.unpublish', secret: 'k' })).body
      .data;
    const before = r.got.length;
    const p = (await post('/policy/savePolicy', { title: '定时回调', status: 'draft' })).body.data;
    const now = t.current.ctx.now();
    await post(`/policy/publishPolicy?id=${p.id}`, { publishTime: fmt(now + 5000), offlineTime: fmt(now + 60_000) });
    await webhookTick(t.current.ctx);
    expect(r.got.length).toBe(before);
    t.current.advance(6000);
    await webhookTick(t.current.ctx);
    await webhookTick(t.current.ctx);
    expect(events().slice(before)).toEqual([{ event: 'publish', resource: 'policy', id: p.id, time: expect.any(String) }]);
    t.current.advance(60_000);
    await webhookTick(t.current.ctx);
    expect(
      events()
        .slice(before)
        .map((e) => e.event),
    ).toEqual(['publish', 'unpublish']);
    await post('/webhook/delWebhook', [hook.id]);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('webhooks with two processes on one PostgreSQL', () => {
  const schema = `t_wh_${Math.random().toString(36).slice(2, 10)}`;
  const r = receiver();
  let apps: Awaited<ReturnType<typeof prepareApp>>[] = [];
  // one clock for both processes, moved by the test
  let offset = 0;
  const clock = () => Date.now() + offset;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const config = testConfig({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      databaseSchema: schema,
      webhookTickMs: 0,
      webhookAllowPrivate: true,
    });
    apps = [await prepareApp(config, { clock }), await prepareApp(config, { clock })];
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    await r.stop();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('the receiver gets each event once, scheduled ones included, however many processes tick', async () => {
    const url = await r.start();
    const [a, b] = apps;
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      payload: { username: 'admin', password: 'Admin_123456' },
    });
    const token = login.json().data.token;
    const call = (app: typeof a, path: string, payload?: object) =>
      app.app.inject({ method: 'POST', url: `/api${path}`, headers: { token }, ...(payload ? { payload } : {}) }).then((x) => x.json());
    await call(a, '/webhook/saveWebhook', { name: '双进程', url, events: 'news.publish,news.update', secret: 'x' });
    await call(a, '/news/saveNewsType', { code: 'two', name: '双进程' });
    const n = (await call(b, '/news/saveNews', { title: '双进程新闻', type: 'two' })).data;
    await call(a, '/news/saveNews', { id: n.id, title: '双进程新闻（改）', type: 'two' });
    const s = (await call(b, '/news/saveNews', { title: '双进程定时', type: 'two', status: 'draft' })).data;
    const due = fmt(clock() + 5000);
    await call(a, `/news/publishNews?id=${s.id}`, { publishTime: due });
    await Promise.all([webhookTick(a.ctx), webhookTick(b.ctx), webhookTick(a.ctx), webhookTick(b.ctx)]);
    const seen = () => r.got.map((g) => JSON.parse(g.body)).map((e) => `${e.event}:${e.id}`);
    expect(seen().sort()).toEqual([`publish:${n.id}`, `update:${n.id}`].sort());
    // the scheduled second passes; both processes tick at once
    offset += 6000;
    await Promise.all([webhookTick(a.ctx), webhookTick(b.ctx), webhookTick(a.ctx), webhookTick(b.ctx)]);
    expect(seen().sort()).toEqual([`publish:${n.id}`, `update:${n.id}`, `publish:${s.id}`].sort());
  });
});
