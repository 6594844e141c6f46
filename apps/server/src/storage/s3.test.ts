import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, multipart, type TestApp } from '../test/harness.js';
import { S3ImageStore } from './index.js';
import { freePort, startS3 } from './test-s3.js';

const noise = (w: number, h: number) => {
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i * 7919 + 13) % 251) ^ (i >> 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
};

describe.each(DIALECTS)('images in an S3-compatible bucket (s3rver) on %s', (dialect) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  let token = '';
  let png: Buffer;

  beforeAll(async () => {
    s3 = await startS3();
    t = await makeTestApp(dialect, { s3: s3.settings });
    token = await t.login();
    png = await noise(30, 30);
  });
  afterAll(async () => {
    await t?.app.close();
    await s3?.close();
  });

  const upload = async (data: Buffer) => {
    const { payload, headers } = multipart(data);
    return t.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
  };

  it('the app uses the bucket the settings name', () => {
    expect(t.ctx.images).toBeInstanceOf(S3ImageStore);
  });

  it('stores an upload in the bucket and serves it at /img/{name}: streamed, ETag, 304 and Range', async () => {
    const up = await upload(png);
    expect(up.statusCode).toBe(200);
    const name = up.json().msg as string;
    // really in the bucket: a client of its own finds it
    const other = new S3ImageStore(s3.settings);
    expect(await other.exists(name)).toBe(true);
    expect((await other.list()).map((e) => e.name)).toContain(name);

    const full = await t.app.inject({ method: 'GET', url: `/img/${name}` });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(png)).toBe(true);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers.etag).toBe(`"${name}"`);
    expect(Number(full.headers['content-length'])).toBe(png.length);

    const again = await t.app.inject({ method: 'GET', url: `/img/${name}`, headers: { 'if-none-match': `"${name}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const part = await t.app.inject({ method: 'GET', url: `/img/${name}`, headers: { range: 'bytes=10-29' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-29/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(10, 30))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url: `/img/${name}`, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(png.subarray(png.length - 5))).toBe(true);

    const past = await t.app.inject({ method: 'GET', url: `/img/${name}`, headers: { range: `bytes=${png.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);

    // a range for another version of the image (If-Range): the whole image
    const stale = await t.app.inject({
      method: 'GET',
      url: `/img/${name}`,
      headers: { range: 'bytes=0-9', 'if-range': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(png)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: `/img/${name}` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(png.length);
    expect(head.rawPayload.length).toBe(0);
    await other.close();
  });

  it('answers 404 for a name not in the bucket, and deletes from the bucket', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/img/${'0'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: '图片不存在' });
    const img = await noise(12, 12);
    const name = (await upload(img)).json().msg as string;
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/upload/delImage?oldFileUrl=${encodeURIComponent(`/img/${name}`)}`,
      headers: { token },
    });
    expect(del.json().code).toBe(200);
    expect(await t.ctx.images.exists(name)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/img/${name}` })).statusCode).toBe(404);
  });

  it('GET /readyz checks the bucket', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.json()).toMatchObject({ status: 'ready', checks: { images: 'ok' } });
    const missing = new S3ImageStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
    await missing.close();
  });
});

describe.each(DIALECTS)('a bucket that cannot answer, on %s', (dialect) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  const apps: TestApp[] = [];
  // a running bucket server whose settings each test bends (another bucket, bad keys, an endpoint nobody listens at)
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    await s3?.close();
  });

  const uploadTo = async (t: TestApp, data: Buffer) => {
    const { payload, headers } = multipart(data);
    return t.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token: await t.login() } });
  };

  it('an upload answers a clear message (msg and message), never a bare 500', { timeout: 60_000 }, async () => {
    const png = await noise(8, 8);
    // the bucket does not exist on the server
    const noBucket = await makeTestApp(dialect, { s3: { ...s3.settings, bucket: 'gk-missing' } });
    apps.push(noBucket);
    const a = await uploadTo(noBucket, png);
    expect(a.statusCode).toBe(503);
    expect(a.json()).toEqual({ code: 503, msg: '图片存储暂时不可用，请稍后再试', message: '图片存储暂时不可用，请稍后再试' });
    // the server refuses the credentials
    const badKey = await makeTestApp(dialect, { s3: { ...s3.settings, accessKeyId: 'NOT-A-KEY', secretAccessKey: 'nope' } });
    apps.push(badKey);
    const b = await uploadTo(badKey, png);
    expect(b.statusCode).toBe(503);
    expect(b.json()).toEqual({ code: 503, msg: '图片存储当前不可写入，请联系管理员', message: '图片存储当前不可写入，请联系管理员' });
    expect((await badKey.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  it('/img and delete answer a clear message while nothing listens at the endpoint', { timeout: 60_000 }, async () => {
    const down = await makeTestApp(dialect, { s3: { ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` } });
    apps.push(down);
    const name = `${'a'.repeat(32)}.png`;
    const img = await down.app.inject({ method: 'GET', url: `/img/${name}` });
    expect(img.statusCode).toBe(503);
    expect(img.json()).toEqual({ code: 503, msg: '图片存储暂时不可用，请稍后再试' });
    expect(img.headers['cache-control']).toBe('no-store');
    const del = await down.post(`/upload/delImage?oldFileUrl=${encodeURIComponent(`/img/${name}`)}`, undefined, {
      token: await down.login(),
    });
    expect({ status: del.status, body: del.body }).toEqual({ status: 503, body: { code: 503, msg: '图片存储暂时不可用，请稍后再试' } });
  });
});
