import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isImageName } from '@gk/contracts';
import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { type AnyDb, type Db, looseDb, openDb } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { createImageStore, type ImageStore } from '../storage/index.js';

/**
 * One archive (`.tar.gz`) holding the database and every image, with a manifest of SHA-256 checksums:
 * - `database/app.db`: SQLite's online backup (consistent while the server runs), or
 * - `database/<table>.jsonl`: every row of every table of the PostgreSQL schema, read through the driver;
 * - `images/<name>`: every image of the store (local folder or bucket);
 * - `manifest.json`: format, time, dialect, tables with their row counts, files with size and checksum.
 * The archive is written 0600 (it holds password hashes and secrets). With BACKUP_ENCRYPTION_KEY it is
 * encrypted with age (the `age-encryption` package: an `AGE-SECRET-KEY-1…` identity, or a passphrase).
 * Restore refuses before changing anything unless the archive opens with the key, holds only regular files,
 * each listed in the manifest with its size and checksum (and nothing the manifest does not list), and then
 * only fills an empty data directory / database.
 */
export const BACKUP_FORMAT = 'gangkou-backup/1';

/** A restore (or a backup) refused for a reason the operator can act on; the message says which. */
export class BackupRefused extends Error {}

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** an age identity (X25519 or the post-quantum hybrid); anything else in BACKUP_ENCRYPTION_KEY is a passphrase */
const isAgeIdentity = (key: string) => /^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(key);

/** the archive bytes, encrypted to the key (its recipient, or the passphrase through scrypt) */
async function encrypted(key: string, plain: Readable): Promise<Readable> {
  const age = await import('age-encryption');
  const e = new age.Encrypter();
  if (isAgeIdentity(key)) e.addRecipient(await age.identityToRecipient(key));
  else e.setPassphrase(key);
  const out = await e.encrypt(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(out as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
}

/** the decrypted bytes of an age file; a key that does not open it is refused before anything is read further */
async function decrypted(key: string, file: string): Promise<Readable> {
  const age = await import('age-encryption');
  const d = new age.Decrypter();
  if (isAgeIdentity(key)) d.addIdentity(key);
  else d.addPassphrase(key);
  try {
    const out = await d.decrypt(Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
    return Readable.fromWeb(out as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (/no identity matched/i.test(why)) throw new BackupRefused(`${file}: BACKUP_ENCRYPTION_KEY does not open this backup (wrong key)`);
    throw new BackupRefused(`${file}: the encrypted backup's header is damaged (${why})`);
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Creates a directory (and its parents) that only the server's user can enter, for backups. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}
export interface Manifest {
  format: string;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  tables: Record<string, number>;
  images: number;
  files: ManifestFile[];
}

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The application's tables (PostgreSQL: of the configured schema), without Kysely's bookkeeping. */
export async function tablesOf(db: AnyDb, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  return rows
    .map((r) => r.name)
    .filter((n) => !MIGRATION_TABLES.has(n))
    .sort();
}

/** Every row of a table, in id order when it has one. */
export async function rowsOf(db: AnyDb, table: string): Promise<Record<string, unknown>[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
}

async function readAll(store: ImageStore, name: string): Promise<Buffer | null> {
  const img = await store.get(name);
  if (!img) return null;
  const chunks: Buffer[] = [];
  for await (const c of img.body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Writes the archive to `out`; returns its manifest. */
export async function createBackup(config: AppConfig, out: string, opened?: { db: Db; images: ImageStore }): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-backup-'));
  const db = opened?.db ?? (await openDb(config));
  const images = opened?.images ?? createImageStore(config);
  try {
    fs.mkdirSync(path.join(work, 'database'));
    fs.mkdirSync(path.join(work, 'images'));
    const tables: Record<string, number> = {};
    if (db.dialect === 'sqlite') {
      const { default: SQLite } = await import('better-sqlite3');
      const copy = path.join(work, 'database', 'app.db');
      const source = new SQLite(config.sqliteFile, { readonly: true });
      try {
        await source.backup(copy);
      } finally {
        source.close();
      }
      // the counts of the copy itself (rows written meanwhile are in neither)
      const written = new SQLite(copy, { readonly: true });
      try {
        const names = (
          written.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as { name: string }[]
        )
          .map((r) => r.name)
          .filter((n) => !MIGRATION_TABLES.has(n))
          .sort();
        for (const t of names)
          tables[t] = Number((written.prepare(`select count(*) as n from "${t.replace(/"/g, '""')}"`).get() as { n: number }).n);
      } finally {
        written.close();
      }
    } else {
      // one snapshot of every table: a save committed while the backup runs is in all of them or in none
      await db.db.connection().execute(async (conn) => {
        await sql`begin isolation level repeatable read read only`.execute(conn);
        try {
          for (const t of await tablesOf(conn, 'postgres')) {
            const rows = await rowsOf(conn, t);
            tables[t] = rows.length;
            fs.writeFileSync(
              path.join(work, 'database', `${t}.jsonl`),
              rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''),
            );
          }
        } finally {
          await sql`commit`.execute(conn);
        }
      });
    }
    let count = 0;
    for (const e of await images.list()) {
      const bytes = await readAll(images, e.name);
      if (!bytes) continue;
      fs.writeFileSync(path.join(work, 'images', e.name), bytes);
      count++;
    }
    const files: ManifestFile[] = [];
    for (const dir of ['database', 'images']) {
      for (const name of fs.readdirSync(path.join(work, dir)).sort()) {
        const file = path.join(work, dir, name);
        files.push({ path: `${dir}/${name}`, size: fs.statSync(file).size, sha256: await sha256File(file) });
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      dialect: db.dialect,
      tables,
      images: count,
      files,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const tar = await import('tar');
    const parent = path.dirname(path.resolve(out));
    if (!fs.existsSync(parent)) privateDir(parent);
    const tmp = `${out}.partial`;
    // readable by the server's user only, from its first byte (a leftover partial file is replaced, not reused)
    fs.rmSync(tmp, { force: true });
    const sink = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
    try {
      const archive = Readable.from(tar.create({ gzip: true, cwd: work, portable: true }, ['manifest.json', 'database', 'images']));
      const key = config.backupEncryptionKey;
      await pipeline(key ? await encrypted(key, archive) : archive, sink);
      fs.chmodSync(tmp, 0o600);
      fs.renameSync(tmp, out);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
    return manifest;
  } finally {
    if (!opened) await db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface OpenOptions {
  /** BACKUP_ENCRYPTION_KEY: opens an encrypted backup; with it, a plain archive is refused unless `allowUnencrypted` */
  key?: string | null;
  /** restore a plain archive although a key is set (one made before encryption was turned on) */
  allowUnencrypted?: boolean;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** SQLite's side files of the copy (opening it read-only in WAL mode leaves them; a restore does not use them) */
const SQLITE_SIDE_FILES = new Set(['database/app.db-shm', 'database/app.db-wal']);
/** a path an archive may hold: the database (`app.db` or a table's rows) or a content-hash image name */
const isPartPath = (p: string) =>
  p === 'database/app.db' ||
  SQLITE_SIDE_FILES.has(p) ||
  (p.startsWith('database/') && p.endsWith('.jsonl') && TABLE_NAME.test(p.slice('database/'.length, -'.jsonl'.length))) ||
  (p.startsWith('images/') && isImageName(p.slice('images/'.length)));

/** every regular file under `dir`, as archive paths (`database/app.db`) */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

/** The manifest of an unpacked archive, refused unless it describes exactly the files there, each intact. */
async function checkedManifest(file: string, dir: string): Promise<Manifest> {
  const refuse = (why: string) => new BackupRefused(`${file}: ${why}`);
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw refuse('not a backup (no manifest.json)');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    throw refuse('manifest.json is not valid JSON');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw refuse(`unknown backup format ${String(manifest?.format)}`);
  if (manifest.dialect !== 'sqlite' && manifest.dialect !== 'postgres') throw refuse(`unknown database kind ${String(manifest.dialect)}`);
  if (!Array.isArray(manifest.files) || !manifest.tables || typeof manifest.tables !== 'object')
    throw refuse('the manifest lists no files');
  const listed = new Map<string, ManifestFile>();
  for (const f of manifest.files) {
    if (typeof f?.path !== 'string' || !isPartPath(f.path))
      throw refuse(`the manifest names a file a backup does not hold: ${String(f?.path).slice(0, 200)}`);
    if (listed.has(f.path)) throw refuse(`the manifest lists ${f.path} twice`);
    listed.set(f.path, f);
  }
  // the database part the manifest's kind needs, and for PostgreSQL one file per table and a table per file
  const tables = Object.keys(manifest.tables);
  const bad = tables.find((t) => !TABLE_NAME.test(t));
  if (bad) throw refuse(`the manifest names a table that cannot exist: ${bad.slice(0, 100)}`);
  const dbFiles = [...listed.keys()].filter(
    (p) => p.startsWith('database/') && !(manifest.dialect === 'sqlite' && SQLITE_SIDE_FILES.has(p)),
  );
  const wanted = manifest.dialect === 'sqlite' ? ['database/app.db'] : tables.map((t) => `database/${t}.jsonl`);
  if (wanted.sort().join('\n') !== dbFiles.sort().join('\n')) throw refuse("the manifest's tables and database files do not match");
  if (manifest.images !== [...listed.keys()].filter((p) => p.startsWith('images/')).length)
    throw refuse("the manifest's image count does not match its files");
  // exactly the listed files, nothing more, each of its size and checksum
  const present = filesUnder(dir).filter((p) => p !== 'manifest.json');
  const extra = present.find((p) => !listed.has(p));
  if (extra) throw refuse(`${extra.slice(0, 200)} is not listed in the manifest`);
  for (const f of listed.values()) {
    const p = path.join(dir, f.path);
    if (!fs.existsSync(p) || fs.statSync(p).size !== f.size || (await sha256File(p)) !== f.sha256)
      throw refuse(`${f.path} is missing or damaged (checksum differs)`);
  }
  return manifest;
}

/**
 * Unpacks an archive (decrypting it with the key when it is encrypted) into a private temporary directory and
 * checks it (`checkedManifest`); the caller removes `dir`. Refuses with `BackupRefused`, changing nothing.
 */
export async function openBackup(file: string, opts: OpenOptions = {}): Promise<{ dir: string; manifest: Manifest; encrypted: boolean }> {
  const key = opts.key ?? null;
  if (!fs.existsSync(file)) throw new BackupRefused(`${file}: no such file`);
  const head = Buffer.alloc(AGE_MAGIC.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  const isEncrypted = head.equals(AGE_MAGIC);
  if (!isEncrypted && !head.subarray(0, 2).equals(GZIP_MAGIC))
    throw new BackupRefused(`${file}: not a backup (neither a .tar.gz nor age-encrypted)`);
  if (isEncrypted && !key)
    throw new BackupRefused(`${file}: this backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with`);
  if (!isEncrypted && key && !opts.allowUnencrypted)
    throw new BackupRefused(
      `${file}: this backup is not encrypted although BACKUP_ENCRYPTION_KEY is set, so nothing proves who wrote it; ` +
        'if you trust it (a backup from before encryption was turned on), restore it with --allow-unencrypted',
    );
  const source = isEncrypted ? await decrypted(key!, file) : fs.createReadStream(file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-restore-'));
  try {
    const tar = await import('tar');
    // regular files and folders only: a link in an archive could make the restore read or write elsewhere
    const odd: string[] = [];
    try {
      await pipeline(
        source,
        tar.extract({
          cwd: dir,
          strict: true,
          filter: (p, entry) => {
            const type = 'type' in entry ? entry.type : 'File';
            if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
            odd.push(`${p} (${type})`);
            return false;
          },
        }),
      );
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new BackupRefused(
        isEncrypted
          ? `${file}: the encrypted backup is damaged or was altered (${why})`
          : `${file}: the archive cannot be read, damaged or not a backup (${why})`,
      );
    }
    if (odd.length) throw new BackupRefused(`${file}: holds entries that are not regular files: ${odd.slice(0, 5).join(', ')}`);
    return { dir, manifest: await checkedManifest(file, dir), encrypted: isEncrypted };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Loads rows into the tables of an empty, migrated PostgreSQL schema: triggers off while loading (the row
 * counts come with the data), id sequences moved past the highest id. Used by restore and db:migrate-data.
 */
export async function loadIntoPostgres(db: AnyDb, data: Map<string, Record<string, unknown>[]>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await sql`set local session_replication_role = replica`.execute(conn);
      const present = new Set(await tablesOf(conn, 'postgres'));
      for (const t of present) await sql`delete from ${sql.table(t)}`.execute(conn);
      for (const [t, rows] of data) {
        if (!present.has(t)) throw new Error(`table ${t} of the source does not exist in the target`);
        for (let i = 0; i < rows.length; i += 500)
          await looseDb(conn)
            .insertInto(t)
            .values(rows.slice(i, i + 500))
            .execute();
      }
      // (a failed statement would abort the transaction, and COMMIT would quietly roll it back: ask first)
      const withId = await sql<{
        t: string;
      }>`select table_name as t from information_schema.columns where table_schema = current_schema() and column_name = 'id'`.execute(conn);
      for (const { t } of withId.rows) {
        if (!present.has(t)) continue;
        const seq = (await sql<{ s: string | null }>`select pg_get_serial_sequence(${t}, 'id') as s`.execute(conn)).rows[0]?.s;
        if (seq) await sql`select setval(${seq}, coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(conn);
      }
      await sql`commit`.execute(conn);
    } catch (e) {
      await sql`rollback`.execute(conn);
      throw e;
    }
  });
}

/**
 * Restores an archive into an empty data directory (SQLite) or an empty database (PostgreSQL), and its images;
 * an encrypted one with BACKUP_ENCRYPTION_KEY. Everything is checked before anything is written.
 */
export async function restoreBackup(config: AppConfig, file: string, opts: { allowUnencrypted?: boolean } = {}): Promise<Manifest> {
  const { dir, manifest } = await openBackup(file, { key: config.backupEncryptionKey, allowUnencrypted: opts.allowUnencrypted });
  try {
    if (config.databaseUrl) {
      const db = await openDb(config);
      try {
        if ((await tablesOf(db.db, 'postgres')).length)
          throw new Error('the target database is not empty: restore only fills an empty one');
        await migrate(db.db, 'postgres', config.databaseSchema);
        const data = new Map<string, Record<string, unknown>[]>();
        if (manifest.dialect === 'postgres') {
          for (const t of Object.keys(manifest.tables)) {
            const text = fs.readFileSync(path.join(dir, 'database', `${t}.jsonl`), 'utf8');
            data.set(
              t,
              text
                .split('\n')
                .filter(Boolean)
                .map((l) => JSON.parse(l)),
            );
          }
        } else {
          const { default: SQLite } = await import('better-sqlite3');
          const src = new SQLite(path.join(dir, 'database', 'app.db'), { readonly: true });
          try {
            for (const t of Object.keys(manifest.tables))
              data.set(t, src.prepare(`select * from "${t.replace(/"/g, '""')}"`).all() as Record<string, unknown>[]);
          } finally {
            src.close();
          }
        }
        await loadIntoPostgres(db.db, data);
      } finally {
        await db.close();
      }
    } else {
      if (manifest.dialect !== 'sqlite')
        throw new Error('a PostgreSQL backup restores into PostgreSQL: set DATABASE_URL (or use npm run db:migrate-data)');
      if (fs.existsSync(config.sqliteFile)) throw new Error(`${config.sqliteFile} exists: restore only fills an empty data directory`);
      fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
      fs.copyFileSync(path.join(dir, 'database', 'app.db'), config.sqliteFile);
    }
    const images = createImageStore(config);
    const { IMAGE_CONTENT_TYPES } = await import('@gk/contracts');
    for (const f of manifest.files.filter((x) => x.path.startsWith('images/'))) {
      const name = f.path.slice('images/'.length);
      const ext = name.slice(name.lastIndexOf('.') + 1);
      await images.put(name, fs.readFileSync(path.join(dir, 'images', name)), IMAGE_CONTENT_TYPES[ext]);
    }
    await images.close?.();
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface MigrateDataReport {
  tables: Record<string, { source: number; target: number }>;
  indexes: number;
}

/**
 * `npm run db:migrate-data -- --to postgres://…`: copies the embedded SQLite database (DATA_DIR/app.db) into
 * an empty PostgreSQL database: the schema by the migrations, then every row of every table, the id
 * counters moved past the highest ids; then checks every table's row count and that the indexes exist.
 */
export async function migrateData(config: AppConfig, toUrl: string, toSchema: string | null = null): Promise<MigrateDataReport> {
  if (!fs.existsSync(config.sqliteFile)) throw new Error(`${config.sqliteFile} does not exist: nothing to copy`);
  const { default: SQLite } = await import('better-sqlite3');
  const src = new SQLite(config.sqliteFile, { readonly: true });
  const target = await openDb({ ...config, databaseUrl: toUrl, databaseSchema: toSchema });
  try {
    if ((await tablesOf(target.db, 'postgres')).length)
      throw new Error('the target database is not empty: db:migrate-data only fills an empty one');
    const sourceTables = (
      src.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as { name: string }[]
    )
      .map((r) => r.name)
      .filter((n) => !MIGRATION_TABLES.has(n))
      .sort();
    const data = new Map<string, Record<string, unknown>[]>();
    for (const t of sourceTables) data.set(t, src.prepare(`select * from "${t.replace(/"/g, '""')}"`).all() as Record<string, unknown>[]);
    await migrate(target.db, 'postgres', toSchema);
    await loadIntoPostgres(target.db, data);
    const tables: MigrateDataReport['tables'] = {};
    for (const [t, rows] of data) {
      const n = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(target.db)).rows[0].n);
      tables[t] = { source: rows.length, target: n };
      if (n !== rows.length) throw new Error(`table ${t}: ${rows.length} rows in SQLite but ${n} in PostgreSQL`);
    }
    const sourceIndexes = (
      src.prepare(`select name from sqlite_master where type = 'index' and name not like 'sqlite_%'`).all() as { name: string }[]
    ).map((r) => r.name);
    const targetIndexes = new Set(
      (
        await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(target.db)
      ).rows.map((r) => r.name),
    );
    const missing = sourceIndexes.filter((n) => !targetIndexes.has(n));
    if (missing.length) throw new Error(`indexes missing in PostgreSQL: ${missing.join(', ')}`);
    return { tables, indexes: targetIndexes.size };
  } finally {
    src.close();
    await target.close();
  }
}
