import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('revisions on %s', (dialect) => {
  const t = useTestApp(dialect, { revisionsKeep: 3 });
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const listOf = async (resource: string, id: number) => {
    const r = await post('/revision/getRevisionList', { resource, id });
    expect(r.body.code).toBe(200);
    return r.body.data as { id: number; title: string; userName: string; saveTime: string }[];
  };

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'rv', name: '版本类型', sortNo: 1 })).body.code).toBe(200);
  });

  it('each save keeps a revision; restoring one puts the old title and body back as a new revision', async () => {
    const created = (await post('/news/saveNews', { title: '版本一', type: 'rv', content: '<p>正文一</p>' })).body.data;
    await post('/news/saveNews', { id: created.id, type: 'rv', title: '版本二', content: '<p>正文二</p>' });
    const list = await listOf('news', created.id);
    expect(list.map((r) => r.title)).toEqual(['版本二', '版本一']);
    expect(list[1]).toMatchObject({ userName: 'admin' });
    expect(list[1].saveTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const first = (await post(`/revision/getRevision?id=${list[1].id}`)).body.data;
    expect(first).toMatchObject({ resource: 'news', recordId: created.id, data: { title: '版本一', content: '<p>正文一</p>' } });

    const r = await post(`/revision/restore?id=${list[1].id}`);
    expect(r.body).toMatchObject({ code: 200, msg: `已恢复到 ${list[1].saveTime} 的版本`, data: { id: created.id, title: '版本一' } });
    const now = (await post('/news/getNews', { id: created.id })).body.data;
    expect(now).toMatchObject({ title: '版本一', content: '<p>正文一</p>', createTime: created.createTime });
    expect((await listOf('news', created.id)).map((x) => x.title)).toEqual(['版本一', '版本二', '版本一']);
  });

  it('keeps REVISIONS_KEEP per record, dropping the oldest', async () => {
    const created = (await post('/news/saveNews', { title: '保留0', type: 'rv' })).body.data;
    for (const n of [1, 2, 3, 4]) await post('/news/saveNews', { id: created.id, type: 'rv', title: `保留${n}` });
    expect((await listOf('news', created.id)).map((x) => x.title)).toEqual(['保留4', '保留3', '保留2']);
  });

  it('other revisioned resources too; unknown resources and revisions are refused', async () => {
    const w = (await post('/waybill/saveWaybill', { code: 'RV1', name: '运单版本' })).body;
    expect(w.code).toBe(200);
    expect((await listOf('waybill', w.data.id)).map((x) => x.title)).toEqual(['运单版本']);
    expect((await post('/revision/getRevisionList', { resource: 'link', id: 1 })).body).toEqual({ code: 400, msg: '该数据没有历史版本' });
    expect((await post('/revision/getRevision?id=99999999')).body.code).toBe(404);
    expect((await post('/revision/restore?id=99999999')).body.code).toBe(404);
  });

  it('restoring needs the right to save the record', async () => {
    const created = (await post('/news/saveNews', { title: '权限版本', type: 'rv' })).body.data;
    const [rev] = await listOf('news', created.id);
    // a role that grants nothing (an account without a usable role cannot sign in at all)
    await t.current.ctx.db.insertInto('sys_role').values({ code: 'rv_none', name: '无权限' }).execute();
    await insertUser(t.current.ctx, 'rv_nobody', 'Nobody_123456', ['rv_none']);
    const other = await t.current.login('rv_nobody', 'Nobody_123456');
    const r = await t.current.post(`/revision/restore?id=${rev.id}`, undefined, { token: other });
    expect(r.status).toBe(403);
  });
});
