import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Dialect } from './db/index.js';
import type { Database } from './db/schema.js';
import { formatDateTime } from './http/time.js';
import { createImageStore, type ImageStore } from './storage/index.js';

/** What every module gets: configuration, the database, the image store and a clock. */
export interface Ctx {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  /** uploaded images (local directory; S3-compatible later) */
  images: ImageStore;
  /** epoch ms; tests may move it */
  now(): number;
  /** `YYYY-MM-DD HH:mm:ss` of now in the configured time zone */
  nowText(): string;
}

export function makeCtx(
  config: AppConfig,
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number = Date.now,
  images: ImageStore = createImageStore(config),
): Ctx {
  return {
    config,
    db,
    dialect,
    images,
    now: clock,
    nowText: () => formatDateTime(new Date(clock()), config.timeZone),
  };
}
