import { allResources, deliveryEndpointsOf } from '@gk/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { looseDb } from '../../db/index.js';
import { webhookDebounceMigration } from '../../db/migrations/038_webhook_debounce.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { signBody, webhookTick } from './index.js';
import { fmt, receiver, useTwoProcesses } from './test-receiver.js';

/**
 * Every visible change tells the site (issue 23): each event names the delivery paths it changes; recycle-bin
 * restores, banner windows, type renames and the profile / contact / links / partners / products /
 * applications send events; a debounced webhook gets one `site.changed` per burst.
 */

interface Body {
  event: string;
  resource?: string;
  id?: number;
  time: string;
  paths: string[];
  events?: { event: string; resource: string; id: number; time: string }[];
  eventCount?: number;
}

const P = '/public/v1';

it('every delivered resource sends webhook events', () => {
  const silent = allResources()
    .filter((def) => deliveryEndpointsOf(def).length > 0 && !def.webhook?.length)
    .map((def) => def.name);
  expect(silent).toEqual([]);
});

describe.each(DIALECTS)('webhook events of every visible change on %s', (dialect) => {
  const t = useTestApp(dialect, { webhookTickMs: 0, webhookAllowPrivate: true });
  const r = receiver();
  let url = '';
  let token = '';
  let typeId = 0;
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const got = () => r.got.map((g) => JSON.parse(g.body) as Body);
  const tick = () => webhookTick(t.current.ctx);
  const hook = async (body: Record<string, unknown>) => {
    const saved = await post('/webhook/saveWebhook', { name: '官网', url, secret: 'k3y', ...body });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data as { id: number };
  };
  const saveNews = async (body: Record<string, unknown>) => {
    const saved = await post('/news/saveNews', { type: 'se', ...body });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data as { id: number };
  };
  const restore = async (resource: string, recordId: number) => {
    const bin = (await post('/recycle/getRecyclePage', { pageNumber: 1, pageSize: 100 })).body.rows as {
      id: number;
      resource: string;
      recordId: number;
    }[];
    const entry = bin.find((e) => e.resource === resource && e.recordId === recordId);
    expect(entry).toBeTruthy();
    expect((await post('/recycle/restore', [entry!.id])).body.code).toBe(200);
  };

  beforeAll(async () => {
    url = await r.start();
    token = await t.current.login();
    const type = await post('/news/saveNewsType', { code: 'se', name: '站点事件', sortNo: 1 });
    expect(type.body.code).toBe(200);
    typeId = type.body.data.id;
  });
  afterAll(() => r.stop());

  // every test starts with no webhook (nor its deliveries or folded changes), no scheduled event left by another
  // test, and a receiver that got nothing
  beforeEach(async () => {
    const ids = (await t.current.ctx.db.selectFrom('webhook').select('id').execute()).map((w) => Number(w.id));
    if (ids.length) expect((await post('/webhook/delWebhook', ids)).body.code).toBe(200);
    await t.current.ctx.db.updateTable('publish_event').set({ fired: 1 }).execute();
    r.got.length = 0;
  });

  it('a recycle-bin restore sends its signed event with the paths it puts back', async () => {
    await hook({ events: 'news.publish,news.delete,link.update,link.delete' });
    const n = await saveNews({ title: '回收再现' });
    const link = (await post('/headerContorller/saveLink', { name: '回收链接', url: 'https://www.example.com', enableFlag: 1 })).body.data;
    await post('/news/delNews', [n.id]);
    await post('/headerContorller/delLink', [link.id]);
    await tick();
    r.got.length = 0;
    await restore('news', n.id);
    await restore('link', link.id);
    await tick();
    expect(got()).toEqual([
      { event: 'publish', resource: 'news', id: n.id, time: expect.any(String), paths: [`${P}/news`, `${P}/news/${n.id}`] },
      { event: 'update', resource: 'link', id: link.id, time: expect.any(String), paths: [`${P}/links`] },
    ]);
    for (const g of r.got) expect(g.headers['x-signature']).toBe(signBody('k3y', String(g.headers['x-webhook-timestamp']), g.body));
    expect(r.got.map((g) => g.headers['x-webhook-event'])).toEqual(['news.publish', 'link.update']);
  });

  it('a restored scheduled news gets its scheduled event back: it fires once when its time passes', async () => {
    await hook({ events: 'news.publish,news.update' });
    const n = await saveNews({ title: '定时回收', status: 'draft' });
    const now = t.current.ctx.now();
    await post(`/news/publishNews?id=${n.id}`, { publishTime: fmt(now + 60_000) });
    await post('/news/delNews', [n.id]);
    await restore('news', n.id);
    await tick();
    // not on the site yet: nothing to tell
    expect(got()).toEqual([]);
    t.current.advance(61_000);
    await Promise.all([tick(), tick()]);
    await tick();
    expect(got()).toEqual([
      { event: 'publish', resource: 'news', id: n.id, time: expect.any(String), paths: [`${P}/news`, `${P}/news/${n.id}`] },
    ]);
  });

  it('a banner window opening and closing each send one event when the boundary passes, however many tickers run', async () => {
    await hook({ events: 'banner.publish,banner.unpublish' });
    const now = t.current.ctx.now();
    const b = (
      await post('/banner/save', {
        bannerType: 'index',
        title: '窗口横幅',
        enableFlag: 1,
        publishTime: fmt(now + 30_000),
        offlineTime: fmt(now + 90_000),
      })
    ).body.data;
    const seen = () => got().filter((e) => e.resource === 'banner' && e.id === b.id);
    await Promise.all([tick(), tick()]);
    expect(seen()).toEqual([]);
    const shown = async () =>
      (await t.current.app.inject({ method: 'GET', url: `${P}/banners?bannerType=index` }))
        .json()
        .data.some((x: { id: number }) => x.id === b.id);
    expect(await shown()).toBe(false);
    t.current.advance(31_000);
    await Promise.all([tick(), tick(), tick()]);
    expect(seen()).toEqual([{ event: 'publish', resource: 'banner', id: b.id, time: expect.any(String), paths: [`${P}/banners`] }]);
    expect(await shown()).toBe(true);
    t.current.advance(60_000);
    await Promise.all([tick(), tick(), tick()]);
    expect(seen().map((e) => e.event)).toEqual(['publish', 'unpublish']);
    expect(await shown()).toBe(false);
    // each signed with the webhook's secret
    expect(r.got).toHaveLength(2);
    for (const g of r.got) expect(g.headers['x-signature']).toBe(signBody('k3y', String(g.headers['x-webhook-timestamp']), g.body));
    expect(r.got.map((g) => g.headers['x-webhook-event'])).toEqual(['banner.publish', 'banner.unpublish']);
    // a disabled banner's window tells nothing
    const off = (
      await post('/banner/save', { bannerType: 'index', title: '停用横幅', enableFlag: 0, publishTime: fmt(t.current.ctx.now() + 5000) })
    ).body.data;
    t.current.advance(6000);
    await tick();
    expect(got().filter((e) => e.id === off.id)).toEqual([]);
  });

  it('the window boundaries of banners saved before migration 038 are settled by the first tick: past ones stay quiet', async () => {
    await hook({ events: 'banner.publish,banner.unpublish' });
    const db = looseDb(t.current.ctx.db);
    const now = t.current.ctx.now();
    const row = await db
      .insertInto('banner')
      .values({
        banner_type: 'index',
        title: '旧横幅',
        enable_flag: 1,
        publish_time: fmt(now - 3600_000),
        offline_time: fmt(now + 20_000),
        sort_no: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = webhookDebounceMigration(dialect);
    await m.down!(db as never);
    await m.up(db as never);
    await tick();
    expect(got().filter((e) => e.id === Number(row.id))).toEqual([]);
    t.current.advance(21_000);
    await Promise.all([tick(), tick()]);
    expect(got().filter((e) => e.id === Number(row.id))).toEqual([
      { event: 'unpublish', resource: 'banner', id: Number(row.id), time: expect.any(String), paths: [`${P}/banners`] },
    ]);
  });

  it('an edit of the company profile sends one event naming /public/v1/company', async () => {
    await hook({ events: 'company.update' });
    expect((await post('/company/saveCompany', { name: '环球物流有限公司', shortName: '环球' })).body.code).toBe(200);
    await tick();
    expect(got()).toEqual([
      { event: 'update', resource: 'company', id: expect.any(Number), time: expect.any(String), paths: [`${P}/company`] },
    ]);
    expect(r.got[0].headers['x-signature']).toBe(signBody('k3y', String(r.got[0].headers['x-webhook-timestamp']), r.got[0].body));
    expect(r.got[0].headers['x-webhook-event']).toBe('company.update');
  });

  it('contact, links, partners, products and applications each name their own paths', async () => {
    await hook({
      events:
        'contact.update,link.update,business.update,businessType.update,product.update,supplier.update,application.update,applicationType.update',
    });
    const ok = async (path: string, body: object) => {
      const saved = await post(path, body);
      expect(saved.body.code, `${path} ${JSON.stringify(saved.body)}`).toBe(200);
      return saved.body.data as { id: number };
    };
    await ok('/headerContorller/saveContact', { organizers: '站点主办', address: '上海', phone: '021-12345678', enableFlag: 1 });
    await ok('/headerContorller/saveLink', { name: '站点链接', url: 'https://www.example.com' });
    await ok('/business/saveBusinessType', { code: 'seb', name: '站点伙伴类', sortNo: 1 });
    await ok('/business/saveBusiness', { name: '站点伙伴', type: 'seb' });
    const supplier = await ok('/supplier/saveSupplier', { name: '站点供应商' });
    await ok('/product/saveProduct', { name: '站点产品', supplierId: supplier.id });
    await ok('/application/saveApplicationType', { code: 'sea', name: '站点应用类', sortNo: 1 });
    await ok('/application/saveApplication', { name: '站点应用', type: 'sea' });
    await tick();
    expect(Object.fromEntries(got().map((e) => [e.resource, e.paths]))).toEqual({
      contact: [`${P}/contact`],
      link: [`${P}/links`],
      businessType: [`${P}/business-types`],
      business: [`${P}/businesses`],
      supplier: [`${P}/suppliers`],
      product: [`${P}/products`],
      applicationType: [`${P}/application-types`],
      application: [`${P}/applications`],
    });
    expect(got()).toHaveLength(8);
  });

  it('a type rename tells the lists that show the type; a change of its order only its own list', async () => {
    await hook({ events: 'newsType.update,businessType.update' });
    expect((await post('/news/saveNewsType', { id: typeId, code: 'se', name: '站点事件（改名）', sortNo: 1 })).body.code).toBe(200);
    expect((await post('/news/saveNewsType', { id: typeId, code: 'se', name: '站点事件（改名）', sortNo: 2 })).body.code).toBe(200);
    // a partner type renamed: the partners' list shows its name
    const bt = (await post('/business/saveBusinessType', { code: 'ren', name: '改名前', sortNo: 1 })).body.data;
    expect((await post('/business/saveBusinessType', { id: bt.id, code: 'ren', name: '改名后', sortNo: 1 })).body.code).toBe(200);
    await tick();
    expect(got()).toEqual([
      { event: 'update', resource: 'newsType', id: typeId, time: expect.any(String), paths: [`${P}/news-types`, `${P}/news`] },
      { event: 'update', resource: 'newsType', id: typeId, time: expect.any(String), paths: [`${P}/news-types`] },
      { event: 'update', resource: 'businessType', id: bt.id, time: expect.any(String), paths: [`${P}/business-types`] },
      { event: 'update', resource: 'businessType', id: bt.id, time: expect.any(String), paths: [`${P}/business-types`, `${P}/businesses`] },
    ]);
  });

  it("a page item names its own path and its page's", async () => {
    await hook({ events: 'pageItem.publish,pageItem.update,page.update' });
    const page = (await post('/page/save', { name: '站点页面', showType: 'splice' })).body.data;
    const item = (await post('/page/savePageItems', { title: '站点条目', pageId: page.id })).body.data;
    await tick();
    expect(got().map((e) => [e.resource, e.event, e.paths])).toEqual([
      ['page', 'update', [`${P}/pages/${page.id}`]],
      ['pageItem', 'publish', [`${P}/page-items/${item.id}`, `${P}/pages/${page.id}`]],
    ]);
  });

  it('debounce: three quick edits send ONE signed site.changed with the union of paths, N seconds after the last', async () => {
    // the clock moves by the steps below only: a busy machine's slow requests must not end the quiet second early
    t.current.freeze();
    onTestFinished(() => t.current.freeze(false));
    await hook({ events: 'news.update,company.update', debounceSeconds: 30 });
    const a = await saveNews({ title: '合并一' });
    const b = await saveNews({ title: '合并二' });
    await tick();
    r.got.length = 0;
    await post('/news/saveNews', { id: a.id, title: '合并一（改）', type: 'se' });
    t.current.advance(10_000);
    await tick();
    await post('/news/saveNews', { id: b.id, title: '合并二（改）', type: 'se' });
    t.current.advance(10_000);
    await post('/company/saveCompany', { name: '合并公司' });
    await tick();
    t.current.advance(29_000);
    await tick();
    expect(r.got).toEqual([]);
    t.current.advance(2000);
    await Promise.all([tick(), tick()]);
    await tick();
    expect(got()).toEqual([
      {
        event: 'site.changed',
        time: expect.any(String),
        paths: [`${P}/news`, `${P}/news/${a.id}`, `${P}/news/${b.id}`, `${P}/company`],
        events: [
          { event: 'update', resource: 'news', id: a.id, time: expect.any(String) },
          { event: 'update', resource: 'news', id: b.id, time: expect.any(String) },
          { event: 'update', resource: 'company', id: expect.any(Number), time: expect.any(String) },
        ],
        eventCount: 3,
      },
    ]);
    expect(r.got[0].headers['x-webhook-event']).toBe('site.changed');
    expect(r.got[0].headers['x-signature']).toBe(signBody('k3y', String(r.got[0].headers['x-webhook-timestamp']), r.got[0].body));
    t.current.advance(60_000);
    await tick();
    expect(r.got).toHaveLength(1);
  });

  it('debounce: a steady stream of changes still goes out, at most 10 × N seconds after its first change', async () => {
    // the clock moves by the 4 s steps only: slow requests must not end a 5 s quiet time, nor reach 50 s early
    t.current.freeze();
    onTestFinished(() => t.current.freeze(false));
    const n = await saveNews({ title: '不停修改' });
    await hook({ events: 'site.changed', debounceSeconds: 5 });
    let edits = 0;
    while (r.got.length === 0 && edits < 20) {
      await post('/news/saveNews', { id: n.id, title: `不停修改 ${edits}`, type: 'se' });
      edits++;
      t.current.advance(4000);
      await tick();
    }
    // edits at 0, 4, …, 48 s; the tick at 52 s is past 50 s
    expect(edits).toBe(13);
    expect(got()).toEqual([expect.objectContaining({ event: 'site.changed', paths: [`${P}/news`, `${P}/news/${n.id}`], eventCount: 13 })]);
  });

  it('site.changed without a debounce: each change at once, as a site.changed of that one change; a deleted webhook sends nothing', async () => {
    const h = await hook({ events: 'site.changed' });
    await post('/company/saveCompany', { name: '即时公司' });
    await tick();
    expect(got()).toEqual([
      {
        event: 'site.changed',
        time: expect.any(String),
        paths: [`${P}/company`],
        events: [{ event: 'update', resource: 'company', id: expect.any(Number), time: expect.any(String) }],
        eventCount: 1,
      },
    ]);
    await post('/webhook/saveWebhook', { id: h.id, name: '官网', url, events: 'site.changed', debounceSeconds: 5 });
    await post('/company/saveCompany', { name: '删掉之前' });
    await post('/webhook/delWebhook', [h.id]);
    t.current.advance(10_000);
    await tick();
    expect(r.got).toHaveLength(1);
  });

  it('validates the debounce in zh, en and es; site.changed is an event one may choose', async () => {
    const body = { name: '合并', url, events: 'site.changed' };
    expect((await post('/webhook/saveWebhook', { ...body, debounceSeconds: 3601 })).body).toEqual({
      code: 400,
      msg: '合并发送须为 0 到 3600 之间的整数秒',
    });
    expect((await post('/webhook/saveWebhook', { ...body, debounceSeconds: -1 }, 'en')).body.msg).toBe(
      'Debounce must be a whole number of seconds from 0 to 3600',
    );
    expect((await post('/webhook/saveWebhook', { ...body, debounceSeconds: 'soon' }, 'es')).body.msg).toBe(
      'El agrupamiento debe ser un número entero de segundos entre 0 y 3600',
    );
    expect((await post('/webhook/getWebhookPage', {})).body.total).toBe(0);
    const saved = (await post('/webhook/saveWebhook', { ...body, debounceSeconds: '60' })).body.data;
    expect(saved).toMatchObject({ events: 'site.changed', debounceSeconds: 60 });
    // an update that does not send it keeps it
    expect((await post('/webhook/saveWebhook', { id: saved.id, ...body, name: '合并（改）' })).body.data).toMatchObject({
      debounceSeconds: 60,
    });
  });
});

describe.runIf(DIALECTS.includes('postgres'))('site events with two processes on one PostgreSQL', () => {
  const two = useTwoProcesses('se');
  const { r } = two;

  it('a banner window opening and a debounced burst each reach the receiver once, however many processes tick', async () => {
    two.freeze();
    const url = await r.start();
    const [a, b] = two.apps;
    const call = await two.signIn();
    const tickBoth = () => Promise.all([webhookTick(a.ctx), webhookTick(b.ctx), webhookTick(a.ctx), webhookTick(b.ctx)]);
    await call(a, '/webhook/saveWebhook', { name: '窗口', url, events: 'banner.publish', secret: 'x' });
    await call(a, '/webhook/saveWebhook', { name: '静态站', url, events: 'site.changed', debounceSeconds: 10, secret: 'y' });
    const banner = (
      await call(b, '/banner/save', { bannerType: 'index', title: '双进程横幅', enableFlag: 1, publishTime: fmt(two.now() + 5000) })
    ).data;
    await call(a, '/company/saveCompany', { name: '双进程公司' });
    await call(b, '/company/saveCompany', { name: '双进程公司（改）' });
    await tickBoth();
    expect(r.got).toEqual([]);
    two.advance(6000);
    await tickBoth();
    expect(r.got.map((g) => JSON.parse(g.body)).map((e) => `${e.event}:${e.id}`)).toEqual([`publish:${banner.id}`]);
    two.advance(11_000);
    await tickBoth();
    await tickBoth();
    const bodies = r.got.map((g) => JSON.parse(g.body) as Body);
    expect(bodies.map((e) => e.event).sort()).toEqual(['publish', 'site.changed']);
    const site = bodies.find((e) => e.event === 'site.changed')!;
    // the banner's save and its window opening, the two company edits: one burst
    expect(site.paths.sort()).toEqual([`${P}/banners`, `${P}/company`]);
    expect(site.eventCount).toBe(4);
  });
});
