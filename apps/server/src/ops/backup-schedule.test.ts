import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { openBackup } from './backup.js';
import { runScheduledBackup } from './backup-schedule.js';

describe.each(DIALECTS)('scheduled backups on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-sched-'));
  const backupDir = path.join(dataDir, 'backups');
  const t = useTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'app.db'), backupKeep: 2, backupDir, backupCron: '0 3 * * *' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes a checked archive each time and keeps only the newest BACKUP_KEEP', { timeout: 60_000 }, async () => {
    const files: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runScheduledBackup(t.current.ctx, t.current.db);
      if (r === 'skipped') throw new Error('skipped');
      files.push(path.basename(r.file));
      t.current.advance(2000);
    }
    expect(fs.readdirSync(backupDir).sort()).toEqual(files.slice(1));
    const { dir, manifest } = await openBackup(path.join(backupDir, files[2]));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(manifest.dialect).toBe(dialect);
    expect(manifest.tables.sys_user).toBeGreaterThan(0);
  });

  it.skipIf(dialect !== 'postgres')('is taken by one process only: skipped while another holds the lock', async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      const key = `gk-backup:${t.current.ctx.config.databaseSchema}`;
      expect((await other.query('select pg_try_advisory_lock(hashtext($1)) as ok', [key])).rows[0].ok).toBe(true);
      expect(await runScheduledBackup(t.current.ctx, t.current.db)).toBe('skipped');
      await other.query('select pg_advisory_unlock(hashtext($1))', [key]);
      expect(await runScheduledBackup(t.current.ctx, t.current.db)).not.toBe('skipped');
    } finally {
      await other.end();
    }
  });
});
