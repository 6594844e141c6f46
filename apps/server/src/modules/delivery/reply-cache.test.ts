import zlib from 'node:zlib';
import { siteKeyEndpoints } from '@gk/contracts';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { directReads } from '../../db/index.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { replyCacheOf } from './reply-cache.js';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Counts every statement the database runs from now on: through Kysely's executor (builders, `sql`, raw) and
 * SQLite's direct reads of the hot path (db/shapes.ts). `stop()` puts both back and answers the count.
 */
function countStatements(db: Kysely<unknown>): { count: () => number; stop: () => void } {
  let n = 0;
  const executor = db.getExecutor() as unknown as { executeQuery: (...a: unknown[]) => unknown };
  const run = executor.executeQuery;
  executor.executeQuery = (...a: unknown[]) => {
    n++;
    return run.apply(executor, a);
  };
  const direct = directReads.get(db);
  if (direct)
    directReads.set(db, (text, params) => {
      n++;
      return direct(text, params);
    });
  return {
    count: () => n,
    stop: () => {
      executor.executeQuery = run;
      if (direct) directReads.set(db, direct);
    },
  };
}

/** the headers a reply of the same request may differ in: its date and the rate limit's count */
const comparable = (h: Record<string, unknown>) => {
  const { date, 'x-ratelimit-remaining': _r, 'x-ratelimit-reset': _s, ...rest } = h;
  return rest;
};

describe.each(DIALECTS)('delivery reply cache on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 10_000 });
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });
  const stats = () => replyCacheOf(t.current.ctx).stats();

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'rc', name: '回复缓存' })).body.code).toBe(200);
    for (let i = 0; i < 3; i++) await post('/news/saveNews', { title: `缓存回复·${i}`, type: 'rc', summary: '摘要'.repeat(300) });
  });

  it('a repeated list and detail are answered from the cache: the same bytes and headers, and no statement', async () => {
    const n = (await post('/news/saveNews', { title: '缓存回复·详情', type: 'rc', content: '<p>正文</p>' })).body.data;
    for (const path of ['/news?type=rc&pageSize=50', `/news/${n.id}`]) {
      const before = stats();
      const first = await get(path);
      expect(first.statusCode).toBe(200);
      const counter = countStatements(t.current.ctx.db as Kysely<unknown>);
      let again: Awaited<ReturnType<typeof get>>;
      let ran: number;
      try {
        again = await get(path);
        ran = counter.count();
      } finally {
        counter.stop();
      }
      expect(ran).toBe(0);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(comparable(again.headers)).toEqual(comparable(first.headers));
      expect(again.headers.etag).toMatch(/^W\//);
      expect(again.headers['cache-tag']).toContain('news');
      expect(stats().hits).toBe(before.hits + 1);
      // compressed from the kept bytes as an uncached reply is
      const br = await get(path, { 'accept-encoding': 'br' });
      if (first.rawPayload.length >= 1024) {
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
      }
    }
  });

  it('keeps the compressed bytes per encoding: a compressed hit is the body compressed, with its headers; no Accept-Encoding gets identity', async () => {
    const decoders: Record<string, (b: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    // about 3 KB (compressed while the reply is made) and 120 KB (compressed as a stream, off the event loop)
    for (const repeat of [300, 20_000]) {
      const content = `<p>${'正文'.repeat(repeat)}</p>`;
      const n = (await post('/news/saveNews', { title: '缓存回复·压缩', type: 'rc', content })).body.data;
      const path = `/news/${n.id}`;
      const plain = await get(path);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ]) {
        const before = stats().bytes;
        const first = await get(path, { 'accept-encoding': accept });
        // the compressed bytes are kept beside the body, counted against the bound
        await vi.waitFor(() => expect(stats().bytes).toBeGreaterThan(before));
        const grown = stats().bytes;
        const { hits } = stats();
        const again = await get(path, { 'accept-encoding': accept });
        const third = await get(path, { 'accept-encoding': accept });
        expect(stats().hits).toBe(hits + 2);
        expect(stats().bytes).toBe(grown);
        for (const r of [first, again, third]) {
          expect(r.statusCode).toBe(200);
          expect(r.headers['content-encoding']).toBe(encoding);
          expect(r.headers.vary).toBe(plain.headers.vary);
          expect(decoders[encoding](r.rawPayload).equals(plain.rawPayload)).toBe(true);
        }
        // the kept bytes go out whole, with their length; otherwise the headers are the uncompressed reply's
        expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
        expect(third.rawPayload.equals(again.rawPayload)).toBe(true);
        expect(comparable(third.headers)).toEqual(comparable(again.headers));
        const { 'content-length': _a, 'content-encoding': _b, ...rest } = comparable(again.headers);
        const { 'content-length': _c, ...plainRest } = comparable(plain.headers);
        expect(rest).toEqual(plainRest);
      }
      // without Accept-Encoding, or refusing both: the plain bytes, whatever was kept beside them
      const asPlain: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
      for (const headers of asPlain) {
        const r = await get(path, headers);
        expect(r.headers['content-encoding']).toBeUndefined();
        expect(r.rawPayload.equals(plain.rawPayload)).toBe(true);
        expect(comparable(r.headers)).toEqual(comparable(plain.headers));
      }
      // a write drops them with the rest: the next compressed reply holds the new title
      await post('/news/saveNews', { id: n.id, title: '缓存回复·压缩改过', type: 'rc', content });
      for (let i = 0; i < 2; i++) {
        const after = await get(path, { 'accept-encoding': 'br' });
        expect(JSON.parse(zlib.brotliDecompressSync(after.rawPayload).toString()).data.title).toBe('缓存回复·压缩改过');
      }
    }
  });

  it('a steady-state 304 runs no statement', async () => {
    const path = '/news?type=rc';
    const etag = (await get(path)).headers.etag as string;
    const counter = countStatements(t.current.ctx.db as Kysely<unknown>);
    try {
      for (let i = 0; i < 3; i++) expect((await get(path, { 'if-none-match': etag })).statusCode).toBe(304);
      expect(counter.count()).toBe(0);
    } finally {
      counter.stop();
    }
  });

  it('a write is seen at once: the kept replies are dropped and the next one holds it', async () => {
    const path = '/news?type=rc&pageSize=50';
    const titles = async () => (await get(path)).json().rows.map((r: { title: string }) => r.title);
    expect(await titles()).not.toContain('缓存回复·新写入');
    await titles();
    expect(stats().entries).toBeGreaterThan(0);
    const n = (await post('/news/saveNews', { title: '缓存回复·新写入', type: 'rc' })).body.data;
    expect(stats().entries).toBe(0);
    expect(await titles()).toContain('缓存回复·新写入');
    await post('/news/saveNews', { id: n.id, title: '缓存回复·改过', type: 'rc' });
    expect(await titles()).toContain('缓存回复·改过');
    await post('/news/delNews', [n.id]);
    expect(await titles()).not.toContain('缓存回复·改过');
  });

  it('a scheduled news going live changes the reply without any write', async () => {
    const path = '/news?type=rc&pageSize=50';
    const n = (await post('/news/saveNews', { title: '缓存回复·定时', type: 'rc', status: 'draft' })).body.data;
    const at = t.current.ctx.now() + 5000;
    await post(`/news/publishNews?id=${n.id}`, { publishTime: fmt(at) });
    const ids = async () => (await get(path)).json().rows.map((r: { id: number }) => r.id);
    expect(await ids()).not.toContain(n.id);
    expect(await ids()).not.toContain(n.id);
    t.current.advance(at - t.current.ctx.now() + 1000);
    expect(await ids()).toContain(n.id);
    expect((await get(`/news/${n.id}`)).statusCode).toBe(200);
  });

  it('a counted view drops the kept replies showing the record', async () => {
    const n = (await post('/news/saveNews', { title: '缓存回复·浏览', type: 'rc' })).body.data;
    const count = async () => (await get(`/news/${n.id}`)).json().data.count;
    const listed = async () => (await get('/news?type=rc&pageSize=50')).json().rows.find((r: { id: number }) => r.id === n.id).count;
    const [one, inList] = [await count(), await listed()];
    expect([await count(), await listed()]).toEqual([one, inList]);
    await t.current.app.inject({ method: 'POST', url: `/public/v1/news/${n.id}/view`, remoteAddress: '10.9.0.1' });
    expect([await count(), await listed()]).toEqual([one + 1, inList + 1]);
  });

  it('never keeps a preview reply, an error or a 304; keeps one reply per locale and language', async () => {
    const n = (await post('/news/saveNews', { title: '缓存回复·预览', type: 'rc' })).body.data;
    const key = (await post(siteKeyEndpoints.save.path, { name: '预览键', mode: 'preview' })).body.data.key;
    const plainKey = (await post(siteKeyEndpoints.save.path, { name: '普通键', mode: 'published' })).body.data.key;
    await post('/news/saveNews', { id: n.id, title: '缓存回复·预览', type: 'rc' });
    const kept = () => stats().entries;
    const start = kept();
    // a preview key's replies (drafts) are private: neither kept nor served from the cache
    for (let i = 0; i < 2; i++) {
      const r = await get(`/news/${n.id}`, { authorization: `Bearer ${key}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-cache');
    }
    // a preview token (here one that grants nothing: 403), a missing record (404)
    for (let i = 0; i < 2; i++) {
      expect((await get(`/news/${n.id}?preview=some-token`)).statusCode).toBe(403);
      expect((await get(`/news/${n.id}`, { 'x-preview-token': 'some-token' })).statusCode).toBe(403);
      expect((await get('/news/999999')).statusCode).toBe(404);
    }
    expect(kept()).toBe(start);
    // a revalidation answered 304 keeps nothing either
    const anon = await get(`/news/${n.id}`);
    expect(kept()).toBe(start + 1);
    expect((await get(`/news/${n.id}`, { 'if-none-match': anon.headers.etag as string })).statusCode).toBe(304);
    expect(kept()).toBe(start + 1);
    // a key that is no preview key reads what anyone reads: the same bytes, from the same entry, its own limit
    const keyed = await get(`/news/${n.id}`, { authorization: `Bearer ${plainKey}` });
    expect(keyed.rawPayload.equals(anon.rawPayload)).toBe(true);
    expect(keyed.headers['x-ratelimit-limit']).not.toBe(anon.headers['x-ratelimit-limit']);
    expect(kept()).toBe(start + 1);
    // the content locale (?locale=, Accept-Language) and the reply language are variants of their own
    const en = await get(`/news/${n.id}?locale=en`);
    const enByHeader = await get(`/news/${n.id}`, { 'accept-language': 'en' });
    expect(kept()).toBe(start + 3);
    expect([en.json().data.locale, enByHeader.json().data.locale]).toEqual(['zh-CN', 'zh-CN']);
    expect(enByHeader.headers.etag).not.toBe(anon.headers.etag);
    expect((await get(`/news/${n.id}`, { 'accept-language': 'en' })).rawPayload.equals(enByHeader.rawPayload)).toBe(true);
    expect((await get(`/news/${n.id}`)).rawPayload.equals(anon.rawPayload)).toBe(true);
  });

  it('reports itself on /metrics', async () => {
    const m = await t.current.app.inject({ method: 'GET', url: '/metrics' });
    const s = stats();
    for (const [stat, value] of Object.entries(s)) expect(m.body).toContain(`gk_delivery_cache{stat="${stat}"} ${value}`);
    expect(s.max_bytes).toBe(16 * 2 ** 20);
  });
});

describe.each(DIALECTS)('delivery reply cache bounds on %s', (dialect) => {
  const small = useTestApp(dialect, { publicRateLimit: 10_000, deliveryCacheMb: 0.2 });
  const off = useTestApp(dialect, { publicRateLimit: 10_000, deliveryCacheMb: 0 });

  it('keeps no more bytes than DELIVERY_CACHE_MB, the least recently used going first', async () => {
    const token = await small.current.login();
    await small.current.post('/news/saveNewsType', { code: 'rb', name: '界限' }, { token });
    for (let i = 0; i < 12; i++)
      await small.current.post('/news/saveNews', { title: `界限·${i}`, type: 'rb', summary: '摘要'.repeat(400) }, { token });
    // twelve paths: pages of 1 to 12 news of about 5 KB each (summary and metaDescription), 390 KB in all
    const get = (q: string) => small.current.app.inject({ method: 'GET', url: `/public/v1/news?type=rb&pageSize=${q}` });
    const cache = replyCacheOf(small.current.ctx);
    const bodies = new Map<string, Buffer>();
    for (let i = 1; i <= 12; i++) bodies.set(String(i), (await get(String(i))).rawPayload);
    const s = cache.stats();
    expect(s.max_bytes).toBe(Math.floor(0.2 * 2 ** 20));
    expect(s.bytes).toBeLessThanOrEqual(s.max_bytes);
    expect(s.entries).toBeGreaterThan(0);
    expect(s.entries).toBeLessThan(12);
    // the newest is kept, the oldest was evicted: asked again, it is made again (a miss), alike
    const { hits, misses } = cache.stats();
    expect((await get('12')).rawPayload.equals(bodies.get('12')!)).toBe(true);
    expect(cache.stats().hits).toBe(hits + 1);
    expect((await get('1')).rawPayload.equals(bodies.get('1')!)).toBe(true);
    expect(cache.stats().misses).toBe(misses + 1);
    // the compressed bytes kept beside the bodies count too: still within the bound
    const br = (q: string) =>
      small.current.app.inject({ method: 'GET', url: `/public/v1/news?type=rb&pageSize=${q}`, headers: { 'accept-encoding': 'br' } });
    for (let i = 1; i <= 12; i++) {
      const r = await br(String(i));
      expect(zlib.brotliDecompressSync(r.rawPayload).equals(bodies.get(String(i))!)).toBe(true);
      expect(cache.stats().bytes).toBeLessThanOrEqual(s.max_bytes);
    }
  });

  it('0 keeps nothing', async () => {
    const token = await off.current.login();
    await off.current.post('/news/saveNewsType', { code: 'ro', name: '关闭' }, { token });
    await off.current.post('/news/saveNews', { title: '关闭·一', type: 'ro' }, { token });
    const get = () => off.current.app.inject({ method: 'GET', url: '/public/v1/news?type=ro' });
    const a = await get();
    const b = await get();
    expect(a.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(replyCacheOf(off.current.ctx).stats()).toEqual({ entries: 0, bytes: 0, max_bytes: 0, hits: 0, misses: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('delivery reply cache: two app instances on one PostgreSQL schema', () => {
  const t = useTestApp('postgres', { publicRateLimit: 10_000 });

  it("another instance's write is seen at once (LISTEN/NOTIFY empties its cache)", async () => {
    const { ctx } = t.current;
    const token = await t.current.login();
    await t.current.post('/news/saveNewsType', { code: 'r2', name: '两个实例' }, { token });
    await t.current.post('/news/saveNews', { title: '两实例·一', type: 'r2' }, { token });
    const second = await prepareApp(ctx.config, { clock: () => ctx.now() });
    try {
      await second.app.ready();
      const read = async () =>
        (await second.app.inject({ method: 'GET', url: '/public/v1/news?type=r2' })).json().rows.map((r: { title: string }) => r.title);
      expect(await read()).toEqual(['两实例·一']);
      expect(await read()).toEqual(['两实例·一']);
      const theirs = replyCacheOf(second.ctx);
      expect(theirs.stats()).toMatchObject({ entries: 1, hits: 1 });
      await t.current.post('/news/saveNews', { title: '两实例·二', type: 'r2' }, { token });
      expect(theirs.stats().entries).toBe(0);
      expect((await read()).sort()).toEqual(['两实例·一', '两实例·二']);
    } finally {
      await second.app.close();
    }
  });
});
