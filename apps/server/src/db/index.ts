import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config.js';
import { type Checkpointer, startCheckpointer } from './checkpoint.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database or a transaction of it (a Transaction is a Kysely): what a query helper runs in. */
export type AnyDb = Kysely<Database>;

/**
 * Tables named at run time (the generic resource machinery reads a table named by a resource
 * description; image references walk a list of columns): any table, any column, values `unknown`.
 */
export type LooseTables = Record<string, Record<string, unknown>>;

/** whether this database (or transaction) is PostgreSQL's, for code that is handed a database and not the app's context */
export const onPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The same database (or transaction) seen through `LooseTables`, for queries on tables named at run time. */
export function looseDb(db: AnyDb): Kysely<LooseTables> {
  return db as unknown as Kysely<LooseTables>;
}

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL connection pool counts (GET /metrics); absent on SQLite (one connection) */
  pool?: () => { total: number; idle: number; waiting: number };
}

/**
 * SQLite answers a read synchronously; outside a transaction the hot reads (db/shapes.ts) run their kept
 * statement at once instead of through Kysely's connection queue. null: read through Kysely.
 */
export type DirectRead = (text: string, params: readonly unknown[]) => Record<string, unknown>[] | null;
export const directReads = new WeakMap<object, DirectRead>();
/** a SQLite file database's checkpoint thread (checkpoint.ts), by its Kysely instance */
export const checkpointers = new WeakMap<object, Checkpointer>();

/** Opens the configured database; the PostgreSQL driver loads only when a DATABASE_URL asks for it. */
export async function openDb(config: AppConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    // int8 (count(*), bigint columns) as numbers: our values stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    // numeric (sort numbers) as numbers
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (config.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${Math.round(config.sqliteCacheMb * 1024)}`);
  // the WAL's checkpoints on a thread of their own (checkpoint.ts), fed the rows each write changed
  const checkpoints =
    config.sqliteFile === ':memory:'
      ? null
      : startCheckpointer(sqlite, config.sqliteFile, (err) =>
          process.emitWarning(`SQLite checkpoints are back on the server's connection: ${String(err)}`),
        );
  const counted = (stmt: SQLite.Statement): SQLite.Statement =>
    !checkpoints || stmt.reader
      ? stmt
      : ({
          reader: false,
          run: (...params: unknown[]) => {
            const r = stmt.run(...params);
            checkpoints.wrote(r.changes, !sqlite.inTransaction);
            return r;
          },
        } as unknown as SQLite.Statement);
  // Kysely prepares every query anew; the same few hundred SQL texts repeat, so keep their statements.
  const statements = new Map<string, SQLite.Statement>();
  const statement = (text: string) => {
    let stmt = statements.get(text);
    if (!stmt) {
      if (statements.size >= 1000) statements.clear();
      stmt = counted(sqlite.prepare(text));
      statements.set(text, stmt);
    }
    return stmt;
  };
  const database = {
    close: () => {
      checkpoints?.close();
      sqlite.close();
    },
    prepare: statement,
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  if (checkpoints) checkpointers.set(db, checkpoints);
  directReads.set(db, (text, params) => {
    // inside another request's transaction the read waits for it through Kysely (no uncommitted rows)
    if (sqlite.inTransaction) return null;
    const stmt = statement(text);
    return stmt.reader ? (stmt.all(params) as Record<string, unknown>[]) : null;
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
