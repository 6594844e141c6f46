import { newsEndpoints, publishState } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('publish state on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string, as = token) =>
    t.current.post(path, body, { token: as, headers: lang ? { lang } : {} });
  const row = (table: string, id: number) =>
    looseDb(t.current.ctx.db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fmt = (ms: number) => {
    const d = new Date(ms + 8 * 3600_000);
    return d.toISOString().slice(0, 19).replace('T', ' ');
  };

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'pub', name: '发布测试' })).body.code).toBe(200);
  });

  it('a new record saved without status is published; a legacy save keeps the status; a draft stays a draft', async () => {
    const legacy = (await post('/news/saveNews', { title: '老接口新闻', type: 'pub' })).body.data;
    expect(legacy).toMatchObject({ status: 'published', publishTime: null, offlineTime: null });
    const draft = (await post('/news/saveNews', { title: '草稿新闻', type: 'pub', status: 'draft' })).body.data;
    expect(draft.status).toBe('draft');
    const edited = await post('/news/saveNews', { id: draft.id, title: '草稿新闻改', type: 'pub' });
    expect(edited.body.data).toMatchObject({ status: 'draft', title: '草稿新闻改' });
    expect((await row('news', draft.id)).status).toBe('draft');
    const policy = (await post('/policy/savePolicy', { title: '政策草稿', status: 'draft' })).body.data;
    expect(policy.status).toBe('draft');
    const pageDef = (await post('/page/save', { name: '关于我们', showType: 'splice' })).body.data;
    const item = (await post('/page/savePageItems', { title: '公司简介', pageId: pageDef.id })).body.data;
    expect(item.status).toBe('published');
  });

  it('publishes now or at a time, takes a record offline, and lists and filters by status', async () => {
    const n = (await post('/news/saveNews', { title: '待发布新闻', type: 'pub', status: 'draft' })).body.data;
    const now = t.current.ctx.now();
    const later = fmt(now + 3600_000);
    const sched = await post(`/news/publishNews?id=${n.id}`, { publishTime: later });
    expect(sched.body).toMatchObject({ code: 200, msg: '已定时发布', data: { status: 'published', publishTime: later } });
    expect(publishState(sched.body.data, t.current.ctx.nowText())).toBe('scheduled');
    // saving a published record keeps it published
    const saved = await post('/news/saveNews', { id: n.id, title: '待发布新闻（改）', type: 'pub' });
    expect(saved.body.data).toMatchObject({ status: 'published', publishTime: later });
    // the server's time of the call (a second may tick between the call and this check)
    const around = async <T>(call: () => Promise<T>) => {
      const from = t.current.ctx.nowText();
      const out = await call();
      return { out, from, to: t.current.ctx.nowText() };
    };
    const within = (v: string, r: { from: string; to: string }) => expect(v >= r.from && v <= r.to, `${v} in ${r.from}…${r.to}`).toBe(true);
    const pubCall = await around(() => post(`/news/publishNews?id=${n.id}`));
    const pubNow = pubCall.out;
    expect(pubNow.body.msg).toBe('发布成功');
    within(pubNow.body.data.publishTime, pubCall);
    const offCall = await around(() => post(`/news/unpublishNews?id=${n.id}`));
    const off = offCall.out;
    expect(off.body).toMatchObject({ code: 200, msg: '已下线' });
    expect(publishState(off.body.data, t.current.ctx.nowText())).toBe('offline');
    within(String((await row('news', n.id)).offline_time), offCall);
    // published again: back on the site
    t.current.advance(1000);
    const again = (await post(`/news/publishNews?id=${n.id}`)).body.data;
    expect(again.offlineTime).toBeNull();
    expect(publishState(again, t.current.ctx.nowText())).toBe('published');

    // a draft of this test's own, saved again without a status
    const draft = (await post('/news/saveNews', { title: '筛选草稿', type: 'pub', status: 'draft' })).body.data;
    expect((await post('/news/saveNews', { id: draft.id, title: '筛选草稿改', type: 'pub' })).body.code).toBe(200);
    const drafts = await post('/news/getNewsList', { status: 'draft', title: '筛选草稿' });
    expect(drafts.body.rows.map((r: { title: string }) => r.title)).toEqual(['筛选草稿改']);
    expect(drafts.body.rows[0]).toMatchObject({ status: 'draft' });
    expect((await post('/news/getNewsList', { status: 'published', title: '筛选草稿' })).body.total).toBe(0);
  });

  it('unpublishing a scheduled record makes it a draft again', async () => {
    const n = (await post('/policy/savePolicy', { title: '定时政策', status: 'draft' })).body.data;
    await post(`/policy/publishPolicy?id=${n.id}`, { publishTime: fmt(t.current.ctx.now() + 60_000) });
    const r = await post(`/policy/unpublishPolicy?id=${n.id}`);
    expect(r.body.data.status).toBe('draft');
    expect((await post('/policy/unpublishPolicy?id=999999')).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
  });

  it('refuses an offline time before the publish time, in zh, en and es, and changes nothing', async () => {
    const n = (await post('/news/saveNews', { title: '时间校验', type: 'pub', status: 'draft' })).body.data;
    const body = { id: n.id, title: '时间校验', type: 'pub', publishTime: '2030-01-02 10:00:00', offlineTime: '2030-01-01 10:00:00' };
    expect((await post('/news/saveNews', body)).body).toEqual({ code: 400, msg: '下线时间必须晚于发布时间' });
    expect((await post('/news/saveNews', body, 'en')).body.msg).toBe('The offline time must be after the publish time');
    expect((await post('/news/saveNews', body, 'es')).body.msg).toBe('La fecha de retirada debe ser posterior a la de publicación');
    // against the stored publish time too
    await post('/news/saveNews', { id: n.id, title: '时间校验', type: 'pub', publishTime: '2030-01-02 10:00' });
    expect((await row('news', n.id)).publish_time).toBe('2030-01-02 10:00:00');
    expect((await post('/news/saveNews', { id: n.id, title: '时间校验', type: 'pub', offlineTime: '2030-01-02 09:00:00' })).body.code).toBe(
      400,
    );
    expect(
      (await post(`/news/publishNews?id=${n.id}`, { publishTime: '2030-01-02 10:00:00', offlineTime: '2030-01-02 10:00:00' })).body,
    ).toEqual({
      code: 400,
      msg: '下线时间必须晚于发布时间',
    });
    expect((await post(`/news/publishNews?id=${n.id}`, { publishTime: '明天' })).body).toEqual({
      code: 400,
      msg: '时间格式应为 yyyy-MM-dd HH:mm:ss',
    });
    expect((await post('/news/saveNews', { id: n.id, title: '时间校验', type: 'pub', status: 'live' })).body).toEqual({
      code: 400,
      msg: '发布状态只能是草稿或已发布',
    });
    const stored = await row('news', n.id);
    expect(stored).toMatchObject({ status: 'draft', offline_time: null });
    // banners: the same window rule
    expect(
      (await post('/banner/save', { bannerType: 'index', publishTime: '2030-01-02 10:00:00', offlineTime: '2030-01-01 00:00:00' })).body,
    ).toEqual({ code: 400, msg: '下线时间必须晚于发布时间' });
    const b = (await post('/banner/save', { bannerType: 'index', title: '春节', offlineTime: '2030-02-20 00:00:00' })).body.data;
    expect(b).toMatchObject({ offlineTime: '2030-02-20 00:00:00', publishTime: null });
  });

  it('publishing is its own permission: a role with save only writes drafts', async () => {
    const { ctx } = t.current;
    const role = await ctx.db.insertInto('sys_role').values({ code: 'writer', name: '撰稿' }).returning('id').executeTakeFirstOrThrow();
    const keys = [newsEndpoints.list.path, newsEndpoints.save.path, newsEndpoints.get.path];
    await ctx.db
      .insertInto('sys_role_permission')
      .values(keys.map((k) => ({ role_id: role.id, permission_key: k })))
      .execute();
    await insertUser(ctx, 'writer1', 'Writer_12345', ['writer']);
    const writer = await t.current.login('writer1', 'Writer_12345');
    const draft = await post('/news/saveNews', { title: '撰稿人草稿', type: 'pub', status: 'draft' }, undefined, writer);
    expect(draft.body.code).toBe(200);
    const id = draft.body.data.id;
    expect((await post('/news/saveNews', { id, title: '撰稿人草稿', type: 'pub', status: 'published' }, undefined, writer)).body).toEqual({
      code: 403,
      msg: '没有发布权限，只能保存草稿',
    });
    expect((await post('/news/saveNews', { title: '直接发布', type: 'pub', status: 'published' }, undefined, writer)).body.code).toBe(403);
    expect((await post(`/news/publishNews?id=${id}`, undefined, undefined, writer)).body.code).toBe(403);
    expect((await row('news', id)).status).toBe('draft');
    // the admin publishes; the writer's later edit waits as a pending draft, the site keeps the published title
    await post(`/news/publishNews?id=${id}`);
    const edit = await post('/news/saveNews', { id, title: '撰稿人改稿', type: 'pub' }, undefined, writer);
    expect(edit.body).toMatchObject({ code: 200, msg: '已保存为草稿，发布需要发布权限' });
    expect(edit.body.data).toMatchObject({ status: 'published', title: '撰稿人改稿', hasDraft: true });
    expect(await row('news', id)).toMatchObject({ status: 'published', title: '撰稿人草稿' });
    expect((await post('/news/saveNews', { id, title: '撰稿人改稿', type: 'pub', status: 'draft' }, undefined, writer)).body.code).toBe(
      403,
    );
  });
});
