import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * The full-text search of the delivery API per content locale (issue 24; modules/delivery/search-index.ts).
 *
 * - `search_term` and `search_doc` gain `locale`: the content locale whose served text (its translation, field by
 *   field falling back along CONTENT_FALLBACK) holds the term, or `*` for a term of every content locale's text of
 *   the record (stored once: an untranslated record costs no more rows than before). A search in locale L reads
 *   the rows of L and `*`. Primary keys (resource, term, locale, record_id) and (resource, record_id, locale).
 * - `search_state.locales`: the CONTENT_LOCALES and CONTENT_FALLBACK the index was cut for; another setting (or
 *   another version of the term cutting) makes the start-up backfill index every record again.
 * - The index is derived data: both tables are created anew, empty, and every resource's state is dropped, so the
 *   start-up backfill (runtime code, which a migration never imports) indexes the existing rows.
 */
export function searchLocaleMigration(dialect: Dialect): Migration {
  const drop = async (db: AnyDb) => {
    await db.schema.dropTable('search_term').ifExists().execute();
    await db.schema.dropTable('search_doc').ifExists().execute();
    // every resource's index is indexed again by the next start
    await db.deleteFrom('search_state').execute();
  };
  return {
    async up(db: AnyDb) {
      await drop(db);
      let terms = db.schema
        .createTable('search_term')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('term', 'varchar(64)', (c) => c.notNull())
        .addColumn('locale', 'varchar(20)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_term_pk', ['resource', 'term', 'locale', 'record_id']);
      if (dialect === 'sqlite') terms = terms.modifyEnd(sql`without rowid`);
      await terms.execute();
      await db.schema
        .createTable('search_doc')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('locale', 'varchar(20)', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_doc_pk', ['resource', 'record_id', 'locale'])
        .execute();
      await db.schema
        .alterTable('search_state')
        .addColumn('locales', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: AnyDb) {
      await drop(db);
      // migration 036's tables
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
      await db.schema.alterTable('search_state').dropColumn('locales').execute();
    },
  };
}
