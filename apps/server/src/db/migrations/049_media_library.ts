import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * 素材库 (media library, issue 26):
 * - `image_meta.uploader` / `upload_time`: who uploaded an image and when (null on images stored before: not known);
 * - `media_usage`: where each image is used, one row per image, record and field (`resource` a resource's name, `user`
 *   for an account's avatar, `recycle` for a record in the recycle bin). Kept in the writing transaction by a write
 *   listener and rebuilt at start-up (modules/media/usage.ts); `storage/references.ts` stays the authority for delete.
 */
export function mediaLibraryMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('image_meta').addColumn('uploader', 'varchar(100)').execute();
      await db.schema.alterTable('image_meta').addColumn('upload_time', 'varchar(19)').execute();
      await db.schema
        .createTable('media_usage')
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('field', 'varchar(120)', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_usage_pk', ['name', 'resource', 'record_id', 'field'])
        .execute();
      await db.schema.createIndex('media_usage_record').on('media_usage').columns(['resource', 'record_id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('media_usage').ifExists().execute();
      await db.schema.alterTable('image_meta').dropColumn('upload_time').execute();
      await db.schema.alterTable('image_meta').dropColumn('uploader').execute();
    },
  };
}
