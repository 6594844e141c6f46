import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv, testConfig } from '../config.js';
import { openDb } from './index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** SQLite's `cache_size` of the server's connection: negative is KiB */
async function cacheSize(mb: number | undefined): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-cache-'));
  dirs.push(dir);
  const config = testConfig({ sqliteFile: path.join(dir, 'app.db'), ...(mb === undefined ? {} : { sqliteCacheMb: mb }) });
  const opened = await openDb(config);
  try {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(opened.db);
    return Number(rows[0].cache_size);
  } finally {
    await opened.close();
  }
}

describe('SQLITE_CACHE_MB: the page cache of the server connection', () => {
  it('is 4 MB unless set (better-sqlite3 would give 16 MB), and follows the setting', async () => {
    expect(configFromEnv({}).sqliteCacheMb).toBe(4);
    expect(await cacheSize(undefined)).toBe(-4096);
    expect(configFromEnv({ SQLITE_CACHE_MB: '32' }).sqliteCacheMb).toBe(32);
    expect(await cacheSize(32)).toBe(-32768);
  });

  it('takes no less than 1 MB, and keeps its default for a value that is no number', () => {
    expect(configFromEnv({ SQLITE_CACHE_MB: '0' }).sqliteCacheMb).toBe(1);
    expect(configFromEnv({ SQLITE_CACHE_MB: 'lots' }).sqliteCacheMb).toBe(4);
  });
});
