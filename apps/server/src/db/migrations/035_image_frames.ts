import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * How many frames a stored image has (issue 23): more than one for an animated GIF or WebP, whose renditions
 * (`/img/{name}?w=…`) are the original itself, so the animation is never cut to its first frame.
 */
export function imageFramesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('image_meta')
        .addColumn('frames', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('image_meta').dropColumn('frames').execute();
    },
  };
}
