import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.js';
import { formatDateTime } from '../db/time.js';
import { prepareApp } from '../prepare.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { openBackup } from './backup.js';
import { backupTimerFired, runScheduledBackup, scheduleBackups } from './backup-schedule.js';

describe.each(DIALECTS)('scheduled backups on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-sched-'));
  const backupDir = path.join(dataDir, 'backups');
  const t = useTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'app.db'), backupKeep: 2, backupDir });
  const others: BuiltApp[] = [];
  afterAll(async () => {
    for (const o of others) await o.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // each test starts with no scheduled time claimed (claims only move forward: one test's must not skip another's)
  beforeEach(async () => {
    await t.current.db.db.deleteFrom('sys_setting').where('key', '=', 'backup_last_slot').execute();
  });

  /** a second server on the same database (another process would be the same: state is in the database) */
  const another = async (overrides: Record<string, unknown>) => {
    const o = await prepareApp({ ...t.current.ctx.config, ...overrides });
    others.push(o);
    return o;
  };

  it('writes a checked archive each time and keeps only the newest BACKUP_KEEP', { timeout: 60_000 }, async () => {
    // a folder of its own (other tests back up into the server's), made by hand, readable by everyone: the backups
    // make it private
    const keepDir = path.join(dataDir, 'keep');
    const ctx = { ...t.current.ctx, config: { ...t.current.ctx.config, backupDir: keepDir } };
    fs.mkdirSync(keepDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(keepDir, 0o755);
    const files: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runScheduledBackup(ctx, t.current.db);
      if (r === 'skipped') throw new Error('skipped');
      files.push(path.basename(r.file));
      t.current.advance(2000);
    }
    expect(fs.readdirSync(keepDir).sort()).toEqual(files.slice(1));
    expect(fs.statSync(keepDir).mode & 0o777).toBe(0o700);
    for (const f of files.slice(1)) expect(fs.statSync(path.join(keepDir, f)).mode & 0o777).toBe(0o600);
    const { dir, manifest } = await openBackup(path.join(keepDir, files[2]));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(manifest.dialect).toBe(dialect);
    expect(manifest.tables.sys_user).toBeGreaterThan(0);
  });

  it('BACKUP_ENCRYPTION_KEY: scheduled backups are encrypted (.tar.gz.age), kept by the same rule, opened with the key', {
    timeout: 60_000,
  }, async () => {
    const { generateX25519Identity } = await import('age-encryption');
    const key = await generateX25519Identity();
    const sealedDir = path.join(dataDir, 'sealed');
    const ctx = { ...t.current.ctx, config: { ...t.current.ctx.config, backupDir: sealedDir, backupEncryptionKey: key } };
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runScheduledBackup(ctx, t.current.db, new Date(Date.now() + 60_000 + i * 1000));
      if (r === 'skipped') throw new Error('skipped');
      names.push(path.basename(r.file));
    }
    for (const n of names) expect(n).toMatch(/^backup-.*Z\.tar\.gz\.age$/);
    expect(fs.readdirSync(sealedDir).sort()).toEqual(names.slice(1));
    await expect(openBackup(path.join(sealedDir, names[2]))).rejects.toThrow('this backup is encrypted');
    const { dir, manifest, encrypted } = await openBackup(path.join(sealedDir, names[2]), { key });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(encrypted).toBe(true);
    expect(manifest.tables.sys_user).toBeGreaterThan(0);
  });

  it('one scheduled time is taken by one server only, however many ask for it', { timeout: 60_000 }, async () => {
    const other = await another({ backupDir: path.join(dataDir, 'other') });
    const slot = new Date(Date.now() + 3_600_000);
    const both = await Promise.all([runScheduledBackup(t.current.ctx, t.current.db, slot), runScheduledBackup(other.ctx, other.db, slot)]);
    expect(both.filter((r) => r === 'skipped')).toHaveLength(1);
    // a server whose timer fired late, after the other finished, still finds the time taken
    expect(await runScheduledBackup(other.ctx, other.db, slot)).toBe('skipped');
    // the next scheduled time is free again
    const next = await runScheduledBackup(other.ctx, other.db, new Date(slot.getTime() + 60_000));
    expect(next).not.toBe('skipped');
  });

  it('BACKUP_CRON: two servers on one database, each scheduled time backed up once, also when a timer fires late', {
    timeout: 60_000,
  }, async () => {
    const dirs = [path.join(dataDir, 'cron-a'), path.join(dataDir, 'cron-b')];
    const a = await another({ backupDir: dirs[0], backupKeep: 100 });
    const b = await another({ backupDir: dirs[1], backupKeep: 100 });
    const { Cron } = await import('croner');
    // the schedule's arithmetic alone (a paused job): the test fires both servers' timers itself, no real clock
    const job = new Cron('*/2 * * * * *', { paused: true, timezone: a.ctx.config.timeZone });
    // on an even second, ahead of now
    const first = Math.ceil((Date.now() + 3_600_000) / 2000) * 2000;
    const slots = [first, first + 2000, first + 4000];
    for (const slot of slots) {
      // a's timer fires on time, b's 1.7 s late (a busy machine): the same scheduled time for both
      await Promise.all([
        backupTimerFired(a.app, a.ctx, a.db, job, new Date(slot + 3)),
        backupTimerFired(b.app, b.ctx, b.db, job, new Date(slot + 1700)),
      ]);
    }
    // and a's timer, very late for the last slot after b took it, still finds it taken
    await backupTimerFired(a.app, a.ctx, a.db, job, new Date(slots[2] + 1900));
    const names = dirs.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d) : []));
    const stamp = (ms: number) =>
      `backup-${new Date(ms)
        .toISOString()
        .replace(/\.\d+Z$/, 'Z')
        .replace(/:/g, '-')}.tar.gz`;
    expect(names.sort()).toEqual(slots.map(stamp));
  });

  it('BACKUP_CRON is read in the server time zone, and closing the app stops the job', async () => {
    const o = await another({ backupCron: '0 30 2 * * *', backupDir: path.join(dataDir, 'cron-c') });
    // the next run is after the schedule was made (by now it may have come, at 02:30 on a slow machine)
    const scheduled = Date.now();
    const job = await scheduleBackups(o.app, o.ctx, o.db);
    expect(job).not.toBeNull();
    const next = job!.nextRun()!;
    expect(next.getTime()).toBeGreaterThan(scheduled);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(formatDateTime(next, 'Asia/Shanghai').slice(11)).toBe('02:30:00');
    await o.app.close();
    others.splice(others.indexOf(o), 1);
    expect(job!.isStopped()).toBe(true);
    expect(await scheduleBackups(o.app, { ...o.ctx, config: { ...o.ctx.config, backupCron: '' } }, o.db)).toBeNull();
  });
});
