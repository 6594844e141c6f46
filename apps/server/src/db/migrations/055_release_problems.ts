import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * 发布计划 (issue 27): `content_release_item.problems`, what the check at the release's time found wrong with that
 * record (one line per problem, JSON array of strings; null when it passed or was not checked yet), so the release's
 * detail shows each failed record's reasons beside it.
 */
export function releaseProblemsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('content_release_item').addColumn('problems', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('content_release_item').dropColumn('problems').execute();
    },
  };
}
