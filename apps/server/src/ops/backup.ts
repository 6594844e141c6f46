import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * Restore checks every checksum first and only fills an empty data directory / database.
 */
export const BACKUP_FORMAT = 'gangkou-backup/1';

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

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
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
        files.push({ path: `${dir}/${name}`, size: fs.statSync(file).size, sha256: sha256(file) });
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
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const tmp = `${out}.partial`;
    await tar.create({ gzip: true, file: tmp, cwd: work, portable: true }, ['manifest.json', 'database', 'images']);
    fs.renameSync(tmp, out);
    return manifest;
  } finally {
    if (!opened) await db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Unpacks an archive and checks its manifest and every checksum; the caller removes `dir`. */
export async function openBackup(file: string): Promise<{ dir: string; manifest: Manifest }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-restore-'));
  const tar = await import('tar');
  await tar.extract({ file, cwd: dir, strict: true });
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${file}: not a backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file}: unknown backup format ${manifest.format}`);
  for (const f of manifest.files) {
    const p = path.join(dir, f.path);
    if (!fs.existsSync(p) || sha256(p) !== f.sha256) throw new Error(`${file}: ${f.path} is missing or damaged (checksum differs)`);
  }
  return { dir, manifest };
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

/** Restores an archive into an empty data directory (SQLite) or an empty database (PostgreSQL), and its images. */
export async function restoreBackup(config: AppConfig, file: string): Promise<Manifest> {
  const { dir, manifest } = await openBackup(file);
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
    for (const name of fs.readdirSync(path.join(dir, 'images'))) {
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
