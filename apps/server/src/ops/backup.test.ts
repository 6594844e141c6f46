import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, testConfig } from '../config.js';
import { prepareApp } from '../prepare.js';
import { storeByContent } from '../storage/index.js';
import { DIALECTS } from '../test/harness.js';
import { createBackup, restoreBackup } from './backup.js';

const url = process.env.TEST_DATABASE_URL;

async function freshConfig(dialect: 'sqlite' | 'postgres', cleanups: (() => Promise<void>)[]): Promise<AppConfig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-backup-test-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const base = testConfig({ dataDir, sqliteFile: path.join(dataDir, 'app.db') });
  if (dialect === 'sqlite') return base;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  });
  return { ...base, databaseUrl: url!, databaseSchema: schema };
}

describe.each(DIALECTS)('backup → wipe → restore on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  let source: AppConfig;
  let archive = '';
  let png: Buffer;
  let imageName = '';
  const before: Record<string, unknown> = {};

  const api = async (app: Awaited<ReturnType<typeof prepareApp>>['app'], p: string, body: unknown, token?: string) =>
    (await app.inject({ method: 'POST', url: `/api${p}`, payload: body as object, headers: token ? { token } : {} })).json();
  const login = async (app: Awaited<ReturnType<typeof prepareApp>>['app']) =>
    (await api(app, '/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token as string;

  beforeAll(async () => {
    source = await freshConfig(dialect, cleanups);
    const built = await prepareApp(source);
    const token = await login(built.app);
    expect((await api(built.app, '/news/saveNewsType', { code: 'bk', name: '备份类型' }, token)).code).toBe(200);
    png = await sharp({ create: { width: 5, height: 5, channels: 3, background: 'purple' } })
      .png()
      .toBuffer();
    imageName = await storeByContent(built.ctx.images, png, 'png');
    const saved = await api(
      built.app,
      '/news/saveNews',
      { title: '备份新闻', type: 'bk', summaryImg: `/img/${imageName}`, content: '<p>正文 <b>粗</b></p>' },
      token,
    );
    expect(saved.code).toBe(200);
    before.list = (await api(built.app, '/news/getNewsList', { pageNumber: 1, pageSize: 50 }, token)).rows;
    before.types = (await api(built.app, '/news/getTypeList', { pageNumber: 1, pageSize: 50 }, token)).rows;
    const id = (before.list as { id: number; title: string }[]).find((r) => r.title === '备份新闻')!.id;
    before.record = (await api(built.app, `/news/getNews?id=${id}`, {}, token)).data;
    before.id = id;
    archive = path.join(source.dataDir, 'backup.tar.gz');
    const manifest = await createBackup(source, archive, { db: built.db, images: built.ctx.images });
    expect(manifest.images).toBe(1);
    expect(manifest.tables.news).toBe(1);
    await built.app.close();
  });

  it('gives identical lists, records and images after a restore into an empty target', { timeout: 60_000 }, async () => {
    const target = await freshConfig(dialect, cleanups);
    const manifest = await restoreBackup(target, archive);
    expect(manifest.dialect).toBe(dialect);
    const built = await prepareApp(target);
    try {
      const token = await login(built.app);
      expect((await api(built.app, '/news/getNewsList', { pageNumber: 1, pageSize: 50 }, token)).rows).toEqual(before.list);
      expect((await api(built.app, '/news/getTypeList', { pageNumber: 1, pageSize: 50 }, token)).rows).toEqual(before.types);
      expect((await api(built.app, `/news/getNews?id=${before.id}`, {}, token)).data).toEqual(before.record);
      const img = await built.app.inject({ method: 'GET', url: `/img/${imageName}` });
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.equals(png)).toBe(true);
      // the id counters moved on: a new record gets a new id
      const next = await api(built.app, '/news/saveNewsType', { code: 'bk2', name: '新类型' }, token);
      expect(next.code).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it('refuses a target that is not empty, and a damaged archive', async () => {
    await expect(restoreBackup(source, archive)).rejects.toThrow(/not empty|exists/);
    const damaged = path.join(source.dataDir, 'damaged.tar.gz');
    const tar = await import('tar');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-damage-'));
    await tar.extract({ file: archive, cwd: dir });
    fs.appendFileSync(path.join(dir, 'images', imageName), 'x');
    await tar.create({ gzip: true, file: damaged, cwd: dir }, ['manifest.json', 'database', 'images']);
    fs.rmSync(dir, { recursive: true, force: true });
    const target = await freshConfig(dialect, cleanups);
    await expect(restoreBackup(target, damaged)).rejects.toThrow(`images/${imageName} is missing or damaged (checksum differs)`);
  });
});

describe.skipIf(!url)('npm run db:migrate-data (SQLite → empty PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('copies every table, moves the counters on and finds every index', { timeout: 90_000 }, async () => {
    const source = await freshConfig('sqlite', cleanups);
    const built = await prepareApp(source);
    const api = async (app: typeof built.app, p: string, body: unknown, token?: string) =>
      (await app.inject({ method: 'POST', url: `/api${p}`, payload: body as object, headers: token ? { token } : {} })).json();
    let token = (await api(built.app, '/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token;
    expect((await api(built.app, '/news/saveNewsType', { code: 'mv', name: '迁移类型' }, token)).code).toBe(200);
    expect((await api(built.app, '/news/saveNews', { title: '迁移到 PostgreSQL', type: 'mv', content: '<p>内容</p>' }, token)).code).toBe(
      200,
    );
    const list = (await api(built.app, '/news/getNewsList', { pageNumber: 1, pageSize: 50 }, token)).rows;
    const found = (await api(built.app, '/news/getNewsList', { title: 'PostgreSQL', pageNumber: 1, pageSize: 50 }, token)).rows;
    await built.app.close();

    const target = await freshConfig('postgres', cleanups);
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const out = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/db-migrate-data.ts', '--to', url!, '--schema', target.databaseSchema!],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), env: { ...process.env, DATA_DIR: source.dataDir } },
    );
    expect(out.stdout).toContain('news: 1 → 1');
    expect(out.stdout).toMatch(/done: \d+ tables copied and counted, \d+ indexes present/);

    const moved = await prepareApp(target);
    try {
      token = (await api(moved.app, '/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token;
      expect((await api(moved.app, '/news/getNewsList', { pageNumber: 1, pageSize: 50 }, token)).rows).toEqual(list);
      // the title search index came along
      expect((await api(moved.app, '/news/getNewsList', { title: 'PostgreSQL', pageNumber: 1, pageSize: 50 }, token)).rows).toEqual(found);
      expect((await api(moved.app, '/news/saveNewsType', { code: 'mv2', name: '之后' }, token)).code).toBe(200);
    } finally {
      await moved.app.close();
    }
    // a second run refuses: the target is no longer empty
    await expect(
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/db-migrate-data.ts', '--to', url!, '--schema', target.databaseSchema!],
        {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: { ...process.env, DATA_DIR: source.dataDir },
        },
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('the target database is not empty') });
  });
});
