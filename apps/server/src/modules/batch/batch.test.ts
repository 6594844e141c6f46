import { BATCH_MAX_IDS, ROLES } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';

/** 批量操作 (/batch/doBatch, issue 26): the single actions' pipeline, permissions and checks, one transaction, a summary. */
describe.each(DIALECTS)('batch actions on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  const post = (path: string, body?: unknown, as = admin, headers: Record<string, string> = {}) =>
    t.current.post(path, body, { token: as, headers });
  const batch = (body: unknown, as = admin, headers: Record<string, string> = {}) => post('/batch/doBatch', body, as, headers);
  const db = () => looseDb(t.current.ctx.db);
  const news = (ids: number[]) =>
    db().selectFrom('news').select(['id', 'status', 'is_top', 'type', 'title']).where('id', 'in', ids).orderBy('id').execute();
  const logActions = async (ids: number[]) =>
    (
      await db().selectFrom('oper_log').select(['record_id', 'action']).where('module', '=', 'news').where('record_id', 'in', ids).execute()
    ).map((r) => `${r.record_id}:${r.action}`);
  const draft = async (title: string, as = admin) => {
    const r = await post('/news/saveNews', { title, type: 'bt', content: '<p>正文</p>', status: 'draft' }, as);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };

  beforeAll(async () => {
    admin = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'bt', name: '批量类型' })).body.code).toBe(200);
    expect((await post('/news/saveNewsType', { code: 'bt2', name: '批量类型二' })).body.code).toBe(200);
  });

  it('批量发布 of 20 drafts where 3 lack a required field publishes 17 and names the 3', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await draft(`批量草稿${i}`));
    // three drafts from before the rule (an older import): their type is empty
    const lacking = [ids[3], ids[9], ids[15]];
    await db().updateTable('news').set({ type: '' }).where('id', 'in', lacking).execute();

    const r = await batch({ resource: 'news', action: 'publish', ids });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.done).toEqual(ids.filter((i) => !lacking.includes(i)));
    expect(r.body.data.refused).toEqual(lacking.map((id) => ({ id, msg: '新闻类型不得为空' })));
    const rows = await news(ids);
    expect(rows.filter((row) => row.status === 'published').map((row) => Number(row.id))).toEqual(r.body.data.done);
    expect(rows.filter((row) => row.status === 'draft').map((row) => Number(row.id))).toEqual(lacking);
    // the same pipeline as 发布: one operation-log entry per published record, none for the refused
    const log = await logActions(ids);
    expect(log.filter((a) => a.endsWith(':publish')).sort()).toEqual(r.body.data.done.map((i: number) => `${i}:publish`).sort());

    // the single 发布 refuses the same record with the same message, in the request's language
    const single = await post(`/news/publishNews?id=${lacking[0]}`, undefined, admin, { 'accept-language': 'en' });
    expect(single.body).toMatchObject({ code: 400, msg: 'News type must not be empty' });
    const en = await batch({ resource: 'news', action: 'publish', ids: lacking }, admin, { 'accept-language': 'en' });
    expect(en.body.data).toEqual({ done: [], refused: lacking.map((id) => ({ id, msg: 'News type must not be empty' })) });
  });

  it('批量下线, 批量置顶 and 取消置顶 go through the single actions', async () => {
    const ids = [await draft('置顶一'), await draft('置顶二')];
    expect((await batch({ resource: 'news', action: 'publish', ids })).body.data.done).toEqual(ids);
    expect((await batch({ resource: 'news', action: 'top', ids })).body.data).toEqual({ done: ids, refused: [] });
    expect((await news(ids)).map((r) => Number(r.is_top))).toEqual([1, 1]);
    expect((await batch({ resource: 'news', action: 'untop', ids: [ids[0]] })).body.data.done).toEqual([ids[0]]);
    expect((await news(ids)).map((r) => Number(r.is_top))).toEqual([0, 1]);
    const off = await batch({ resource: 'news', action: 'unpublish', ids: [...ids, 99_999_999] });
    expect(off.body.data).toEqual({ done: ids, refused: [{ id: 99_999_999, msg: '数据不存在或已被删除' }] });
    const live = await t.current.app.inject({ method: 'GET', url: `/public/v1/news/${ids[0]}` });
    expect(live.statusCode).toBe(404);
    expect(await logActions(ids)).toEqual(expect.arrayContaining([`${ids[0]}:toggle`, `${ids[1]}:toggle`, `${ids[0]}:unpublish`]));
  });

  it('批量修改类型 saves each record with the new type; an unknown type changes nothing', async () => {
    const ids = [await draft('类型一'), await draft('类型二')];
    const r = await batch({ resource: 'news', action: 'setType', ids, type: 'bt2' });
    expect(r.body.data).toEqual({ done: ids, refused: [] });
    expect((await news(ids)).map((row) => [row.type, row.title])).toEqual([
      ['bt2', '类型一'],
      ['bt2', '类型二'],
    ]);
    const got = await post(`/news/getNews?id=${ids[0]}`);
    expect(got.body.data).toMatchObject({ type: 'bt2', typeName: '批量类型二', content: '<p>正文</p>' });
    expect(await logActions(ids)).toEqual(expect.arrayContaining([`${ids[0]}:update`, `${ids[1]}:update`]));

    const unknown = await batch({ resource: 'news', action: 'setType', ids, type: 'nope' });
    expect(unknown.body).toMatchObject({ code: 400 });
    expect((await news(ids)).map((row) => row.type)).toEqual(['bt2', 'bt2']);
    expect((await batch({ resource: 'news', action: 'setType', ids })).body).toMatchObject({ code: 400, msg: '请选择类型' });

    // a live record with a pending draft is refused: the save would put the draft live
    const live = await draft('有草稿');
    await batch({ resource: 'news', action: 'publish', ids: [live] });
    expect((await post('/news/saveNews', { id: live, title: '草稿中', type: 'bt', draft: true })).body.code).toBe(200);
    const drafted = await batch({ resource: 'news', action: 'setType', ids: [live, ids[0]], type: 'bt2' });
    expect(drafted.body.data).toEqual({ done: [ids[0]], refused: [{ id: live, msg: '有待发布的草稿，请先发布或放弃草稿再修改类型' }] });
    expect((await news([live]))[0]).toMatchObject({ type: 'bt', title: '有草稿' });
  });

  it('needs the single action’s permission: without it 403 and nothing done', async () => {
    const ids = [await draft('无权一'), await draft('无权二')];
    await insertUserHoldingAllBut(t.current.ctx, 'b_nopub', 'Pass_123456', '/news/publishNews');
    const token = await t.current.login('b_nopub', 'Pass_123456');
    const r = await batch({ resource: 'news', action: 'publish', ids }, token);
    expect([r.status, r.body.code, r.body.msg]).toEqual([403, 403, '没有权限执行此操作']);
    expect((await news(ids)).map((row) => row.status)).toEqual(['draft', 'draft']);
    // the other actions it holds work
    expect((await batch({ resource: 'news', action: 'top', ids }, token)).body.data.done).toEqual(ids);

    await insertUserHoldingAllBut(t.current.ctx, 'b_notop', 'Pass_123456', '/news/upisTop');
    const noTop = await t.current.login('b_notop', 'Pass_123456');
    expect((await batch({ resource: 'news', action: 'untop', ids }, noTop)).status).toBe(403);
    expect((await news(ids)).map((row) => Number(row.is_top))).toEqual([1, 1]);
  });

  it('holds the data scope: a record outside it is refused, the others are done', async () => {
    const editor = await db().selectFrom('sys_role').select('id').where('code', '=', ROLES.EDITOR).executeTakeFirstOrThrow();
    const grants = await db().selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', editor.id).execute();
    const role = await db()
      .insertInto('sys_role')
      .values({ code: 'b_self', name: 'b_self', data_scope: 'self' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('sys_role_permission')
      .values(grants.map((g) => ({ role_id: role.id, permission_key: g.permission_key })))
      .execute();
    await insertUser(t.current.ctx, 'b_self', 'Pass_123456', ['b_self']);
    const token = await t.current.login('b_self', 'Pass_123456');
    const own = await draft('自己的', token);
    const others = await draft('别人的');
    const r = await batch({ resource: 'news', action: 'publish', ids: [others, own] }, token);
    expect(r.body.data).toEqual({ done: [own], refused: [{ id: others, msg: '数据权限不足：该记录不在您的数据范围内' }] });
    expect((await news([own, others])).map((row) => row.status)).toEqual(['published', 'draft']);
    const typed = await batch({ resource: 'news', action: 'setType', ids: [others], type: 'bt' }, token);
    expect(typed.body.data.refused).toEqual([{ id: others, msg: '数据权限不足：该记录不在您的数据范围内' }]);
  });

  it('offers each action only where the resource has it', async () => {
    const link = await batch({ resource: 'link', action: 'publish', ids: [1] });
    expect(link.body).toMatchObject({ code: 400, msg: '此类数据没有这个批量操作' });
    expect((await batch({ resource: 'policy', action: 'setType', ids: [1], type: 'x' })).body.msg).toBe('此类数据没有这个批量操作');
    expect((await batch({ resource: 'nothing', action: 'publish', ids: [1] })).body.msg).toBe('不支持批量操作的数据类型');
    expect((await batch({ resource: 'news', action: 'delete', ids: [1] })).body.code).toBe(400);
    expect((await batch({ resource: 'news', action: 'publish', ids: [] })).body.code).toBe(400);
    const many = Array.from({ length: BATCH_MAX_IDS + 1 }, (_v, i) => i + 1);
    expect((await batch({ resource: 'news', action: 'publish', ids: many })).body).toMatchObject({
      code: 400,
      msg: '一次最多操作 1000 条记录',
    });
  });
});
