import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allResources } from '@gk/contracts';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, testConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { prepareApp } from '../prepare.js';
import { type ImageStore, storeByContent } from '../storage/index.js';
import { DIALECTS } from '../test/harness.js';
import { createBackup, openBackup, restoreBackup, tablesOf } from './backup.js';

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

type App = Awaited<ReturnType<typeof prepareApp>>['app'];
const api = async (app: App, p: string, body: unknown, token?: string) =>
  (await app.inject({ method: 'POST', url: `/api${p}`, payload: body as object, headers: token ? { token } : {} })).json();
const login = async (app: App) => (await api(app, '/login/doLogin', { username: 'admin', password: 'Admin_123456' })).data.token as string;

/** What a user sees: every list of every resource (first 100 rows) and every record of them, in full. */
async function everything(app: App): Promise<Record<string, unknown>> {
  const token = await login(app);
  const seen: Record<string, unknown> = {};
  for (const def of allResources()) {
    if (!def.endpoints.list) continue;
    const list = await api(app, def.endpoints.list.path, { pageNumber: 1, pageSize: 100 }, token);
    seen[def.name] = { rows: list.rows, total: list.total };
    if (!def.endpoints.get) continue;
    for (const row of (list.rows ?? []) as { id: number }[])
      seen[`${def.name}#${row.id}`] = await api(app, `${def.endpoints.get.path}?id=${row.id}`, {}, token);
  }
  seen.company = await api(app, '/company/getCompany', {}, token);
  return seen;
}

/** every stored image with its bytes' checksum */
async function imagesOf(store: ImageStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await store.list()) {
    const img = await store.get(e.name);
    const chunks: Buffer[] = [];
    for await (const c of img!.body) chunks.push(Buffer.from(c));
    out[e.name] = crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  }
  return out;
}

describe.each(DIALECTS)('backup → wipe → restore on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  let source: AppConfig;
  let archive = '';
  /** the same data, encrypted to an age identity / with a passphrase */
  let sealed = '';
  let sealedWithPassphrase = '';
  let identity = '';
  let imageName = '';
  let before: Record<string, unknown> = {};
  let beforeImages: Record<string, string> = {};

  beforeAll(async () => {
    // the demo company's content: every screen filled, with pictures
    source = { ...(await freshConfig(dialect, cleanups)), seedDemo: true };
    const built = await prepareApp(source);
    const token = await login(built.app);
    expect((await api(built.app, '/news/saveNewsType', { code: 'bk', name: '备份类型' }, token)).code).toBe(200);
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: 'purple' } })
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
    before = await everything(built.app);
    beforeImages = await imagesOf(built.ctx.images);
    // kept away from the data it saves
    archive = path.join(os.tmpdir(), `gk-backup-${crypto.randomBytes(6).toString('hex')}.tar.gz`);
    cleanups.push(async () => fs.rmSync(archive, { force: true }));
    const manifest = await createBackup(source, archive, { db: built.db, images: built.ctx.images });
    expect(manifest.images).toBe(Object.keys(beforeImages).length);
    expect(manifest.images).toBeGreaterThan(10);
    expect(manifest.tables.news).toBeGreaterThan(1);
    const { generateX25519Identity } = await import('age-encryption');
    identity = await generateX25519Identity();
    sealed = `${archive}.age`;
    cleanups.push(async () => fs.rmSync(sealed, { force: true }));
    await createBackup({ ...source, backupEncryptionKey: identity }, sealed, { db: built.db, images: built.ctx.images });
    if (dialect === 'sqlite') {
      sealedWithPassphrase = `${archive}.pass.age`;
      cleanups.push(async () => fs.rmSync(sealedWithPassphrase, { force: true }));
      await createBackup({ ...source, backupEncryptionKey: 'Hafen-Zoll-Stempel-42' }, sealedWithPassphrase, {
        db: built.db,
        images: built.ctx.images,
      });
    }
    await built.app.close();
  });

  it('gives identical lists, records and images after a restore into an empty target', { timeout: 120_000 }, async () => {
    // wipe: the data folder (SQLite file and images) and the PostgreSQL schema are gone
    fs.rmSync(source.dataDir, { recursive: true, force: true });
    fs.mkdirSync(source.dataDir);
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${source.databaseSchema} CASCADE`);
      await admin.query(`CREATE SCHEMA ${source.databaseSchema}`);
      await admin.end();
    }
    const target = source;
    const manifest = await restoreBackup(target, archive);
    expect(manifest.dialect).toBe(dialect);
    const built = await prepareApp(target);
    try {
      expect(await everything(built.app)).toEqual(before);
      expect(await imagesOf(built.ctx.images)).toEqual(beforeImages);
      const img = await built.app.inject({ method: 'GET', url: `/img/${imageName}` });
      expect(img.statusCode).toBe(200);
      // the id counters moved on: a new record gets a new id
      const token = await login(built.app);
      const next = await api(built.app, '/news/saveNewsType', { code: 'bk2', name: '新类型' }, token);
      expect(next.code).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it.skipIf(dialect !== 'sqlite' || !url)(
    'a SQLite backup restores into an empty PostgreSQL database the same',
    { timeout: 120_000 },
    async () => {
      const target = await freshConfig('postgres', cleanups);
      await restoreBackup(target, archive);
      const built = await prepareApp(target);
      try {
        expect(await everything(built.app)).toEqual(before);
        expect(await imagesOf(built.ctx.images)).toEqual(beforeImages);
      } finally {
        await built.app.close();
      }
    },
  );

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
    // nothing was written into the target
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
  });

  /** the target has no database and no images: a refused restore changed nothing */
  const untouched = async (target: AppConfig) => {
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
    if (dialect === 'sqlite') expect(fs.existsSync(target.sqliteFile)).toBe(false);
    else {
      const db = await openDb(target);
      try {
        expect(await tablesOf(db.db, 'postgres')).toEqual([]);
      } finally {
        await db.close();
      }
    }
  };
  /** the archive unpacked, changed by `change`, packed again */
  const altered = async (change: (dir: string) => void) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-alter-'));
    const tar = await import('tar');
    await tar.extract({ file: archive, cwd: dir });
    change(dir);
    const out = path.join(os.tmpdir(), `gk-altered-${crypto.randomBytes(6).toString('hex')}.tar.gz`);
    cleanups.push(async () => fs.rmSync(out, { force: true }));
    await tar.create({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
    fs.rmSync(dir, { recursive: true, force: true });
    return out;
  };

  it('writes the archive readable by its owner only (0600), in a folder only its owner may enter (0700)', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(sealed).mode & 0o777).toBe(0o600);
    // a folder the backup creates
    const target = await freshConfig(dialect, cleanups);
    const built = await prepareApp(target);
    try {
      const out = path.join(target.dataDir, 'new', 'backups', 'one.tar.gz');
      await createBackup(target, out, { db: built.db, images: built.ctx.images });
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(out)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(target.dataDir, 'new')).mode & 0o777).toBe(0o700);
    } finally {
      await built.app.close();
    }
  });

  it('refuses any part its manifest does not vouch for, changing nothing', async () => {
    const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    const dbPart = dialect === 'sqlite' ? 'database/app.db' : 'database/news.jsonl';
    const cases: [string, (dir: string) => void, string][] = [
      // the database changed after the manifest was written
      [
        'database',
        (dir) => fs.appendFileSync(path.join(dir, dbPart), dialect === 'sqlite' ? 'x' : '{}\n'),
        `${dbPart} is missing or damaged (checksum differs)`,
      ],
      // a part removed
      [
        'missing part',
        (dir) => fs.rmSync(path.join(dir, 'images', imageName)),
        `images/${imageName} is missing or damaged (checksum differs)`,
      ],
      // an image slipped in that the manifest does not list
      [
        'extra image',
        (dir) => fs.writeFileSync(path.join(dir, 'images', `${'e'.repeat(32)}.png`), 'x'),
        `images/${'e'.repeat(32)}.png is not listed in the manifest`,
      ],
      // a link instead of a file: the restore would read whatever it points at
      [
        'link',
        (dir) => {
          fs.rmSync(path.join(dir, 'images', imageName));
          fs.symlinkSync('/etc/hostname', path.join(dir, 'images', imageName));
        },
        'holds entries that are not regular files',
      ],
      // a manifest naming a path outside the archive's parts
      [
        'path',
        (dir) => {
          const m = manifestOf(dir);
          m.files.push({ path: '../../etc/passwd', size: 1, sha256: 'x' });
          fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
        },
        'the manifest names a file a backup does not hold: ../../etc/passwd',
      ],
    ];
    for (const [name, change, message] of cases) {
      const file = await altered(change);
      const target = await freshConfig(dialect, cleanups);
      await expect(restoreBackup(target, file), name).rejects.toThrow(message);
      await untouched(target);
    }
  });

  it('an encrypted backup restores with its key to the same lists, records and images', { timeout: 120_000 }, async () => {
    const head = fs.readFileSync(sealed).subarray(0, 21).toString();
    expect(head).toBe('age-encryption.org/v1');
    const target = { ...(await freshConfig(dialect, cleanups)), backupEncryptionKey: identity };
    const manifest = await restoreBackup(target, sealed);
    expect(manifest.dialect).toBe(dialect);
    const built = await prepareApp(target);
    try {
      expect(await everything(built.app)).toEqual(before);
      expect(await imagesOf(built.ctx.images)).toEqual(beforeImages);
    } finally {
      await built.app.close();
    }
  });

  it('an encrypted backup is refused without its key, with a wrong key, or altered; changing nothing', async () => {
    const { generateX25519Identity } = await import('age-encryption');
    const target = await freshConfig(dialect, cleanups);
    await expect(restoreBackup(target, sealed)).rejects.toThrow(
      'this backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with',
    );
    await expect(restoreBackup({ ...target, backupEncryptionKey: await generateX25519Identity() }, sealed)).rejects.toThrow(
      'BACKUP_ENCRYPTION_KEY does not open this backup (wrong key)',
    );
    await expect(restoreBackup({ ...target, backupEncryptionKey: 'a passphrase' }, sealed)).rejects.toThrow('(wrong key)');
    // one byte changed in the middle: the authentication fails
    const bytes = fs.readFileSync(sealed);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    const tampered = `${sealed}.tampered`;
    cleanups.push(async () => fs.rmSync(tampered, { force: true }));
    fs.writeFileSync(tampered, bytes);
    await expect(restoreBackup({ ...target, backupEncryptionKey: identity }, tampered)).rejects.toThrow(
      'the encrypted backup is damaged or was altered',
    );
    // a plain archive while a key is set: only when asked for
    await expect(restoreBackup({ ...target, backupEncryptionKey: identity }, archive)).rejects.toThrow(
      'restore it with --allow-unencrypted',
    );
    await untouched(target);
    const opened = await openBackup(archive, { key: identity, allowUnencrypted: true });
    fs.rmSync(opened.dir, { recursive: true, force: true });
    expect(opened.encrypted).toBe(false);
  });

  it.skipIf(dialect !== 'sqlite')('a passphrase as the key: restores with it, refuses another', { timeout: 120_000 }, async () => {
    const target = await freshConfig(dialect, cleanups);
    await expect(restoreBackup({ ...target, backupEncryptionKey: 'Hafen-Zoll-Stempel-43' }, sealedWithPassphrase)).rejects.toThrow(
      'BACKUP_ENCRYPTION_KEY does not open this backup (wrong key)',
    );
    await untouched(target);
    const manifest = await restoreBackup({ ...target, backupEncryptionKey: 'Hafen-Zoll-Stempel-42' }, sealedWithPassphrase);
    expect(manifest.tables.news).toBeGreaterThan(1);
    expect(fs.existsSync(target.sqliteFile)).toBe(true);
  });
});

describe.skipIf(!url)('npm run db:migrate-data (SQLite → empty PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('copies every table, moves the counters on and finds every index', { timeout: 120_000 }, async () => {
    // a company that started on the default: the demo content on SQLite, plus its own news
    const source = { ...(await freshConfig('sqlite', cleanups)), seedDemo: true };
    const built = await prepareApp(source);
    let token = await login(built.app);
    expect((await api(built.app, '/news/saveNewsType', { code: 'mv', name: '迁移类型' }, token)).code).toBe(200);
    expect((await api(built.app, '/news/saveNews', { title: '迁移到 PostgreSQL', type: 'mv', content: '<p>内容</p>' }, token)).code).toBe(
      200,
    );
    const found = (await api(built.app, '/news/getNewsList', { title: 'PostgreSQL', pageNumber: 1, pageSize: 50 }, token)).rows;
    expect(found).toHaveLength(1);
    const before = await everything(built.app);
    await built.app.close();

    const target = await freshConfig('postgres', cleanups);
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const out = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/db-migrate-data.ts', '--to', url!, '--schema', target.databaseSchema!],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), env: { ...process.env, DATA_DIR: source.dataDir } },
    );
    // one line per table with both counts, then the index check
    const news = (before.news as { total: number }).total;
    expect(out.stdout).toContain(`news: ${news} → ${news}`);
    expect(out.stdout).toMatch(/done: \d+ tables copied and counted, \d+ indexes present/);

    // the same database: the same screens (the images stay where they were: same data folder)
    const moved = await prepareApp({ ...target, dataDir: source.dataDir });
    try {
      expect(await everything(moved.app)).toEqual(before);
      token = await login(moved.app);
      // the title search index came along
      expect((await api(moved.app, '/news/getNewsList', { title: 'PostgreSQL', pageNumber: 1, pageSize: 50 }, token)).rows).toEqual(found);
      // the counters moved on: a new record gets the next id, and the kept row count follows it
      const added = await api(moved.app, '/news/saveNews', { title: '之后', type: 'mv' }, token);
      expect(added.code).toBe(200);
      const ids = (before.news as { rows: { id: number }[] }).rows.map((r) => r.id);
      expect(added.data.id).toBeGreaterThan(Math.max(...ids));
      expect((await api(moved.app, '/news/getNewsList', { pageNumber: 1, pageSize: 1 }, token)).total).toBe(news + 1);
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
