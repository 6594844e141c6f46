import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allResources, BANNER_TYPES, deliveryEndpoints, hasSeo, imageNameOf, SLUG_PATTERN } from '@gk/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { prepareApp } from '../../prepare.js';
import { referencedNames } from '../../storage/references.js';
import { DIALECTS, makeTestApp, type TestApp, useTestApp } from '../../test/harness.js';
import { COMPANY, DEMO_CONTENT, type DemoRecord, IMAGE_TITLES } from './data.js';
import { DEMO_SETTING, seedDemo } from './index.js';

type Row = Record<string, unknown>;

/** How many records data.ts describes for each list screen (every resource it fills, by the resource's list path). */
const planned = (() => {
  const out: Record<string, number> = {};
  const walk = (name: string, rows: DemoRecord[]) => {
    const def = allResources().find((r) => r.name === name);
    if (!def) throw new Error(`demo data names no resource ${name}`);
    if (def.endpoints.list) out[def.endpoints.list.path] = (out[def.endpoints.list.path] ?? 0) + rows.length;
    for (const r of rows) if (r.children) walk(r.children.resource, r.children.rows);
  };
  for (const [name, rows] of Object.entries(DEMO_CONTENT)) walk(name, rows);
  return out;
})();
const LISTS = Object.keys(planned);
/** the detail call of the lists whose records carry more than their list rows (rich-text bodies, contact details) */
const DETAILS: Record<string, string> = {
  '/news/getNewsList': '/news/getNews',
  '/policy/getPolicyPage': '/policy/getPolicy',
  '/page/getPageItemList': '/page/getPageItemById',
  '/waybill/getWaybillPage': '/waybill/getWaybill',
  '/headerContorller/getContactPage': '/headerContorller/getContact',
};

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gk-demo-'));
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
/** every `/img/<name>` a value holds or embeds */
const imageRefs = (v: unknown): string[] =>
  typeof v === 'string' ? [...v.matchAll(/\/img\/[a-f0-9]{16,64}\.(?:jpg|png|gif|webp)/g)].map((m) => m[0]) : [];

async function counts(app: TestApp, token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const url of LISTS) out[url] = (await app.post(url, { pageSize: 100 }, { token })).body.total;
  return out;
}

describe.each(DIALECTS)('demo content on %s', (dialect) => {
  describe('a first start with SEED_DEMO on', () => {
    const dataDir = tmpDir();
    const t = useTestApp(dialect, {
      seedDemo: true,
      dataDir,
      sqliteFile: path.join(dataDir, 'app.db'),
      publicBaseUrl: 'https://cms.example.com',
      publicRateLimit: 100_000,
    });
    let token = '';
    const post = (p: string, body?: unknown) => t.current.post(p, body, { token });
    /** list rows per list, and the full records (detail calls) of the lists in DETAILS */
    const rows: Record<string, Row[]> = {};
    const full: Record<string, Row[]> = {};

    beforeAll(async () => {
      token = await t.current.login();
      for (const url of LISTS) {
        const r = await post(url, { pageSize: 100 });
        expect(r.body.code).toBe(200);
        rows[url] = r.body.rows;
      }
      for (const [list, get] of Object.entries(DETAILS)) {
        full[list] = [];
        for (const row of rows[list]) full[list].push((await post(`${get}?id=${row.id}`)).body.data);
      }
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('a website on another origin gets every image of the demo content absolute, served, with its size and srcset', async () => {
      const BASE = 'https://cms.example.com';
      const read = async (p: string) => {
        const r = await t.current.app.inject({ method: 'GET', url: `${t.current.ctx.config.publicApiPrefix}${p}` });
        expect(r.statusCode, p).toBe(200);
        return r.json() as Row;
      };
      /** every delivery reply of the demo content: each list and single record, and each record a list shows */
      const replies: Row[] = [];
      for (const e of deliveryEndpoints()) {
        if (e.method !== 'GET' || e.path.includes('{')) continue;
        const body = await read(`${e.path}${e.reply === 'page' ? '?pageSize=100' : ''}`);
        replies.push(body);
        const get = deliveryEndpoints().find((g) => g.resource === e.resource && g.reply === 'one' && g.path.includes('{id}'));
        const rows = (body.rows ?? body.data) as Row[] | Row;
        if (get && Array.isArray(rows)) for (const r of rows) replies.push(await read(get.path.replace('{id}', String(r.id))));
      }
      const text = JSON.stringify(replies);
      // no image URL that is not absolute: every `/img/` follows the base
      const all = [...text.matchAll(/(?:"|=|, |\\")([^"\s]*?)\/img\/([a-f0-9]{16,64}\.(?:jpg|png|gif|webp))/g)];
      expect(all.length).toBeGreaterThan(20);
      for (const m of all) expect(m[1], m[0]).toBe(BASE);
      // each is served (the original) and has its width and height beside it
      const names = new Set(all.map((m) => m[2]));
      for (const name of names) {
        const img = await t.current.app.inject({ method: 'GET', url: `/img/${name}` });
        expect(img.statusCode, name).toBe(200);
      }
      const metas: Row[] = [];
      const walk = (v: unknown, key = '') => {
        if (Array.isArray(v)) for (const x of v) walk(x);
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
        if (key.endsWith('Meta') && v) metas.push(v as Row);
      };
      walk(replies);
      expect(metas.length).toBeGreaterThan(5);
      for (const m of metas) {
        expect(String(m.url)).toMatch(/^https:\/\/cms\.example\.com\/img\//);
        expect([typeof m.width, typeof m.height]).toEqual(['number', 'number']);
      }
      // rich-text images carry their size too
      expect(text).toMatch(/<img [^>]*width=\\"\d+\\"/);
    });

    it('fills every list screen with the records of data.ts', async () => {
      for (const url of LISTS) {
        expect(planned[url], url).toBeGreaterThan(0);
        expect(rows[url].length, url).toBe(planned[url]);
      }
      const company = (await post('/company/getCompany')).body.data;
      expect(company).toMatchObject({ name: COMPANY, shortName: '华通物流', website: 'https://www.example.com' });
      expect(company.id).toEqual(expect.any(Number));
      expect(company.logo).toMatch(/^\/img\/[a-f0-9]{32}\.png$/);
      const setting = await t.current.ctx.db
        .selectFrom('sys_setting')
        .select('value')
        .where('key', '=', DEMO_SETTING)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(setting.value)).toMatchObject({ result: 'seeded', records: Object.values(planned).reduce((a, b) => a + b, 0) + 1 });
    });

    it('reads like a real site: joined names, dates over past weeks, pinned and hot items, rich bodies', async () => {
      const news = rows['/news/getNewsList'];
      expect(news.every((n) => n.typeName && n.title && n.summary && n.summaryImg)).toBe(true);
      expect(new Set(news.map((n) => n.typeName)).size).toBeGreaterThanOrEqual(3);
      expect(news.some((n) => n.isTop === 1) && news.some((n) => n.isHot === 1) && news.some((n) => n.isTop === 0)).toBe(true);
      // the list is pinned first, then newest first; the dates spread over the past weeks
      expect(news[0].isTop).toBe(1);
      const times = news.map((n) => n.createTime as string);
      expect(new Set(times.map((x) => x.slice(0, 10))).size).toBeGreaterThanOrEqual(8);
      expect(times.every((x) => x <= t.current.ctx.nowText())).toBe(true);
      const bodies = full['/news/getNewsList'].map((n) => n.content as string);
      expect(bodies.every((b) => /<h2>/.test(b) && (b.match(/<p>/g) ?? []).length >= 1 && /<(ul|ol)>/.test(b))).toBe(true);
      expect(bodies.filter((b) => /<table>/.test(b)).length).toBeGreaterThanOrEqual(1);

      const policies = rows['/policy/getPolicyPage'];
      expect(policies.every((p) => p.title && p.summary)).toBe(true);
      expect(policies.some((p) => p.isTop === 1) && policies.some((p) => p.isHot === 1)).toBe(true);
      expect(full['/policy/getPolicyPage'].every((p) => p.author && p.source && /<(p|ul|ol)>/.test(String(p.content)))).toBe(true);

      const pages = rows['/page/getList'];
      expect(new Set(pages.map((p) => p.showType))).toEqual(new Set(['splice', 'tabs']));
      expect(pages.map((p) => p.name)).toContain('关于我们');
      const items = rows['/page/getPageItemList'];
      expect(items.every((i) => pages.some((p) => p.id === i.pageId && p.name === i.pageName))).toBe(true);
      const about = pages.find((p) => p.name === '关于我们')!;
      expect((await post('/page/getPageItemList', { pageId: about.id })).body.total).toBeGreaterThanOrEqual(2);

      expect(rows['/business/getBusinessTypePage'].map((b) => b.name)).toEqual([
        '国际快递',
        '跨境电商',
        '报关报检',
        '仓储配送',
        '国际货运',
      ]);
      expect(rows['/business/getBusinessTypePage'].every((b) => b.summary && b.summaryImg)).toBe(true);
      expect(rows['/business/getBusinessPage'].every((b) => b.typeName && b.logo && String(b.url).startsWith('https://example.com/'))).toBe(
        true,
      );
      expect(rows['/application/getApplicationPage'].map((a) => a.name)).toEqual(
        expect.arrayContaining(['运单查询', '运费估算', '报关状态查询']),
      );
      expect(rows['/application/getApplicationPage'].every((a) => a.typeName && a.icon && a.url)).toBe(true);
      expect(rows['/product/getProductPage'].every((p) => p.supplierName && p.img)).toBe(true);
      expect(rows['/supplier/getSupplierPage'].every((s) => s.logo)).toBe(true);

      for (const { code } of BANNER_TYPES) {
        const r = await post('/banner/getPage', { bannerType: code });
        expect(r.body.total, code).toBeGreaterThanOrEqual(1);
        expect(r.body.rows.every((b: Row) => b.imgUrl && b.enableFlag === 1 && b.bannerTypeName)).toBe(true);
      }

      const links = rows['/headerContorller/getLinkPage'];
      expect(links.find((l) => l.name === '中华人民共和国海关总署')).toMatchObject({ url: 'http://www.customs.gov.cn', enableFlag: 1 });
      expect(links.some((l) => l.enableFlag === 0)).toBe(true);

      const [contact] = full['/headerContorller/getContactPage'];
      expect(contact).toMatchObject({ organizers: COMPANY, enableFlag: 1 });
      expect(contact.recordNumber).toMatch(/^沪ICP备\d{8}号/);
      for (const f of ['img', 'pngLogo', 'jpgLogo', 'iconImg']) expect(contact[f], f).toMatch(/^\/img\/[a-f0-9]{32}\.(png|jpg)$/);

      expect(full['/page/getPageItemList'].every((i) => /<(p|ul|ol|table|h2)>/.test(String(i.content)))).toBe(true);
      const waybills = full['/waybill/getWaybillPage'];
      expect(waybills.every((w) => w.sketchImg && /<table>/.test(String(w.content)) && w.enableFlag === 1)).toBe(true);

      // no extra account: the admin stays the only user
      expect((await post('/userInfo/getUserInfoPage', {})).body.total).toBe(1);
    });

    it('serves every referenced image, stored under the name an upload of the same bytes gets; nothing stored is unused', async () => {
      const company = (await post('/company/getCompany')).body.data;
      const refs = new Set<string>();
      for (const r of [...Object.values(rows).flat(), ...Object.values(full).flat(), company])
        for (const v of Object.values(r)) for (const u of imageRefs(v)) refs.add(u);
      // a news body shows a picture too
      expect(full['/news/getNewsList'].some((n) => imageRefs(n.content).length > 0)).toBe(true);
      expect(refs.size).toBeGreaterThanOrEqual(40);
      for (const url of refs) {
        const res = await t.current.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^image\/(png|jpeg)$/);
        const name = imageNameOf(url)!;
        expect(sha(res.rawPayload).slice(0, 32), url).toBe(name.slice(0, 32));
        await sharp(res.rawPayload, { failOn: 'truncated' }).stats();
      }
      const stored = (await t.current.ctx.images.list()).map((i) => i.name).sort();
      expect(stored).toEqual([...refs].map((u) => imageNameOf(u)!).sort());
      expect([...(await referencedNames(t.current.ctx))].sort()).toEqual(stored);

      // an upload of the same bytes answers the same name
      const banner = rows['/banner/getPage'][0].imgUrl as string;
      const bytes = (await t.current.app.inject({ method: 'GET', url: banner })).rawPayload;
      const boundary = '----gkdemo';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await t.current.app.inject({
        method: 'POST',
        url: '/api/upload/upload',
        payload,
        headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(up.json()).toMatchObject({ code: 200, msg: imageNameOf(banner) });
      // and keeps the demo's title, not the file's name
      const again = await t.current.ctx.db
        .selectFrom('image_meta')
        .selectAll()
        .where('name', '=', imageNameOf(banner)!)
        .executeTakeFirstOrThrow();
      expect(again).toMatchObject({ title: expect.stringMatching(/^横幅-/), uploader: 'system' });
    });

    it('every picture has a title saying what it shows, uploaded by the system at the seed', async () => {
      const lib = (await post('/media/getMediaPage', { pageNumber: 1, pageSize: 500 })).body.rows as Row[];
      expect(lib.length).toBe(new Set(Object.values(IMAGE_TITLES)).size);
      const seededAt = JSON.parse(
        (await t.current.ctx.db.selectFrom('sys_setting').select('value').where('key', '=', 'demo_seeded').executeTakeFirstOrThrow()).value,
      ).at as string;
      for (const r of lib) {
        expect(Object.values(IMAGE_TITLES), String(r.name)).toContain(r.title);
        expect(r).toMatchObject({ uploader: 'system', uploadTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
        expect(String(r.uploadTime) <= seededAt).toBe(true);
      }
      // the banners are found by name: 横幅-航空货运 is the one the home page's air-freight slide shows
      const banners = lib.filter((r) => String(r.title).startsWith('横幅-'));
      expect(banners.length).toBe(6);
      const air = (await post('/media/getMediaPage', { keyword: '横幅-航空货运', pageNumber: 1, pageSize: 10 })).body.rows as Row[];
      expect(air).toHaveLength(1);
      const slide = rows['/banner/getPage'].find((b) => b.name === '首页-航空');
      expect(slide?.imgUrl).toBe(`/img/${air[0].name}`);
      // the same name as the demo's other writes carry (its English translations)
      const tr = await t.current.ctx.db.selectFrom('content_translation').select('user_name').distinct().execute();
      expect(tr.map((r) => r.user_name)).toEqual(['system']);
    });

    it('draws pictures of the sizes each slot expects', async () => {
      const meta = async (url: unknown) => sharp((await t.current.app.inject({ method: 'GET', url: String(url) })).rawPayload).metadata();
      for (const b of rows['/banner/getPage']) expect(await meta(b.imgUrl)).toMatchObject({ format: 'jpeg', width: 1600, height: 500 });
      for (const n of rows['/news/getNewsList'])
        expect(await meta(n.summaryImg)).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
      for (const a of rows['/application/getApplicationPage'])
        expect(await meta(a.icon)).toMatchObject({ format: 'png', width: 64, height: 64 });
      for (const p of rows['/business/getBusinessPage'])
        expect(await meta(p.logo)).toMatchObject({ format: 'png', width: 256, height: 256 });
      const [contact] = full['/headerContorller/getContactPage'];
      expect(await meta(contact.jpgLogo)).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
      expect(await meta(contact.iconImg)).toMatchObject({ format: 'png', width: 64, height: 64 });
      expect(await meta(contact.img)).toMatchObject({ format: 'png' });
      // the transparent logo: a corner pixel is fully transparent
      const png = (await t.current.app.inject({ method: 'GET', url: String(contact.pngLogo) })).rawPayload;
      expect(await meta(contact.pngLogo)).toMatchObject({ format: 'png', width: 256, height: 256, hasAlpha: true });
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[3]).toBe(0);
    });

    it('speaks English too: English versions of the main content, and a slug for every record with SEO fields', async () => {
      const db = looseDb(t.current.ctx.db);
      const english = await db
        .selectFrom('content_translation')
        .select(['resource', db.fn.countAll().as('n')])
        .where('locale', '=', 'en')
        .where('has_text', '=', 1)
        .groupBy('resource')
        .execute();
      const translated = Object.fromEntries(english.map((r) => [r.resource, Number(r.n)]));
      for (const name of [
        'news',
        'policy',
        'pageItem',
        'businessType',
        'business',
        'product',
        'company',
        'link',
        'contact',
        'banner',
        'job',
      ])
        expect(translated[name] ?? 0, name).toBeGreaterThanOrEqual(1);
      // what the editor shows: the English of a news item, translated, with a slug made from its English title
      const news = full['/news/getNewsList'].find((n) => (n.translations as Row).en);
      expect(news).toMatchObject({
        translationStatus: { en: 'translated' },
        translations: { en: { slug: expect.stringMatching(/^[a-z0-9-]+$/) } },
      });
      for (const def of allResources().filter(hasSeo)) {
        const records = Number((await db.selectFrom(def.table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        const slugs = await db
          .selectFrom('content_slug')
          .select(['record_id', 'slug'])
          .where('resource', '=', def.name)
          .where('locale', '=', 'zh-CN')
          .where('current', '=', 1)
          .execute();
        expect(slugs.length, def.name).toBe(records);
        for (const s of slugs) expect(s.slug).toMatch(SLUG_PATTERN);
      }
    });

    it('passes the save a user makes: records saved back unchanged are accepted and stay the same', async () => {
      const cases: [list: string, get: string, save: string][] = [
        ['/news/getNewsList', '/news/getNews', '/news/saveNews'],
        ['/policy/getPolicyPage', '/policy/getPolicy', '/policy/savePolicy'],
        ['/page/getPageItemList', '/page/getPageItemById', '/page/savePageItems'],
        ['/waybill/getWaybillPage', '/waybill/getWaybill', '/waybill/saveWaybill'],
        ['/product/getProductPage', '/product/getProduct', '/product/saveProduct'],
        ['/application/getApplicationPage', '/application/getApplication', '/application/saveApplication'],
        ['/headerContorller/getContactPage', '/headerContorller/getContact', '/headerContorller/saveContact'],
      ];
      for (const [list, get, save] of cases) {
        for (const row of rows[list]) {
          const before = (await post(`${get}?id=${row.id}`)).body.data;
          const r = await post(save, before);
          expect(r.body, `${save} ${before.title ?? before.name ?? before.organizers}`).toMatchObject({ code: 200 });
          expect(r.body.data).toEqual(before);
        }
      }
    });

    it('a restart adds nothing, and the seed itself refuses to run twice', async () => {
      const before = await counts(t.current, token);
      const imagesBefore = (await t.current.ctx.images.list()).length;
      const again = await prepareApp(t.current.ctx.config);
      try {
        expect(again.seed.adminCreated).toBe(false);
      } finally {
        await again.app.close();
      }
      expect(await seedDemo(t.current.ctx)).toEqual({ seeded: false, reason: 'done' });
      expect(await counts(t.current, token)).toEqual(before);
      expect((await t.current.ctx.images.list()).length).toBe(imagesBefore);
    });
  });

  describe('SEED_DEMO off, and a database that already has content', () => {
    const dataDir = tmpDir();
    const t = useTestApp(dialect, { seedDemo: false, dataDir, sqliteFile: path.join(dataDir, 'app.db') });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('seeds nothing with SEED_DEMO off', async () => {
      expect(t.current.seed.adminCreated).toBe(true);
      const token = await t.current.login();
      for (const [url, n] of Object.entries(await counts(t.current, token))) expect(n, url).toBe(0);
      expect((await t.current.post('/company/getCompany', {}, { token })).body.data.id).toBeNull();
      expect(await t.current.ctx.images.list()).toEqual([]);
      expect(
        await t.current.ctx.db.selectFrom('sys_setting').select('key').where('key', '=', DEMO_SETTING).executeTakeFirst(),
      ).toBeUndefined();
    });

    // this test adds content and removes the admin account: a database of its own, so the test above sees a first start
    describe('on a database of its own', () => {
      const dataDir = tmpDir();
      const t = useTestApp(dialect, { seedDemo: false, dataDir, sqliteFile: path.join(dataDir, 'app.db') });
      afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

      it('never touches a database with content, even when the admin account is created again', async () => {
        const token = await t.current.login();
        expect((await t.current.post('/news/saveNewsType', { code: 'own', name: '自有类型' }, { token })).body.code).toBe(200);
        // the admin account is gone (removed by hand): the next start creates it again
        const db = looseDb(t.current.ctx.db);
        const admin = await db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
        await db.deleteFrom('sys_session').where('user_id', '=', admin.id).execute();
        await db.deleteFrom('sys_user_role').where('user_id', '=', admin.id).execute();
        await db.deleteFrom('sys_user').where('id', '=', admin.id).execute();

        const again = await makeTestAppOn(t.current, { seedDemo: true });
        try {
          expect(again.seed.adminCreated).toBe(true);
          const token2 = await again.login();
          const after = await counts(again, token2);
          expect(after['/news/getTypeList']).toBe(1);
          for (const [url, n] of Object.entries(after)) if (url !== '/news/getTypeList') expect(n, url).toBe(0);
          expect(await again.ctx.images.list()).toEqual([]);
          const setting = await again.ctx.db
            .selectFrom('sys_setting')
            .select('value')
            .where('key', '=', DEMO_SETTING)
            .executeTakeFirstOrThrow();
          expect(JSON.parse(setting.value)).toMatchObject({ result: 'skipped' });
        } finally {
          await again.app.close();
        }
      });
    });
  });

  it('seeds pictures and records on an empty database, and says how long it took', async () => {
    // SEED_DEMO off leaves an empty database with its admin: the seed itself runs there (its time is reported in the
    // start-up log, never asserted: a busy machine may take any time)
    const app = await makeTestApp(dialect, { seedDemo: false, dataDir: tmpDir() });
    try {
      const result = await seedDemo(app.ctx);
      expect(result).toMatchObject({ seeded: true });
      if (!result.seeded) return;
      expect(result.records.news).toBe(planned['/news/getNewsList']);
      expect(result.ms).toBeGreaterThan(0);
    } finally {
      await app.app.close();
      fs.rmSync(app.ctx.config.dataDir, { recursive: true, force: true });
    }
  });
});

/** A second app on the same database and data directory as `t` (its SQLite file or PostgreSQL schema). */
async function makeTestAppOn(t: TestApp, overrides: { seedDemo: boolean }): Promise<TestApp> {
  const config = { ...t.ctx.config, ...overrides };
  const built = await prepareApp(config);
  const post: TestApp['post'] = async (p, body, opts = {}) => {
    const res = await built.app.inject({
      method: 'POST',
      url: `${config.apiPrefix}${p}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.headers ?? {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const login: TestApp['login'] = async (username = 'admin', password = 'Admin_123456') => {
    const r = await post('/login/doLogin', { username, password });
    if (r.body?.code !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };
  return { ...built, advance: () => {}, freeze: () => {}, post, login };
}
