import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { prepareApp } from '../../prepare.js';
import { LocalImageStore } from '../../storage/index.js';
import { ADMIN_PASSWORD, multipart } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { ImageChecker } from './index.js';

const solid = (width: number, height: number, background = 'red') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A local store whose disk refuses writes the way a full or read-only file system does. */
class RefusingStore extends LocalImageStore {
  failure: string | null = null;
  override async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    if (this.failure) {
      const e = new Error(`${this.failure}: write refused, open '${this.root}/${name}'`) as NodeJS.ErrnoException;
      e.code = this.failure;
      throw e;
    }
    return super.put(name, bytes, contentType);
  }
}

describe('upload limits', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-upload-limits-'));
  const store = new RefusingStore(dataDir);
  let built: BuiltApp;
  let token = '';

  beforeAll(async () => {
    built = await prepareApp(testConfig({ dataDir, uploadMaxPixels: 10_000 }), { images: store });
    const r = await built.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    token = r.json().data.token;
  });
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (data: Buffer, lang?: string) => {
    const { payload, headers } = multipart(data);
    return built.app.inject({
      method: 'POST',
      url: '/api/upload/upload',
      payload,
      headers: { ...headers, token, ...(lang ? { lang } : {}) },
    });
  };
  const stored = () => (fs.existsSync(store.root) ? fs.readdirSync(store.root) : []);

  it('refuses an image past UPLOAD_MAX_PIXELS with 413 and a message, before decoding, storing nothing', async () => {
    const r = await upload(await solid(200, 100));
    expect(r.statusCode).toBe(413);
    const msg = '图片像素过多（最多 10000 像素），请缩小后再上传';
    expect(r.json()).toEqual({ code: 413, msg, message: msg });
    expect(stored()).toEqual([]);
    expect((await upload(await solid(100, 100))).json().code).toBe(200);
  });

  it('a full image store answers 507 with a clear message (msg and message), not a bare 500', async () => {
    store.failure = 'ENOSPC';
    try {
      const r = await upload(await solid(10, 10, 'blue'));
      expect(r.statusCode).toBe(507);
      expect(r.json()).toEqual({ code: 507, msg: '图片存储空间已满，请联系管理员', message: '图片存储空间已满，请联系管理员' });
    } finally {
      store.failure = null;
    }
  });

  it('a read-only image store answers 503 with a clear message', async () => {
    store.failure = 'EROFS';
    try {
      const r = await upload(await solid(10, 10, 'green'), 'en');
      expect(r.statusCode).toBe(503);
      const msg = 'The image storage cannot be written to right now; please contact the administrator';
      expect(r.json()).toEqual({ code: 503, msg, message: msg });
    } finally {
      store.failure = null;
    }
  });
});

describe('decode concurrency', () => {
  it('decodes at most N at once, lets Q wait and refuses the rest with 429', async () => {
    const checker = new ImageChecker(50_000_000, 1, 1);
    const raw = Buffer.alloc(1500 * 1500 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const img = await sharp(raw, { raw: { width: 1500, height: 1500, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const results = await Promise.allSettled([checker.check(img), checker.check(img), checker.check(img), checker.check(img)]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 429, key: 'upload.busy' });
    // once they are done, the next is accepted again
    await expect(checker.check(img)).resolves.toMatchObject({ ext: 'png', contentType: 'image/png' });
  });
});

describe('a burst of uploads past the decode limit', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-upload-burst-'));
  let built: BuiltApp;
  afterAll(async () => {
    await built?.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with a message (msg and message) to the uploads past the limit and stores the others', { timeout: 60_000 }, async () => {
    built = await prepareApp(testConfig({ dataDir, uploadDecodeConcurrency: 1, uploadDecodeQueue: 0 }));
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/login/doLogin',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = login.json().data.token;
    // six different noisy images, each a fraction of a second to decode, sent at once
    const images = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((k) => {
        const raw = Buffer.alloc(1200 * 1200 * 3);
        for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 * k) % 251;
        return sharp(raw, { raw: { width: 1200, height: 1200, channels: 3 } })
          .png({ compressionLevel: 1 })
          .toBuffer();
      }),
    );
    const replies = await Promise.all(
      images.map((img) => {
        const { payload, headers } = multipart(img);
        return built.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
      }),
    );
    const busy = replies.filter((r) => r.statusCode === 429);
    const stored = replies.filter((r) => r.statusCode === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(0);
    expect(busy.length + stored.length).toBe(images.length);
    for (const r of busy)
      expect(r.json()).toEqual({ code: 429, msg: '正在处理的图片过多，请稍后再试', message: '正在处理的图片过多，请稍后再试' });
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((n) => !n.startsWith('.'))).toHaveLength(stored.length);
  });
});

/** a noisy PNG that takes a fraction of a second to decode (`k` makes each different) */
const heavyPng = (k: number, side = 1200) => {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 * k) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
};

describe('fair shares of the decode queue between accounts', () => {
  it('one account holds at most its share: a flood of one is refused past the room, another account is still admitted', async () => {
    const checker = new ImageChecker(50_000_000, 1, 2);
    const img = await heavyPng(1, 600);
    // account a sends six at once, then account b one: all admitted or refused at the call
    const flood = Array.from({ length: 6 }, () => checker.check(img, 'user:a'));
    const other = checker.check(img, 'user:b');
    const results = await Promise.allSettled(flood);
    // a: one decoding, two waiting, three refused; then b takes the place of a's newest waiting one
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: number }).code))).toEqual([
      'ok',
      'ok',
      429,
      429,
      429,
      429,
    ]);
    await expect(other).resolves.toMatchObject({ ext: 'png', contentType: 'image/png' });
    expect(checker.load).toEqual({ checking: 0, waiting: 0 });
  });

  describe('through the upload route', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-upload-fair-'));
    let built: BuiltApp;
    afterAll(async () => {
      await built?.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("another account's upload succeeds while one account floods the queue", { timeout: 60_000 }, async () => {
      built = await prepareApp(testConfig({ dataDir, uploadDecodeConcurrency: 1, uploadDecodeQueue: 2 }));
      const tokens: string[] = [];
      for (const name of ['flooder', 'other']) {
        await insertUser(built.ctx, name, 'Passw0rd_1', ['editor']);
        const r = await built.app.inject({
          method: 'POST',
          url: '/api/login/doLogin',
          payload: { username: name, password: 'Passw0rd_1' },
        });
        tokens.push(r.json().data.token);
      }
      const send = (img: Buffer, token: string) => {
        const { payload, headers } = multipart(img);
        return built.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
      };
      const images = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((k) => heavyPng(k)));
      // the flooder's uploads all at once; the other account's once the flooder has been refused (the room was full)
      let firstRefusal!: () => void;
      const refused = new Promise<void>((resolve) => {
        firstRefusal = resolve;
      });
      const flood = images.map((img) =>
        send(img, tokens[0]).then((r) => {
          if (r.statusCode === 429) firstRefusal();
          return r;
        }),
      );
      await refused;
      const other = await send(await heavyPng(9), tokens[1]);
      expect(other.statusCode).toBe(200);
      expect(other.json().code).toBe(200);
      const replies = await Promise.all(flood);
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
      expect(replies.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    });
  });
});

/** Whether this run may mount a small tmpfs (root with CAP_SYS_ADMIN): then the disk below is a real one. */
const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();

describe.runIf(canMount)('a really full, then read-only, file system under DATA_DIR/uploads (a 128 KB tmpfs)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-upload-disk-'));
  const uploads = path.join(dataDir, 'uploads');
  let built: BuiltApp;
  let token = '';

  beforeAll(async () => {
    fs.mkdirSync(uploads);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128k', 'tmpfs', uploads]);
    // the real local store, on that disk
    built = await prepareApp(testConfig({ dataDir }));
    token = (
      await built.app.inject({ method: 'POST', url: '/api/login/doLogin', payload: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json().data.token;
  });
  afterAll(async () => {
    await built?.app.close();
    try {
      execFileSync('umount', [uploads]);
    } catch {}
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (data: Buffer) => {
    const { payload, headers } = multipart(data);
    return built.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token } });
  };
  const noisy = async (seed: number) => {
    const raw = Buffer.alloc(120 * 120 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 * seed + seed) % 251;
    return sharp(raw, { raw: { width: 120, height: 120, channels: 3 } })
      .png()
      .toBuffer();
  };

  it('a full disk answers 507 with its message, a read-only one 503 with its own, and /readyz names the store', async () => {
    const stored = await upload(await noisy(1));
    expect(stored.statusCode).toBe(200);
    // fill what is left
    try {
      fs.writeFileSync(path.join(uploads, 'filler'), Buffer.alloc(256 * 1024));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const full = await upload(await noisy(2));
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ code: 507, msg: '图片存储空间已满，请联系管理员', message: '图片存储空间已满，请联系管理员' });
    expect(fs.readdirSync(uploads).filter((n) => n.startsWith('.tmp-'))).toEqual([]);

    fs.rmSync(path.join(uploads, 'filler'));
    execFileSync('mount', ['-o', 'remount,ro', uploads]);
    const readOnly = await upload(await noisy(3));
    expect(readOnly.statusCode).toBe(503);
    expect(readOnly.json()).toEqual({
      code: 503,
      msg: '图片存储当前不可写入，请联系管理员',
      message: '图片存储当前不可写入，请联系管理员',
    });
    const ready = await built.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failed: ['images'] });
    // what was stored is still served
    const first = await built.app.inject({ method: 'GET', url: `/img/${stored.json().msg}` });
    expect(first.statusCode).toBe(200);
  });
});
