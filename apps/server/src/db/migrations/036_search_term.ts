import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * The delivery API's full-text search and sorting (issue 23).
 *
 * - `search_term`: one row per (resource, term, record): the records a term is found in, read in id order by its
 *   primary key (resource, term, record_id). Written inside each writing transaction and by the start-up backfill
 *   (modules/delivery/search-index.ts), which fills it for the rows this migration finds: the term cutting is
 *   runtime code (a migration never imports it), so the backfill, not this file, indexes existing rows.
 * - `search_doc`: the terms a record is indexed under, as it was indexed (space-separated), so an edit removes
 *   exactly the terms it no longer has.
 * - `search_state`: per resource, which version of the term cutting its index holds and how far the backfill came.
 * - An index on the date a site shows, `coalesce(publish_time, create_time)`, of news, policies and job openings
 *   (and of news by type), so `sort=-publishTime` reads a page in order instead of sorting every live row.
 */
export function searchTermMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      let terms = db.schema
        .createTable('search_term')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('term', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_term_pk', ['resource', 'term', 'record_id']);
      if (dialect === 'sqlite') terms = terms.modifyEnd(sql`without rowid`);
      await terms.execute();
      await db.schema
        .createTable('search_doc')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_doc_pk', ['resource', 'record_id'])
        .execute();
      await db.schema
        .createTable('search_state')
        .addColumn('resource', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const table of ['news', 'policy', 'job'])
        await sql`create index ${sql.raw(`${table}_shown_time_idx`)} on ${sql.table(table)} (coalesce(publish_time, create_time), id)`.execute(
          db,
        );
      // news of one type, newest first: the page is read in order, not sorted out of every news of the type
      await sql`create index news_type_shown_time_idx on news (type, coalesce(publish_time, create_time), id)`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('news_type_shown_time_idx').ifExists().execute();
      for (const table of ['news', 'policy', 'job']) await db.schema.dropIndex(`${table}_shown_time_idx`).ifExists().execute();
      await db.schema.dropTable('search_state').ifExists().execute();
      await db.schema.dropTable('search_doc').ifExists().execute();
      await db.schema.dropTable('search_term').ifExists().execute();
    },
  };
}
