import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * Content in several locales (issue 24; contracts translation.ts, server crud/translations.ts).
 *
 * - `content_translation`: one row per (resource, record, locale). `data` is JSON of the locale's values by API field
 *   name: for a locale other than the default its translated fields and SEO fields (slug excluded), for the default
 *   locale its SEO fields only (its translated fields are the record's own columns). `has_text` = 1 when a translated
 *   field holds text (else the translation is "missing"). `source_version`: on the default locale's row, the version
 *   of its translated fields (raised by every save that changes one); on another locale's row, the version its
 *   translated values were last changed against (older than the default's = "outdated").
 * - `content_slug`: every slug a record has had per locale; `current` = 1 for the one in use, 0 for an old one kept
 *   as a redirect. A slug belongs to one record of a resource and locale (the primary key).
 */
export function translationMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('content_translation')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('locale', 'varchar(20)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('has_text', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_translation_pk', ['resource', 'record_id', 'locale'])
        .execute();
      // a list filtered by one locale's status reads it by locale
      await db.schema
        .createIndex('content_translation_locale')
        .on('content_translation')
        .columns(['resource', 'locale', 'record_id'])
        .execute();
      await db.schema
        .createTable('content_slug')
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('locale', 'varchar(20)', (c) => c.notNull())
        .addColumn('slug', 'varchar(120)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('current', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_slug_pk', ['resource', 'locale', 'slug'])
        .execute();
      await db.schema.createIndex('content_slug_record').on('content_slug').columns(['resource', 'record_id', 'locale']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('content_slug').ifExists().execute();
      await db.schema.dropTable('content_translation').ifExists().execute();
    },
  };
}
