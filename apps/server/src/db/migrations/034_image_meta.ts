import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * What the delivery API says of each stored image (issue 23): its pixel size, format and bytes (read once, at
 * upload or by the start-up backfill of images stored before), and the alt text editors give it. One row per
 * stored name (`/img/{name}`; names are content hashes, so the row never goes stale).
 */
export function imageMetaMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('image_meta')
        .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('format', 'varchar(8)', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('image_meta').execute();
    },
  };
}
