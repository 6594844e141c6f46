import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'db', name: '看板类型', sortNo: 1 })).body.code).toBe(200);
  });

  it('counts per area, my recent edits, the latest changes and failed logins for an administrator', async () => {
    const before = (await post('/dashboard/getStats')).body.data;
    const newsBefore = before.counts.find((c: { resource: string }) => c.resource === 'news');
    expect(newsBefore).toMatchObject({ name: '新闻', url: '/news/news-list' });
    const created = (await post('/news/saveNews', { title: '看板新闻', type: 'db' })).body.data;
    await t.current.post('/login/doLogin', { username: 'admin', password: 'not-the-password' });

    const after = (await post('/dashboard/getStats')).body;
    expect(after.code).toBe(200);
    expect(after.data.counts.find((c: { resource: string }) => c.resource === 'news').count).toBe(newsBefore.count + 1);
    expect(after.data.myEdits[0]).toMatchObject({
      module: 'news',
      action: 'create',
      actionName: '新增',
      recordId: created.id,
      title: '看板新闻',
      url: `/news/news-details?id=${created.id}`,
    });
    expect(after.data.latest[0]).toMatchObject({ recordId: created.id, userName: 'admin' });
    expect(after.data.failedLogins).toBe(before.failedLogins + 1);
    // the count links to the operation log filtered to refused logins since yesterday
    const since = new URLSearchParams(after.data.failedLoginsUrl.split('?')[1]);
    expect(after.data.failedLoginsUrl.split('?')[0]).toBe('/monitor/operlog-list');
    expect(Object.fromEntries(since)).toMatchObject({ module: 'auth', action: 'login', result: '0' });
    expect(since.get('startTime')).toBe(new Date(t.current.ctx.now() - 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10));
    const log = await post('/log/getOperLogPage', { ...Object.fromEntries(since), pageNumber: 1, pageSize: 10 });
    expect(log.body.rows[0]).toMatchObject({ module: 'auth', action: 'login', result: 0, userName: 'admin' });
    // a publish is one of my edits, named as such
    expect((await post(`/news/unpublishNews?id=${created.id}`)).body.code).toBe(200);
    const unpublished = (await post('/dashboard/getStats')).body.data.myEdits[0];
    expect(unpublished).toMatchObject({ action: 'unpublish', actionName: '下线', recordId: created.id });
    // a deleted record's change leads to the recycle bin, where it can be restored
    expect((await post('/news/delNews', [created.id])).body.code).toBe(200);
    const deleted = (await post('/dashboard/getStats')).body.data.myEdits[0];
    expect(deleted).toMatchObject({ action: 'delete', recordId: created.id, url: '/recycle/recycle-list' });
    expect(after.data.recycled).toBe(before.recycled);
  });

  it('drafts and scheduled items waiting per publishable area, with links to the lists filtered by status', async () => {
    type Waiting = { resource: string; drafts: number; scheduled: number };
    const waitingOf = async (resource: string): Promise<Waiting> =>
      (await post('/dashboard/getStats')).body.data.waiting.find((w: Waiting) => w.resource === resource);
    const before = await waitingOf('news');
    expect(before).toMatchObject({
      name: '新闻',
      draftsUrl: '/news/news-list?status=draft',
      scheduledUrl: '/news/news-list?status=scheduled',
    });
    const policyBefore = await waitingOf('policy');
    expect(policyBefore).toMatchObject({ name: '政策公告', draftsUrl: '/policy/policy-list?status=draft' });

    const draft = await post('/news/saveNews', { title: '看板草稿', type: 'db', status: 'draft' });
    expect(draft.body.code).toBe(200);
    const later = await post('/news/saveNews', { title: '看板定时', type: 'db', status: 'published', publishTime: '2099-01-01 08:00:00' });
    expect(later.body.code).toBe(200);
    // published now, or with a publish time already passed: not waiting
    expect((await post('/news/saveNews', { title: '看板已发布', type: 'db', status: 'published' })).body.code).toBe(200);
    const past = { title: '看板过去', type: 'db', status: 'published', publishTime: '2001-01-01 08:00:00' };
    expect((await post('/news/saveNews', past)).body.code).toBe(200);
    expect((await post('/policy/savePolicy', { title: '看板政策草稿', status: 'draft' })).body.code).toBe(200);

    expect(await waitingOf('news')).toMatchObject({ drafts: before.drafts + 1, scheduled: before.scheduled + 1 });
    expect(await waitingOf('policy')).toMatchObject({ drafts: policyBefore.drafts + 1, scheduled: policyBefore.scheduled });

    // the draft published at once no longer waits; the scheduled one taken back is a draft again
    expect((await post('/news/publishNews', { id: draft.body.data.id })).body.code).toBe(200);
    expect(await waitingOf('news')).toMatchObject({ drafts: before.drafts, scheduled: before.scheduled + 1 });
    expect((await post('/news/unpublishNews', { id: later.body.data.id })).body.code).toBe(200);
    expect(await waitingOf('news')).toMatchObject({ drafts: before.drafts + 1, scheduled: before.scheduled });
    const en = (await t.current.post('/dashboard/getStats', undefined, { token, headers: { lang: 'en' } })).body.data;
    expect(en.waiting.find((w: Waiting) => w.resource === 'news').name).toBe('News');
  });

  it('an editor sees no log, no failed logins, and no area they may not read', async () => {
    await insertUser(t.current.ctx, 'db_editor', 'Editor_123456', ['editor']);
    const editor = await t.current.login('db_editor', 'Editor_123456');
    const r = (await t.current.post('/dashboard/getStats', undefined, { token: editor })).body;
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ latest: null, failedLogins: null, failedLoginsUrl: null, myEdits: [] });
    expect(r.data.counts.length).toBeGreaterThan(0);
    // a role that grants nothing (an account without a usable role cannot sign in at all)
    await t.current.ctx.db.insertInto('sys_role').values({ code: 'db_none', name: '无权限' }).execute();
    const nobody = await insertUser(t.current.ctx, 'db_nobody', 'Nobody_123456', ['db_none']);
    expect(nobody).toBeGreaterThan(0);
    const none = (await t.current.post('/dashboard/getStats', undefined, { token: await t.current.login('db_nobody', 'Nobody_123456') }))
      .body;
    expect(none.data).toMatchObject({ counts: [], waiting: [], recycled: null, latest: null, failedLogins: null });
  });
});
