import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import type { Db } from '../db/index.js';
import { createBackup, privateDir } from './backup.js';

/** `backup-2026-11-23T02-00-00Z.tar.gz` (`.tar.gz.age` encrypted): sorts by time. */
const BACKUP_FILE = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz(\.age)?$/;
/** the `sys_setting` row holding the last scheduled time a process claimed (ISO text, compares as time) */
const CLAIM_KEY = 'backup_last_slot';

/**
 * Claims the scheduled time `slot` for this process: exactly one of the processes asking for the same slot
 * gets true. A conditional UPDATE (`value < slot`): on PostgreSQL the second waits for the first's row lock
 * and then finds the value moved; SQLite has one writer.
 */
async function claimSlot(db: Db, slot: string): Promise<boolean> {
  await db.db
    .insertInto('sys_setting')
    .values({ key: CLAIM_KEY, value: '' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const r = await db.db
    .updateTable('sys_setting')
    .set({ value: slot })
    .where('key', '=', CLAIM_KEY)
    .where(sql<boolean>`coalesce(value, '') < ${slot}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * One scheduled backup into BACKUP_DIR, keeping the newest BACKUP_KEEP. `slot` is the scheduled time of
 * this run (the same in every process): with several processes on one database only the one that claims
 * the slot takes the backup ('skipped' for the others). Without a slot (a manual run) the current second.
 */
export async function runScheduledBackup(ctx: Ctx, db: Db, slot?: Date): Promise<{ file: string; removed: string[] } | 'skipped'> {
  const at = new Date(Math.floor((slot ? slot.getTime() : ctx.now()) / 1000) * 1000);
  const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z');
  if (!(await claimSlot(db, stamp))) return 'skipped';
  const dir = ctx.config.backupDir;
  // only the server's user may enter it; a directory it cannot change (another owner, a share without modes)
  // is used as it is: the archives themselves are 0600
  privateDir(dir);
  try {
    fs.chmodSync(dir, 0o700);
  } catch {}
  const file = path.join(dir, `backup-${stamp.replace(/:/g, '-')}.tar.gz${ctx.config.backupEncryptionKey ? '.age' : ''}`);
  await createBackup(ctx.config, file, { db, images: ctx.images });
  const all = fs
    .readdirSync(dir)
    .filter((n) => BACKUP_FILE.test(n))
    .sort();
  const removed = all.slice(0, Math.max(0, all.length - Math.max(1, ctx.config.backupKeep)));
  for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
  return { file, removed };
}

type CronJob = InstanceType<typeof import('croner').Cron>;

/**
 * What a BACKUP_CRON timer does when it fires at `firedAt`: the backup of the time it was scheduled for, not of
 * when the timer fired (late on a busy machine), so every process names the same slot and one of them takes it.
 */
export async function backupTimerFired(app: FastifyInstance, ctx: Ctx, db: Db, job: CronJob, firedAt: Date): Promise<void> {
  const slot = job.previousRuns(1, new Date(firedAt.getTime() + 1))[0] ?? firedAt;
  try {
    const r = await runScheduledBackup(ctx, db, slot);
    if (r === 'skipped') app.log.info({ event: 'backup.skipped', slot }, 'scheduled backup taken by another process');
    else app.log.info({ event: 'backup.done', file: r.file, removed: r.removed.length }, 'scheduled backup written');
  } catch (e) {
    app.log.error({ event: 'backup.failed', err: e }, 'scheduled backup failed');
  }
}

/**
 * BACKUP_CRON set: backups on that schedule (5 or 6 fields, server time zone TZ_NAME), stopped with the app.
 * Answers the job (null without BACKUP_CRON): its timer calls `backupTimerFired` with the time it fired.
 */
export async function scheduleBackups(app: FastifyInstance, ctx: Ctx, db: Db): Promise<CronJob | null> {
  const expr = ctx.config.backupCron;
  if (!expr) return null;
  const { Cron } = await import('croner');
  let running: Promise<void> | null = null;
  const job: CronJob = new Cron(expr, { timezone: ctx.config.timeZone, protect: true, unref: true }, async () => {
    running = backupTimerFired(app, ctx, db, job, new Date());
    await running;
    running = null;
  });
  app.log.info({ event: 'backup.scheduled', cron: expr, next: job.nextRun()?.toISOString() }, 'backups scheduled');
  app.addHook('onClose', async () => {
    job.stop();
    // a backup under way finishes before the database closes
    await running;
  });
  return job;
}
