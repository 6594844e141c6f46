import type { ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from './config.js';
import type { Dialect } from './db/index.js';
import type { Database } from './db/schema.js';
import { formatDateTime } from './db/time.js';
import { createImageStore, type ImageStore } from './storage/index.js';

/**
 * What a write did to a record: a save (`create` / `update`), `delete`, a flag `toggle`, `publish` /
 * `unpublish`, a recycle-bin `restore` (the record back, same id) or `purge` (its deleted copy gone for good),
 * a pending draft of a record on the site kept (`draft`: `after` is the record with the draft applied, the stored
 * record is unchanged) or dropped (`discardDraft`). The last two change nothing the website shows.
 */
export type WriteAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'toggle'
  | 'publish'
  | 'unpublish'
  | 'restore'
  | 'purge'
  | 'draft'
  | 'discardDraft';

/**
 * The domain event of one write of one record: every write takes the one write path (crud/service.ts `Crud`),
 * which emits exactly one of these per record, inside the writing transaction (so a listener's own rows —
 * operation log, revision, recycle bin, webhook deliveries — commit or roll back with the write, and a
 * listener that throws undoes the write). `before` / `after` are the record as its get endpoint answers it
 * (null when it did not / no longer exists). `req` is absent for writes made at start-up (seeds) and by the
 * ticker.
 */
export interface WriteEvent {
  resource: ResourceDef;
  action: WriteAction;
  id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** for a delete: the table row as it was stored (column names), so it can be put back */
  row?: Record<string, unknown>;
  /** the title the record is known by, when neither side holds it (a purge) */
  title?: string;
  req?: FastifyRequest;
  trx: Transaction<Database>;
  /**
   * the write is one record of a whole (an Excel import, or its undo: modules/import): the operation log writes one
   * entry for the whole instead of one per record, and an undo's deletes skip the recycle bin
   */
  partOf?: WritePart;
}
/** the whole a write belongs to: an import (`import`) or the undo of one (`undoImport`), by the import's id */
export interface WritePart {
  kind: 'import' | 'undoImport';
  id: number;
}
/**
 * A listener of the domain events. `many`, when it has one, hears the events of a bulk save (`Crud.saveMany`: an
 * import's chunk, one resource, in order) at once instead of one call per event; it must do what the calls would.
 */
export type WriteListener = ((event: WriteEvent) => Promise<void> | void) & {
  many?: (events: WriteEvent[]) => Promise<void> | void;
};

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
  /** listen to the domain event of every write of every resource (operation log, revisions, recycle bin, webhooks) */
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
