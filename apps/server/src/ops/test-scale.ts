import type { S3Settings } from '../storage/s3.js';

/**
 * Test helper: the settings every process of a many-process deployment gets — one PostgreSQL, one
 * S3-compatible bucket, one proxy hop in front, scheduled backups into one shared directory. The
 * two-process test starts its processes with exactly these, and `compose.test.ts` checks that compose.yaml's
 * app services set every one of them (with the compose values: postgres, minio, /backups).
 */
export function scaleOutEnv(p: { databaseUrl: string; s3: S3Settings; backupDir: string; backupCron: string }): Record<string, string> {
  return {
    DATABASE_URL: p.databaseUrl,
    S3_ENDPOINT: p.s3.endpoint ?? '',
    S3_BUCKET: p.s3.bucket,
    S3_REGION: p.s3.region,
    S3_ACCESS_KEY_ID: p.s3.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: p.s3.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: p.s3.forcePathStyle ? '1' : '0',
    TRUST_PROXY: '1',
    BACKUP_CRON: p.backupCron,
    BACKUP_DIR: p.backupDir,
  };
}
