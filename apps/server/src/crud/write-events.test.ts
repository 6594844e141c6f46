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
});
