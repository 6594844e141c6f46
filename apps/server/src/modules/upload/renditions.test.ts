import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { type ImageStore, LocalImageStore, S3ImageStore, storeByContent } from '../../storage/index.js';
import { startS3 } from '../../storage/test-s3.js';
import { DIALECTS, makeTestApp, multipart, type TestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { backfillImageMeta, imageMetaOf, srcsetOf } from './image-meta.js';
import { renditionsFor } from './images.js';
import { renditionSpec } from './renditions.js';

/** A 4000 × 3000 photo-like JPEG (gradients, waves and grain: about 4 MB, as a camera's). */
async function photo(width = 4000, height = 3000, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  let i = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const grain = (s >> 16) & 31;
      raw[i++] = ((x * 223) / width + grain) | 0;
      raw[i++] = ((y * 223) / height + grain) | 0;
      raw[i++] = (110 + 100 * Math.sin(x / 37) * Math.cos(y / 53) + grain) | 0;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const small = (width: number, height: number, background = 'red') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const WIDTHS_MSG = '320, 640, 960, 1280, 1920';
const WEBP_ACCEPT = 'image/webp,image/apng,image/*,*/*;q=0.8';

let big: Buffer;
beforeAll(async () => {
  big = await photo();
});

/** an app on a store of its own (a local folder or an s3rver bucket), with its admin token */
function storeApp(dialect: 'sqlite' | 'postgres', store: 'local' | 's3', overrides: Partial<AppConfig> = {}) {
  const h = { t: undefined as unknown as TestApp, token: '', other: undefined as unknown as ImageStore };
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-rendition-'));
    if (store === 's3') s3 = await startS3();
    const config: Partial<AppConfig> = { dataDir, uploadMaxBytes: 8 * 1024 * 1024, ...overrides, ...(s3 ? { s3: s3.settings } : {}) };
    h.t = await makeTestApp(dialect, config);
    h.token = await h.t.login();
    // another client of the same store: what is really stored there
    h.other = s3 ? new S3ImageStore(s3.settings) : new LocalImageStore(dataDir);
  }, 60_000);
  afterAll(async () => {
    await h.t?.app.close();
    await h.other?.close?.();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const upload = async (data: Buffer, token = h.token) => {
    const { payload, headers } = multipart(data);
    const res = await h.t.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
    expect(res.json().code, res.body).toBe(200);
    return res.json().msg as string;
  };
  const get = (url: string, headers: Record<string, string> = {}) => h.t.app.inject({ method: 'GET', url, headers });
  const made = () => renditionsFor(h.t.ctx)!.made;
  return { h, upload, get, made };
}

describe.each(DIALECTS)('image renditions on %s', (dialect) => {
  describe.each(['local', 's3'] as const)('in a %s store', (store) => {
    const { h, upload, get, made } = storeApp(dialect, store);

    it('a 4000×3000 JPEG: its row, then w=1280 as WebP made once, stored, and read from the store after', { timeout: 60_000 }, async () => {
      const name = await upload(big);
      const row = await h.t.ctx.db.selectFrom('image_meta').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ width: 4000, height: 3000, format: 'jpeg', bytes: big.length, alt: '', frames: 1 });

      const before = made();
      // three browsers at once: one render
      const first = await Promise.all([1, 2, 3].map(() => get(`/img/${name}?w=1280`, { accept: WEBP_ACCEPT })));
      expect(made()).toBe(before + 1);
      for (const res of first) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(res.headers.vary)).toMatch(/\bAccept\b/);
        expect(res.rawPayload.equals(first[0].rawPayload)).toBe(true);
      }
      const body = first[0].rawPayload;
      expect(body.length).toBeLessThanOrEqual(400 * 1024);
      const decoded = await sharp(body).metadata();
      expect({ format: decoded.format, width: decoded.width, height: decoded.height }).toEqual({
        format: 'webp',
        width: 1280,
        height: 960,
      });
      // stored beside its original, where another client of the store finds it
      expect(await h.other.renditionsOf(name)).toEqual(['1280w-q75.webp']);
      expect((await h.other.list()).map((e) => e.name)).toEqual([name]);

      // the second request reads it from the store: no second render, the same bytes
      const second = await get(`/img/${name}?w=1280`, { accept: WEBP_ACCEPT });
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(body)).toBe(true);
      expect(Number(second.headers['content-length'])).toBe(body.length);
      expect(made()).toBe(before + 1);
      const etag = String(second.headers.etag);
      expect(etag).toBe(first[0].headers.etag);
      const revalidated = await get(`/img/${name}?w=1280`, { accept: WEBP_ACCEPT, 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);

      // the plain address is the original, byte for byte
      const plain = await get(`/img/${name}`, { accept: WEBP_ACCEPT });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('image/jpeg');
      expect(plain.headers.etag).toBe(`"${name}"`);
      expect(String(plain.headers.vary ?? '')).not.toMatch(/Accept/);
      expect(plain.rawPayload.equals(big)).toBe(true);
    });

    it('/upload/delImage removes an image with its renditions', { timeout: 60_000 }, async () => {
      const name = await upload(await small(700, 500, 'teal'));
      for (const w of [320, 640]) expect((await get(`/img/${name}?w=${w}&fm=webp`)).statusCode).toBe(200);
      expect(await h.other.renditionsOf(name)).toEqual(['320w-q75.webp', '640w-q75.webp']);
      const del = await h.t.post(`/upload/delImage?oldFileUrl=${encodeURIComponent(`/img/${name}`)}`, undefined, { token: h.token });
      expect(del.body).toMatchObject({ code: 200, msg: '删除成功', data: { name, deleted: true } });
      expect(await h.other.exists(name)).toBe(false);
      expect(await h.other.renditionsOf(name)).toEqual([]);
      expect((await get(`/img/${name}?w=320&fm=webp`)).statusCode).toBe(404);
    });
  });

  describe('asking for renditions', () => {
    const { h, upload, get, made } = storeApp(dialect, 'local', { publicCorsOrigins: 'https://www.example.com, https://m.example.com' });
    let name = '';
    beforeAll(async () => {
      name = await upload(big);
    }, 60_000);

    it('a width outside IMAGE_WIDTHS, an unknown format or a quality outside 1–100 is a 400 that says so; nothing is made', async () => {
      const before = made();
      const bad = await get(`/img/${name}?w=333`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 400, msg: `图片宽度 w 只能是 ${WIDTHS_MSG} 之一` });
      expect((await get(`/img/${name}?w=333`, { lang: 'en' })).json()).toEqual({
        code: 400,
        msg: `The image width w must be one of ${WIDTHS_MSG}`,
      });
      expect((await get(`/img/${name}?w=333`, { lang: 'es' })).json()).toEqual({
        code: 400,
        msg: `El ancho de imagen w debe ser uno de ${WIDTHS_MSG}`,
      });
      for (const q of ['w=', 'w=1280.0', 'w=-320', 'w=99999999999', 'w=320&w=640'])
        expect((await get(`/img/${name}?${q}`)).json(), q).toEqual({ code: 400, msg: `图片宽度 w 只能是 ${WIDTHS_MSG} 之一` });
      for (const q of ['fm=tiff', 'fm=', 'fm=WEBP', 'fm=gif'])
        expect((await get(`/img/${name}?${q}`)).json(), q).toEqual({ code: 400, msg: '图片格式 fm 只能是 webp、avif、jpeg 或 png' });
      for (const q of ['q=0', 'q=101', 'q=abc', 'q=7.5'])
        expect((await get(`/img/${name}?w=320&${q}`)).json(), q).toEqual({ code: 400, msg: '图片质量 q 必须是 1 到 100 之间的整数' });
      expect(made()).toBe(before);
      expect(await h.t.ctx.images.renditionsOf(name)).toEqual([]);
    });

    it('fm=avif, fm=jpeg with q, and the format Accept asks for when fm is absent', { timeout: 60_000 }, async () => {
      const avif = await get(`/img/${name}?w=320&fm=avif`);
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      // fm given: the reply does not depend on Accept
      expect(String(avif.headers.vary ?? '')).not.toMatch(/Accept/);
      expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 320, height: 240 });

      const jpeg = await get(`/img/${name}?w=640&fm=jpeg&q=40`);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640 });

      // fm absent: AVIF when accepted, else WebP when accepted, else the original's format
      const viaAccept = await get(`/img/${name}?w=320`, { accept: 'image/avif,image/webp,*/*' });
      expect(viaAccept.headers['content-type']).toBe('image/avif');
      expect(viaAccept.headers.vary).toMatch(/Accept/);
      const refused = await get(`/img/${name}?w=320`, { accept: 'image/avif;q=0,image/webp' });
      expect(refused.headers['content-type']).toBe('image/webp');
      const plainClient = await get(`/img/${name}?w=320`, { accept: '*/*' });
      expect(plainClient.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(plainClient.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
      // q alone: the original's width, in the negotiated format
      const qOnly = await get(`/img/${name}?q=30`, { accept: 'image/webp' });
      expect(qOnly.headers['content-type']).toBe('image/webp');
      expect(await sharp(qOnly.rawPayload).metadata()).toMatchObject({ width: 4000 });
      expect(await h.t.ctx.images.renditionsOf(name)).toEqual(
        ['320w-q50.avif', '640w-q40.jpg', '320w-q75.webp', '320w-q80.jpg', '4000w-q30.webp'].sort(),
      );
    });

    it('asks for the same rendition at the same time share one render and one store write', async () => {
      const renditions = renditionsFor(h.t.ctx)!;
      const spec = renditionSpec({ w: 960, fm: 'webp', q: 61 }, 'webp', 4000);
      const before = made();
      const asks = [1, 2, 3].map(() => renditions.make(name, spec, 'ip:203.0.113.7'));
      expect(asks[1]).toBe(asks[0]);
      expect(asks[2]).toBe(asks[0]);
      const [bytes] = await Promise.all(asks);
      expect(made()).toBe(before + 1);
      expect(await sharp(bytes!).metadata()).toMatchObject({ format: 'webp', width: 960 });
      expect(await h.t.ctx.images.renditionsOf(name)).toContain('960w-q61.webp');
      // once stored, the route answers it from the store
      expect((await get(`/img/${name}?w=960&fm=webp&q=61`)).rawPayload.equals(bytes!)).toBe(true);
      expect(made()).toBe(before + 1);
    });

    it('never wider than the original: w=1920 of an 800 px image is 800 px', async () => {
      const narrow = await upload(await small(800, 600, 'navy'));
      const res = await get(`/img/${narrow}?w=1920&fm=webp`);
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
      // a PNG stays lossless: no quality in its name
      const png = await get(`/img/${narrow}?w=320`);
      expect(png.headers['content-type']).toBe('image/png');
      expect(await h.t.ctx.images.renditionsOf(narrow)).toEqual(['320w.png', '800w-q75.webp']);
    });

    it('an animated GIF is sent as it is, every frame kept', async () => {
      const frame = (c: string) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: c } })
          .raw()
          .toBuffer();
      const frames = Buffer.concat([await frame('red'), await frame('blue')]);
      const gif = await sharp(frames, { raw: { width: 400, height: 600, channels: 3, pageHeight: 300 } } as never)
        .gif({ loop: 0, delay: [200, 200] })
        .toBuffer();
      const anim = await upload(gif);
      const row = await h.t.ctx.db.selectFrom('image_meta').selectAll().where('name', '=', anim).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ width: 400, height: 300, format: 'gif', frames: 2 });
      const res = await get(`/img/${anim}?w=320`, { accept: WEBP_ACCEPT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.rawPayload.equals(gif)).toBe(true);
      expect(await h.t.ctx.images.renditionsOf(anim)).toEqual([]);
    });

    it('CORS for PUBLIC_CORS_ORIGINS: an allowed origin is named, another is not', async () => {
      const allowed = await get(`/img/${name}?w=320`, { origin: 'https://m.example.com', accept: WEBP_ACCEPT });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://m.example.com');
      expect(String(allowed.headers.vary).split(/,\s*/).sort()).toEqual(['Accept', 'Origin']);
      const plain = await get(`/img/${name}`, { origin: 'https://www.example.com' });
      expect(plain.headers['access-control-allow-origin']).toBe('https://www.example.com');
      expect(plain.headers.vary).toBe('Origin');
      const other = await get(`/img/${name}`, { origin: 'https://evil.example.net' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await h.t.app.inject({
        method: 'OPTIONS',
        url: `/img/${name}`,
        headers: { origin: 'https://www.example.com', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://www.example.com');
    });

    it('an image stored without a row gets it from the backfill, or when a rendition first asks', async () => {
      const one = await storeByContent(h.t.ctx.images, await small(33, 22, 'olive'), 'png');
      const two = await storeByContent(h.t.ctx.images, await small(640, 480, 'maroon'), 'png');
      const rowOf = (n: string) => h.t.ctx.db.selectFrom('image_meta').selectAll().where('name', '=', n).executeTakeFirst();
      expect(await rowOf(one)).toBeUndefined();
      expect(await rowOf(two)).toBeUndefined();
      // lazily, by the first rendition
      expect((await get(`/img/${two}?w=320`)).statusCode).toBe(200);
      expect(await rowOf(two)).toMatchObject({ width: 640, height: 480, format: 'png' });
      // the backfill: every stored image without a row, once (a second run finds nothing to do)
      expect(await backfillImageMeta(h.t.ctx)).toBe(1);
      expect(await rowOf(one)).toMatchObject({ width: 33, height: 22, format: 'png', alt: '' });
      expect(await backfillImageMeta(h.t.ctx)).toBe(0);
    });

    it('imageMetaOf reads many rows at once; srcsetOf lists the widths up to the original', async () => {
      const map = await imageMetaOf(h.t.ctx.db, [name, name, `${'0'.repeat(32)}.png`]);
      expect([...map]).toEqual([[name, { width: 4000, height: 3000, alt: '' }]]);
      expect((await imageMetaOf(h.t.ctx.db, [])).size).toBe(0);
      const widths = h.t.ctx.config.imageWidths;
      // between two widths: the renditions below it and the original at its own width (a browser never falls back to src)
      expect(srcsetOf('/img/a.jpg', 1000, widths)).toBe(
        '/img/a.jpg?w=320 320w, /img/a.jpg?w=640 640w, /img/a.jpg?w=960 960w, /img/a.jpg 1000w',
      );
      expect(srcsetOf('https://cms.example.com/img/a.jpg', 4000, widths)).toBe(
        widths.map((w) => `https://cms.example.com/img/a.jpg?w=${w} ${w}w`).join(', '),
      );
      expect(srcsetOf('/img/a.jpg', 1280, widths).endsWith('?w=1280 1280w')).toBe(true);
      expect(srcsetOf('/img/a.jpg', 200, widths)).toBe('/img/a.jpg 200w');
    });

    it('unused renditions of an original that is gone are swept by /upload/cleanImages', async () => {
      const gone = `${'ab'.repeat(16)}.jpg`;
      await h.t.ctx.images.putRendition(
        gone,
        '320w-q75.webp',
        await sharp(await small(4, 4))
          .webp()
          .toBuffer(),
        'image/webp',
      );
      expect(await h.t.ctx.images.renditionOwners()).toContain(gone);
      const res = await h.t.post('/upload/cleanImages', {}, { token: h.token });
      expect(res.body.code).toBe(200);
      expect(await h.t.ctx.images.renditionOwners()).not.toContain(gone);
      // a kept image keeps its renditions
      expect(await h.t.ctx.images.renditionsOf(name)).not.toEqual([]);
    });
  });

  describe('alt text', () => {
    const { h, upload } = storeApp(dialect, 'local');
    const tokens = { editor: '', viewer: '' };
    let name = '';
    beforeAll(async () => {
      name = await upload(await small(120, 80, 'green'));
      await insertUser(h.t.ctx, 'altEditor', 'Editor_123456', ['editor']);
      tokens.editor = await h.t.login('altEditor', 'Editor_123456');
      // a role that may not upload images
      const role = await h.t.ctx.db
        .insertInto('sys_role')
        .values({ code: 'reader', name: '只读', create_time: h.t.ctx.nowText() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await h.t.ctx.db.insertInto('sys_role_permission').values({ role_id: role.id, permission_key: '/news/getNewsList' }).execute();
      await insertUser(h.t.ctx, 'altViewer', 'Viewer_123456', ['reader']);
      tokens.viewer = await h.t.login('altViewer', 'Viewer_123456');
    }, 60_000);
    const altOf = async (n: string) =>
      (await h.t.ctx.db.selectFrom('image_meta').select('alt').where('name', '=', n).executeTakeFirstOrThrow()).alt;

    it('whoever may upload reads an image and sets its alt text', async () => {
      const read = await h.t.post('/upload/getImageMeta', { name }, { token: tokens.editor });
      expect(read.body).toEqual({
        code: 200,
        msg: '操作成功',
        data: { name, width: 120, height: 80, format: 'png', bytes: expect.any(Number), frames: 1, alt: '' },
      });
      const saved = await h.t.post('/upload/saveImageAlt', { name: `/img/${name}`, alt: '  集装箱码头夜景 ' }, { token: tokens.editor });
      expect(saved.body).toMatchObject({ code: 200, msg: '替代文字已保存', data: { name, alt: '集装箱码头夜景' } });
      expect(await altOf(name)).toBe('集装箱码头夜景');
      expect((await h.t.post(`/upload/getImageMeta?name=${name}`, undefined, { token: h.token })).body.data.alt).toBe('集装箱码头夜景');
      // 200 characters (an emoji is one) are fine; blank clears it
      const longest = `${'港'.repeat(199)}🚢`;
      expect((await h.t.post('/upload/saveImageAlt', { name, alt: longest }, { token: h.token })).body.code).toBe(200);
      expect(await altOf(name)).toBe(longest);
      expect((await h.t.post('/upload/saveImageAlt', { name, alt: '' }, { token: h.token })).body.code).toBe(200);
      expect(await altOf(name)).toBe('');
      // the same bytes uploaded again keep their alt text
      await h.t.post('/upload/saveImageAlt', { name, alt: '集装箱码头夜景' }, { token: h.token });
      expect(await upload(await small(120, 80, 'green'))).toBe(name);
      expect(await altOf(name)).toBe('集装箱码头夜景');
    });

    it('refuses alt text over 200 characters, someone who may not upload, and unknown images; nothing changes', async () => {
      const long = await h.t.post('/upload/saveImageAlt', { name, alt: '长'.repeat(201) }, { token: tokens.editor });
      expect({ status: long.status, body: long.body }).toEqual({ status: 400, body: { code: 400, msg: '替代文字不能超过 200 个字符' } });
      const en = await h.t.post('/upload/saveImageAlt', { name, alt: 'x'.repeat(201) }, { token: tokens.editor, headers: { lang: 'en' } });
      expect(en.body).toEqual({ code: 400, msg: 'The alt text must not exceed 200 characters' });
      expect(await altOf(name)).toBe('集装箱码头夜景');

      for (const path of ['/upload/saveImageAlt', '/upload/getImageMeta']) {
        const refused = await h.t.post(path, { name, alt: '别人写的' }, { token: tokens.viewer });
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 403,
          body: { code: 403, msg: '没有上传图片的权限，不能查看或修改图片的替代文字' },
        });
      }
      expect(await altOf(name)).toBe('集装箱码头夜景');
      expect((await h.t.post('/upload/saveImageAlt', { name, alt: 'x' })).status).toBe(401);

      const unknown = await h.t.post('/upload/saveImageAlt', { name: `${'0'.repeat(32)}.png`, alt: 'x' }, { token: h.token });
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: { code: 404, msg: '图片不存在' } });
      const bad = await h.t.post('/upload/getImageMeta', { name: '../app.db' }, { token: h.token });
      expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { code: 400, msg: '图片地址无效' } });
    });
  });
});
