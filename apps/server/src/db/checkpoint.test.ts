import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../config.js';
import { CHECKPOINT_ROWS, startCheckpointer } from './checkpoint.js';
import { checkpointers, type Db, openDb } from './index.js';

/**
 * A SQLite file database checkpoints its WAL on a thread of its own (checkpoint.ts): the server's connection never
 * does (a commit past 1,000 pages would copy and sync them inside that request), and goes back to doing so only if
 * the thread fails.
 */
describe('SQLite checkpoints off the event loop', () => {
  let dir = '';
  let opened: Db | null = null;
  afterEach(async () => {
    await opened?.close();
    opened = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-ckpt-'));
    const file = path.join(dir, 'app.db');
    opened = await openDb(testConfig({ sqliteFile: file }));
    await sql`create table t (id integer primary key, body text not null)`.execute(opened.db);
    return { db: opened.db, file };
  };
  const setting = async (db: Db['db']) => Number(Object.values((await sql`pragma wal_autocheckpoint`.execute(db)).rows[0] as object)[0]);
  /** rows of 1 KB, 100 a transaction */
  const write = async (db: Db['db'], n: number) => {
    for (let i = 0; i < n; i += 100)
      await db.transaction().execute(async (trx) => {
        for (let k = 0; k < 100; k++) await sql`insert into t (body) values (${'港'.repeat(340)})`.execute(trx);
      });
  };

  it('the connection never checkpoints; past CHECKPOINT_ROWS rows the thread copies the WAL into the file', async () => {
    const { db, file } = await open();
    const cp = checkpointers.get(db)!;
    expect(cp).toBeDefined();
    expect(await setting(db)).toBe(0);
    expect(cp.worker).toBeNull();
    const before = fs.statSync(file).size;
    await write(db, CHECKPOINT_ROWS + 100);
    // the thread ran (started by the writes) and the rows' pages are in the database file, not only in the WAL
    await vi.waitFor(() => expect(cp.runs).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    expect(fs.statSync(file).size).toBeGreaterThan(before + CHECKPOINT_ROWS * 1000);
    expect(cp.fallback).toBe(false);
    // the data reads back through the server's connection
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(Number(count.rows[0].n)).toBe(CHECKPOINT_ROWS + 100);
  });

  it('a thread that fails hands checkpoints back to the connection (1,000 pages), and writes go on', async () => {
    const { db } = await open();
    const cp = checkpointers.get(db)!;
    await write(db, CHECKPOINT_ROWS);
    await vi.waitFor(() => expect(cp.worker).not.toBeNull(), { timeout: 20_000, interval: 20 });
    await cp.worker!.terminate();
    await vi.waitFor(() => expect(cp.fallback).toBe(true), { timeout: 20_000, interval: 20 });
    expect(await setting(db)).toBe(1000);
    await write(db, 100);
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(Number(count.rows[0].n)).toBe(CHECKPOINT_ROWS + 100);
  });

  it('past RESET_FRAMES in the WAL, the connection finishes a pass after a commit and the WAL starts over', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-ckpt-'));
    const file = path.join(dir, 'raw.db');
    const raw = new SQLite(file);
    raw.pragma('journal_mode = WAL');
    raw.exec('create table t (id integer primary key, body text not null)');
    const cp = startCheckpointer(raw, file, undefined, { rows: 50, resetFrames: 200 });
    const insert = raw.prepare('insert into t (body) values (?)');
    const frames = () => (raw.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0].log;
    try {
      // 300 rows of 4 KB, in transactions of 10: more than 200 frames in the WAL while the thread copies
      for (let i = 0; i < 30; i++) {
        raw.exec('begin');
        for (let k = 0; k < 10; k++) cp.wrote(insert.run('关'.repeat(1400)).changes, false);
        raw.exec('commit');
        cp.wrote(0, true);
      }
      await vi.waitFor(() => expect(cp.runs).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
      // the thread's report says the WAL is past the mark: the next commit finishes the pass
      await vi.waitFor(
        () => {
          raw.exec('begin');
          cp.wrote(insert.run('x').changes, false);
          raw.exec('commit');
          cp.wrote(0, true);
          expect(cp.resets).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 20 },
      );
      // one more write starts the WAL over: it holds that write's frames only
      raw.exec('begin');
      insert.run('y');
      raw.exec('commit');
      expect(frames()).toBeLessThan(10);
    } finally {
      cp.close();
      raw.close();
    }
  });

  it('an in-memory database has no thread', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-ckpt-'));
    opened = await openDb(testConfig({ sqliteFile: ':memory:' }));
    expect(checkpointers.get(opened.db)).toBeUndefined();
  });
});
