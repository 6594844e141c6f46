import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

describe.each(DIALECTS)('list field configuration on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  let editorToken = '';

  const get = async (modelType: string | null, opts: { token?: string; lang?: string } = {}) => {
    const res = await t.current.app.inject({
      method: 'GET',
      url: `/api/KJ/GetUserTabFiledNameConfig${modelType === null ? '' : `?modelType=${encodeURIComponent(modelType)}`}`,
      headers: { token: opts.token ?? token, ...(opts.lang ? { lang: opts.lang } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const save = (body: unknown, opts: { token?: string; lang?: string } = {}) =>
    t.current.post('/KJ/SaveUserTabFiledNameConfig', body, { token: opts.token ?? token, headers: opts.lang ? { lang: opts.lang } : {} });

  const NEWS_DEFAULT = ['title', 'typeName', 'summary', 'count', 'isTop', 'isHot', 'createTime', 'status'];

  beforeAll(async () => {
    token = await t.current.login();
    await insertUser(t.current.ctx, 'editor1', 'Editor_123456', ['editor']);
    editorToken = await t.current.login('editor1', 'Editor_123456');
  });

  // every test starts with no saved choice (every user on the defaults), whatever ran before it
  beforeEach(async () => {
    await t.current.ctx.db.deleteFrom('sys_field_config').execute();
  });

  it('lists the fields of a list, its default columns and (none saved) the default choice', async () => {
    const r = await get('news');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('获取字段配置成功');
    const { baseFileds, sysFileds, selectFileds } = r.body.data;
    expect(baseFileds).toEqual([
      { field: 'title', fieldName: '标题' },
      { field: 'type', fieldName: '新闻类型' },
      { field: 'typeName', fieldName: '新闻类型' },
      { field: 'summary', fieldName: '摘要' },
      { field: 'summaryImg', fieldName: '摘要图片' },
      { field: 'count', fieldName: '浏览量' },
      { field: 'isTop', fieldName: '置顶' },
      { field: 'isHot', fieldName: '热门' },
      { field: 'content', fieldName: '正文' },
      { field: 'createTime', fieldName: '创建时间' },
      { field: 'status', fieldName: '发布状态' },
      { field: 'publishTime', fieldName: '发布时间' },
      { field: 'offlineTime', fieldName: '下线时间' },
    ]);
    expect(sysFileds.map((f: { field: string }) => f.field)).toEqual(NEWS_DEFAULT);
    expect(selectFileds).toEqual(NEWS_DEFAULT.map((field) => ({ field, isFixed: 0 })));
  });

  it('labels fields in the request language; never offers hidden fields or a second name of a column', async () => {
    const en = await get('news', { lang: 'en' });
    expect(en.body.data.sysFileds[0]).toEqual({ field: 'title', fieldName: 'Title' });
    const users = await get('userInfo');
    expect(users.body.data.baseFileds).toEqual([
      { field: 'userName', fieldName: '用户名' },
      { field: 'enableFlag', fieldName: '是否启用' },
      { field: 'nickName', fieldName: '姓名' },
      { field: 'phone', fieldName: '手机' },
      { field: 'email', fieldName: '邮箱' },
      { field: 'deptId', fieldName: '部门' },
      { field: 'deptName', fieldName: '部门' },
      { field: 'roleNames', fieldName: '角色' },
      { field: 'createTime', fieldName: '创建时间' },
    ]);
  });

  it('refuses an unknown or missing list type with success false and HTTP 400', async () => {
    expect(await get('nope')).toEqual({ status: 400, body: { success: false, message: '未知的列表类型' } });
    expect(await get('nope', { lang: 'en' })).toEqual({ status: 400, body: { success: false, message: 'Unknown list type' } });
    expect(await get(null)).toEqual({ status: 400, body: { success: false, message: '列表类型不得为空' } });
    const none = await t.current.app.inject({ method: 'GET', url: '/api/KJ/GetUserTabFiledNameConfig?modelType=news' });
    expect(none.json().code).toBe(50008);
  });

  it("saves a user's choice in order with pinned fields; other users keep the default", async () => {
    const r = await save({
      modelType: 'news',
      fieldItems: [
        { fieldName: 'createTime', isFixed: 1 },
        { fieldName: 'title', isFixed: true },
        { fieldName: 'summaryImg', isFixed: 0 },
        { fieldName: 'count' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: '字段保存成功' });
    expect((await get('news')).body.data.selectFileds).toEqual([
      { field: 'createTime', isFixed: 1 },
      { field: 'title', isFixed: 1 },
      { field: 'summaryImg', isFixed: 0 },
      { field: 'count', isFixed: 0 },
    ]);
    const other = await get('news', { token: editorToken });
    expect(other.body.data.selectFileds).toEqual(NEWS_DEFAULT.map((field) => ({ field, isFixed: 0 })));

    expect((await save({ modelType: 'news', fieldItems: [{ fieldName: 'isHot', isFixed: '0' }] })).body.success).toBe(true);
    expect((await get('news')).body.data.selectFileds).toEqual([{ field: 'isHot', isFixed: 0 }]);
    const rows = await t.current.ctx.db
      .selectFrom('sys_field_config' as 'sys_user')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses empty lists, unknown or repeated fields and bad pins, changing nothing', async () => {
    expect((await save({ modelType: 'news', fieldItems: [{ fieldName: 'isHot', isFixed: 0 }] })).body.success).toBe(true);
    const cases: [unknown, string][] = [
      [{ modelType: 'news', fieldItems: [] }, '请至少选择一个字段'],
      [{ modelType: 'news' }, '请至少选择一个字段'],
      [{ modelType: 'news', fieldItems: [{ fieldName: 'password', isFixed: 0 }] }, '未知的字段：password'],
      [{ modelType: 'userInfo', fieldItems: [{ fieldName: 'password', isFixed: 0 }] }, '未知的字段：password'],
      [{ modelType: 'news', fieldItems: [{ fieldName: 'id', isFixed: 0 }] }, '未知的字段：id'],
      [
        {
          modelType: 'news',
          fieldItems: [
            { fieldName: 'title', isFixed: 0 },
            { fieldName: 'title', isFixed: 1 },
          ],
        },
        '字段重复：title',
      ],
      [{ modelType: 'news', fieldItems: [{ fieldName: 'title', isFixed: 5 }] }, '固定列只能是 0 或 1'],
      [{ modelType: 'news', fieldItems: [{ fieldName: '', isFixed: 0 }] }, '字段名不得为空'],
      [{ modelType: 'nope', fieldItems: [{ fieldName: 'title', isFixed: 0 }] }, '未知的列表类型'],
      [{ fieldItems: [{ fieldName: 'title', isFixed: 0 }] }, '列表类型不得为空'],
    ];
    for (const [body, message] of cases) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toEqual({ success: false, message });
    }
    expect((await save({ modelType: 'news', fieldItems: [] }, { lang: 'en' })).body.message).toBe('Select at least one field');
    expect((await save({ modelType: 'news', fieldItems: [] }, { lang: 'es' })).body.message).toBe('Seleccione al menos un campo');
    expect((await get('news')).body.data.selectFileds).toEqual([{ field: 'isHot', isFixed: 0 }]);
  });
});
