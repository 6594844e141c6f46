import { logModules } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { purgeOldLogs } from './index.js';

describe.each(DIALECTS)('operation log on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  /** the entries of one record, oldest first */
  const entriesOf = async (module: string, recordId: number) => {
    const r = await post('/log/getOperLogPage', { module, pageNumber: 1, pageSize: 100 });
    expect(r.body.code).toBe(200);
    return (r.body.rows as { id: number; recordId: number; action: string }[]).filter((x) => x.recordId === recordId).reverse();
  };
  const detail = async (entryId: number) => (await post(`/log/getOperLog?id=${entryId}`)).body;

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'lg', name: '日志类型', sortNo: 1 })).body.code).toBe(200);
  });

  it('save, edit, delete, restore and purge of a news item each leave one entry with the changed fields', async () => {
    const created = (await post('/news/saveNews', { title: '日志新闻甲', type: 'lg', content: '<p>第一版正文</p>' })).body.data;
    const edited = await post('/news/saveNews', { id: created.id, type: 'lg', title: '日志新闻甲（修订）', content: '<p>第二版正文</p>' });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
    await post('/news/delNews', [created.id]);
    const bin = (await post('/recycle/getRecyclePage', { resource: 'news', keyword: '日志新闻甲' })).body.rows[0];
    await post('/recycle/restore', [bin.id]);
    await post('/news/delNews', [created.id]);
    const bin2 = (await post('/recycle/getRecyclePage', { resource: 'news', keyword: '日志新闻甲' })).body.rows[0];
    await post('/recycle/purge', [bin2.id]);

    const entries = await entriesOf('news', created.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete', 'restore', 'delete', 'purge']);
    expect(entries[0]).toMatchObject({
      userName: 'admin',
      moduleName: '新闻',
      actionName: '新增',
      title: '日志新闻甲',
      result: 1,
      resultName: '成功',
    });
    expect((entries[0] as unknown as { address: string }).address).not.toBe('');

    const create = await detail(entries[0].id);
    expect(create.data.before).toBeNull();
    expect(create.data.after).toMatchObject({ id: created.id, title: '日志新闻甲', content: '<p>第一版正文</p>' });

    const update = await detail(entries[1].id);
    expect(update.data).toMatchObject({ action: 'update', title: '日志新闻甲（修订）' });
    expect(update.data.before).toEqual({ title: '日志新闻甲', content: '<p>第一版正文</p>' });
    expect(update.data.after).toEqual({ title: '日志新闻甲（修订）', content: '<p>第二版正文</p>' });
    expect(update.data.labels).toMatchObject({ title: '标题', content: '正文' });
    expect(update.data.types).toMatchObject({ content: 'html' });

    const del = await detail(entries[2].id);
    expect(del.data.before).toMatchObject({ title: '日志新闻甲（修订）' });
    expect(del.data.after).toBeNull();
    expect((await detail(entries[5].id)).data).toMatchObject({ actionName: '彻底删除', title: '日志新闻甲（修订）' });
  });

  it('a refused write is logged with the message that said no, and changes nothing else', async () => {
    const r = await post('/news/saveNews', { title: '', type: 'lg' });
    expect(r.body).toEqual({ code: 400, msg: '标题不得为空' });
    const rows = (await post('/log/getOperLogPage', { module: 'news', result: 0 })).body.rows;
    expect(rows[0]).toMatchObject({
      action: '保存新闻',
      result: 0,
      resultName: '被拒绝',
      reason: '标题不得为空',
      userName: 'admin',
      nickName: '系统管理员',
    });
    const missing = await post('/news/delNews', [987654]);
    expect(missing.status).toBe(404);
    const again = (await post('/log/getOperLogPage', { module: 'news', result: 0 })).body.rows;
    expect(again[0]).toMatchObject({ action: '删除新闻', reason: '数据不存在或已被删除' });
  });

  it('a write refused for an id beyond the integer column, or a NUL in a login name, is logged on PostgreSQL as on SQLite', async () => {
    const entries = async () =>
      Number(
        (
          await t.current.ctx.db
            .selectFrom('oper_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const calls: [string, unknown, string][] = [
      ['/news/delNews?id=99999999999', undefined, '编号无效'],
      ['/news/saveNews', { id: 2147483648, title: '越界' }, '编号无效'],
      ['/news/upisTop?id=99999999999&isTop=1', undefined, '编号无效'],
      ['/userInfo/resetPassword', { id: 99999999999, password: 'Reset_pass_12' }, '编号无效'],
      ['/role/saveMenuSetting', { id: 'abc', title: 'x' }, '编号无效'],
      ['/role/saveMenuSetting', { id: 99999999999, title: 'x' }, '编号无效'],
    ];
    for (const [path, body, msg] of calls) {
      const before = await entries();
      const r = await post(path, body);
      expect([path, r.status, r.body]).toEqual([path, 400, { code: 400, msg }]);
      expect([path, await entries()]).toEqual([path, before + 1]);
      const [row] = (await post('/log/getOperLogPage', { userName: 'admin', result: 0, pageNumber: 1, pageSize: 1 })).body.rows;
      expect(row).toMatchObject({ recordId: null, result: 0, reason: msg });
    }
    const before = await entries();
    const nul = await t.current.post('/login/doLogin', { username: 'ad\u0000min', password: 'x' });
    expect(nul.body).toEqual({ code: 400, msg: '内容包含不允许的空字符（\\0），请删除后重试' });
    expect(await entries()).toBe(before + 1);
    const [row] = (await post('/log/getOperLogPage', { module: 'auth', result: 0, pageNumber: 1, pageSize: 1 })).body.rows;
    expect(row).toMatchObject({ userName: 'ad\uFFFDmin', action: 'login', result: 0 });
  });

  it('logs logins (also failed ones) and logouts', async () => {
    await insertUser(t.current.ctx, 'log_editor', 'Editor_123456', ['editor']);
    const bad = await t.current.post('/login/doLogin', { username: 'log_editor', password: 'wrong-password' });
    expect(bad.body.code).not.toBe(200);
    const editorToken = await t.current.login('log_editor', 'Editor_123456');
    await t.current.post('/user/logout', {}, { token: editorToken });
    const rows = (await post('/log/getOperLogPage', { userName: 'log_editor', module: 'auth' })).body.rows;
    expect(rows.map((x: { action: string; result: number }) => [x.action, x.result])).toEqual([
      ['logout', 1],
      ['login', 1],
      ['login', 0],
    ]);
    expect(rows[2].reason).toBe(bad.body.msg);
    expect(rows[0]).toMatchObject({ actionName: '退出登录', moduleName: '登录' });
  });

  it('操作地点 from the offline IP database (内网IP for a private address, translated) and 消耗时间 of the request', async () => {
    const write = async (ip: string, title: string) => {
      const started = performance.now();
      const r = await t.current.app.inject({
        method: 'POST',
        url: '/api/news/saveNews',
        remoteAddress: ip,
        headers: { token },
        payload: { title, type: 'lg' },
      });
      const took = performance.now() - started;
      expect(r.json().code).toBe(200);
      return { id: r.json().data.id as number, took };
    };
    const pub = await write('223.5.5.5', '日志地点甲');
    const lan = await write('10.1.2.3', '日志地点乙');
    const [a] = await entriesOf('news', pub.id);
    const [b] = await entriesOf('news', lan.id);
    expect(a).toMatchObject({ address: '223.5.5.5', location: '浙江省 杭州市' });
    expect(b).toMatchObject({ address: '10.1.2.3', location: '内网IP' });
    for (const [entry, took] of [
      [a, pub.took],
      [b, lan.took],
    ] as const) {
      const ms = (entry as unknown as { costMs: number }).costMs;
      expect(Number.isInteger(ms) && ms >= 0 && ms <= Math.ceil(took) + 1, `${ms} ms of ${took}`).toBe(true);
    }
    expect((await detail(b.id)).data).toMatchObject({ location: '内网IP', costMs: expect.any(Number) });
    const en = (await post('/log/getOperLogPage', { module: 'news', pageSize: 100 }, 'en')).body.rows.find(
      (r: { id: number }) => r.id === b.id,
    );
    expect(en.location).toBe('Private network');
    // an entry from before the place was stored is looked up when shown; one without a request has no duration
    await t.current.ctx.db.updateTable('oper_log').set({ location: null, cost_ms: null }).where('id', '=', a.id).execute();
    expect((await detail(a.id)).data).toMatchObject({ location: '浙江省 杭州市', costMs: null });
  });

  it('only administrators read the log', async () => {
    // not 'log_editor…': the account filter matches substrings, and another test counts log_editor's entries
    await insertUser(t.current.ctx, 'log_reader', 'Editor_123456', ['editor']);
    const editorToken = await t.current.login('log_reader', 'Editor_123456');
    const r = await t.current.post('/log/getOperLogPage', {}, { token: editorToken });
    expect(r.status).toBe(403);
  });

  it('filters by account, action, result and date range, checks the range, and answers in the language asked', async () => {
    const created = (await post('/news/saveNews', { title: '日志筛选乙', type: 'lg' })).body.data;
    const today = created.createTime.slice(0, 10);
    const hit = (await post('/log/getOperLogPage', { userName: 'ADM', action: 'create', result: 1, startTime: today, endTime: today }))
      .body;
    expect(hit.rows.some((x: { recordId: number }) => x.recordId === created.id)).toBe(true);
    const none = (await post('/log/getOperLogPage', { action: 'create', startTime: '2000-01-01', endTime: '2000-01-02' })).body;
    expect(none).toMatchObject({ code: 200, total: 0, rows: [] });
    expect((await post('/log/getOperLogPage', { startTime: '2020-02-02', endTime: '2020-01-01' })).body.code).toBe(400);
    const en = (await post('/log/getOperLogPage', { module: 'news', action: 'create' }, 'en')).body.rows[0];
    expect(en).toMatchObject({ moduleName: 'News', actionName: 'Create', resultName: 'Done' });
    expect((await post('/log/getOperLog?id=99999999')).body.code).toBe(404);
  });

  it('a publish and an unpublish are logged as such, with the state they changed', async () => {
    const n = (await post('/news/saveNews', { title: '日志发布丁', type: 'lg', status: 'draft' })).body.data;
    expect((await post(`/news/publishNews?id=${n.id}`)).body.code).toBe(200);
    expect((await post(`/news/unpublishNews?id=${n.id}`)).body.code).toBe(200);
    const entries = await entriesOf('news', n.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'publish', 'unpublish']);
    expect(entries.map((e) => (e as unknown as { actionName: string }).actionName)).toEqual(['新增', '发布', '下线']);
    const published = await detail(entries[1].id);
    expect(published.data.before).toMatchObject({ status: 'draft' });
    expect(published.data.after).toMatchObject({ status: 'published' });
    expect((await detail(entries[2].id)).data.after.offlineTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const filtered = (await post('/log/getOperLogPage', { action: 'publish', module: 'news' })).body.rows;
    expect(filtered.some((r: { recordId: number }) => r.recordId === n.id)).toBe(true);
  });

  it('every module an entry names is one the module filter offers, with a readable name', async () => {
    // entries of the modules checked below, written here (not left by other tests or the set-up)
    await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'lgm', name: '日志模块类型' })).body.code).toBe(200);
    expect((await post('/news/saveNews', { title: '日志模块戊', type: 'lgm' })).body.code).toBe(200);
    await post('/webhook/saveWebhook', { name: '日志钩子', url: 'https://example.com/hook', events: ['news.publish'], enableFlag: 1 });
    await post('/company/saveCompany', { companyName: '日志公司' });
    await post('/news/saveNewsType', { code: '', name: '' });
    const rows = (await looseDb(t.current.ctx.db).selectFrom('oper_log').select('module').distinct().execute()) as { module: string }[];
    const offered = logModules();
    for (const { module } of rows) expect(offered, module).toContain(module);
    expect(rows.map((r) => r.module)).toEqual(expect.arrayContaining(['news', 'newsType', 'webhook', 'contact', 'auth']));
    const hook = (await post('/log/getOperLogPage', { module: 'webhook' })).body.rows[0];
    expect(hook.moduleName).toBe('Webhook');
  });

  it('entries older than AUDIT_RETENTION_DAYS are removed by the daily run', async () => {
    const created = (await post('/news/saveNews', { title: '日志保留丙', type: 'lg' })).body.data;
    const count = async () =>
      (
        await looseDb(t.current.ctx.db)
          .selectFrom('oper_log')
          .select('id')
          .where('module', '=', 'news')
          .where('record_id', '=', created.id)
          .execute()
      ).length;
    expect(await count()).toBe(1);
    t.current.advance(364 * 24 * 3600 * 1000);
    await purgeOldLogs(t.current.ctx);
    expect(await count()).toBe(1);
    t.current.advance(2 * 24 * 3600 * 1000);
    await purgeOldLogs(t.current.ctx);
    expect(await count()).toBe(0);
    token = await t.current.login();
  });
});
