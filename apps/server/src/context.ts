import type { ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from './config.js';
import type { Dialect } from './db/index.js';
import type { Database } from './db/schema.js';
import { formatDateTime } from './db/time.js';
import { createImageStore, type ImageStore } from './storage/index.js';

/**
 * One write of one record, as every write of the generic resource machinery reports it, inside the writing
 * transaction (so a listener's own rows commit or roll back with the write). `before` / `after` are the
 * record as its get endpoint answers it (null when it did not / no longer exists). `req` is absent for
 * writes made at start-up (seeds).
 */
export interface WriteEvent {
  resource: ResourceDef;
  action: 'create' | 'update' | 'delete' | 'toggle';
  id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** for a delete: the table row as it was stored (column names), so it can be put back */
  row?: Record<string, unknown>;
  req?: FastifyRequest;
  trx: Transaction<Database>;
}
export type WriteListener = (event: WriteEvent) => Promise<void> | void;

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
  /** listen to every write of every resource (operation log, revisions, recycle bin, webhooks) */
  onWrite(listener: WriteListener): void;
  /** the listeners, in registration order (the resource machinery calls them) */
  readonly writeListeners: readonly WriteListener[];
}

export function makeCtx(
  config: AppConfig,
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number = Date.now,
  images: ImageStore = createImageStore(config),
): Ctx {
  const writeListeners: WriteListener[] = [];
  return {
    config,
    db,
    dialect,
    images,
    now: clock,
    nowText: () => formatDateTime(new Date(clock()), config.timeZone),
    onWrite: (listener) => {
      writeListeners.push(listener);
    },
    writeListeners,
  };
}
