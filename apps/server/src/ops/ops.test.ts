import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';

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

  it('GET /readyz answers 503 naming the image store when it fails', async () => {
    const images = t.current.ctx.images;
    const original = images.check.bind(images);
    images.check = async () => {
      throw new Error('EROFS: read-only file system');
    };
    try {
      const r = await get('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        code: 503,
        msg: 'not ready: images',
        status: 'unavailable',
        failed: ['images'],
        checks: { database: 'ok', images: 'EROFS: read-only file system' },
      });
    } finally {
      images.check = original;
    }
  });

  it('GET /metrics is refused to a remote caller without the token', async () => {
    const r = await get('/metrics', { remoteAddress: '203.0.113.5' });
    expect(r.statusCode).toBe(403);
    const wrong = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    // a forged X-Forwarded-For does not make a caller local (no trusted proxy here)
    const forged = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
  });

  it('GET /metrics gives requests per route, login failures, uploads, event-loop lag and the pool', async () => {
    const bad = await t.current.post('/login/doLogin', { username: 'admin', password: 'wrong-password-x' });
    expect(bad.status).toBe(400);
    await t.current.post('/news/getNewsList?id=12345', {}, { token: await t.current.login() });
    const r = await get('/metrics', { remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/news\/getNewsList",status="200"\} [1-9]/);
    expect(text).not.toContain('12345');
    expect(text).toMatch(/gk_login_failures_total\{status="400"\} [1-9]/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/gk_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('# TYPE gk_uploads_total counter');
    // from loopback no token is needed
    expect((await get('/metrics', { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });
});
