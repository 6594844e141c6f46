import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * An image's alt text in the content locales other than the default (issue 24): one row per stored image name and
 * locale. The default locale's alt text stays in `image_meta.alt` (migration 034); the delivery API answers a
 * locale's own alt text where one is set, else the default's.
 */
export function imageAltLocaleMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('image_alt')
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('locale', 'varchar(20)', (c) => c.notNull())
        .addColumn('alt', 'varchar(200)', (c) => c.notNull())
        .addPrimaryKeyConstraint('image_alt_pk', ['name', 'locale'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('image_alt').ifExists().execute();
    },
  };
}
