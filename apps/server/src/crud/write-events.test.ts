import { beforeAll, describe, expect, it } from 'vitest';
import type { WriteEvent } from '../context.js';
import { DIALECTS, useTestApp } from '../test/harness.js';

describe.each(DIALECTS)('write events on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const events: (Omit<WriteEvent, 'trx' | 'req' | 'resource'> & { resource: string; user?: string })[] = [];
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });

  beforeAll(async () => {
    token = await t.current.login();
    await post('/news/saveNewsType', { code: 'we', name: '事件类型' });
    t.current.ctx.onWrite((e) => {
      events.push({
        resource: e.resource.name,
        action: e.action,
        id: e.id,
        before: e.before,
        after: e.after,
        row: e.row,
        user: e.req?.user?.userName,
      });
    });
  });

  it('reports create, update, toggle and delete with the record before and after, inside the transaction', async () => {
    // this test's writes only (the rollback test's refused save was reported too, before its listener threw)
    events.length = 0;
    const created = await post('/headerContorller/saveLink', {
      name: '海关总署',
      url: 'http://www.customs.gov.cn',
      sortNo: 1,
      enableFlag: 1,
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id as number;
    expect((await post('/headerContorller/saveLink', { id, name: '中国海关', url: 'http://www.customs.gov.cn' })).body.code).toBe(200);
    await post(`/headerContorller/upLinkFlag?id=${id}&flag=0`);
    await post('/headerContorller/delLink', [id]);
    expect(events.map((e) => [e.resource, e.action, e.id])).toEqual([
      ['link', 'create', id],
      ['link', 'update', id],
      ['link', 'toggle', id],
      ['link', 'delete', id],
    ]);
    expect(events[0]).toMatchObject({ before: null, after: { name: '海关总署', enableFlag: 1 }, user: 'admin' });
    expect(events[1]).toMatchObject({ before: { name: '海关总署' }, after: { name: '中国海关' } });
    expect(events[2]).toMatchObject({ before: { enableFlag: 1 }, after: { enableFlag: 0 } });
    expect(events[3]).toMatchObject({ before: { name: '中国海关' }, after: null, row: { id, name: '中国海关', enable_flag: 0 } });
  });

  it('a listener that throws rolls the write back', async () => {
    const before = (await post('/headerContorller/getLinkPage', { pageNumber: 1, pageSize: 10 })).body.total;
    let fail = true;
    t.current.ctx.onWrite(() => {
      if (fail) throw new Error('listener refused');
    });
    const r = await post('/headerContorller/saveLink', { name: '回滚', url: 'http://example.com', sortNo: 1, enableFlag: 1 });
    fail = false;
    expect(r.status).toBe(500);
    expect((await post('/headerContorller/getLinkPage', { pageNumber: 1, pageSize: 10 })).body.total).toBe(before);
  });

  it('publish, unpublish, delete, recycle restore and purge are each one event with their action, before and after', async () => {
    const saved = (await post('/news/saveNews', { title: '事件新闻', type: 'we', content: '<p>x</p>', status: 'draft' })).body.data;
    const id = saved.id as number;
    events.length = 0;
    expect((await post(`/news/publishNews?id=${id}`)).body.code).toBe(200);
    expect((await post(`/news/unpublishNews?id=${id}`)).body.code).toBe(200);
    expect((await post('/news/delNews', [id])).body.code).toBe(200);
    const entry = (await post('/recycle/getRecyclePage', { resource: 'news', keyword: '事件新闻' })).body.rows[0];
    expect((await post('/recycle/restore', [entry.id])).body.code).toBe(200);
    expect((await post('/news/delNews', [id])).body.code).toBe(200);
    const again = (await post('/recycle/getRecyclePage', { resource: 'news', keyword: '事件新闻' })).body.rows[0];
    expect((await post('/recycle/purge', [again.id])).body.code).toBe(200);
    expect(events.map((e) => [e.resource, e.action, e.id])).toEqual([
      ['news', 'publish', id],
      ['news', 'unpublish', id],
      ['news', 'delete', id],
      ['news', 'restore', id],
      ['news', 'delete', id],
      ['news', 'purge', id],
    ]);
    expect(events[0]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' }, user: 'admin' });
    expect(events[1].after).toMatchObject({ status: 'published', offlineTime: expect.any(String) });
    expect(events[3]).toMatchObject({ before: null, after: { id, title: '事件新闻' } });
    expect(events[5]).toMatchObject({ before: null, after: null });
  });

  it('a listener that throws on a publish rolls the publish back: no state change, no log entry, no revision', async () => {
    const saved = (await post('/news/saveNews', { title: '回滚发布', type: 'we', content: '<p>x</p>', status: 'draft' })).body.data;
    let fail = true;
    t.current.ctx.onWrite((e) => {
      if (fail && e.action === 'publish') throw new Error('listener refused');
    });
    const r = await post(`/news/publishNews?id=${saved.id}`);
    fail = false;
    expect(r.status).toBe(500);
    const row = await t.current.ctx.db.selectFrom('news').select('status').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    const logged = await t.current.ctx.db
      .selectFrom('oper_log')
      .select('action')
      .where('module', '=', 'news')
      .where('record_id', '=', saved.id)
      .where('result', '=', 1)
      .execute();
    expect(logged.map((l) => l.action)).toEqual(['create']);
    const revisions = await t.current.ctx.db
      .selectFrom('revision')
      .select('id')
      .where('resource', '=', 'news')
      .where('record_id', '=', saved.id)
      .execute();
    expect(revisions).toHaveLength(1);
  });
});
