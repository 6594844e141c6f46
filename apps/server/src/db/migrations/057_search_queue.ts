import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * The records whose search terms are behind their stored row (issue 28; modules/delivery/search-index.ts): a write
 * of a searched resource adds its record here inside its own transaction (one short row instead of a hundred or
 * more `search_term` rows across the term index), and the index is brought up to date from this list in batches,
 * after the commit and before any search of the resource. Primary key (resource, record_id); nothing else is kept.
 * Records written before this migration were indexed in their own writes: the list starts empty.
 */
export function searchQueueMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      let table = db.schema
        .createTable('search_queue')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_queue_pk', ['resource', 'record_id']);
      if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
      await table.execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('search_queue').ifExists().execute();
    },
  };
}
