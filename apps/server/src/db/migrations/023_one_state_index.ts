import type { Migration } from 'kysely';
import { liveCountMigration } from './021_live_count.js';
import type { AnyDb } from './helpers.js';

const TABLES = ['news', 'policy', 'page_item'];

/**
 * One index set for publish state: migration 022's `(status, publish_time, offline_time)` and
 * `(status, offline_time)` answer every state's count and filter (crud/publish-state.ts), so 021's partial
 * indexes (drafts by id, publish_time, offline_time) go — each write kept three more indexes, and a second set
 * of state indexes gave SQLite's planner more wrong ways to read the delivery API's list.
 */
export function oneStateIndexMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of TABLES)
        for (const kind of ['draft', 'publish_time', 'offline_time'])
          await db.schema.dropIndex(`${table}_${kind}_idx`).ifExists().execute();
    },
    async down(db: AnyDb) {
      await liveCountMigration().up(db);
    },
  };
}
