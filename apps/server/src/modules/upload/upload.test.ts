import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----gk${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Deterministic noise: compresses badly, so the images have a real size; another `seed` (1–250) gives other bytes. */
function noise(width: number, height: number, seed = 0) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i * 7919 + 13 + seed) % 251) ^ (i >> 3);
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const BAD_TYPE = '只支持 JPG、PNG、GIF、WEBP 格式的图片';

describe.each(DIALECTS)('images on %s', (dialect) => {
  const img: Record<'png' | 'jpg' | 'gif' | 'webp' | 'bigPng' | 'png2' | 'png3', Buffer> = {} as never;

  beforeAll(async () => {
    img.png = await noise(20, 20).png().toBuffer();
    img.png2 = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    img.png3 = await noise(19, 19).png().toBuffer();
    img.jpg = await noise(24, 24).jpeg().toBuffer();
    img.gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } })
      .gif()
      .toBuffer();
    img.webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'green' } })
      .webp()
      .toBuffer();
    img.bigPng = await noise(40, 40).png().toBuffer();
    expect(img.png.length).toBeLessThan(2048);
    expect(img.png3.length).toBeLessThan(2048);
    expect(img.bigPng.length).toBeGreaterThan(2048);
  });

  /** a test app with an image store of its own, the administrator and an editor logged in, and the news type 行业动态 */
  const imageApp = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-upload-'));
    const uploads = path.join(dataDir, 'uploads');
    const t = useTestApp(dialect, { uploadMaxBytes: 2048, dataDir });
    const tokens = { admin: '', editor: '' };

    const upload = (file: Part, opts: { token?: string | null; lang?: string } = {}) => {
      const { payload, headers } = multipart([file]);
      const tok = opts.token === undefined ? tokens.admin : opts.token;
      return t.current.app.inject({
        method: 'POST',
        url: '/api/upload/upload',
        payload,
        headers: { ...headers, ...(tok ? { token: tok } : {}), ...(opts.lang ? { lang: opts.lang } : {}) },
      });
    };
    const stored = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);
    const post = (p: string, body?: unknown, lang?: string) =>
      t.current.post(p, body, { token: tokens.admin, headers: lang ? { lang } : {} });
    const del = (ref: string, opts: { token?: string; lang?: string } = {}) =>
      t.current.app.inject({
        method: 'POST',
        url: `/api/upload/delImage?oldFileUrl=${encodeURIComponent(ref)}`,
        headers: { token: opts.token ?? tokens.admin, ...(opts.lang ? { lang: opts.lang } : {}) },
      });

    let seed = 0;
    /** three images never uploaded before: `used` is a new news item's image, `inHtml` is in its text, `loose` is in no record */
    const referenced = async () => {
      seed++;
      const put = async (size: number) =>
        (await upload({ name: 'file', filename: 'u.png', data: await noise(size, size, seed).png().toBuffer() })).json().msg as string;
      const used = await put(9);
      const inHtml = await put(10);
      const loose = await put(11);
      const saved = await post('/news/saveNews', {
        title: '带图片的新闻',
        type: 'hy',
        summaryImg: `/img/${used}`,
        content: `<p>正文<img src="/img/${inHtml}" alt="x"></p>`,
      });
      expect(saved.body.code).toBe(200);
      expect(stored()).toEqual(expect.arrayContaining([used, inHtml, loose]));
      return { used, inHtml, loose, newsId: saved.body.data.id as number };
    };

    beforeAll(async () => {
      tokens.admin = await t.current.login();
      await insertUser(t.current.ctx, 'editor1', 'Editor_123456', ['editor']);
      tokens.editor = await t.current.login('editor1', 'Editor_123456');
      expect((await post('/news/saveNewsType', { code: 'hy', name: '行业动态' })).body.code).toBe(200);
    });

    afterAll(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { t, uploads, tokens, upload, stored, post, del, referenced };
  };
  const { t, uploads, tokens, upload, stored, post, del, referenced } = imageApp();

  describe('upload', () => {
    it('stores a PNG under its content hash and replies msg = the name, message, data', async () => {
      const res = await upload({ name: 'file', filename: '我的图片.png', contentType: 'image/png', data: img.png });
      expect(res.statusCode).toBe(200);
      const name = `${sha(img.png).slice(0, 32)}.png`;
      expect(res.json()).toEqual({ code: 200, msg: name, message: '上传成功', data: { name, url: `/img/${name}` } });
      expect(fs.readFileSync(path.join(uploads, name))).toEqual(img.png);
    });

    it('gives the same bytes the same name, stored once', async () => {
      // bytes no other test uploads: the first upload stores them, the second finds them
      const before = stored();
      const a = (await upload({ name: 'file', filename: 'a.png', contentType: 'image/png', data: img.png3 })).json();
      expect(stored()).toEqual([...before, a.msg].sort());
      const b = (await upload({ name: 'file', filename: 'other-name.png', data: img.png3 })).json();
      expect(a.msg).toBe(b.msg);
      expect(stored()).toEqual([...before, a.msg].sort());
    });

    it('names a file by its real type, never by the client name or content type', async () => {
      const res = await upload({ name: 'file', filename: 'photo.png', contentType: 'image/png', data: img.jpg });
      expect(res.json().msg).toBe(`${sha(img.jpg).slice(0, 32)}.jpg`);
      const evil = await upload({ name: 'file', filename: '../../etc/passwd.gif', contentType: 'text/plain', data: img.gif });
      expect(evil.json()).toMatchObject({ code: 200, msg: `${sha(img.gif).slice(0, 32)}.gif` });
      expect((await upload({ name: 'file', filename: 'x.webp', data: img.webp })).json().msg).toMatch(/^[a-f0-9]{32}\.webp$/);
      expect(stored().every((n) => /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(n))).toBe(true);
    });

    it('refuses a text file and an SVG named .png, storing nothing', async () => {
      const before = stored();
      const text = await upload({ name: 'file', filename: 'notes.png', contentType: 'image/png', data: '这是一个文本文件，不是图片' });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ code: 400, msg: BAD_TYPE, message: BAD_TYPE });
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      const res = await upload({ name: 'file', filename: 'logo.png', contentType: 'image/png', data: svg });
      expect(res.json()).toEqual({ code: 400, msg: BAD_TYPE, message: BAD_TYPE });
      const en = await upload({ name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', data: svg }, { lang: 'en' });
      expect(en.json()).toMatchObject({ code: 400, msg: 'Only JPG, PNG, GIF and WEBP images are supported' });
      expect(stored()).toEqual(before);
    });

    it('refuses a truncated PNG or JPEG: magic bytes alone are not enough', async () => {
      const before = stored();
      const png = await upload({ name: 'file', filename: 'cut.png', data: img.png.subarray(0, Math.floor(img.png.length * 0.6)) });
      expect(png.statusCode).toBe(400);
      expect(png.json()).toEqual({ code: 400, msg: '文件不是有效的图片', message: '文件不是有效的图片' });
      const jpg = await upload({ name: 'file', filename: 'cut.jpg', data: img.jpg.subarray(0, Math.floor(img.jpg.length * 0.9)) });
      expect(jpg.json()).toMatchObject({ code: 400, msg: '文件不是有效的图片' });
      const fake = Buffer.concat([img.png.subarray(0, 16), Buffer.alloc(200, 7)]);
      expect((await upload({ name: 'file', filename: 'fake.png', data: fake }, { lang: 'es' })).json()).toMatchObject({
        code: 400,
        msg: 'El archivo no es una imagen válida',
      });
      expect(stored()).toEqual(before);
    });

    it('refuses a file over the size limit with 413 and a clear message', async () => {
      const before = stored();
      const res = await upload({ name: 'file', filename: 'big.png', contentType: 'image/png', data: img.bigPng });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 413, msg: '图片大小不能超过 2 KB', message: '图片大小不能超过 2 KB' });
      const en = await upload({ name: 'file', filename: 'big.png', data: img.bigPng }, { lang: 'en' });
      expect(en.json()).toMatchObject({ code: 413, msg: 'The image must not exceed 2 KB' });
      expect(stored()).toEqual(before);
    });

    it('needs the file in the field named file, in a multipart body', async () => {
      const wrong = await upload({ name: 'image', filename: 'a.png', data: img.png });
      expect(wrong.json()).toMatchObject({ code: 400, msg: '请选择要上传的图片' });
      const json = await post('/upload/upload', { file: 'a.png' });
      expect(json.body).toMatchObject({ code: 400, msg: '请选择要上传的图片' });
      const empty = await upload({ name: 'file', filename: 'empty.png', data: Buffer.alloc(0) });
      expect(empty.json()).toMatchObject({ code: 400, msg: '上传的文件是空的，请重新选择' });
    });

    it('needs a token; editors may upload', async () => {
      const none = await upload({ name: 'file', filename: 'a.png', data: img.png2 }, { token: null });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe(50008);
      const byEditor = await upload({ name: 'file', filename: 'a.png', data: img.png2 }, { token: tokens.editor });
      expect(byEditor.json()).toMatchObject({ code: 200, msg: `${sha(img.png2).slice(0, 32)}.png` });
    });
  });

  describe('serving /img/{name}', () => {
    it('serves a stored image with its type and long-lived cache headers', async () => {
      for (const data of [img.png, img.jpg]) expect((await upload({ name: 'file', filename: 'a', data })).json().code).toBe(200);
      const name = `${sha(img.png).slice(0, 32)}.png`;
      const res = await t.current.app.inject({ method: 'GET', url: `/img/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(img.png.length);
      expect(res.rawPayload).toEqual(img.png);
      const jpg = await t.current.app.inject({ method: 'GET', url: `/img/${sha(img.jpg).slice(0, 32)}.jpg` });
      expect(jpg.headers['content-type']).toBe('image/jpeg');
      const again = await t.current.app.inject({
        method: 'GET',
        url: `/img/${name}`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      const head = await t.current.app.inject({ method: 'HEAD', url: `/img/${name}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
    });

    it('answers 404 JSON for unknown names and anything outside the store', async () => {
      for (const url of [
        '/img/0123456789abcdef0123456789abcdef.png',
        '/img/..%2F..%2Fapp.db',
        '/img/..%2Fuploads%2F..%2F..%2Fetc%2Fpasswd',
        '/img/%2Fetc%2Fpasswd',
        '/img/.tmp-0011223344556677',
        `/img/${sha(img.png).slice(0, 32)}.PNG`,
        `/img/${sha(img.png).slice(0, 32)}.svg`,
      ]) {
        const res = await t.current.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ code: 404, msg: '图片不存在' });
      }
      const traversal = await t.current.app.inject({ method: 'GET', url: '/img/../api/config' });
      expect(traversal.statusCode).not.toBe(200);
    });
  });

  describe('delImage', () => {
    let used = '';
    let inHtml = '';
    let loose = '';
    let newsId = 0;

    // every test has images of its own: a news item's image, one in its text and one no record uses
    beforeEach(async () => {
      ({ used, inHtml, loose, newsId } = await referenced());
    });

    it('refuses addresses outside the store and deletes nothing', async () => {
      const before = stored();
      for (const ref of [
        '',
        '../app.db',
        '../../etc/passwd',
        '/etc/passwd',
        `/img/../${loose}`,
        `/img/../../${loose}`,
        `/uploads/${loose}`,
        `http://example.com/files/${loose}`,
        'abc.png',
        `${loose}/..`,
        'C:\\windows\\win.ini',
      ]) {
        const res = await del(ref);
        expect(res.statusCode, ref).toBe(400);
        expect(res.json(), ref).toEqual({ code: 400, msg: '图片地址无效' });
      }
      expect((await del('../x', { lang: 'en' })).json()).toEqual({ code: 400, msg: 'Invalid image address' });
      expect(stored()).toEqual(before);
    });

    it('answers success for a well-formed name whose file is already gone: nothing to do', async () => {
      const before = stored();
      const res = await del('/img/0123456789abcdef0123456789abcdef.png');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 200,
        msg: '图片已不存在，无需删除',
        data: { name: '0123456789abcdef0123456789abcdef.png', deleted: false },
      });
      expect((await del('0123456789abcdef0123456789abcdef.png', { lang: 'en' })).json().msg).toBe(
        'The image no longer exists; nothing to delete',
      );
      expect(stored()).toEqual(before);
    });

    it('keeps an image a record still uses (image field or rich text), in any address form', async () => {
      for (const ref of [used, `/img/${used}`, `http://localhost:8080/img/${used}`, `/img/${inHtml}`]) {
        const res = await del(ref);
        expect(res.statusCode, ref).toBe(200);
        expect(res.json(), ref).toMatchObject({ code: 200, msg: '图片仍被其他记录使用，已保留', data: { deleted: false } });
      }
      expect((await del(used, { lang: 'en' })).json().msg).toBe('The image is still used by another record and was kept');
      expect(stored()).toContain(used);
      expect(stored()).toContain(inHtml);
    });

    it('deletes an image no record uses; it is gone from /img', async () => {
      const res = await del(`https://www.example.com/img/${loose}?v=1`);
      expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: { name: loose, deleted: true } });
      expect(stored()).not.toContain(loose);
      expect((await t.current.app.inject({ method: 'GET', url: `/img/${loose}` })).statusCode).toBe(404);
      expect((await del(loose)).json()).toMatchObject({ code: 200, msg: '图片已不存在，无需删除', data: { deleted: false } });
    });

    it('a save that blanks an image field keeps the file (素材库, issue 26); the client delImage then deletes it', async () => {
      const record = (await post(`/news/getNews?id=${newsId}`)).body.data;
      expect((await del(`/img/${used}`, { token: tokens.editor })).json()).toMatchObject({ msg: '图片仍被其他记录使用，已保留' });
      expect((await post('/news/saveNews', { ...record, summaryImg: '' })).body.code).toBe(200);
      expect(stored()).toContain(used);
      expect(stored()).toContain(inHtml);
      const res = await del(`/img/${used}`, { token: tokens.editor });
      expect(res.json()).toMatchObject({ code: 200, msg: '删除成功', data: { deleted: true } });
      expect(stored()).not.toContain(used);
    });

    it('a save that replaces an image or drops an <img> from rich text keeps every file (素材库, issue 26)', async () => {
      const a = (await upload({ name: 'file', filename: 'a.png', data: await noise(13, 13).png().toBuffer() })).json().msg;
      const b = (await upload({ name: 'file', filename: 'b.png', data: await noise(14, 14).png().toBuffer() })).json().msg;
      const shared = (await upload({ name: 'file', filename: 's.png', data: await noise(15, 15).png().toBuffer() })).json().msg;
      const body = `<p><img src="/img/${shared}"><img src="/img/${b}"></p>`;
      const first = await post('/news/saveNews', { title: '替换图片一', type: 'hy', summaryImg: `/img/${a}`, content: body });
      const other = await post('/news/saveNews', { title: '替换图片二', type: 'hy', content: `<p><img src="/img/${shared}"></p>` });
      expect([first.body.code, other.body.code]).toEqual([200, 200]);
      const record = (await post(`/news/getNews?id=${first.body.data.id}`)).body.data;
      const r = await post('/news/saveNews', { ...record, summaryImg: `/img/${b}`, content: '<p>无图</p>' });
      expect(r.body.code).toBe(200);
      // a: replaced, now unused but kept; b: dropped from the text but now the summary image; shared: still in the other record
      expect(stored()).toContain(a);
      expect(stored()).toContain(b);
      expect(stored()).toContain(shared);
    });

    it('purging deleted records keeps their images (素材库, issue 26), deletable once nothing else uses them', async () => {
      const own = (await upload({ name: 'file', filename: 'o.png', data: await noise(16, 16).png().toBuffer() })).json().msg;
      const shared = (await upload({ name: 'file', filename: 'k.png', data: await noise(17, 17).png().toBuffer() })).json().msg;
      const gone = await post('/news/saveNews', {
        title: '将删除的新闻',
        type: 'hy',
        summaryImg: `/img/${own}`,
        content: `<p><img src="/img/${shared}"></p>`,
      });
      const kept = await post('/news/saveNews', { title: '保留的新闻', type: 'hy', summaryImg: `/img/${shared}` });
      expect([gone.body.code, kept.body.code]).toEqual([200, 200]);
      expect((await post('/news/delNews', [gone.body.data.id])).body.code).toBe(200);
      // the deleted record waits in the recycle bin: its images stay until it is purged
      expect(stored()).toContain(own);
      const bin = await post('/recycle/getRecyclePage', { resource: 'news', keyword: '将删除的新闻', pageNumber: 1, pageSize: 10 });
      expect(bin.body.total).toBe(1);
      expect((await post('/recycle/purge', [bin.body.rows[0].id])).body.code).toBe(200);
      expect(stored()).toContain(own);
      expect((await del(`/img/${own}`)).json()).toMatchObject({ code: 200, data: { deleted: true } });
      expect((await del(`/img/${shared}`)).json()).toMatchObject({ code: 200, data: { deleted: false } });
      expect(stored()).not.toContain(own);
      expect(stored()).toContain(shared);
    });

    it('a record whose image file is gone can still be saved with the field blank', async () => {
      const lost = (await upload({ name: 'file', filename: 'x.png', data: await noise(18, 18).png().toBuffer() })).json().msg;
      const saved = await post('/news/saveNews', { title: '图片文件丢失', type: 'hy', summaryImg: `/img/${lost}` });
      expect(saved.body.code).toBe(200);
      fs.rmSync(path.join(uploads, lost));
      expect((await del(`/img/${lost}`)).json()).toMatchObject({ code: 200, data: { deleted: false } });
      const r = await post('/news/saveNews', { ...saved.body.data, summaryImg: '' });
      expect(r.body).toMatchObject({ code: 200, data: { summaryImg: '' } });
      expect((await post(`/news/getNews?id=${saved.body.data.id}`)).body.data.summaryImg).toBe('');
    });

    // this test moves the clock two hours on and sweeps every unreferenced image: it has an app and a store of its own
    describe('on a clock of its own', () => {
      const { t, tokens, upload, stored, post, referenced } = imageApp();

      it('sweeps unreferenced images older than an hour (admin only)', async () => {
        const { inHtml } = await referenced();
        const fresh = (await upload({ name: 'file', filename: 'f.png', data: await noise(12, 12).png().toBuffer() })).json().msg;
        const forbidden = await t.current.post('/upload/cleanImages', {}, { token: tokens.editor });
        expect(forbidden.status).toBe(403);
        expect(forbidden.body).toEqual({ code: 403, msg: '只有管理员可以清理图片' });
        const now = await post('/upload/cleanImages');
        expect(now.body).toMatchObject({ code: 200, msg: '已清理 0 张未使用的图片', data: { removed: [] } });
        expect(stored()).toContain(fresh);

        t.current.advance(2 * 60 * 60_000);
        tokens.admin = await t.current.login();
        const before = stored();
        const later = await post('/upload/cleanImages');
        expect(later.body.code).toBe(200);
        const removed: string[] = later.body.data.removed;
        expect(removed).toContain(fresh);
        expect(removed).not.toContain(inHtml);
        expect(later.body.msg).toBe(`已清理 ${removed.length} 张未使用的图片`);
        expect(stored()).toEqual(before.filter((n) => !removed.includes(n)));
        expect(stored()).toContain(inHtml);
      });
    });
  });

  describe('editor settings', () => {
    it('answers /config by POST and GET for any logged-in user', async () => {
      const expected = {
        code: 200,
        msg: '操作成功',
        data: {
          uploadUrl: '/api/upload/upload',
          imageUrlPrefix: '/img/',
          maxBytes: 2048,
          allowedTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
          fieldName: 'file',
        },
      };
      expect((await t.current.post('/config', {}, { token: tokens.editor })).body).toEqual(expected);
      const get = await t.current.app.inject({ method: 'GET', url: '/api/config', headers: { token: tokens.admin } });
      expect(get.json()).toEqual(expected);
      const none = await t.current.app.inject({ method: 'GET', url: '/api/config' });
      expect(none.json().code).toBe(50008);
    });
  });
});
