import { webhookEndpoints } from '@gk/contracts';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { webhookGuardMigration } from '../../db/migrations/032_webhook_guard.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { resolver } from './destination.js';
import { signBody, webhookTick } from './index.js';
import { fmt, receiver, useTwoProcesses } from './test-receiver.js';

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

  // every test starts with no webhook (nor its deliveries) and a receiver that got nothing, whatever ran before it
  beforeEach(async () => {
    const ids = (await t.current.ctx.db.selectFrom('webhook').select('id').execute()).map((w) => Number(w.id));
    if (ids.length) expect((await post('/webhook/delWebhook', ids)).body.code).toBe(200);
    r.got.length = 0;
    r.answers.length = 0;
  });

  it("a ping to a dead address fails once, with a reason in the caller's language, and is not retried", async () => {
    const dead = (await post('/webhook/saveWebhook', { name: '死地址', url: 'http://127.0.0.1:1/hook', events: 'news.publish' })).body.data;
    const ping = await post(`/webhook/testWebhook?id=${dead.id}`);
    expect(ping.body).toMatchObject({
      code: 200,
      msg: '测试失败：连接被拒绝',
      data: { event: 'ping', status: 'failed', attempts: 1, lastAnswer: '连接被拒绝' },
    });
    expect((await post(`/webhook/testWebhook?id=${dead.id}`, undefined, 'es')).body.msg).toBe('La prueba falló: Conexión rechazada');
    await webhookTick(t.current.ctx);
    const list = (await post('/webhook/getDeliveryPage', { webhookId: dead.id }, 'en')).body;
    expect(list.rows.map((d: { attempts: number; status: string; lastAnswer: string }) => [d.attempts, d.status, d.lastAnswer])).toEqual([
      [1, 'failed', 'Connection refused'],
      [1, 'failed', 'Connection refused'],
    ]);
    // a reason stored by an older version (fetch failed) reads as a network error, never the raw English
    await t.current.ctx.db.updateTable('webhook_delivery').set({ last_answer: 'fetch failed' }).where('webhook_id', '=', dead.id).execute();
    const old = (await post('/webhook/getDeliveryPage', { webhookId: dead.id })).body.rows[0];
    expect(old.lastAnswer).toBe('网络错误，未能送达');
  });

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
    expect(ping.body).toMatchObject({ code: 200, msg: '测试成功：对方返回 200', data: { event: 'ping', status: 'success', attempts: 1 } });
    expect(r.got).toHaveLength(1);
    // its one attempt is counted once, and the ticker never sends it again
    await webhookTick(t.current.ctx);
    expect(r.got).toHaveLength(1);

    const n = (await post('/news/saveNews', { title: '回调草稿', type: 'wh', status: 'draft' })).body.data;
    await post(`/news/publishNews?id=${n.id}`);
    await post('/news/saveNews', { id: n.id, title: '回调草稿（改）', type: 'wh' });
    await post(`/news/unpublishNews?id=${n.id}`);
    await post('/news/delNews', [n.id]);
    expect(r.got).toHaveLength(1);
    await webhookTick(t.current.ctx);
    expect(events().slice(1)).toEqual([
      { event: 'publish', resource: 'news', id: n.id, time: expect.any(String), paths: [`/public/v1/news`, `/public/v1/news/${n.id}`] },
      { event: 'update', resource: 'news', id: n.id, time: expect.any(String), paths: [`/public/v1/news`, `/public/v1/news/${n.id}`] },
      { event: 'unpublish', resource: 'news', id: n.id, time: expect.any(String), paths: [`/public/v1/news`, `/public/v1/news/${n.id}`] },
      { event: 'delete', resource: 'news', id: n.id, time: expect.any(String), paths: [`/public/v1/news`, `/public/v1/news/${n.id}`] },
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
    // the clock moves by the steps below only: a busy machine's slow requests must not reach the publish time early
    t.current.freeze();
    onTestFinished(() => t.current.freeze(false));
    const p = (await post('/policy/savePolicy', { title: '定时回调', status: 'draft' })).body.data;
    const now = t.current.ctx.now();
    await post(`/policy/publishPolicy?id=${p.id}`, { publishTime: fmt(now + 5000), offlineTime: fmt(now + 60_000) });
    await webhookTick(t.current.ctx);
    expect(r.got.length).toBe(before);
    t.current.advance(6000);
    await webhookTick(t.current.ctx);
    await webhookTick(t.current.ctx);
    expect(events().slice(before)).toEqual([
      {
        event: 'publish',
        resource: 'policy',
        id: p.id,
        time: expect.any(String),
        paths: ['/public/v1/policies', `/public/v1/policies/${p.id}`],
      },
    ]);
    t.current.advance(60_000);
    await webhookTick(t.current.ctx);
    expect(
      events()
        .slice(before)
        .map((e) => e.event),
    ).toEqual(['publish', 'unpublish']);
    await post('/webhook/delWebhook', [hook.id]);
  });

  it('a secret is answered once, by the save that sets it; lists never carry it, the operation log never records it', async () => {
    const own = receiver();
    const ownUrl = await own.start();
    try {
      const body = { name: '密钥钩子', url: ownUrl, events: 'news.update' };
      const made = (await post('/webhook/saveWebhook', { ...body, secret: 'first-S3cret' })).body;
      expect(made).toMatchObject({ code: 200, data: { secret: 'first-S3cret', secretSet: 1 } });
      const hookId = made.data.id;
      const listed = (await post('/webhook/getWebhookPage', { name: '密钥钩子' })).body.rows;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: hookId, secretSet: 1 });
      expect(listed[0]).not.toHaveProperty('secret');
      // a save with an empty secret (or none) keeps the one set, and does not show it
      const kept = (await post('/webhook/saveWebhook', { ...body, id: hookId, name: '密钥钩子（改）', secret: '' })).body.data;
      expect(kept).toMatchObject({ name: '密钥钩子（改）', secretSet: 1 });
      expect(kept).not.toHaveProperty('secret');
      await post(`/webhook/testWebhook?id=${hookId}`);
      const first = own.got[0];
      expect(first.headers['x-signature']).toBe(signBody('first-S3cret', String(first.headers['x-webhook-timestamp']), first.body));
      // a new one replaces it, answered in that reply only
      const replaced = (await post('/webhook/saveWebhook', { ...body, id: hookId, secret: 'second-S3cret' })).body.data;
      expect(replaced).toMatchObject({ secret: 'second-S3cret', secretSet: 1 });
      await post(`/webhook/testWebhook?id=${hookId}`);
      const second = own.got[1];
      expect(second.headers['x-signature']).toBe(signBody('second-S3cret', String(second.headers['x-webhook-timestamp']), second.body));
      const plain = (await post('/webhook/saveWebhook', { ...body, name: '无密钥钩子' })).body.data;
      expect(plain).toMatchObject({ secretSet: 0 });
      expect(plain).not.toHaveProperty('secret');
      const logged = await t.current.ctx.db
        .selectFrom('oper_log')
        .select(['before_data', 'after_data'])
        .where('module', '=', 'webhook')
        .execute();
      expect(logged.length).toBeGreaterThanOrEqual(4);
      expect(JSON.stringify(logged)).not.toMatch(/S3cret/);
      await post('/webhook/delWebhook', [hookId]);
      await post('/webhook/delWebhook', [plain.id]);
    } finally {
      await own.stop();
    }
  });
});

describe.runIf(DIALECTS.includes('postgres'))('webhooks with two processes on one PostgreSQL', () => {
  const two = useTwoProcesses('wh');
  const { r } = two;

  it('the receiver gets each event once, scheduled ones included, however many processes tick', async () => {
    two.freeze();
    const url = await r.start();
    const [a, b] = two.apps;
    const call = await two.signIn();
    await call(a, '/webhook/saveWebhook', { name: '双进程', url, events: 'news.publish,news.update', secret: 'x' });
    await call(a, '/news/saveNewsType', { code: 'two', name: '双进程' });
    const n = (await call(b, '/news/saveNews', { title: '双进程新闻', type: 'two' })).data;
    await call(a, '/news/saveNews', { id: n.id, title: '双进程新闻（改）', type: 'two' });
    const s = (await call(b, '/news/saveNews', { title: '双进程定时', type: 'two', status: 'draft' })).data;
    const due = fmt(two.now() + 5000);
    await call(a, `/news/publishNews?id=${s.id}`, { publishTime: due });
    await Promise.all([webhookTick(a.ctx), webhookTick(b.ctx), webhookTick(a.ctx), webhookTick(b.ctx)]);
    const seen = () => r.got.map((g) => JSON.parse(g.body)).map((e) => `${e.event}:${e.id}`);
    expect(seen().sort()).toEqual([`publish:${n.id}`, `update:${n.id}`].sort());
    // the scheduled second passes; both processes tick at once
    two.advance(6000);
    await Promise.all([webhookTick(a.ctx), webhookTick(b.ctx), webhookTick(a.ctx), webhookTick(b.ctx)]);
    expect(seen().sort()).toEqual([`publish:${n.id}`, `update:${n.id}`, `publish:${s.id}`].sort());
  });
});

describe.each(DIALECTS)("webhooks are an administrator's tool and reach public addresses only, on %s", (dialect) => {
  // WEBHOOK_ALLOW_PRIVATE off: what a deployment runs with
  const t = useTestApp(dialect, { webhookTickMs: 0 });
  const r = receiver();
  let port = 0;
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  /** the resolver answers these names as the test says (others: not found) */
  const resolves = (table: Record<string, string[]>) =>
    vi.spyOn(resolver, 'lookup').mockImplementation((hostname, cb) => {
      const list = table[hostname];
      if (!list) return cb(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
      cb(
        null,
        list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    });

  beforeAll(async () => {
    port = Number(new URL(await r.start()).port);
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'pub', name: '公网' });
  });
  afterAll(() => r.stop());
  afterEach(() => vi.restoreAllMocks());

  // every test starts with no webhook (nor its deliveries), whatever ran before it
  beforeEach(async () => {
    const ids = (await t.current.ctx.db.selectFrom('webhook').select('id').execute()).map((w) => Number(w.id));
    if (ids.length) expect((await post('/webhook/delWebhook', ids)).body.code).toBe(200);
    r.got.length = 0;
  });

  it('an editor can neither see nor manage webhooks: the seeded 内容编辑 role holds no webhook key', async () => {
    await insertUser(t.current.ctx, 'wh-editor', 'Wh_editor_123', ['editor']);
    const editor = await t.current.login('wh-editor', 'Wh_editor_123');
    for (const e of Object.values(webhookEndpoints))
      expect([e.path, (await t.current.post(e.path, { id: 1, webhookId: 1 }, { token: editor })).body]).toEqual([
        e.path,
        { code: 403, msg: '没有权限执行此操作' },
      ]);
    const info = (await t.current.post('/user/info', {}, { token: editor })).body.data;
    expect(JSON.stringify(info)).not.toMatch(/webhook/i);
    const keys = await t.current.ctx.db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select('rp.permission_key')
      .where('r.code', '=', 'editor')
      .where('rp.permission_key', 'like', '/webhook/%')
      .execute();
    expect(keys).toEqual([]);
    expect((await post('/webhook/getWebhookPage', {})).body.code).toBe(200);
  });

  it('refuses a URL on a loopback, private, link-local, CGNAT or metadata address, or a name of one only, in zh, en and es', async () => {
    resolves({ 'intranet.example': ['10.0.0.5', 'fd00::5'], 'www.example.com': ['93.184.216.34'], localhost: ['127.0.0.1', '::1'] });
    const refused: [string, string][] = [
      ['http://127.1/hook', '127.0.0.1'],
      ['http://0x7f000001/hook', '127.0.0.1'],
      ['http://2130706433/hook', '127.0.0.1'],
      ['http://localhost:8080/hook', 'localhost'],
      ['http://[::1]/hook', '::1'],
      ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
      ['http://10.20.30.40/hook', '10.20.30.40'],
      ['http://172.16.0.1/hook', '172.16.0.1'],
      ['http://192.168.1.1/hook', '192.168.1.1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://100.64.0.1/hook', '100.64.0.1'],
      ['http://0.0.0.0/hook', '0.0.0.0'],
      ['http://[fd00::1]/hook', 'fd00::1'],
      ['http://[fe80::1]/hook', 'fe80::1'],
      ['https://intranet.example/hook', 'intranet.example'],
    ];
    for (const [url, host] of refused)
      expect([url, (await post('/webhook/saveWebhook', { name: '内网', url, events: 'news.update' })).body]).toEqual([
        url,
        { code: 400, msg: `只能发送到公网地址：${host} 是本机、内网或保留地址` },
      ]);
    const url = 'http://10.1.1.1/hook';
    expect((await post('/webhook/saveWebhook', { name: 'x', url, events: 'news.update' }, 'en')).body.msg).toBe(
      'Webhooks are sent to public addresses only: 10.1.1.1 is a local, private or reserved address',
    );
    expect((await post('/webhook/saveWebhook', { name: 'x', url, events: 'news.update' }, 'es')).body.msg).toBe(
      'Los webhooks solo se envían a direcciones públicas: 10.1.1.1 es una dirección local, privada o reservada',
    );
    expect(await t.current.ctx.db.selectFrom('webhook').select('id').execute()).toEqual([]);
    // an update cannot point a saved webhook inside either
    const saved = (await post('/webhook/saveWebhook', { name: '官网', url: 'https://www.example.com/hook', events: 'news.update' })).body;
    expect(saved).toMatchObject({ code: 200, data: { url: 'https://www.example.com/hook' } });
    const moved = await post('/webhook/saveWebhook', {
      id: saved.data.id,
      name: '官网',
      url: 'http://192.168.0.2/hook',
      events: 'news.update',
    });
    expect(moved.body).toEqual({ code: 400, msg: '只能发送到公网地址：192.168.0.2 是本机、内网或保留地址' });
    expect((await t.current.ctx.db.selectFrom('webhook').select('url').executeTakeFirstOrThrow()).url).toBe('https://www.example.com/hook');
    await post('/webhook/delWebhook', [saved.data.id]);
  });

  it('a name that resolves to a private address when sent fails that attempt with a short reason, on every try', async () => {
    // saved while the name pointed outside; then it points at this machine (DNS rebinding)
    const lookup = resolves({ 'rebind.example': ['93.184.216.34'] });
    const hook = (
      await post('/webhook/saveWebhook', { name: '换址', url: `http://rebind.example:${port}/hook`, events: 'news.update', secret: 'k' })
    ).body.data;
    expect(hook.id).toBeGreaterThan(0);
    lookup.mockRestore();
    resolves({ 'rebind.example': ['127.0.0.1'] });
    expect((await post(`/webhook/testWebhook?id=${hook.id}`)).body).toMatchObject({
      code: 200,
      msg: '测试失败：已拒绝：127.0.0.1 不是公网地址',
      data: { status: 'failed', lastStatus: null, lastAnswer: '已拒绝：127.0.0.1 不是公网地址' },
    });
    const n = (await post('/news/saveNews', { title: '换址新闻', type: 'pub', status: 'draft' })).body.data;
    await post('/news/saveNews', { id: n.id, title: '换址新闻（改）', type: 'pub', status: 'draft' });
    await webhookTick(t.current.ctx);
    t.current.advance(10_000);
    await webhookTick(t.current.ctx);
    const list = (await post('/webhook/getDeliveryPage', { webhookId: hook.id }, 'en')).body;
    expect(list.rows[0]).toMatchObject({
      event: 'news.update',
      status: 'pending',
      attempts: 2,
      lastStatus: null,
      lastAnswer: 'Refused: 127.0.0.1 is not a public address',
    });
    expect(r.got).toEqual([]);
    await post('/webhook/delWebhook', [hook.id]);
  });

  it('migration 032 takes back the webhook keys the seed gave, drops kept answers, logged secrets and recycled webhooks', async () => {
    const db = t.current.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = t.current.ctx.nowText();
    const keys = Object.values(webhookEndpoints).map((e) => e.path);
    // before 032: a 内容编辑 an administrator had saved (customized) kept the seeded keys; another role was
    // granted the Webhook menu on purpose
    const editor = await db.selectFrom('sys_role').select('id').where('code', '=', 'editor').executeTakeFirstOrThrow();
    await db.updateTable('sys_role').set({ customized: 1 }).where('id', '=', editor.id).execute();
    await db
      .insertInto('sys_role_permission')
      .values(keys.map((k) => ({ role_id: editor.id, permission_key: k })))
      .execute();
    const ops = await db
      .insertInto('sys_role')
      .values({ code: 'ops', name: '运维', create_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menu = await db.selectFrom('sys_menu').select('id').where('route_name', '=', 'WebhookList').executeTakeFirstOrThrow();
    await db.insertInto('sys_role_menu').values({ role_id: ops.id, menu_id: menu.id }).execute();
    await db
      .insertInto('sys_role_permission')
      .values(keys.map((k) => ({ role_id: ops.id, permission_key: k })))
      .execute();
    const hook = await db
      .insertInto('webhook')
      .values({
        name: '旧',
        url: 'https://www.example.com/h',
        events: 'news.update',
        secret: 'old-S3cret',
        enable_flag: 1,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('webhook_delivery')
      .values({
        webhook_id: hook.id,
        event: 'news.update',
        body: '{}',
        status: 'failed',
        attempts: 5,
        next_at: 0,
        last_status: 500,
        last_answer: 'internal page',
        create_time: now,
      })
      .execute();
    const logRow = await db
      .insertInto('oper_log')
      .values({
        oper_time: now,
        module: 'webhook',
        action: 'update',
        record_id: hook.id,
        result: 1,
        before_data: '{"secret":"old-S3cret"}',
        after_data: '{"secret":"new-S3cret","name":"旧"}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('recycle_bin')
      .values({ resource: 'webhook', record_id: 99, title: '删', data: '{"secret":"gone-S3cret"}', delete_time: now })
      .execute();

    const m = webhookGuardMigration(dialect);
    await m.down!(db);
    await m.up(db);

    const held = async (id: unknown) =>
      (
        await db
          .selectFrom('sys_role_permission')
          .select('permission_key')
          .where('role_id', '=', id as number)
          .where('permission_key', 'like', '/webhook/%')
          .execute()
      ).map((x) => x.permission_key);
    expect(await held(editor.id)).toEqual([]);
    expect((await held(ops.id)).sort()).toEqual([...keys].sort());
    expect(await db.selectFrom('webhook').select(['secret', 'secret_set']).where('id', '=', hook.id).executeTakeFirst()).toEqual({
      secret: 'old-S3cret',
      secret_set: 1,
    });
    expect(
      await db.selectFrom('webhook_delivery').select(['last_status', 'last_answer']).where('webhook_id', '=', hook.id).execute(),
    ).toEqual([{ last_status: 500, last_answer: '' }]);
    // the row written above (the editor test's refused calls name webhook id 1 too, which this hook may have)
    const logged = await db
      .selectFrom('oper_log')
      .select(['before_data', 'after_data'])
      .where('id', '=', logRow.id as number)
      .where('record_id', '=', hook.id)
      .where('module', '=', 'webhook')
      .execute();
    expect(logged).toEqual([{ before_data: '{}', after_data: '{"name":"旧"}' }]);
    expect(await db.selectFrom('recycle_bin').select('id').where('resource', '=', 'webhook').execute()).toEqual([]);
    await db.deleteFrom('webhook_delivery').where('webhook_id', '=', hook.id).execute();
    await db.deleteFrom('webhook').where('id', '=', hook.id).execute();
  });
});

describe.each(DIALECTS)('webhook destinations do not hold each other up, on %s', (dialect) => {
  // the real ticker, as a server runs it
  const t = useTestApp(dialect, { webhookTickMs: 20, webhookAllowPrivate: true });
  const stuck = receiver({ hang: true });
  const fine = receiver();

  afterAll(async () => {
    await stuck.stop();
    await fine.stop();
  });

  it("a receiver that never answers does not delay another receiver's deliveries", async () => {
    const token = await t.current.login();
    const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
    await post('/news/saveNewsType', { code: 'q', name: '队列' });
    await post('/webhook/saveWebhook', { name: '不应答', url: await stuck.start(), events: 'news.publish,news.update' });
    await post('/webhook/saveWebhook', { name: '正常', url: await fine.start(), events: 'news.update' });
    // the publish goes to the receiver that never answers; it holds the request open
    const n = (await post('/news/saveNews', { title: '队列新闻', type: 'q' })).body.data;
    await stuck.arrived(1);
    // meanwhile an update is due for both
    await post('/news/saveNews', { id: n.id, title: '队列新闻（改）', type: 'q' });
    await fine.arrived(1);
    // the first receiver still holds its first request open, and its update waits behind it
    expect(stuck.open.size).toBe(1);
    expect(stuck.got.map((g) => JSON.parse(g.body).event)).toEqual(['publish']);
    expect(fine.got.map((g) => JSON.parse(g.body))).toEqual([
      { event: 'update', resource: 'news', id: n.id, time: expect.any(String), paths: ['/public/v1/news', `/public/v1/news/${n.id}`] },
    ]);
  });
});
