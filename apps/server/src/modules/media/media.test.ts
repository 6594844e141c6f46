import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageNameOf } from '@gk/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, multipart, type ReplyBody, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';
import { ensureUsageIndex, rebuildUsage, USAGE_INDEX_SETTING, usageReady, usageRules } from './usage.js';

const P = '/public/v1';

/** a small PNG of one colour: another `seed` gives other bytes */
const png = (seed: number) =>
  sharp({ create: { width: 12 + seed, height: 10, channels: 3, background: { r: seed * 20, g: 90, b: 200 - seed } } })
    .png()
    .toBuffer();

/** a multipart body with the field `name` first, then the file (as the 替换 dialog sends it) */
function replaceBody(name: string, data: Buffer) {
  const { payload, headers } = multipart(data);
  const boundary = headers['content-type'].split('boundary=')[1];
  const field = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`);
  return { payload: Buffer.concat([field, payload]), headers };
}

describe.each(DIALECTS)('素材库 on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-media-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { dataDir, seedDemo: true, webhookTickMs: 0, webhookAllowPrivate: true });
  let token = '';
  const post = (p: string, body?: unknown, tok = token, lang?: string) =>
    t.current.post(p, body, { token: tok, headers: lang ? { lang } : {} });
  const upload = async (bytes: Buffer, tok = token): Promise<string> => {
    const { payload, headers } = multipart(bytes);
    const res = await t.current.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers: { ...headers, token: tok } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.name as string;
  };
  /** an upload as a browser sends it: the file under its name (UTF-8, as browsers send it) */
  const uploadAs = async (bytes: Buffer, fileName: string): Promise<string> => {
    const boundary = `----gktitle${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, token };
    const res = await t.current.app.inject({ method: 'POST', url: '/api/upload/upload', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.name as string;
  };
  const titleOf = async (name: string) =>
    (await t.current.ctx.db.selectFrom('image_meta').select('title').where('name', '=', name).executeTakeFirstOrThrow()).title;
  const replace = (name: string, bytes: Buffer, tok = token) => {
    const { payload, headers } = replaceBody(name, bytes);
    return t.current.app.inject({ method: 'POST', url: '/api/media/replaceMedia', payload, headers: { ...headers, token: tok } });
  };
  const pageOf = async (body: Record<string, unknown> = {}, tok = token) => {
    const r = await post('/media/getMediaPage', { pageNumber: 1, pageSize: 500, ...body }, tok);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { rows: ReplyBody[]; total: number };
  };
  const usage = async (name: string) => (await post(`/media/getMediaUsage?name=${name}`)).body.data as ReplyBody[];
  let typeCode = '';

  beforeAll(async () => {
    token = await t.current.login();
    typeCode = 'md';
    expect((await post('/news/saveNewsType', { code: typeCode, name: '素材测试', sortNo: 9 })).body.code).toBe(200);
  });

  it('lists every demo image once, with its facts and where it is used', async () => {
    const { rows, total } = await pageOf();
    // every image the demo content holds is in the library, with at least one use
    const used = new Set<string>();
    for (const table of ['news', 'banner', 'page_item', 'business', 'product', 'supplier']) {
      const found = await t.current.ctx.db
        .selectFrom(table as 'news')
        .selectAll()
        .execute()
        .catch(() => []);
      for (const r of found)
        for (const v of Object.values(r)) if (typeof v === 'string') for (const m of v.matchAll(/\/img\/([a-f0-9]+\.\w+)/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(3);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(total).toBe(rows.length);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    for (const name of used) {
      const row = byName.get(name);
      expect(row, name).toBeTruthy();
      expect(row.uses, name).toBeGreaterThan(0);
      expect(row).toMatchObject({ url: `/img/${name}`, format: expect.any(String) });
      expect(row.width).toBeGreaterThan(0);
      expect(row.bytes).toBeGreaterThan(0);
    }
    // the usage of one of them names its record, field and title
    const newsRow = (await t.current.ctx.db
      .selectFrom('news')
      .select(['id', 'title', 'summary_img'])
      .where('summary_img', '<>', '')
      .executeTakeFirstOrThrow()) as {
      id: number;
      title: string;
      summary_img: string;
    };
    const uses = await usage(imageNameOf(newsRow.summary_img)!);
    expect(uses).toContainEqual(
      expect.objectContaining({
        resource: 'news',
        id: Number(newsRow.id),
        field: 'summaryImg',
        title: newsRow.title,
        fieldLabel: '摘要图片',
      }),
    );
  });

  it('an upload records its uploader; search by name and alt text, filter unused and by resource', async () => {
    const name = await upload(await png(1));
    const { rows } = await pageOf({ unused: 1 });
    const row = rows.find((r) => r.name === name);
    expect(row).toMatchObject({ uploader: 'admin', uses: 0, uploadTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    // newest first
    expect(rows[0].name).toBe(name);
    expect((await post('/media/saveMedia', { name, alt: '港口夜景独有' })).body.code).toBe(200);
    expect((await post('/media/saveMedia', { name, alt: 'Night port only', locale: 'en' })).body.data).toMatchObject({
      alt: '港口夜景独有',
      alts: { en: 'Night port only' },
    });
    expect((await pageOf({ keyword: '夜景独有' })).rows.map((r) => r.name)).toEqual([name]);
    expect((await pageOf({ keyword: 'Night port only' })).rows.map((r) => r.name)).toEqual([name]);
    expect((await pageOf({ keyword: name.slice(0, 10) })).rows.map((r) => r.name)).toEqual([name]);
    expect((await pageOf({ resource: 'news' })).rows.map((r) => r.name)).not.toContain(name);
    const news = (await post('/news/saveNews', { title: '用了新图', type: typeCode, summaryImg: `/img/${name}` })).body.data;
    expect((await pageOf({ resource: 'news' })).rows.find((r) => r.name === name)).toMatchObject({ uses: 1 });
    expect((await pageOf({ unused: 1 })).rows.map((r) => r.name)).not.toContain(name);
    // the record's image changes: the picture stays in the library, unused (decisions.md: no auto-delete on save)
    expect((await post('/news/saveNews', { ...news, summaryImg: '' })).body.code).toBe(200);
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    expect((await pageOf({ unused: 1 })).rows.map((r) => r.name)).toContain(name);
  });

  it('an image used by a news item cannot be deleted, and the message names the news item', async () => {
    const name = await upload(await png(2));
    const news = (await post('/news/saveNews', { title: '港口扩建', type: typeCode, content: `<p>图：<img src="/img/${name}"></p>` })).body
      .data;
    const other = await upload(await png(3));
    const refused = await post('/media/delMedia', { names: [other, name] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('图片正在被使用：新闻“港口扩建”（正文）');
    // nothing deleted
    expect(await t.current.ctx.images.exists(other)).toBe(true);
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    expect((await post('/media/delMedia', { names: [name] }, token, 'en')).body.msg).toBe('The image is in use: News "港口扩建" (Content)');
    expect(await usage(name)).toEqual([expect.objectContaining({ resource: 'news', id: news.id, field: 'content', title: '港口扩建' })]);
    // deleted into the recycle bin: still used there
    expect((await post('/news/delNews', [news.id])).body.code).toBe(200);
    expect(await usage(name)).toEqual([expect.objectContaining({ resource: 'recycle', field: 'content', of: 'news', title: '港口扩建' })]);
    expect((await post('/media/delMedia', { names: [name] })).body.msg).toBe('图片正在被使用：回收站“港口扩建”（正文）');
    // an unused one goes: file, renditions and row
    const ok = await post('/media/delMedia', { names: [`/img/${other}`] });
    expect(ok.body).toMatchObject({ code: 200, msg: '已删除 1 张图片', data: { removed: [other] } });
    expect(await t.current.ctx.images.exists(other)).toBe(false);
    expect((await pageOf()).rows.map((r) => r.name)).not.toContain(other);
    const log = await t.current.ctx.db
      .selectFrom('oper_log')
      .selectAll()
      .where('module', '=', 'media')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: '删除素材', result: 1 });
  });

  it('替换 changes the picture on the news item without touching the record', async () => {
    const hook = await post('/webhook/saveWebhook', { name: '官网', url: 'http://127.0.0.1:9/hook', secret: 'k3y', events: 'news.update' });
    expect(hook.body.code).toBe(200);
    const name = await upload(await png(4));
    expect((await post('/media/saveMedia', { name, alt: '旧图说明' })).body.code).toBe(200);
    const news = (
      await post('/news/saveNews', {
        title: '替换图片',
        type: typeCode,
        summaryImg: `/img/${name}`,
        content: `<p><img src="/img/${name}?w=320"></p>`,
      })
    ).body.data;
    const before = await t.current.app.inject({ method: 'GET', url: `${P}/news/${news.id}` });
    expect(before.statusCode).toBe(200);
    expect(before.json().data.summaryImg).toContain(name);
    const etag = before.headers.etag;
    const stored = await t.current.ctx.db.selectFrom('news').selectAll().where('id', '=', news.id).executeTakeFirstOrThrow();
    const revisions = await t.current.ctx.db
      .selectFrom('revision')
      .select('id')
      .where('resource', '=', 'news')
      .where('record_id', '=', news.id)
      .execute();
    const logsBefore = await t.current.ctx.db.selectFrom('oper_log').select('id').where('module', '=', 'news').execute();

    const res = await replace(name, await png(5));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const to = body.data.row.name as string;
    expect(to).not.toBe(name);
    expect(body).toMatchObject({
      code: 200,
      msg: '图片已替换，1 条记录已指向新图片',
      data: { replaced: name, records: 1, row: { alt: '旧图说明', uploader: 'admin', uses: 2 } },
    });

    const after = await t.current.app.inject({ method: 'GET', url: `${P}/news/${news.id}`, headers: { 'if-none-match': String(etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.summaryImg).toContain(to);
    expect(after.json().data.content).toContain(`/img/${to}`);
    expect(after.json().data.content).not.toContain(name);
    // the record's other fields as they were; no new revision, no record log entry
    const now = await t.current.ctx.db.selectFrom('news').selectAll().where('id', '=', news.id).executeTakeFirstOrThrow();
    expect({ ...now, summary_img: '', content: '' }).toEqual({ ...stored, summary_img: '', content: '' });
    expect(now.summary_img).toBe(`/img/${to}`);
    expect(
      await t.current.ctx.db.selectFrom('revision').select('id').where('resource', '=', 'news').where('record_id', '=', news.id).execute(),
    ).toHaveLength(revisions.length);
    // its revisions point at the new file too (恢复 shows the picture)
    const snaps = await t.current.ctx.db
      .selectFrom('revision')
      .select('data')
      .where('resource', '=', 'news')
      .where('record_id', '=', news.id)
      .execute();
    for (const s of snaps) expect(s.data).not.toContain(name);
    expect(await t.current.ctx.db.selectFrom('oper_log').select('id').where('module', '=', 'news').execute()).toHaveLength(
      logsBefore.length,
    );
    const entry = await t.current.ctx.db
      .selectFrom('oper_log')
      .selectAll()
      .where('module', '=', 'media')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: '替换素材', title: name });
    // the old file is gone, the usage moved
    expect(await t.current.ctx.images.exists(name)).toBe(false);
    expect(await usage(name)).toEqual([]);
    expect((await usage(to)).map((u) => u.field).sort()).toEqual(['content', 'summaryImg']);
    // the site was told
    const deliveries = await t.current.ctx.db
      .selectFrom('webhook_delivery')
      .select(['event', 'body'])
      .where('event', '=', 'news.update')
      .execute();
    expect(deliveries.map((d) => JSON.parse(d.body))).toContainEqual(
      expect.objectContaining({ event: 'update', resource: 'news', id: news.id, paths: expect.arrayContaining([`${P}/news/${news.id}`]) }),
    );
    await post('/webhook/delWebhook', [hook.body.data.id]);
  });

  it('替换 refuses the same picture and an unknown image', async () => {
    const bytes = await png(6);
    const name = await upload(bytes);
    const same = await replace(name, bytes);
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe('新图片与原图片相同，无需替换');
    const unknown = await replace(`${'a'.repeat(32)}.png`, await png(7));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('图片不存在');
  });

  it('删除所有未使用 removes every unused image older than an hour, and keeps used ones', async () => {
    const unused = await upload(await png(8));
    const used = await upload(await png(9));
    await post('/news/saveNews', { title: '留着', type: typeCode, summaryImg: `/img/${used}` });
    // a fresh upload may belong to a form being filled in right now
    const early = await post('/media/delMedia', { unused: 1 });
    expect(early.body.data.removed).not.toContain(unused);
    t.current.advance(2 * 60 * 60_000);
    const swept = await post('/media/delMedia', { unused: 1 });
    expect(swept.body.code).toBe(200);
    expect(swept.body.data.removed).toContain(unused);
    expect(swept.body.data.removed).not.toContain(used);
    expect(await t.current.ctx.images.exists(unused)).toBe(false);
    expect(await t.current.ctx.images.exists(used)).toBe(true);
    expect((await pageOf({ unused: 1 })).total).toBe(0);
  });

  it('an upload takes its title from the file name; the same bytes uploaded again keep the first title', async () => {
    const name = await uploadAs(await png(30), '飞机横幅.png');
    expect(await titleOf(name)).toBe('飞机横幅');
    expect((await pageOf()).rows.find((r) => r.name === name)).toMatchObject({ title: '飞机横幅', uploader: 'admin' });
    // the same bytes under another file name: one image, its first title
    expect(await uploadAs(await png(30), '另一个名字.png')).toBe(name);
    expect(await titleOf(name)).toBe('飞机横幅');
    // trimmed, the extension dropped (only the last), at most 100 characters
    expect(await titleOf(await uploadAs(await png(31), '  海关总署logo.v2.png  '))).toBe('海关总署logo.v2');
    expect(await titleOf(await uploadAs(await png(32), `${'长'.repeat(120)}.png`))).toBe('长'.repeat(100));
    expect(await titleOf(await uploadAs(await png(33), 'README'))).toBe('README');
    // no name left: no title (the library shows the stored name); a later upload with a name gives it one
    const bare = await uploadAs(await png(34), '   .png');
    expect(await titleOf(bare)).toBeNull();
    expect((await pageOf()).rows.find((r) => r.name === bare)).toMatchObject({ title: null });
    await uploadAs(await png(34), '航拍.png');
    expect(await titleOf(bare)).toBe('航拍');
    // 替换 keeps the title with the image
    const replaced = await replace(name, await png(35));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.row).toMatchObject({ title: '飞机横幅' });
  });

  it('saveMedia sets the title: not empty, at most 100 characters; the alt text stays unless sent', async () => {
    const name = await uploadAs(await png(40), 'banner-1.png');
    expect((await post('/media/saveMedia', { name, alt: '机场货运区' })).body.code).toBe(200);
    const saved = await post('/media/saveMedia', { name, title: '  横幅-航空货运 ' });
    expect(saved.body).toMatchObject({ code: 200, data: { name, title: '横幅-航空货运', alt: '机场货运区' } });
    expect(await titleOf(name)).toBe('横幅-航空货运');
    // title and alt text together
    expect((await post('/media/saveMedia', { name, title: '横幅-空运', alt: '货机' })).body.data).toMatchObject({
      title: '横幅-空运',
      alt: '货机',
    });
    // refused, nothing changed
    for (const [body, lang, msg] of [
      [{ name, title: '' }, 'zh', '请填写图片名称'],
      [{ name, title: '   ' }, 'en', 'Please enter the image name'],
      [{ name, title: null }, 'es', 'Introduzca el nombre de la imagen'],
      [{ name, title: 'x'.repeat(101) }, 'zh', '图片名称不能超过 100 个字符'],
      [{ name, title: 'x'.repeat(101) }, 'en', 'The image name must not exceed 100 characters'],
      [{ name, title: 'x'.repeat(101) }, 'es', 'El nombre de la imagen no puede superar 100 caracteres'],
      [{ name, title: 12 }, 'zh', '图片名称必须是文本'],
    ] as const) {
      const r = await post('/media/saveMedia', body, token, lang);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect(await titleOf(name)).toBe('横幅-空运');
    // exactly 100 characters (an emoji is one) is fine
    const hundred = `${'😀'.repeat(50)}${'名'.repeat(50)}`;
    expect((await post('/media/saveMedia', { name, title: hundred })).body.data).toMatchObject({ title: hundred });
    // without a title the call is the alt-text call it was: an absent alt text clears it
    expect((await post('/media/saveMedia', { name })).body.data).toMatchObject({ title: hundred, alt: '' });
  });

  it('the keyword searches titles as well as names and alt texts', async () => {
    const plane = await uploadAs(await png(50), '飞机横幅-首页.png');
    const logo = await uploadAs(await png(51), 'tmp.png');
    expect((await post('/media/saveMedia', { name: logo, title: '海关总署LOGO-页脚' })).body.code).toBe(200);
    expect((await pageOf({ keyword: '横幅-首页' })).rows.map((r) => r.name)).toEqual([plane]);
    // case-insensitive on both databases
    expect((await pageOf({ keyword: '总署logo-页脚' })).rows.map((r) => r.name)).toEqual([logo]);
    expect((await pageOf({ keyword: 'tmp' })).rows.map((r) => r.name)).toEqual([]);
    expect((await pageOf({ keyword: logo.slice(0, 12) })).rows.map((r) => r.name)).toEqual([logo]);
  });

  it('uses in a translation and in a pending draft are listed; the start-up rebuild finds the same uses', async () => {
    const inEn = await upload(await png(12));
    const inDraft = await upload(await png(13));
    const news = (
      await post('/news/saveNews', {
        title: '译文用图',
        type: typeCode,
        translations: { en: { title: 'Translated', content: `<p><img src="/img/${inEn}"></p>` } },
      })
    ).body.data;
    expect(await usage(inEn)).toEqual([
      expect.objectContaining({ resource: 'news', id: news.id, field: 'content', locale: 'en', fieldLabel: '正文 · en' }),
    ]);
    const draft = await post('/news/saveNews', {
      id: news.id,
      title: '译文用图',
      type: typeCode,
      summaryImg: `/img/${inDraft}`,
      draft: true,
    });
    expect(draft.body.code).toBe(200);
    expect(await usage(inDraft)).toEqual([expect.objectContaining({ resource: 'news', id: news.id, field: 'summaryImg', draft: true })]);
    // the index rebuilt from nothing (as a start does when it is not current) holds exactly what the writes kept
    const { db } = t.current.ctx;
    const all = async () =>
      (await db.selectFrom('media_usage').selectAll().orderBy(['name', 'resource', 'record_id', 'field']).execute()).map((r) => ({
        ...r,
        record_id: Number(r.record_id),
      }));
    const kept = await all();
    await db.deleteFrom('media_usage').execute();
    await rebuildUsage(t.current.ctx);
    expect(await all()).toEqual(kept);
  });

  it('a start rebuilds the usage index only when it was never completed by the rules of this release', async () => {
    const { ctx } = t.current;
    const { db } = ctx;
    const marker = async () =>
      (await db.selectFrom('sys_setting').select('value').where('key', '=', USAGE_INDEX_SETTING).executeTakeFirst())?.value;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('media_usage')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // this app's first start found no marker, rebuilt, and recorded the rules it used
    await usageReady(ctx);
    expect(await marker()).toBe(usageRules());
    const uses = await count();
    expect(uses).toBeGreaterThan(0);
    // a start on a current index reads no record: a row taken out behind its back stays out
    await db.deleteFrom('media_usage').execute();
    expect(await ensureUsageIndex(ctx)).toBe(false);
    expect(await count()).toBe(0);
    // other rules (an older release's fingerprint) or no marker: the start rebuilds, and records the rules again
    await db.updateTable('sys_setting').set({ value: '0:older' }).where('key', '=', USAGE_INDEX_SETTING).execute();
    expect(await ensureUsageIndex(ctx)).toBe(true);
    expect(await count()).toBe(uses);
    expect(await marker()).toBe(usageRules());
    await db.deleteFrom('sys_setting').where('key', '=', USAGE_INDEX_SETTING).execute();
    await db.deleteFrom('media_usage').execute();
    expect(await ensureUsageIndex(ctx)).toBe(true);
    expect(await count()).toBe(uses);
    // a rebuild stopped half-way (the app closing) records nothing, so the next start rebuilds
    await db.deleteFrom('sys_setting').where('key', '=', USAGE_INDEX_SETTING).execute();
    expect(await ensureUsageIndex(ctx, () => true)).toBe(false);
    expect(await marker()).toBeUndefined();
  });

  it('an avatar counts as a use', async () => {
    const name = await upload(await png(10));
    expect((await post('/user/updateProfile', { name: '管理员', avatar: `/img/${name}` })).body.code).toBe(200);
    expect(await usage(name)).toEqual([expect.objectContaining({ resource: 'user', field: 'avatar', fieldLabel: '头像' })]);
    expect((await post('/media/delMedia', { names: [name] })).status).toBe(400);
  });

  it('without the upload right the library is refused; without 删除素材 / 替换素材 their calls are refused', async () => {
    await insertUserHoldingAllBut(t.current.ctx, 'noupload', 'Noupload_123', '/upload/upload');
    const noUpload = await t.current.login('noupload', 'Noupload_123');
    const page = await post('/media/getMediaPage', {}, noUpload);
    expect(page.status).toBe(403);
    expect(page.body.msg).toBe('没有上传图片的权限，不能查看或修改图片的替代文字');
    expect((await post('/media/saveMedia', { name: `${'b'.repeat(32)}.png`, alt: 'x' }, noUpload)).status).toBe(403);
    await insertUserHoldingAllBut(t.current.ctx, 'nodel', 'Nodel_12345', '/media/delMedia');
    const noDel = await t.current.login('nodel', 'Nodel_12345');
    const name = await upload(await png(11));
    expect((await post('/media/delMedia', { names: [name] }, noDel)).status).toBe(403);
    expect(await t.current.ctx.images.exists(name)).toBe(true);
    // the seeded 内容编辑 holds the library and its buttons
    await insertUser(t.current.ctx, 'mediaeditor', 'Editor_12345', ['editor']);
    const editor = await t.current.login('mediaeditor', 'Editor_12345');
    expect((await post('/media/getMediaPage', {}, editor)).status).toBe(200);
    expect((await post('/media/delMedia', { names: [name] }, editor)).body.code).toBe(200);
  });
});
