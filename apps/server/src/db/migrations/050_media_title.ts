import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * 素材库 names (issue 26): `image_meta.title`, the name an operator gives an image (set on upload from the file's
 * name, editable through `/media/saveMedia`). Null on images stored before: the library shows their stored name.
 */
export function mediaTitleMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('image_meta').addColumn('title', 'varchar(100)').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('image_meta').dropColumn('title').execute();
    },
  };
}
