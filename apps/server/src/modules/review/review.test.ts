import { ROLES, resourceByName } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';
import { form, xlsx } from '../../test/xlsx.js';
import { onReview, type ReviewEvent, reviewQueries } from './index.js';

const PW = 'Pass_123456';

/** 审核流程 (issue 27): settings, submit → reject → resubmit → approve → publish, two levels, gates, resets, climbs. */
describe.each(DIALECTS)('review workflow on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  /** editors (the editor role's grants) and reviewers */
  let editor = '';
  let editorId = 0;
  let reviewer = '';
  let reviewerId = 0;
  /** the editor role's grants less both review levels */
  let writer = '';
  let writerId = 0;
  /** holds level 2 only */
  let second = '';
  let secondId = 0;
  const events: Omit<ReviewEvent, 'trx' | 'req' | 'resource'>[] = [];

  const db = () => looseDb(t.current.ctx.db);
  const post = (path: string, body?: unknown, as = admin, headers: Record<string, string> = {}) =>
    t.current.post(path, body, { token: as, headers });
  const get = async (path: string, as = admin): Promise<{ status: number; body: ReplyBody }> => {
    const res = await t.current.app.inject({ method: 'GET', url: `/api${path}`, headers: { token: as } });
    return { status: res.statusCode, body: res.json() };
  };
  const settings = (resource: string, levels: number, selfApprove = false) =>
    post('/review/saveSettings', { resource, levels, selfApprove });
  const draft = async (title: string, as = editor, extra: Record<string, unknown> = {}) => {
    const r = await post('/news/saveNews', { title, type: 'rv', content: '<p>正文</p>', status: 'draft', ...extra }, as);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };
  /** a save of a stored record: its body as the form sends it, with changes */
  const edit = async (id: number, changes: Record<string, unknown>, as = editor, headers: Record<string, string> = {}) => {
    const r = await db().selectFrom('news').select(['title', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
    return post('/news/saveNews', { id, title: r.title, type: 'rv', content: r.content, ...changes }, as, headers);
  };
  const act = (what: 'submit' | 'approve' | 'reject', id: number, as: string, comment?: string, resource = 'news') =>
    post(`/review/${what}`, { resource, id, ...(comment === undefined ? {} : { comment }) }, as);
  const state = async (id: number) =>
    db()
      .selectFrom('review_state')
      .select(['state', 'level', 'submit_user_name'])
      .where('resource', '=', 'news')
      .where('record_id', '=', id)
      .executeTakeFirst();
  const historyOf = async (id: number, as = admin) => (await get(`/review/getHistory?resource=news&id=${id}`, as)).body;
  const status = async (id: number) =>
    (await db().selectFrom('news').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const todo = async (as: string, body: Record<string, unknown> = {}) =>
    (await post('/review/getTodoPage', { pageNumber: 1, pageSize: 20, ...body }, as)).body;
  const todoCount = (userId: number) => reviewQueries(t.current.ctx)!.todoCount(userId);

  /** a role with the editor role's grants less `lacking`, its data scope, and one account of it */
  const roleUser = async (code: string, lacking: string[], dataScope = 'all', deptId: number | null = null) => {
    const ed = await db().selectFrom('sys_role').select('id').where('code', '=', ROLES.EDITOR).executeTakeFirstOrThrow();
    const grants = await db().selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', ed.id).execute();
    const role = await db()
      .insertInto('sys_role')
      .values({ code, name: code, data_scope: dataScope })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('sys_role_permission')
      .values(
        grants
          .filter((g) => !lacking.includes(String(g.permission_key)))
          .map((g) => ({ role_id: role.id, permission_key: g.permission_key })),
      )
      .execute();
    const id = await insertUser(t.current.ctx, code, PW, [code]);
    if (deptId != null) await db().updateTable('sys_user').set({ dept_id: deptId }).where('id', '=', id).execute();
    return { id, token: await t.current.login(code, PW) };
  };

  beforeAll(async () => {
    admin = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'rv', name: '审核类型' })).body.code).toBe(200);
    ({ id: editorId, token: editor } = await roleUser('r_editor', []));
    ({ id: reviewerId, token: reviewer } = await roleUser('r_reviewer', []));
    ({ id: writerId, token: writer } = await roleUser('r_writer', ['/review/level1', '/review/level2']));
    ({ id: secondId, token: second } = await roleUser('r_second', ['/review/level1']));
    onReview(t.current.ctx, (e) => {
      const { trx: _trx, req: _req, resource, ...rest } = e;
      events.push({ ...rest, title: `${resource.name}:${rest.title}` });
    });
  });

  it('审核设置: every publishable resource with its rule, in the caller’s language; saving is logged; admin only', async () => {
    const r = await post('/review/getSettings');
    expect(r.body.code).toBe(200);
    const news = r.body.data.find((s: { resource: string }) => s.resource === 'news');
    expect(news).toEqual({ resource: 'news', label: '新闻', levels: 0, selfApprove: false });
    expect(r.body.data.map((s: { resource: string }) => s.resource)).toEqual(expect.arrayContaining(['news', 'policy', 'job']));
    expect(r.body.data.some((s: { resource: string }) => s.resource === 'link')).toBe(false);
    const en = await post('/review/getSettings', undefined, admin, { lang: 'en' });
    expect(en.body.data.find((s: { resource: string }) => s.resource === 'news').label).toBe('News');

    expect((await settings('news', 3)).body).toEqual({ code: 400, msg: '审核级数只能是 0（不审核）、1 或 2' });
    expect((await settings('link', 1)).body).toEqual({ code: 400, msg: '未知或不可审核的数据类型' });
    const saved = await settings('news', 1);
    expect(saved.body).toMatchObject({ code: 200, data: { resource: 'news', levels: 1, selfApprove: false } });
    const entry = await db()
      .selectFrom('oper_log')
      .select(['module', 'action', 'title', 'after_data'])
      .where('module', '=', 'reviewSettings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'reviewSettings', title: '新闻' });
    expect(JSON.parse(String(entry.after_data))).toEqual({ levels: 1, selfApprove: false });

    // climb: the editor role holds no 审核设置 (admin-only module)
    for (const [path, body] of [
      ['/review/saveSettings', { resource: 'news', levels: 0 }],
      ['/review/getSettings', {}],
    ] as const) {
      const refused = await post(path, body, editor);
      expect([path, refused.status, refused.body]).toEqual([path, 403, { code: 403, msg: '没有权限执行此操作' }]);
    }
    expect((await db().selectFrom('review_setting').select('levels').where('resource', '=', 'news').executeTakeFirstOrThrow()).levels).toBe(
      1,
    );
  });

  it('done-when: submit → 待我审核 → reject (comment required) → resubmit → approve → publish puts it live', async () => {
    await settings('news', 1);
    const id = await draft('港口审核新闻');
    expect((await get(`/review/getState?resource=news&id=${id}`, editor)).body.data).toMatchObject({
      state: 'draft',
      levels: 1,
      canSubmit: true,
      canApprove: false,
    });
    const countBefore = await todoCount(reviewerId);
    const submitted = await act('submit', id, editor, '请审核');
    expect(submitted.body).toMatchObject({ code: 200, data: { state: 'pending', level: 1, submitUser: 'r_editor', canSubmit: false } });
    expect(await todoCount(reviewerId)).toBe(countBefore + 1);
    // not the submitter's own (self-approval off)
    expect((await todo(editor)).rows.some((r: { id: number }) => r.id === id)).toBe(false);
    const list = await todo(reviewer, { resource: 'news' });
    expect(list.rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      resource: 'news',
      resourceLabel: '新闻',
      id,
      title: '港口审核新闻',
      level: 1,
      submitUser: 'r_editor',
      comment: '请审核',
      url: `/news/news-details?id=${id}`,
    });
    expect((await get(`/review/getState?resource=news&id=${id}`, reviewer)).body.data.canApprove).toBe(true);

    // the editor can neither approve their own submission nor publish it
    const own = await act('approve', id, editor);
    expect([own.status, own.body]).toEqual([403, { code: 403, msg: '不能审核自己提交的内容：审核设置未允许审核人审核自己的提交' }]);
    const pub = await post(`/news/publishNews?id=${id}`, undefined, editor);
    expect(pub.body).toEqual({ code: 400, msg: '需要审核通过后才能发布：“港口审核新闻”当前为待审核' });
    expect(await status(id)).toBe('draft');
    // a second submit is refused
    expect((await act('submit', id, editor)).body).toEqual({ code: 400, msg: '只有草稿或已驳回的记录可以提交审核（当前：待审核）' });

    // 驳回 needs a comment
    expect((await act('reject', id, reviewer)).body).toEqual({ code: 400, msg: '驳回时必须填写审核意见' });
    expect((await act('reject', id, reviewer, '   ')).body).toEqual({ code: 400, msg: '驳回时必须填写审核意见' });
    expect((await state(id))?.state).toBe('pending');
    const rejected = await act('reject', id, reviewer, '标题含有“最快”，请修改');
    expect(rejected.body).toMatchObject({ code: 200, data: { state: 'rejected' } });
    expect((await todo(reviewer)).rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect(await todoCount(reviewerId)).toBe(countBefore);

    // resubmit after an edit, approve, publish
    expect((await edit(id, { title: '港口审核新闻（修改）', status: 'draft' }, editor)).body.code).toBe(200);
    expect((await act('submit', id, editor)).body.data.state).toBe('pending');
    const approved = await act('approve', id, reviewer, '同意');
    expect(approved.body).toMatchObject({ code: 200, data: { state: 'approved', level: 1 } });
    const live = await post(`/news/publishNews?id=${id}`, undefined, editor);
    expect(live.body.code, JSON.stringify(live.body)).toBe(200);
    expect(await status(id)).toBe('published');
    const delivered = await t.current.app.inject({ method: 'GET', url: `/public/v1/news/${id}` });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data.title).toBe('港口审核新闻（修改）');
    // the publish itself sends nothing back to 草稿
    expect((await state(id))?.state).toBe('approved');

    // the history, newest first: who, when, decision, comment
    const h = await historyOf(id, editor);
    expect(h.data.info).toMatchObject({ state: 'approved', canSubmit: false, canApprove: false });
    expect(h.data.rows.map((r: ReplyBody) => [r.action, r.level, r.userName, r.nickName, r.comment])).toEqual([
      ['approve', 1, 'r_reviewer', 'r_reviewer', '同意'],
      ['submit', 1, 'r_editor', 'r_editor', null],
      ['reject', 1, 'r_reviewer', 'r_reviewer', '标题含有“最快”，请修改'],
      ['submit', 1, 'r_editor', 'r_editor', '请审核'],
    ]);
    expect(h.data.rows[0].time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // each step is in the operation log with the record's title and the comment
    const log = await db()
      .selectFrom('oper_log')
      .select(['user_name', 'action', 'title', 'after_data'])
      .where('module', '=', 'news')
      .where('record_id', '=', id)
      .where('action', 'like', 'review%')
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.user_name, l.action, l.title, JSON.parse(String(l.after_data)).comment])).toEqual([
      ['r_editor', 'reviewSubmit', '港口审核新闻', '请审核'],
      ['r_reviewer', 'reviewReject', '港口审核新闻', '标题含有“最快”，请修改'],
      ['r_editor', 'reviewSubmit', '港口审核新闻（修改）', null],
      ['r_reviewer', 'reviewApprove', '港口审核新闻（修改）', '同意'],
    ]);
    const page = await post('/log/getOperLogPage', { module: 'news', action: 'reviewReject', pageNumber: 1, pageSize: 5 });
    expect(page.body.rows[0]).toMatchObject({ actionName: '驳回', title: '港口审核新闻' });

    // the events the notices and webhooks hear
    const mine = events.filter((e) => e.id === id);
    expect(mine.map((e) => [e.kind, e.level, e.decision, e.final, e.comment, e.actor.userName, e.submitter?.userName, e.title])).toEqual([
      ['requested', 1, undefined, undefined, '请审核', 'r_editor', 'r_editor', 'news:港口审核新闻'],
      ['decided', 1, 'rejected', undefined, '标题含有“最快”，请修改', 'r_reviewer', 'r_editor', 'news:港口审核新闻'],
      ['requested', 1, undefined, undefined, null, 'r_editor', 'r_editor', 'news:港口审核新闻（修改）'],
      ['decided', 1, 'approved', true, '同意', 'r_reviewer', 'r_editor', 'news:港口审核新闻（修改）'],
    ]);
    expect(mine[0].actor).toEqual({ id: editorId, userName: 'r_editor', nickName: 'r_editor' });
  });

  it('two levels: level 1 passes to level 2; each level needs its own permission; the level routes act at their level only', async () => {
    await settings('news', 2);
    const id = await draft('两级审核');
    expect((await act('submit', id, writer)).body.data).toMatchObject({ state: 'pending', level: 1 });
    // climb: the writer holds neither level; the second reviewer holds level 2 only
    const noLevel = await act('approve', id, editor === writer ? reviewer : writer);
    expect([noLevel.status, noLevel.body]).toEqual([403, { code: 403, msg: '您没有第 1 级审核（一审）的权限' }]);
    expect((await act('reject', id, second, '不行')).body).toEqual({ code: 403, msg: '您没有第 1 级审核（一审）的权限' });
    expect((await todo(second)).rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await post('/review/level2', { resource: 'news', id }, reviewer)).body).toEqual({
      code: 400,
      msg: '该记录当前等待第 1 级审核',
    });
    expect((await post('/review/level1', { resource: 'news', id }, writer)).status).toBe(403);
    expect((await state(id))?.state).toBe('pending');

    const before = await todoCount(secondId);
    const first = await post('/review/level1', { resource: 'news', id, comment: '一审通过' }, reviewer);
    expect(first.body.data).toMatchObject({ state: 'pending', level: 2 });
    expect(await todoCount(secondId)).toBe(before + 1);
    expect((await todo(second)).rows.find((r: { id: number }) => r.id === id)).toMatchObject({ level: 2, submitUser: 'r_writer' });
    expect((await post(`/news/publishNews?id=${id}`)).body.msg).toBe('需要审核通过后才能发布：“两级审核”当前为待审核');
    const done = await act('approve', id, second, '二审通过');
    expect(done.body.data).toMatchObject({ state: 'approved', level: 2 });
    expect((await post(`/news/publishNews?id=${id}`)).body.code).toBe(200);
    const mine = events.filter((e) => e.id === id).map((e) => [e.kind, e.level, e.decision ?? null, e.final ?? null]);
    expect(mine).toEqual([
      ['requested', 1, null, null],
      ['decided', 1, 'approved', false],
      ['requested', 2, null, null],
      ['decided', 2, 'approved', true],
    ]);
    expect((await historyOf(id)).data.rows.map((r: ReplyBody) => [r.action, r.level, r.userName])).toEqual([
      ['approve', 2, 'r_second'],
      ['approve', 1, 'r_reviewer'],
      ['submit', 1, 'r_writer'],
    ]);
    // the reviewers the notices go to: level 2 holders (admin, editors, the second reviewer), not the submitter
    const who = await t.current.ctx.db
      .transaction()
      .execute((trx) => reviewQueries(t.current.ctx)!.reviewersOf(trx, resourceByName('news')!, id, 2));
    expect(who).toEqual(expect.arrayContaining([editorId, reviewerId, secondId]));
    expect(who).not.toContain(writerId);
    await settings('news', 1);
  });

  it('self-approval: allowed only when the setting says so', async () => {
    await settings('news', 1, true);
    const id = await draft('自审新闻');
    await act('submit', id, editor);
    expect((await todo(editor)).rows.some((r: { id: number }) => r.id === id)).toBe(true);
    expect((await act('approve', id, editor)).body.data.state).toBe('approved');
    await settings('news', 1, false);
    const other = await draft('不可自审');
    await act('submit', other, editor);
    expect((await act('approve', other, editor)).status).toBe(403);
    expect((await state(other))?.state).toBe('pending');
  });

  it('an edit after submission or approval sends the record back to 草稿; 保存草稿 of live content too; the approved draft publishes', async () => {
    await settings('news', 1);
    // approved, then edited: back to 草稿, and publishing is refused
    const id = await draft('审核后修改');
    await act('submit', id, editor);
    await act('approve', id, reviewer);
    expect((await edit(id, { title: '审核后修改了', status: 'draft' }, editor)).body.code).toBe(200);
    expect(await state(id)).toMatchObject({ state: 'draft', level: 0 });
    expect((await historyOf(id)).data.rows[0]).toMatchObject({ action: 'reset', userName: 'r_editor' });
    expect((await post(`/news/publishNews?id=${id}`)).body.msg).toBe('需要审核通过后才能发布：“审核后修改了”当前为草稿');

    // a save that changes nothing of the content (a toggle, the same title) keeps the approval
    await act('submit', id, editor);
    await act('approve', id, reviewer);
    expect((await edit(id, { title: '审核后修改了', status: 'draft' }, editor)).body.code).toBe(200);
    expect((await post(`/news/upisTop?id=${id}&isTop=1`, undefined, editor)).body.code).toBe(200);
    expect((await state(id))?.state).toBe('approved');
    // a save that goes live with changed content is refused (nothing changes)
    const live = await edit(id, { title: '偷偷改了', status: 'published' }, editor);
    expect(live.body).toEqual({ code: 400, msg: '“偷偷改了”在审核通过后被修改，需要重新提交审核并通过后才能发布' });
    expect(await db().selectFrom('news').select(['title', 'status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      title: '审核后修改了',
      status: 'draft',
    });
    // a pending record edited goes back too
    const pending = await draft('待审中修改');
    await act('submit', pending, editor);
    await edit(pending, { content: '<p>改了正文</p>', status: 'draft' }, editor);
    expect((await state(pending))?.state).toBe('draft');

    // live and approved: 保存草稿 sends it back; the draft is reviewed and 发布 puts it live
    expect((await post(`/news/publishNews?id=${id}`)).body.code).toBe(200);
    const kept = await edit(id, { title: '草稿新标题', draft: true }, editor);
    expect(kept.body.code, JSON.stringify(kept.body)).toBe(200);
    expect((await state(id))?.state).toBe('draft');
    expect((await post(`/news/publishNews?id=${id}`)).body.msg).toBe('需要审核通过后才能发布：“草稿新标题”当前为草稿');
    expect((await db().selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('审核后修改了');
    await act('submit', id, editor);
    expect((await todo(reviewer)).rows.find((r: { id: number }) => r.id === id)?.title).toBe('草稿新标题');
    await act('approve', id, reviewer);
    const published = await post(`/news/publishNews?id=${id}`, undefined, editor);
    expect(published.body.code, JSON.stringify(published.body)).toBe(200);
    expect((await db().selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('草稿新标题');
    expect((await state(id))?.state).toBe('approved');

    // delete keeps the history; the recycle bin's restore brings it back as 草稿
    expect((await post('/news/delNews', [id])).body.code).toBe(200);
    expect(
      (await db().selectFrom('review_history').select('id').where('record_id', '=', id).where('resource', '=', 'news').execute()).length,
    ).toBeGreaterThan(3);
    const bin = await db()
      .selectFrom('recycle_bin')
      .select('id')
      .where('resource', '=', 'news')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    const restored = await post('/recycle/restore', { ids: [bin.id] });
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(200);
    expect((await state(id))?.state).toBe('draft');
  });

  it('gates: schedule, batch publish, a published save and an import of a published row are refused until approved', async () => {
    await settings('news', 1);
    const id = await draft('闸门新闻');
    const future = '2099-01-01 08:00:00';
    const sched = await post(`/news/publishNews?id=${id}&publishTime=${encodeURIComponent(future)}`);
    expect(sched.body).toEqual({ code: 400, msg: '需要审核通过后才能发布：“闸门新闻”当前为草稿' });
    const batch = await post('/batch/doBatch', { resource: 'news', action: 'publish', ids: [id] });
    expect(batch.body.data).toEqual({ done: [], refused: [{ id, msg: '需要审核通过后才能发布：“闸门新闻”当前为草稿' }] });
    const saved = await edit(id, { status: 'published' }, editor);
    expect(saved.body.msg).toBe('需要审核通过后才能发布：“闸门新闻”当前为草稿');
    const created = await post('/news/saveNews', { title: '直接发布', type: 'rv', status: 'published' });
    expect(created.body).toEqual({ code: 400, msg: '需要审核通过后才能发布：“直接发布”当前为草稿' });
    expect((await edit(id, { status: 'published' }, editor, { lang: 'en' })).body.msg).toBe(
      'It must be approved before it is published: "闸门新闻" is Draft',
    );
    expect(await status(id)).toBe('draft');

    // an import's rows are new records saved as published: refused, nothing imported
    const file = await xlsx(['标题', '新闻类型', '正文'], [['导入新闻', '审核类型', '<p>x</p>']]);
    const { payload, headers } = form({ resource: 'news', file, mode: 'all' });
    const imp = await t.current.app.inject({ method: 'POST', url: '/api/import/doImport', payload, headers: { ...headers, token: admin } });
    expect(imp.json().msg).toBe('需要审核通过后才能发布：“导入新闻”当前为草稿');
    expect(await db().selectFrom('news').select('id').where('title', '=', '导入新闻').executeTakeFirst()).toBeUndefined();

    // once approved, scheduling and batch publish pass
    await act('submit', id, editor);
    await act('approve', id, reviewer);
    expect((await post(`/news/publishNews?id=${id}&publishTime=${encodeURIComponent(future)}`)).body.code).toBe(200);
    expect((await post('/batch/doBatch', { resource: 'news', action: 'publish', ids: [id] })).body.data.done).toEqual([id]);
  });

  it('a record live before review was switched on stays live; its next edit needs review; review off changes nothing', async () => {
    await settings('news', 0);
    const id = await draft('早已上线');
    expect((await post(`/news/publishNews?id=${id}`)).body.code).toBe(200);
    expect((await act('submit', id, editor)).body).toEqual({ code: 400, msg: '该类数据未开启审核' });
    expect((await get(`/review/getState?resource=news&id=${id}`)).body.data).toMatchObject({ state: 'none', levels: 0 });
    await settings('news', 1);
    expect((await t.current.app.inject({ method: 'GET', url: `/public/v1/news/${id}` })).statusCode).toBe(200);
    // unchanged content (a new offline time) passes; a changed one needs review
    expect((await edit(id, { offlineTime: '2099-02-01 00:00:00' }, editor)).body.code).toBe(200);
    expect((await edit(id, { title: '上线后修改' }, editor)).body.msg).toBe('需要审核通过后才能发布：“上线后修改”当前为草稿');
    expect((await db().selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('早已上线');
  });

  it('scope: a reviewer outside the record’s data scope neither sees nor acts on it', async () => {
    await settings('news', 1);
    const { id: selfId, token: selfReviewer } = await roleUser('r_selfscope', [], 'self');
    const id = await draft('他人的新闻');
    await act('submit', id, editor);
    expect((await todo(selfReviewer)).rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect(await todoCount(selfId)).toBe(0);
    const refused = await act('approve', id, selfReviewer);
    expect([refused.status, refused.body]).toEqual([403, { code: 403, msg: '数据权限不足：该记录不在您的数据范围内' }]);
    expect((await get(`/review/getHistory?resource=news&id=${id}`, selfReviewer)).status).toBe(403);
    expect((await state(id))?.state).toBe('pending');
    const who = await t.current.ctx.db
      .transaction()
      .execute((trx) => reviewQueries(t.current.ctx)!.reviewersOf(trx, resourceByName('news')!, id, 1));
    expect(who).not.toContain(selfId);
    expect(who).toContain(reviewerId);
    // its own record it reviews (self-approval on for the test)
    await settings('news', 1, true);
    const own = await draft('自己的新闻', selfReviewer);
    await act('submit', own, selfReviewer);
    expect((await todo(selfReviewer)).rows.map((r: { id: number }) => r.id)).toEqual([own]);
    expect((await act('approve', own, selfReviewer)).body.data.state).toBe('approved');
    await settings('news', 1, false);
  });

  it('climbs: reading the state needs the record’s read permission; a role editor cannot grant 二审 it lacks', async () => {
    const id = await draft('读权限');
    await insertUserHoldingAllBut(t.current.ctx, 'r_noget', PW, '/news/getNews');
    const noGet = await t.current.login('r_noget', PW);
    for (const path of [`/review/getState?resource=news&id=${id}`, `/review/getHistory?resource=news&id=${id}`]) {
      const r = await get(path, noGet);
      expect([path, r.status, r.body]).toEqual([path, 403, { code: 403, msg: '没有权限执行此操作' }]);
    }
    expect((await get(`/review/getState?resource=news&id=99999999`)).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });

    // submit needs /review/submit and the resource's save
    await insertUserHoldingAllBut(t.current.ctx, 'r_nosubmit', PW, '/review/submit');
    expect((await act('submit', id, await t.current.login('r_nosubmit', PW))).status).toBe(403);
    await insertUserHoldingAllBut(t.current.ctx, 'r_nosave', PW, '/news/saveNews');
    expect((await act('submit', id, await t.current.login('r_nosave', PW))).status).toBe(403);
    expect(await state(id)).toBeUndefined();

    await insertUserHoldingAllBut(t.current.ctx, 'r_nolevel2', PW, '/review/level2');
    const roleAdmin = await t.current.login('r_nolevel2', PW);
    const climb = await post(
      '/role/saveRole',
      { code: 'r_climb', name: '登天', permissions: ['menu:ReviewTodo', '/review/level2'] },
      roleAdmin,
    );
    expect([climb.status, climb.body]).toEqual([403, { code: 403, msg: '不能授予您自己没有的权限：二审' }]);
    expect(await db().selectFrom('sys_role').select('id').where('code', '=', 'r_climb').executeTakeFirst()).toBeUndefined();
    const fine = await post(
      '/role/saveRole',
      { code: 'r_level1', name: '一审员', permissions: ['menu:ReviewTodo', '/review/level1'] },
      roleAdmin,
    );
    expect(fine.body.code, JSON.stringify(fine.body)).toBe(200);
  });
});
