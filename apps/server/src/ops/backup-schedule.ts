import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import type { Db } from '../db/index.js';
import { createBackup } from './backup.js';

/** `backup-2026-11-23T02-00-00Z.tar.gz`: sorts by time. */
const BACKUP_FILE = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/**
 * One scheduled backup into BACKUP_DIR, keeping the newest BACKUP_KEEP. With several processes on one
 * PostgreSQL only the one that gets the advisory lock takes it ('skipped' for the others).
 */
export async function runScheduledBackup(ctx: Ctx, db: Db): Promise<{ file: string; removed: string[] } | 'skipped'> {
  const take = async () => {
    const dir = ctx.config.backupDir;
    fs.mkdirSync(dir, { recursive: true });
    const stamp = new Date(ctx.now())
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-');
    const file = path.join(dir, `backup-${stamp}.tar.gz`);
    await createBackup(ctx.config, file, { db, images: ctx.images });
    const all = fs
      .readdirSync(dir)
      .filter((n) => BACKUP_FILE.test(n))
      .sort();
    const removed = all.slice(0, Math.max(0, all.length - Math.max(1, ctx.config.backupKeep)));
    for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
    return { file, removed };
  };
  if (db.dialect !== 'postgres') return take();
  const key = `gk-backup:${ctx.config.databaseSchema ?? 'public'}`;
  return db.db.connection().execute(async (conn) => {
    const got = (await sql<{ ok: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as ok`.execute(conn)).rows[0]?.ok;
    if (!got) return 'skipped' as const;
    try {
      return await take();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}

/** BACKUP_CRON set: backups on that schedule (5 or 6 fields, server time zone TZ_NAME), stopped with the app. */
export async function scheduleBackups(app: FastifyInstance, ctx: Ctx, db: Db): Promise<void> {
  const expr = ctx.config.backupCron;
  if (!expr) return;
  const { Cron } = await import('croner');
  const job = new Cron(expr, { timezone: ctx.config.timeZone, protect: true }, async () => {
    try {
      const r = await runScheduledBackup(ctx, db);
      if (r === 'skipped') app.log.info({ event: 'backup.skipped' }, 'scheduled backup taken by another process');
      else app.log.info({ event: 'backup.done', file: r.file, removed: r.removed.length }, 'scheduled backup written');
    } catch (e) {
      app.log.error({ event: 'backup.failed', err: e }, 'scheduled backup failed');
    }
  });
  app.log.info({ event: 'backup.scheduled', cron: expr, next: job.nextRun()?.toISOString() }, 'backups scheduled');
  app.addHook('onClose', async () => job.stop());
}
