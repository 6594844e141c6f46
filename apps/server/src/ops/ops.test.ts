import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../storage/test-s3.js';
import { DIALECTS, makeTestApp, multipart, type TestApp, useTestApp } from '../test/harness.js';

describe.each(DIALECTS)('operations endpoints on %s', (dialect) => {
  const t = useTestApp(dialect, { metricsToken: 'metrics-secret-1' });
  const get = (url: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.current.app.inject({ method: 'GET', url, ...opts });

  it('GET /healthz answers without login', async () => {
    const r = await get('/healthz', { remoteAddress: '203.0.113.5' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, msg: 'ok', status: 'alive' });
  });

  it('GET /readyz checks the database and the image store', async () => {
    const r = await get('/readyz', { remoteAddress: '203.0.113.5' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, msg: 'ok', status: 'ready', checks: { database: 'ok', images: 'ok' } });
  });

  it('GET /metrics is refused to a remote caller without the token', async () => {
    const r = await get('/metrics', { remoteAddress: '203.0.113.5' });
    expect(r.statusCode).toBe(403);
    const wrong = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    // a forged X-Forwarded-For does not make a caller local (no trusted proxy here)
    const forged = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
    // the refusal in the API's envelope and the caller's language, naming no setting
    expect(r.json()).toEqual({ code: 403, msg: '没有权限执行此操作' });
    expect((await get('/metrics', { remoteAddress: '203.0.113.5', headers: { lang: 'en' } })).json()).toEqual({
      code: 403,
      msg: 'You do not have permission to do this',
    });
  });

  it('GET /metrics gives requests per route, login failures, uploads, event-loop lag and the pool', async () => {
    const bad = await t.current.post('/login/doLogin', { username: 'admin', password: 'wrong-password-x' });
    expect(bad.status).toBe(400);
    const token = await t.current.login();
    // a query string the metrics must not repeat (letters: a metric's value never holds them)
    await t.current.post('/news/getNewsList?ref=qzxleak', {}, { token });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    for (const bytes of [png, Buffer.from('not an image at all')]) {
      const { payload, headers } = multipart(bytes);
      await t.current.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
    }
    const r = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/news\/getNewsList",status="200"\} [1-9]/);
    expect(text).not.toContain('qzxleak');
    expect(text).toMatch(/gk_login_failures_total\{status="400"\} [1-9]/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/gk_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/gk_uploads_total\{result="ok"\} 1\b/);
    expect(text).toMatch(/gk_uploads_total\{result="400"\} 1\b/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/api\/upload\/upload",status="200"\}/);
    // from loopback no token is needed
    const local = await get('/metrics', { remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    // no versions: neither Node's nor the product's
    for (const body of [text, local.body]) {
      expect(body).not.toContain('nodejs_version_info');
      expect(body).not.toContain(process.version);
      expect(body).not.toMatch(/version=/);
    }
  });

  it("GET /metrics gives the event loop's longest delay since the previous scrape, and the rich text being sanitized", async () => {
    const scrape = async () => (await get('/metrics', { remoteAddress: '127.0.0.1' })).body;
    await scrape();
    // the monitor's 10 ms timer ticks once after the reset (a delay is measured from a tick), before this 25 ms one
    await new Promise((resolve) => setTimeout(resolve, 25));
    // hold the event loop for 300 ms, as a costly synchronous step would
    const until = performance.now() + 300;
    while (performance.now() < until);
    // The monitor's 10 ms timer, due during the hold, records it the next time the timers run. A timer set here
    // would be dated from the loop's clock as it was before the hold and could run first, so step to the check
    // phase (the loop's clock is read again after polling) and wait longer than the monitor's period from there:
    // the monitor's timer is then due before ours, whatever else the machine is doing.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 25));
    const text = await scrape();
    const max = Number(/^gk_event_loop_delay_seconds\{stat="max"\} (\S+)$/m.exec(text)?.[1]);
    expect(max).toBeGreaterThanOrEqual(0.25);
    expect(text).toMatch(/^gk_event_loop_delay_seconds\{stat="p99"\} \S+$/m);
    expect(text).toMatch(/^gk_rich_text_sanitizing\{state="running"\} 0$/m);
    expect(text).toMatch(/^gk_rich_text_sanitizing\{state="waiting"\} 0$/m);
  });
});

describe.each(DIALECTS)('GET /readyz when a part does not answer, on %s', (dialect) => {
  let t: TestApp | null = null;
  afterAll(async () => {
    // the database was closed by the test: the app's own close may find it closed
    await t?.app.close().catch(() => {});
  });

  it('answers 503 naming the image store, then the database too', { timeout: 30_000 }, async () => {
    // a bucket on a port where nothing listens: the real client, really refused
    const port = await freePort();
    t = await makeTestApp(dialect, {
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'gk-images',
        region: 'us-east-1',
        accessKeyId: 'x',
        secretAccessKey: 'y',
        forcePathStyle: true,
        prefix: '',
      },
    });
    const first = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.5' });
    expect(first.statusCode).toBe(503);
    // ok / fail per part and nothing else: no driver message, address or port
    expect(first.json()).toEqual({
      code: 503,
      msg: 'not ready: images',
      status: 'unavailable',
      failed: ['images'],
      checks: { database: 'ok', images: 'fail' },
    });
    // the process itself is alive
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await t.db.close();
    const second = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(second.statusCode).toBe(503);
    expect(second.json()).toEqual({
      code: 503,
      msg: 'not ready: database, images',
      status: 'unavailable',
      failed: ['database', 'images'],
      checks: { database: 'fail', images: 'fail' },
    });
  });
});

describe('GET /readyz when the image directory cannot be used', () => {
  let t: TestApp | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-readyz-'));
  afterAll(async () => {
    await t?.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a fixed word, and no file path or error text, to an unauthenticated caller', async () => {
    t = await makeTestApp('sqlite', { dataDir });
    // the uploads directory is a file: mkdir / access fail with ENOTDIR / EEXIST naming the path
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    fs.writeFileSync(path.join(dataDir, 'uploads'), 'not a directory');
    const r = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.5' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({
      code: 503,
      msg: 'not ready: images',
      status: 'unavailable',
      failed: ['images'],
      checks: { database: 'ok', images: 'fail' },
    });
    expect(r.body).not.toContain(dataDir);
    expect(r.body).not.toMatch(/ENOTDIR|EEXIST|uploads/);
  });
});
