import crypto from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { looseDb, openDb } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { scheduledJob } from '../../ops/daily.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { PREVIEW_TTL_MS } from './index.js';

const MAX_COUNT = 5;
const MAX_BYTES = 64 * 1024;

describe.each(DIALECTS)('preview snapshots: quota, permission and purge on %s', (dialect) => {
  const t = useTestApp(dialect, { previewMaxPerAccount: MAX_COUNT, previewMaxBytesPerAccount: MAX_BYTES });
  const db = () => looseDb(t.current.ctx.db);
  let admin = '';
  let adminId = 0;
  let editor = '';
  let editorId = 0;
  const open = (url: string) => {
    const u = new URL(url);
    return t.current.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  /** the snapshots an account holds, with their stored bytes counted here (not trusting the `bytes` column) */
  const snapshotsOf = async (userId: number) => {
    const rows = await db().selectFrom('preview_snapshot').select(['id', 'data']).where('user_id', '=', userId).execute();
    return { count: rows.length, bytes: rows.reduce((n, r) => n + Buffer.byteLength(String(r.data), 'utf8'), 0) };
  };
  const allSnapshots = async () =>
    Number((await db().selectFrom('preview_snapshot').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    admin = await t.current.login();
    adminId = Number((await db().selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id);
    editorId = await insertUser(t.current.ctx, 'pv_editor', 'Pv_editor_123', ['editor']);
    editor = await t.current.login('pv_editor', 'Pv_editor_123');
  });

  it('one account making 100 previews keeps at most PREVIEW_MAX_PER_ACCOUNT snapshots and PREVIEW_MAX_BYTES_PER_ACCOUNT bytes', async () => {
    // the editor role keeps previewing its forms; another account's snapshots are its own
    const editorUrls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await t.current.post('/news/previewNews', { title: `编辑预览${i}`, content: '<p>编辑</p>' }, { token: editor });
      expect(r.body.code).toBe(200);
      editorUrls.push(r.body.data.url);
    }

    // 100 small previews, 25 at a time: the count limit holds
    const urls: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.current.post('/news/previewNewsForm', { title: `预览${batch * 25 + i}`, content: '<p>小</p>' }, { token: admin }),
        ),
      );
      for (const r of replies) {
        expect(r.body.code).toBe(200);
        urls.push(r.body.data.url);
      }
    }
    expect((await snapshotsOf(adminId)).count).toBe(MAX_COUNT);
    // the newest link opens; the oldest one's snapshot was dropped
    const newest = urls.map((u) => Number(/\/s(\d+)\?/.exec(u)![1])).sort((a, b) => b - a)[0];
    expect((await open(urls.find((u) => u.includes(`/s${newest}?`))!)).statusCode).toBe(200);
    const oldest = await open(urls[0]);
    expect(oldest.statusCode).toBe(404);
    expect(oldest.body).toContain('数据不存在或已被删除');

    // 100 large previews (about 18 KB each), through the read path's form too: the byte limit holds
    const big = `<p>${'港'.repeat(6000)}</p>`;
    for (let batch = 0; batch < 4; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.current.post(i % 2 ? '/policy/previewPolicy' : '/news/previewNewsForm', { title: `大${i}`, content: big }, { token: admin }),
        ),
      );
      for (const r of replies) expect(r.body.code).toBe(200);
    }
    const after = await snapshotsOf(adminId);
    expect(after.bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(after.count).toBe(Math.floor(MAX_BYTES / Buffer.byteLength(JSON.stringify({ title: '大00', content: big }))));
    expect(await snapshotsOf(editorId)).toMatchObject({ count: 2 });
    for (const u of editorUrls) expect((await open(u)).statusCode).toBe(200);

    // a single preview larger than the whole quota is refused, and nothing is stored
    const before = await allSnapshots();
    const huge = `<p>${'港'.repeat(30_000)}</p>`;
    for (const [lang, msg] of [
      ['zh', '预览内容过大，不能超过 64 KB'],
      ['en', 'The preview is too large; the limit is 64 KB'],
    ]) {
      const r = await t.current.post('/news/previewNewsForm', { title: '太大', content: huge }, { token: admin, headers: { lang } });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ code: 413, msg });
    }
    expect(await allSnapshots()).toBe(before);
  });

  it('an account with news read only may preview saved news but not unsaved edits', async () => {
    const role = await t.current.post(
      '/role/saveRole',
      { code: 'pv_read', name: '只读新闻', permissions: ['menu:NewsList'] },
      { token: admin },
    );
    expect(role.body.code).toBe(200);
    const readerId = await insertUser(t.current.ctx, 'pv_reader', 'Pv_reader_123', ['pv_read']);
    const reader = await t.current.login('pv_reader', 'Pv_reader_123');
    const before = await allSnapshots();

    for (const [lang, msg] of [
      ['zh', '没有预览未保存内容的权限，只能预览已保存的内容'],
      ['en', 'You may not preview unsaved changes; only the saved record can be previewed'],
      ['es', 'No puede previsualizar cambios sin guardar; solo se puede previsualizar el registro guardado'],
    ]) {
      const r = await t.current.post('/news/previewNews', { title: '只读预览', content: '<p>x</p>' }, { token: reader, headers: { lang } });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 403, msg });
    }
    expect((await t.current.post('/news/previewNewsForm', { title: '只读预览' }, { token: reader })).body).toEqual({
      code: 403,
      msg: '没有权限执行此操作',
    });
    expect(await snapshotsOf(readerId)).toEqual({ count: 0, bytes: 0 });
    expect(await allSnapshots()).toBe(before);

    // the stored record: read is enough
    await t.current.post('/news/saveNewsType', { code: 'pvq', name: '配额' }, { token: admin });
    const news = (await t.current.post('/news/saveNews', { title: '已保存的新闻', type: 'pvq' }, { token: admin })).body.data;
    const byId = await t.current.post('/news/previewNews', { id: news.id }, { token: reader });
    expect(byId.body.code).toBe(200);
    expect((await open(byId.body.data.url)).body).toContain('<h1>已保存的新闻</h1>');
    // the user info the SPA reads: the form-preview button is the editor's, not the reader's
    const buttons = async (token: string) =>
      ((await t.current.post('/user/info', {}, { token })).body.data.buttons as { url: string }[]).map((b) => b.url);
    expect(await buttons(editor)).toContain('/news/previewNewsForm');
    expect(await buttons(reader)).not.toContain('/news/previewNewsForm');
  });

  it('expired snapshots are purged on a timer when the clock passes their expiry, without another preview', async () => {
    const job = scheduledJob(t.current.ctx, 'preview.purged');
    expect(job).toBeDefined();
    expect(job!.everyMs).toBeLessThanOrEqual(PREVIEW_TTL_MS);
    const url = (await t.current.post('/page/previewPageItemForm', { title: '定时清理' }, { token: admin })).body.data.url as string;
    const live = await allSnapshots();
    expect(live).toBeGreaterThan(0);
    // nothing has expired yet: the job keeps everything
    expect(await job!.run()).toBe(0);
    expect(await allSnapshots()).toBe(live);
    t.current.advance(PREVIEW_TTL_MS + 1000);
    expect(await job!.run()).toBe(live);
    expect(await allSnapshots()).toBe(0);
    expect((await open(url)).statusCode).toBe(403);
  });
});

describe.each(DIALECTS)('migration 031 on %s: roles that could save keep previewing their forms', (dialect) => {
  it('gives the form-preview permission to every role holding the save button, and to no other', async () => {
    let schema: string | null = null;
    const url = process.env.TEST_DATABASE_URL;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    if (dialect === 'postgres') {
      schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await admin(`CREATE SCHEMA ${schema}`);
    }
    const config = testConfig(dialect === 'postgres' ? { databaseUrl: url!, databaseSchema: schema } : {});
    const opened = await openDb(config);
    try {
      const kdb = looseDb(opened.db);
      // an installation of the release before: custom roles saved by an administrator
      await migrate(opened.db, dialect, schema, '030_role_user_count');
      const perms = [
        ['/news/saveNews', 'news'],
        ['/news/getNewsList', 'news'],
        ['/policy/savePolicy', 'policy'],
      ];
      await kdb
        .insertInto('sys_permission')
        .values(perms.map(([key, module]) => ({ key, name: key, module, kind: key.includes('save') ? 'write' : 'read' })))
        .execute();
      const role = async (code: string, keys: string[]) => {
        const r = await kdb.insertInto('sys_role').values({ code, name: code }).returning('id').executeTakeFirstOrThrow();
        if (keys.length)
          await kdb
            .insertInto('sys_role_permission')
            .values(keys.map((k) => ({ role_id: r.id, permission_key: k })))
            .execute();
        return Number(r.id);
      };
      const writer = await role('writer', ['/news/saveNews', '/news/getNewsList', '/policy/savePolicy']);
      const reader = await role('reader', ['/news/getNewsList']);
      await kdb
        .insertInto('preview_snapshot')
        .values({ resource: 'news', data: '{}', expires_at: Date.now() + 60_000 })
        .execute();

      await migrate(opened.db, dialect, schema);
      const keysOf = async (id: number) =>
        (await kdb.selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', id).execute())
          .map((r) => r.permission_key)
          .sort();
      expect(await keysOf(writer)).toEqual(
        ['/news/getNewsList', '/news/previewNewsForm', '/news/saveNews', '/policy/previewPolicyForm', '/policy/savePolicy'].sort(),
      );
      expect(await keysOf(reader)).toEqual(['/news/getNewsList']);
      // snapshots of nobody could not be counted against a quota: gone
      expect(await kdb.selectFrom('preview_snapshot').selectAll().execute()).toEqual([]);
    } finally {
      await opened.close();
      if (schema) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });
});
