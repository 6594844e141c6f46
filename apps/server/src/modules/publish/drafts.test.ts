import { newsEndpoints, siteKeyEndpoints } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';

/** Pending drafts of live content (issue 23): 保存草稿 keeps the edit apart, its preview token reads it, 发布 puts it live. */
describe.each(DIALECTS)('pending drafts on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicRateLimit: 10_000,
    previewUrls: { news: 'https://www.example.com/news/{id}?preview={token}' },
  });
  let admin = '';
  const post = (path: string, body?: unknown, as = admin) => t.current.post(path, body, { token: as });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url: `/public/v1${path}`, headers });
  const db = () => looseDb(t.current.ctx.db);
  const row = (id: number) => db().selectFrom('news').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const drafts = (id: number) =>
    db().selectFrom('pending_draft').selectAll().where('resource', '=', 'news').where('record_id', '=', id).execute();
  const actions = async (id: number) =>
    (
      await db().selectFrom('oper_log').select('action').where('module', '=', 'news').where('record_id', '=', id).orderBy('id').execute()
    ).map((r) => r.action);
  const revisions = async (id: number) =>
    (
      await db().selectFrom('revision').select('data').where('resource', '=', 'news').where('record_id', '=', id).orderBy('id').execute()
    ).map((r) => JSON.parse(String(r.data)).title);
  const events = async (id: number) =>
    (await db().selectFrom('webhook_delivery').select(['event', 'body']).orderBy('id').execute())
      .filter((d) => JSON.parse(String(d.body)).id === id)
      .map((d) => d.event);
  /** a published news (on the site now) */
  const live = async (title: string, extra: Record<string, unknown> = {}) => {
    const r = await post('/news/saveNews', { title, type: 'pd', content: '<p>已发布的正文</p>', ...extra });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };
  const tokenOf = async (id: number) => {
    const r = await post(`/news/previewNews?id=${id}`);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { url: string; token: string; siteUrl: string | null; expiresAt: number };
  };

  beforeAll(async () => {
    admin = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'pd', name: '草稿测试' })).body.code).toBe(200);
    const hook = await post('/webhook/saveWebhook', {
      name: 'drafts',
      url: 'https://hooks.example.com/in',
      events: 'news.publish,news.update',
    });
    expect(hook.body.code, JSON.stringify(hook.body)).toBe(200);
  });

  it('保存草稿 on a published news leaves the site as it was; the staff get and list show the draft', async () => {
    const id = await live('线上标题');
    const before = await get(`/news/${id}`);
    expect(before.statusCode).toBe(200);
    const eventsBefore = await events(id);

    const saved = await post('/news/saveNews', { id, title: '草稿标题', type: 'pd', content: '<p>草稿正文</p>', draft: true });
    expect(saved.body).toMatchObject({
      code: 200,
      msg: '草稿已保存，网站上仍显示已发布的版本',
      data: {
        id,
        title: '草稿标题',
        content: '<p>草稿正文</p>',
        status: 'published',
        publishState: 'published',
        hasDraft: true,
        draftUser: 'admin',
      },
    });
    // the site: the same bytes; the record: unchanged; the draft: stored apart
    const after = await get(`/news/${id}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect(await row(id)).toMatchObject({ title: '线上标题', content: '<p>已发布的正文</p>', status: 'published' });
    expect(await drafts(id)).toHaveLength(1);
    // the operation log and the revisions record the save; no webhook fires (the site did not change)
    expect(await actions(id)).toEqual(['create', 'draft']);
    expect(await revisions(id)).toEqual(['线上标题', '草稿标题']);
    expect(await events(id)).toEqual(eventsBefore);

    // the edit form reads the draft, with the state at the server's now
    const got = (await post(`/news/getNews?id=${id}`)).body.data;
    expect(got).toMatchObject({
      title: '草稿标题',
      content: '<p>草稿正文</p>',
      typeName: '草稿测试',
      publishState: 'published',
      hasDraft: true,
    });
    expect(got.draftTime).toBe(saved.body.data.draftTime);
    // the list: the live title, the state and the flag (已发布（有草稿）); the filter 有草稿 finds it
    const listed = (await post('/news/getNewsList', { title: '线上标题' })).body.rows[0];
    expect(listed).toMatchObject({ id, title: '线上标题', publishState: 'published', hasDraft: true });
    const pending = await post('/news/getNewsList', { status: 'pendingDraft', pageSize: 100 });
    expect(pending.body.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect(pending.body.rows.every((r: { hasDraft: boolean }) => r.hasDraft)).toBe(true);
    expect(pending.body.total).toBe(pending.body.rows.length);

    // a second 保存草稿 sending only some fields keeps the draft's others
    await post('/news/saveNews', { id, title: '草稿标题二', type: 'pd', draft: true });
    expect((await post(`/news/getNews?id=${id}`)).body.data).toMatchObject({ title: '草稿标题二', content: '<p>草稿正文</p>' });
    expect(await drafts(id)).toHaveLength(1);
  });

  it('a preview token serves the draft to its record only; others get the site version or 403', async () => {
    const id = await live('令牌线上');
    const other = await live('另一条线上');
    await post('/news/saveNews', { id, title: '令牌草稿', type: 'pd', draft: true });
    const { token, siteUrl, url } = await tokenOf(id);
    expect(url).toContain(`/preview/news/r${id}?`);
    expect(siteUrl).toBe(`https://www.example.com/news/${id}?preview=${encodeURIComponent(token)}`);

    const byQuery = await get(`/news/${id}?preview=${encodeURIComponent(token)}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json().data).toMatchObject({ id, title: '令牌草稿' });
    expect(byQuery.headers['cache-control']).toBe('private, no-store');
    expect(byQuery.headers.etag).toBeUndefined();
    const byHeader = await get(`/news/${id}`, { 'X-Preview-Token': token });
    expect(byHeader.json().data.title).toBe('令牌草稿');
    expect(byHeader.headers['cache-control']).toBe('private, no-store');
    // never a 304 from the public version's ETag
    const publicReply = await get(`/news/${id}`);
    expect(publicReply.json().data.title).toBe('令牌线上');
    expect(publicReply.headers['cache-control']).not.toContain('private');
    const revalidated = await get(`/news/${id}?preview=${encodeURIComponent(token)}`, {
      'if-none-match': String(publicReply.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().data.title).toBe('令牌草稿');

    // not to anybody else: another record, a tampered token, an expired one
    const refused = { code: 403, msg: '预览链接无效或已过期' };
    const onOther = await get(`/news/${other}?preview=${encodeURIComponent(token)}`);
    expect([onOther.statusCode, onOther.json()]).toEqual([403, refused]);
    expect(onOther.headers['cache-control']).toBe('private, no-store');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await get(`/news/${id}?preview=${encodeURIComponent(`${token.slice(0, -1)}${last}`)}`);
    expect([tampered.statusCode, tampered.json()]).toEqual([403, refused]);
    const forged = token.replace(`.r${id}.`, `.r${other}.`);
    expect((await get(`/news/${other}?preview=${encodeURIComponent(forged)}`)).statusCode).toBe(403);
    expect((await get(`/news/${id}?preview=garbage`)).statusCode).toBe(403);
    expect((await get(`/jobs/${id}?preview=${encodeURIComponent(token)}`)).statusCode).toBe(403);
    t.current.advance(31 * 60_000);
    const expired = await get(`/news/${id}?preview=${encodeURIComponent(token)}`);
    expect([expired.statusCode, expired.json()]).toEqual([403, refused]);
    // without a token: the published version
    expect((await get(`/news/${id}`)).json().data.title).toBe('令牌线上');
  });

  it('a site key in preview mode reads every draft; a published-mode key and anonymous readers the live version', async () => {
    const id = await live('线上版本（站点密钥）');
    await post('/news/saveNews', { id, title: '草稿版本（站点密钥）', type: 'pd', draft: true });
    const fresh = (await post('/news/saveNews', { title: '从未发布（站点密钥）', type: 'pd', status: 'draft' })).body.data.id as number;
    const keyOf = async (mode: string) => (await post(siteKeyEndpoints.save.path, { name: `站点-${mode}`, mode })).body.data.key as string;
    const previewKey = { authorization: `Bearer ${await keyOf('preview')}` };
    const plainKey = { authorization: `Bearer ${await keyOf('published')}` };
    const drafted = await get(`/news/${id}`, previewKey);
    expect([drafted.statusCode, drafted.json().data.title]).toEqual([200, '草稿版本（站点密钥）']);
    expect(drafted.headers['cache-control']).toBe('private, no-cache');
    expect((await get(`/news/${fresh}`, previewKey)).json().data.title).toBe('从未发布（站点密钥）');
    for (const headers of [plainKey, {}]) {
      expect((await get(`/news/${id}`, headers)).json().data.title).toBe('线上版本（站点密钥）');
      expect((await get(`/news/${fresh}`, headers)).statusCode).toBe(404);
    }
  });

  it('a never-published draft is served to its token only; the built-in preview page shows a pending draft', async () => {
    const draft = await post('/news/saveNews', { title: '从未发布', type: 'pd', draft: true });
    expect(draft.body.data).toMatchObject({ status: 'draft', publishState: 'draft', hasDraft: false });
    const id = draft.body.data.id as number;
    expect((await get(`/news/${id}`)).statusCode).toBe(404);
    const { token } = await tokenOf(id);
    const shown = await get(`/news/${id}?preview=${encodeURIComponent(token)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.title).toBe('从未发布');

    const liveId = await live('内置预览线上');
    await post('/news/saveNews', { id: liveId, title: '内置预览草稿', type: 'pd', draft: true });
    const { url } = await tokenOf(liveId);
    const u = new URL(url);
    const page = await t.current.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>内置预览草稿</h1>');
  });

  it('发布 puts the draft live through the write pipeline and drops it; 放弃草稿 drops it and keeps the site as it was', async () => {
    const id = await live('发布前');
    await post('/news/saveNews', { id, title: '发布后', type: 'pd', content: '<p>新正文</p>', draft: true });
    const eventsBefore = await events(id);
    const pub = await post(`/news/publishNews?id=${id}`);
    expect(pub.body).toMatchObject({ code: 200, msg: '发布成功', data: { id, title: '发布后', status: 'published' } });
    expect((await get(`/news/${id}`)).json().data).toMatchObject({ title: '发布后', content: '<p>新正文</p>' });
    expect(await drafts(id)).toEqual([]);
    expect((await post(`/news/getNews?id=${id}`)).body.data).toMatchObject({ title: '发布后', hasDraft: false, draftTime: null });
    expect(await actions(id)).toEqual(['create', 'draft', 'publish']);
    expect((await revisions(id)).at(-1)).toBe('发布后');
    expect(await events(id)).toEqual([...eventsBefore, 'news.publish']);

    // 放弃草稿
    await post('/news/saveNews', { id, title: '不要了', type: 'pd', draft: true });
    const discarded = await post('/publish/discardDraft', { resource: 'news', id });
    expect(discarded.body).toMatchObject({ code: 200, msg: '已放弃草稿', data: { id, title: '发布后', hasDraft: false } });
    expect(await drafts(id)).toEqual([]);
    expect((await post(`/news/getNews?id=${id}`)).body.data.title).toBe('发布后');
    expect((await get(`/news/${id}`)).json().data.title).toBe('发布后');
    expect((await actions(id)).at(-1)).toBe('discardDraft');
    expect(await post('/publish/discardDraft', { resource: 'news', id }).then((r) => r.body)).toEqual({
      code: 400,
      msg: '没有待发布的草稿',
    });
    expect((await post('/publish/discardDraft', { resource: 'news', id: 999999 })).body).toEqual({
      code: 404,
      msg: '数据不存在或已被删除',
    });
    expect((await post('/publish/discardDraft', { resource: 'banner', id })).body.code).toBe(400);
  });

  it('a save without the flag (every legacy call) writes the record live at once and drops a pending draft', async () => {
    const created = (await post('/news/saveNews', { title: '老接口', type: 'pd' })).body.data;
    expect(created).toMatchObject({ status: 'published', publishState: 'published' });
    const id = created.id as number;
    const legacy = await post('/news/saveNews', { id, title: '老接口改', type: 'pd' });
    expect(legacy.body).toMatchObject({ code: 200, msg: '保存成功', data: { title: '老接口改', status: 'published' } });
    expect((await get(`/news/${id}`)).json().data.title).toBe('老接口改');
    await post('/news/saveNews', { id, title: '草稿中', type: 'pd', draft: true });
    // the edit form showed the draft: a save of the form is the draft made live
    await post('/news/saveNews', { id, title: '表单保存', type: 'pd' });
    expect(await drafts(id)).toEqual([]);
    expect((await get(`/news/${id}`)).json().data.title).toBe('表单保存');
    // a legacy 保存草稿 (status draft) still takes it off the site, as issue 11 made it
    await post('/news/saveNews', { id, title: '表单保存', type: 'pd', status: 'draft' });
    expect((await get(`/news/${id}`)).statusCode).toBe(404);
    // a draft saved with the flag is saved in place (nothing of it is on the site)
    const inPlace = await post('/news/saveNews', { id, title: '草稿原地', type: 'pd', draft: true });
    expect(inPlace.body).toMatchObject({ msg: '保存成功', data: { title: '草稿原地', status: 'draft', hasDraft: false } });
    expect(await drafts(id)).toEqual([]);
    expect((await post('/news/saveNews', { id, title: 'x', type: 'pd', draft: 'maybe' })).body).toEqual({
      code: 400,
      msg: '草稿标记 draft 只能是 true 或 false',
    });
  });

  it('a writer without the publish permission saves a draft of live content; publishing stays refused', async () => {
    const { ctx } = t.current;
    const role = await ctx.db.insertInto('sys_role').values({ code: 'drafter', name: '撰稿' }).returning('id').executeTakeFirstOrThrow();
    const keys = [newsEndpoints.list.path, newsEndpoints.save.path, newsEndpoints.get.path];
    await ctx.db
      .insertInto('sys_role_permission')
      .values(keys.map((k) => ({ role_id: role.id, permission_key: k })))
      .execute();
    await insertUser(ctx, 'drafter1', 'Drafter_12345', ['drafter']);
    const writer = await t.current.login('drafter1', 'Drafter_12345');
    const id = await live('撰稿人线上');
    const saved = await post('/news/saveNews', { id, title: '撰稿人草稿', type: 'pd', draft: true }, writer);
    expect(saved.body).toMatchObject({
      code: 200,
      msg: '草稿已保存，网站上仍显示已发布的版本',
      data: { title: '撰稿人草稿', draftUser: 'drafter1' },
    });
    expect((await get(`/news/${id}`)).json().data.title).toBe('撰稿人线上');
    expect((await post(`/news/publishNews?id=${id}`, undefined, writer)).body.code).toBe(403);
    expect(await drafts(id)).toHaveLength(1);
    // a new record saved as a draft needs no publish permission either
    const fresh = await post('/news/saveNews', { title: '撰稿人新稿', type: 'pd', draft: true }, writer);
    expect(fresh.body.data).toMatchObject({ status: 'draft' });
    // 放弃草稿 needs the save permission: a reader may not
    const readerRole = await ctx.db
      .insertInto('sys_role')
      .values({ code: 'reader', name: '只读' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sys_role_permission')
      .values([newsEndpoints.list.path, newsEndpoints.get.path].map((k) => ({ role_id: readerRole.id, permission_key: k })))
      .execute();
    await insertUser(ctx, 'reader1', 'Reader_12345', ['reader']);
    const reader = await t.current.login('reader1', 'Reader_12345');
    expect((await post('/publish/discardDraft', { resource: 'news', id }, reader)).body.code).toBe(403);
    expect((await post('/publish/discardDraft', { resource: 'news', id }, writer)).body.code).toBe(200);
  });

  it('an image only a draft holds stays while the draft does; once it is dropped the image is unused (kept, deletable)', async () => {
    const name = `${'cd'.repeat(16)}.png`;
    await t.current.ctx.images.put(name, Buffer.from('png-bytes'), 'image/png');
    const id = await live('图片线上');
    await post('/news/saveNews', { id, title: '图片线上', type: 'pd', summaryImg: `/img/${name}`, draft: true });
    const del = () => post(`/upload/delImage?oldFileUrl=/img/${name}`);
    expect((await del()).body).toMatchObject({ code: 200, msg: '图片仍被其他记录使用，已保留' });
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    await post('/publish/discardDraft', { resource: 'news', id });
    // the 素材库 keeps it until it is deleted (issue 26)
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    expect((await del()).body).toMatchObject({ code: 200, data: { deleted: true } });
    expect(await t.current.ctx.images.exists(name)).toBe(false);
  });
});
