import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPublishGate } from '../../crud/gates.js';
import { looseDb } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUserHoldingAllBut } from '../../test/users.js';
import { releaseTick } from './index.js';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const MINUTE = 60_000;

describe.each(DIALECTS)('发布计划 (releases) on %s', (dialect) => {
  const t = useTestApp(dialect, { releaseTickMs: 0, webhookTickMs: 0, webhookAllowPrivate: true });
  let token = '';
  const post = (path: string, body?: unknown, opts: { lang?: string; as?: string } = {}) =>
    t.current.post(path, body, { token: opts.as ?? token, headers: opts.lang ? { lang: opts.lang } : {} });
  const get = (path: string) => t.current.app.inject({ method: 'POST', url: `/api${path}`, headers: { token } });
  const pub = (path: string) => t.current.app.inject({ method: 'GET', url: `/public/v1${path}` });
  const at = (minutes: number) => fmt(t.current.ctx.now() + minutes * MINUTE);
  const news = async (title: string) =>
    (await post('/news/saveNews', { title, type: 'rel', content: '<p>正文</p>', status: 'draft' })).body.data.id as number;
  const banner = async (title: string) =>
    (await post('/banner/save', { title, bannerType: 'index', enableFlag: 0 })).body.data.id as number;
  const count = async (table: string) =>
    Number(
      (
        await looseDb(t.current.ctx.db)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** refused gates (by `resource:id`) the test's gate answers at stage `release` */
  const refusing = new Set<string>();

  beforeAll(async () => {
    token = await t.current.login();
    t.current.freeze();
    expect((await post('/news/saveNewsType', { code: 'rel', name: '发布计划测试' })).body.code).toBe(200);
    addPublishGate(t.current.ctx, ({ def, id, stage }) =>
      stage === 'release' && refusing.has(`${def.name}:${id}`) ? badRequest('测试闸门拒绝') : null,
    );
  });
  afterAll(() => t.current.freeze(false));

  it('checks what a release holds and says what is wrong, changing nothing', async () => {
    const n1 = await news('计划新闻一');
    const b1 = await banner('计划横幅一');
    const before = await count('content_release');
    const bad = async (body: unknown, status: number, msg: string, lang?: string) => {
      const r = await post('/release/saveRelease', body, { lang });
      expect(r.body).toEqual({ code: status, msg });
      expect(r.status).toBe(status);
    };
    const items = [
      { resource: 'news', id: n1 },
      { resource: 'banner', id: b1 },
    ];
    await bad({ name: ' ', publishTime: at(10), items }, 400, '请输入发布计划名称');
    await bad({ name: '计划', items }, 400, '请选择发布时间');
    await bad({ name: '计划', publishTime: at(10), items: [] }, 400, '请至少选择一条内容');
    await bad({ name: '计划', publishTime: at(-1), items }, 400, '发布时间必须晚于当前时间');
    await bad({ name: '计划', publishTime: at(10), offlineTime: at(5), items }, 400, '下线时间必须晚于发布时间');
    await bad(
      { name: '计划', publishTime: at(10), offlineTime: at(5), items },
      400,
      'The offline time must be after the publish time',
      'en',
    );
    await bad(
      { name: '计划', publishTime: at(10), items: [{ resource: 'newsType', id: 1 }] },
      400,
      '“newsType”不能加入发布计划，只能选择可发布的内容或轮播图',
    );
    await bad({ name: '计划', publishTime: at(10), items: [{ resource: 'news', id: 999999 }] }, 400, '新闻（编号 999999）不存在或已被删除');
    await bad(
      { name: '计划', publishTime: at(10), items: [...items, { resource: 'news', id: n1 }] },
      400,
      '新闻“计划新闻一”重复加入了发布计划',
    );
    await bad(
      { name: '计划', publishTime: at(10), items: [...items, { resource: 'news', id: n1 }] },
      400,
      'Noticia «计划新闻一» está dos veces en el lanzamiento',
      'es',
    );
    expect(await count('content_release')).toBe(before);

    const saved = await post('/release/saveRelease', { name: '新服务上线', publishTime: at(10), items });
    expect(saved.body).toMatchObject({ code: 200, msg: '发布计划已保存' });
    const id = saved.body.data.id;
    expect(saved.body.data).toMatchObject({
      name: '新服务上线',
      state: 'scheduled',
      itemCount: 2,
      createUser: 'admin',
      offlineTime: null,
      items: [
        { resource: 'news', id: n1, title: '计划新闻一', resourceLabel: '新闻', publishState: 'draft' },
        { resource: 'banner', id: b1, title: '计划横幅一', resourceLabel: '轮播图', publishState: 'draft' },
      ],
    });
    // a record is in one scheduled release at most
    await bad(
      { name: '另一个', publishTime: at(20), items: [{ resource: 'banner', id: b1 }] },
      409,
      '轮播图“计划横幅一”已在待发布的发布计划“新服务上线”中',
    );
    // an edit: its own records are not "taken"
    const edited = await post('/release/saveRelease', {
      id,
      name: '新服务上线（改）',
      publishTime: at(15),
      offlineTime: at(60),
      items: [{ resource: 'news', id: n1 }],
    });
    expect(edited.body).toMatchObject({ code: 200, data: { id, name: '新服务上线（改）', itemCount: 1, offlineTime: at(60) } });
    const one = await get(`/release/getRelease?id=${id}`);
    expect(one.json().data.items).toEqual([
      { resource: 'news', id: n1, title: '计划新闻一', resourceLabel: '新闻', publishState: 'draft', problems: [] },
    ]);
    const list = await post('/release/getReleasePage', { name: '新服务', pageNumber: 1, pageSize: 10 });
    expect(list.body).toMatchObject({ code: 200, total: 1, rows: [{ id, name: '新服务上线（改）', itemCount: 1, state: 'scheduled' }] });
    expect((await post('/release/getReleasePage', { state: 'done' })).body.rows.every((r: { state: string }) => r.state === 'done')).toBe(
      true,
    );

    expect((await post('/release/delRelease', { ids: [id] })).body).toEqual({ code: 200, msg: '发布计划已删除', data: null });
    expect((await get(`/release/getRelease?id=${id}`)).json()).toEqual({ code: 404, msg: '数据不存在或已被删除' });
    const log = await t.current.ctx.db
      .selectFrom('oper_log')
      .select(['action', 'title', 'user_name'])
      .where('module', '=', 'release')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'create', title: '新服务上线', user_name: 'admin' },
      { action: 'update', title: '新服务上线（改）', user_name: 'admin' },
      { action: 'delete', title: '新服务上线（改）', user_name: 'admin' },
    ]);
  });

  it('nobody schedules what they could not publish: without the banner save (or news publish) permission, 403 naming it', async () => {
    const n = await news('越权新闻');
    const b = await banner('越权横幅');
    await insertUserHoldingAllBut(t.current.ctx, 'nobanner', 'Nobanner_123', '/banner/save');
    await insertUserHoldingAllBut(t.current.ctx, 'nopublish', 'Nopublish_123', '/news/publishNews');
    const before = await count('content_release');
    const noBanner = await t.current.login('nobanner', 'Nobanner_123');
    const r = await post(
      '/release/saveRelease',
      {
        name: '越权',
        publishTime: at(10),
        items: [
          { resource: 'news', id: n },
          { resource: 'banner', id: b },
        ],
      },
      { as: noBanner },
    );
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, msg: '没有轮播图的发布权限，不能把它加入发布计划' });
    // the same account may schedule the news alone
    expect(
      (
        await post(
          '/release/saveRelease',
          { name: '只有新闻', publishTime: at(10), items: [{ resource: 'news', id: n }] },
          { as: noBanner },
        )
      ).body.code,
    ).toBe(200);
    const noPublish = await t.current.login('nopublish', 'Nopublish_123');
    const r2 = await post(
      '/release/saveRelease',
      {
        name: '越权',
        publishTime: at(10),
        items: [
          { resource: 'banner', id: b },
          { resource: 'news', id: n },
        ],
      },
      { as: noPublish, lang: 'en' },
    );
    expect(r2.body).toEqual({ code: 403, msg: 'You may not publish News, so you cannot put it in a release' });
    expect(await count('content_release')).toBe(before + 1);
  });

  it('a record outside the caller’s data scope cannot be put in a release (403), their own can', async () => {
    const others = await news('别人的新闻');
    await insertUserHoldingAllBut(t.current.ctx, 'selfonly', 'Selfonly_123', '/none');
    await t.current.ctx.db.updateTable('sys_role').set({ data_scope: 'self' }).where('code', '=', 'selfonly').execute();
    const self = await t.current.login('selfonly', 'Selfonly_123');
    const before = await count('content_release');
    const r = await post(
      '/release/saveRelease',
      { name: '越界', publishTime: at(10), items: [{ resource: 'news', id: others }] },
      { as: self },
    );
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, msg: '数据权限不足：该记录不在您的数据范围内' });
    expect(await count('content_release')).toBe(before);
    const mine = (await post('/news/saveNews', { title: '自己的新闻', type: 'rel', status: 'draft' }, { as: self })).body.data.id;
    const ok = await post(
      '/release/saveRelease',
      { name: '自己的', publishTime: at(10), items: [{ resource: 'news', id: mine }] },
      { as: self },
    );
    expect(ok.body.code).toBe(200);
  });

  it('at its time a news draft and a disabled banner go live together, with one release.published event listing every path', async () => {
    const hook = (await post('/webhook/saveWebhook', { name: '发布计划', url: 'http://127.0.0.1:1/hook', events: 'release.published' }))
      .body;
    expect(hook.code).toBe(200);
    const n = await news('节日通知');
    const b = await banner('节日横幅');
    const publishTime = at(5);
    const offlineTime = at(600);
    const saved = await post('/release/saveRelease', {
      name: '节日通知上线',
      publishTime,
      offlineTime,
      items: [
        { resource: 'news', id: n },
        { resource: 'banner', id: b },
      ],
    });
    const id = saved.body.data.id;
    // not yet: nothing happens
    expect(await releaseTick(t.current.ctx)).toBe(0);
    expect((await pub(`/news/${n}`)).statusCode).toBe(404);
    t.current.advance(5 * MINUTE);
    expect(await releaseTick(t.current.ctx)).toBe(1);
    const after = (await get(`/release/getRelease?id=${id}`)).json().data;
    expect(after).toMatchObject({ state: 'done', reason: null, doneTime: t.current.ctx.nowText() });
    expect(after.items.map((i: { publishState: string }) => i.publishState)).toEqual(['published', 'published']);
    // the delivery API shows both, with the release's times
    expect((await pub(`/news/${n}`)).json().data).toMatchObject({
      id: n,
      title: '节日通知',
      publishTime: `${publishTime.replace(' ', 'T')}+08:00`,
    });
    expect((await pub('/banners?bannerType=index')).json().data.map((r: { title: string }) => r.title)).toContain('节日横幅');
    const rows = await looseDb(t.current.ctx.db)
      .selectFrom('news')
      .select(['status', 'publish_time', 'offline_time'])
      .where('id', '=', n)
      .execute();
    expect(rows).toEqual([{ status: 'published', publish_time: publishTime, offline_time: offlineTime }]);
    const bannerRow = await looseDb(t.current.ctx.db)
      .selectFrom('banner')
      .select(['enable_flag', 'publish_time', 'offline_time'])
      .where('id', '=', b)
      .executeTakeFirstOrThrow();
    expect({ ...bannerRow, enable_flag: Number(bannerRow.enable_flag) }).toEqual({
      enable_flag: 1,
      publish_time: publishTime,
      offline_time: offlineTime,
    });
    // one event naming every delivery path of its records
    const deliveries = await t.current.ctx.db
      .selectFrom('webhook_delivery')
      .select(['event', 'body'])
      .where('webhook_id', '=', hook.data.id)
      .execute();
    expect(deliveries.length).toBe(1);
    expect(deliveries[0].event).toBe('release.published');
    const body = JSON.parse(deliveries[0].body);
    expect(body).toMatchObject({ event: 'published', resource: 'release', id, name: '节日通知上线', publishTime });
    expect(body.paths).toEqual(expect.arrayContaining(['/public/v1/news', `/public/v1/news/${n}`, '/public/v1/banners']));
    // the operation log has each record's publish / update by the system, and the release's run
    const log = await t.current.ctx.db
      .selectFrom('oper_log')
      .select(['module', 'action', 'user_name'])
      .where('user_name', '=', 'system')
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { module: 'news', action: 'publish', user_name: 'system' },
        { module: 'banner', action: 'update', user_name: 'system' },
        { module: 'release', action: 'publish', user_name: 'system' },
      ]),
    );
    // what ran cannot be changed or deleted
    expect((await post('/release/delRelease', { ids: [id] })).body).toEqual({
      code: 400,
      msg: '发布计划“节日通知上线”已发布，只有待发布的发布计划可以修改或删除',
    });
    expect(
      (await post('/release/saveRelease', { id, name: 'x', publishTime: at(10), items: [{ resource: 'news', id: n }] })).body.code,
    ).toBe(400);
    // its author (admin) is told in 消息中心
    const told = await post('/notice/getNoticePage', { pageNumber: 1, pageSize: 10 });
    expect(told.body.rows.filter((r: { kind: string }) => r.kind === 'release.done').map((r: { text: string }) => r.text)).toEqual([
      '发布计划“节日通知上线”已按时执行',
    ]);
    // nor run twice
    expect(await releaseTick(t.current.ctx)).toBe(0);
  });

  it('one record refused: none goes live, and the release says why, naming each record', async () => {
    const n = await news('会失败的新闻');
    const n2 = await news('缺类型的新闻');
    const b = await banner('会失败的横幅');
    const saved = await post('/release/saveRelease', {
      name: '会失败的计划',
      publishTime: at(5),
      items: [
        { resource: 'news', id: n },
        { resource: 'news', id: n2 },
        { resource: 'banner', id: b },
      ],
    });
    const id = saved.body.data.id;
    // a required field emptied behind the form's back, and a gate (审核 / content checks) refusing the banner
    await looseDb(t.current.ctx.db).updateTable('news').set({ type: '' }).where('id', '=', n2).execute();
    refusing.add(`banner:${b}`);
    t.current.advance(5 * MINUTE);
    // (the release of the test before comes due too)
    expect(await releaseTick(t.current.ctx)).toBeGreaterThanOrEqual(1);
    refusing.delete(`banner:${b}`);
    const after = (await get(`/release/getRelease?id=${id}`)).json().data;
    expect(after.state).toBe('failed');
    expect(after.reason).toBe(['新闻“缺类型的新闻”：新闻类型不得为空', '轮播图“会失败的横幅”：测试闸门拒绝'].join('\n'));
    expect(after.items.map((i: { problems: string[] }) => i.problems)).toEqual([
      [],
      ['新闻“缺类型的新闻”：新闻类型不得为空'],
      ['轮播图“会失败的横幅”：测试闸门拒绝'],
    ]);
    expect(after.items.map((i: { publishState: string }) => i.publishState)).toEqual(['draft', 'draft', 'draft']);
    expect((await pub(`/news/${n}`)).statusCode).toBe(404);
    expect((await pub('/banners?bannerType=index')).json().data.map((r: { title: string }) => r.title)).not.toContain('会失败的横幅');
    const failed = await t.current.ctx.db
      .selectFrom('oper_log')
      .select(['result', 'reason'])
      .where('module', '=', 'release')
      .where('record_id', '=', id)
      .where('action', '=', 'publish')
      .execute();
    expect(failed).toEqual([{ result: 0, reason: after.reason }]);
    // its author is told why, in 消息中心
    const told = await post('/notice/getNoticePage', { pageNumber: 1, pageSize: 10 });
    expect(told.body.rows.filter((r: { kind: string }) => r.kind === 'release.failed').map((r: { text: string }) => r.text)).toEqual([
      '发布计划“会失败的计划”未能执行：新闻“缺类型的新闻”：新闻类型不得为空；轮播图“会失败的横幅”：测试闸门拒绝',
    ]);
    // its records are free for another release
    expect(
      (await post('/release/saveRelease', { name: '重来', publishTime: at(10), items: [{ resource: 'news', id: n }] })).body.code,
    ).toBe(200);
  });

  it('exactly once: two app instances on one database run the ticker at the same moment', async () => {
    const { ctx } = t.current;
    const hook = (
      await post('/webhook/saveWebhook', { name: '一次', url: 'http://127.0.0.1:1/once', events: 'release.published,news.publish' })
    ).body.data;
    const n = await news('只发一次');
    const b = await banner('只发一次横幅');
    const id = (
      await post('/release/saveRelease', {
        name: '只发一次',
        publishTime: at(5),
        items: [
          { resource: 'news', id: n },
          { resource: 'banner', id: b },
        ],
      })
    ).body.data.id;
    t.current.advance(5 * MINUTE);
    // on PostgreSQL a second app on the same schema (its own pool); on SQLite the same app ticks twice at once
    const second = dialect === 'postgres' ? await prepareApp(ctx.config, { clock: () => ctx.now() }) : null;
    try {
      const ran = await Promise.all([releaseTick(ctx), releaseTick(second?.ctx ?? ctx), releaseTick(ctx), releaseTick(second?.ctx ?? ctx)]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (second) await second.app.close();
    }
    expect((await get(`/release/getRelease?id=${id}`)).json().data.state).toBe('done');
    const events = await ctx.db.selectFrom('webhook_delivery').select('event').where('webhook_id', '=', hook.id).orderBy('event').execute();
    expect(events.map((e) => e.event)).toEqual(['news.publish', 'release.published']);
    const logged = await ctx.db
      .selectFrom('oper_log')
      .select('action')
      .where('module', '=', 'news')
      .where('record_id', '=', n)
      .where('action', '=', 'publish')
      .execute();
    expect(logged.length).toBe(1);
  });
});
